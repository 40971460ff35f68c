//! The browser editor's words for each field: its label and hint in an agent's language. The doc
//! comments of `model.rs` are written for someone editing the YAML files (they name keys and
//! commands); the CMS shows these instead. A field without a row here shows its name as words
//! and no hint; `cms_words_are_an_agents` (generator/tests/it/cms_words.rs) fails on a label or
//! hint with a developer's words.

/// The label and hint of the field at `path` (dotted from the file's root, `hero.rental.poster`)
/// of a `kind` of file (the CMS collection's name: `listings`, `posts`, `team`, `developers`,
/// `pages`, `guides`, `vocabulary`, `site`).
pub fn words(kind: &str, path: &str) -> Option<(&'static str, Option<&'static str>)> {
    let last = path.rsplit('.').next().unwrap_or(path);
    let row = match (kind, path) {
        // Listings.
        ("listings", "title") => {
            ("Title", "The headline of the listing, e.g. Marina Gate Two-Bedroom with Full Sea View.")
        }
        ("listings", "mainCategory") => (
            "Category",
            "Which page shows the listing: Residential (for sale), Rental, Off-plan or Commercial.",
        ),
        ("listings", "subCategory") => ("Property type", "The kind of property, e.g. Apartment or Villa."),
        ("listings", "status") => (
            "Status",
            "Only available listings are on the site. Choose sold, rented or draft to take a listing off the site; it is kept here.",
        ),
        ("listings", "featured") => ("Featured", "Featured listings carry a badge on their card."),
        ("listings", "createdAt") => {
            ("Listed on", "When the listing was added; the newest listings come first.")
        }
        ("listings", "location") => {
            ("Community", "The community, e.g. Dubai Marina. Without it the card shows Not specified.")
        }
        ("listings", "bedrooms") => {
            ("Bedrooms", "0 for a studio. Leave empty where it does not apply (a plot, an office).")
        }
        ("listings", "bathrooms") => ("Bathrooms", "Leave empty where it does not apply."),
        ("listings", "area") => ("Size (sq ft)", "The built-up area in square feet."),
        ("listings", "price") => (
            "Price (AED)",
            "In dirhams, digits only or with commas: 2750000 or 2,750,000. Leave empty to show Contact for price.",
        ),
        ("listings", "pricePeriod") => {
            ("Rent is per", "Rentals only: whether the rent is per year or per month.")
        }
        ("listings", "furnishing") => (
            "Furnishing",
            "Furnished, partly furnished or unfurnished (mostly for rentals): visitors can filter on it.",
        ),
        ("listings", "cheques") => (
            "Rentals: number of cheques",
            "Rentals only: in how many cheques the tenant pays the year's rent, 1 (all at once) to 12 (monthly).",
        ),
        ("listings", "availableFrom") => (
            "Rentals: available from",
            "Rentals only: the first day the tenant can move in. Leave empty when it is free now.",
        ),
        ("listings", "reference") => {
            ("Reference", "The agency's own reference for the listing, different for each, e.g. PC-R-1001.")
        }
        ("listings", "permitNumber") => (
            "Permit number (Trakheesi)",
            "The DLD/RERA advertising permit number. Dubai's rules require one before a listing is advertised.",
        ),
        ("listings", "permitUrl") => (
            "Permit link",
            "The permit's verification link from Trakheesi, starting with https://. Its QR code is shown on the listing.",
        ),
        ("listings", "agent") => ("Agent", "The agent visitors contact about this listing."),
        ("listings", "portals") => (
            "Send to the portals",
            "On: the listing goes to Property Finder, Bayut and Dubizzle. Turn off for a discreet sale, or while photos or the size are still to come.",
        ),
        ("listings", "developer") => {
            ("Off-plan: developer", "Off-plan listings: the developer of the project.")
        }
        ("listings", "projectName") => (
            "Off-plan: project name",
            "Off-plan listings: the project's name as registered with RERA, e.g. Creek Waters 2. Dubai's rules require it.",
        ),
        ("listings", "projectNumber") => (
            "Off-plan: RERA project number",
            "Off-plan listings: the project's number in the DLD's project register, e.g. 2817.",
        ),
        ("listings", "escrowAccount") => (
            "Off-plan: escrow account",
            "Off-plan listings: the 8 to 16 digits of the escrow account buyers pay into, as the DLD's project register gives them.",
        ),
        ("listings", "completionDate") => {
            ("Off-plan: handover", "Off-plan listings: the month (2028-06) or day (2028-06-30) of handover.")
        }
        ("listings", "paymentPlan") => (
            "Off-plan: payment plan",
            "Off-plan listings: the steps of the payment plan; their percentages add up to 100.",
        ),
        ("listings", "paymentPlan.milestone") => {
            ("When", "When this part is due, e.g. On booking, During construction, On handover.")
        }
        ("listings", "paymentPlan.percent") => {
            ("Percentage of the price", "The share of the price due at this step.")
        }
        ("listings", "amenities") => ("Amenities", "Choose from the agency's list of amenities."),
        ("listings", "coordinates") => {
            ("Map position", "Where the property is, for the map. Leave empty to place it at its community.")
        }
        ("listings", "images") => {
            ("Photos", "JPEG, PNG or WebP photos, each up to 5 MB and 50 megapixels. The first is the cover.")
        }
        ("listings", "floorPlans") => {
            ("Floor plans", "Optional: the layout's drawings as JPEG, PNG or WebP, shown after the photos.")
        }
        ("listings", "videoTour") => (
            "Video tour",
            "Optional: the address of the tour on YouTube or Vimeo, e.g. https://www.youtube.com/watch?v=abc123.",
        ),
        ("listings", "description") => {
            ("Description", "The listing's text. Use the toolbar for headings, lists and bold.")
        }
        // Blog posts.
        ("posts", "title") => ("Title", "The headline of the article."),
        ("posts", "date") => ("Publication date", "The blog lists the newest first."),
        ("posts", "author") => ("Author", "The writer's name, as shown under the title."),
        ("posts", "excerpt") => {
            ("Summary", "One or two sentences shown on the blog's cards and in the feeds.")
        }
        ("posts", "images") => {
            ("Photos", "JPEG, PNG or WebP, each up to 5 MB. The first is the article's picture.")
        }
        ("posts", "content") => {
            ("Article", "The article's text. Use the toolbar for headings, lists, links and bold.")
        }
        // Team members.
        ("team", "name") => ("Name", "The agent's full name."),
        ("team", "role") => ("Role", "E.g. Senior Property Consultant."),
        ("team", "image") => ("Photo", "A portrait: JPEG, PNG or WebP."),
        ("team", "brn") => ("Broker number (BRN)", "The agent's RERA Broker Registration Number."),
        ("team", "phone") => ("Phone", "With the country code, e.g. +971 50 555 0142."),
        ("team", "whatsapp") => ("WhatsApp number", "With the country code, e.g. +971505550142."),
        ("team", "email") => ("Email", "Where the agent's enquiries go."),
        ("team", "languages") => ("Languages spoken", "Choose from the list of languages."),
        ("team", "order") => ("Position on the team page", "Lower numbers come first."),
        // Developers.
        ("developers", "name") => ("Name", "The developer's name, e.g. Emaar."),
        ("developers", "logo") => ("Logo", "A JPEG, PNG, WebP or SVG logo."),
        ("developers", "image") => {
            ("Photo", "A photo of one of the developer's projects: JPEG, PNG or WebP.")
        }
        ("developers", "description") => ("About the developer", "A paragraph or two about the developer."),
        ("developers", "projects") => ("Number of projects", "How many projects the developer has built."),
        ("developers", "website") => ("Website", "The developer's website, starting with https://."),
        // Legal pages.
        ("pages", "title") => ("Title", "The page's title."),
        ("pages", "description") => ("Summary for search engines", "One sentence shown by search engines."),
        ("pages", "updated") => ("Last changed", "When the text last changed."),
        ("pages", "content") => ("Text", "The page's text."),
        // Area guides.
        ("guides", "image") => ("Photo", "A photo of the community: JPEG, PNG or WebP."),
        ("guides", "introduction") => (
            "Introduction",
            "What the community is, in a paragraph or two. Search engines show its first sentence.",
        ),
        ("guides", "lifestyle") => ("Lifestyle", "Living there: beaches, parks, restaurants, who it suits."),
        ("guides", "schools") => ("Schools", "Schools and nurseries nearby."),
        ("guides", "transport") => ("Transport", "Metro, roads, the drive to the airports."),
        // Vocabularies.
        ("vocabulary", "terms") => ("Entries", "Each entry's names in the three languages."),
        ("vocabulary", "terms.key") => (
            "Short name",
            "Lower-case letters, digits and hyphens, e.g. dubai-marina. Do not change it once listings use it.",
        ),
        ("vocabulary", "terms.en") => ("English name", "As the site shows it in English."),
        ("vocabulary", "terms.ar") => ("Arabic name", "As the site shows it in Arabic."),
        ("vocabulary", "terms.ru") => ("Russian name", "As the site shows it in Russian."),
        ("vocabulary", "terms.code") => (
            "Property Finder code",
            "Amenities and property types: Property Finder's code for it, for the portals.",
        ),
        ("vocabulary", "terms.dld") => (
            "Dubai Land Department area",
            "Communities: the area names the Dubai Land Department gives the community (Marsa Dubai for Dubai Marina), for the market figures.",
        ),
        ("vocabulary", "terms.aliases") => (
            "Other names",
            "Communities and property types: other names visitors type for it, in any language (JVC, The Palm, flat), so search finds it.",
        ),
        ("vocabulary", "terms.coordinates") => ("Map position", "Communities: the centre of the community."),
        // The agency.
        ("site", "name") => ("Agency name", "As shown in the header and on every page."),
        ("site", "legalName") => ("Legal name", "The company's registered name, for the footer."),
        ("site", "baseUrl") => ("Website address", "The site's public address, e.g. https://www.example.ae."),
        ("site", "logo") => ("Logo", "A JPEG, PNG, WebP or SVG logo."),
        ("site", "defaultImage") => ("Picture for listings without photos", "JPEG, PNG or WebP."),
        ("site", "description") => {
            ("Summary for search engines", "One or two sentences search engines show for the site.")
        }
        ("site", "phones") => ("Phone numbers", "With the country code."),
        ("site", "email") => ("Email", "Where enquiries go."),
        ("site", "address") => ("Office address", "As shown on the contact page."),
        ("site", "coordinates") => ("Office on the map", "The office's position."),
        ("site", "workingHours") => ("Opening hours", "E.g. Sunday to Thursday, 9:00 to 18:00."),
        ("site", "whatsapp") => {
            ("WhatsApp number", "The number the chat button opens, with the country code.")
        }
        ("site", "orn") => ("Office number (ORN)", "The agency's RERA Office Registration Number."),
        ("site", "social") => ("Social media", "The agency's pages on social networks."),
        ("site", "social.network") => ("Network", "Instagram, Facebook, LinkedIn, YouTube, X, TikTok."),
        ("site", "social.url") => ("Page address", "Starting with https://."),
        ("site", "partners") => ("Partners", "Banks and companies shown on the partners page."),
        ("site", "partners.name") => ("Name", "The partner's name."),
        ("site", "partners.logo") => ("Logo", "A JPEG, PNG, WebP or SVG logo."),
        ("site", "partners.url") => ("Website", "Starting with https://."),
        ("site", "partners.text") => ("About", "One sentence about the partner."),
        ("site", "partners.ar") => {
            ("In Arabic", "Shown on the Arabic pages; where it is empty, the English is shown.")
        }
        ("site", "partners.ar.text") => ("About, in Arabic", "The sentence about the partner, in Arabic."),
        ("site", "partners.ru") => {
            ("In Russian", "Shown on the Russian pages; where it is empty, the English is shown.")
        }
        ("site", "partners.ru.text") => ("About, in Russian", "The sentence about the partner, in Russian."),
        ("site", "whyUs") => ("Why us (home page)", "The home page's text on why to choose the agency."),
        ("site", "about") => ("About us page", "The text of the About Us page."),
        ("site", "hero") => (
            "Pictures behind the titles",
            "The picture (and optional video) at the top of each listings page.",
        ),
        ("site", "hero.residential") => ("For sale page", "The top of the residential listings page."),
        ("site", "hero.rental") => ("Rental page", "The top of the rental listings page."),
        ("site", "hero.offPlan") => ("Off-plan page", "The top of the off-plan listings page."),
        ("site", "hero.commercial") => ("Commercial page", "The top of the commercial listings page."),
        ("site", "hero.all") => ("All properties page", "The top of the all-properties page."),
        ("site", "map") => ("Map", "The map of the listings. Leave empty to offer no map."),
        ("site", "map.tiles") => ("Map file", "The map's data file, provided by the developer."),
        ("site", "map.attribution") => {
            ("Map credit", "The credit the map's data asks for, e.g. © OpenStreetMap contributors.")
        }
        ("site", "map.ar") => {
            ("In Arabic", "Shown on the Arabic pages; where it is empty, the English is shown.")
        }
        ("site", "map.ar.attribution") => (
            "Map credit, in Arabic",
            "Only for a credit that is a note: a licence's own words stay as written.",
        ),
        ("site", "map.ru") => {
            ("In Russian", "Shown on the Russian pages; where it is empty, the English is shown.")
        }
        ("site", "map.ru.attribution") => (
            "Map credit, in Russian",
            "Only for a credit that is a note: a licence's own words stay as written.",
        ),
        _ => match last {
            "lat" => ("Latitude", "In degrees; Dubai is about 25."),
            "lng" => ("Longitude", "In degrees; Dubai is about 55."),
            "poster" => ("Picture", "JPEG, PNG or WebP, shown before or instead of the video."),
            "video" => ("Video", "Optional: a short looping video without sound, MP4 or WebM."),
            _ => return None,
        },
    };
    Some((row.0, Some(row.1)))
}
