// Which property types have bedrooms and bathrooms: one rule for the cards and the property page.

/**
 * Types without bedrooms or bathrooms (a plot, an office, a shop, a warehouse): cards and the
 * property page leave these facts out rather than saying 'N/A'; the 'N/A' fallback stays for
 * homes whose figure is missing.
 */
const NO_ROOMS = new Set(['plot', 'office', 'warehouse', 'shop', 'retail', 'full floor', 'land']);

export function hasRooms(subCategory: string): boolean {
  return !NO_ROOMS.has(subCategory.trim().toLowerCase());
}
