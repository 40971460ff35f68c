// Every fixed path of the spec's route table (aliases included) and of our own additions: the
// pages the browser tests visit in each language.
export const FIXED_ROUTES = [
  '/', '/residential-properties', '/buy-property', '/rent-property', '/rent-properties',
  '/Properties-For-Rent-in-Dubai', '/Rental', '/off-plan', '/commercial', '/Properties-For-Sale-in-Dubai',
  '/allproperties', '/pro', '/developers', '/meet-the-team', '/about-us', '/contact-us', '/blogpage',
  '/search-result', '/search-residential', '/search-commercial', '/search-off-plan', '/search-rent',
  '/privacy-policy', '/termandcondition', '/admin', '/partners', '/req', '/blogform', '/feed',
  '/area-guides-in-dubai',
];
