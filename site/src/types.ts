// Generated from the Rust types of the `contract` crate (contract/src/) by
// `cargo run -p contract --features ts --example typescript`: do not edit.
// The JSON the generator publishes: the API (api/) and the pages' data (data/); and what
// the lead function and estate serve's admin API read and answer.

/**
 * The four main categories. The serialised names are fixed: clients and addresses use them.
 */
export type MainCategory = "Residential" | "Rental" | "OffPlan" | "Commercial";

/**
 * How often a rental price is due.
 */
export type PricePeriod = "year" | "month";

/**
 * Whether a home comes with its furniture, as the portals' 'Furnishing' filter asks.
 */
export type Furnishing = "furnished" | "partly-furnished" | "unfurnished";

export type Coordinates = {
  /** Latitude in degrees (Dubai is about 25). */
  lat: number;
  /** Longitude in degrees (Dubai is about 55). */
  lng: number;
};

/**
 * One step of an off-plan payment plan.
 */
export type PaymentStep = {
  /** When this part is due, e.g. "On booking", "During construction", "On handover". */
  milestone: string;
  /** Share of the price due at this milestone, in percent. The steps add up to 100. */
  percent: number;
};

/**
 * A published property, as `GET /api/properties/{id}` answers it.
 */
export type Property = {
  _id: string;
  id: string;
  title: string;
  mainCategory: MainCategory;
  subCategory: string;
  /** Image URLs, the first is the card image. */
  Images: Array<string>;
  location: string | null;
  bedrooms: number | null;
  /** Area in square feet. */
  area: number | null;
  /** Price in AED; `null` means "Contact for price". */
  price: number | null;
  featured: boolean;
  /** RFC 3339 date-time with its offset (Dubai's, +04:00, for plain dates). */
  createdAt: string;
  /** Sanitised HTML rendered from the content's markdown. */
  description: string;
  /** The page of this property, `/property/{id}`. */
  url: string;
  bathrooms?: number;
  pricePeriod?: PricePeriod;
  furnishing?: Furnishing;
  /** Rentals: in how many cheques the year's rent is paid, 1 to 12. */
  cheques?: number;
  /** Rentals: the first day it can be moved into, `YYYY-MM-DD`. */
  availableFrom?: string;
  reference?: string;
  permitNumber?: string;
  permitUrl?: string;
  /** Team member id of the listing agent. */
  agent?: string;
  /** Developer id (off-plan). */
  developer?: string;
  /**
   * Off-plan: the project's name as registered with RERA (Dubai's rules for off-plan ads ask
   * for it, its number and its escrow account beside the permit).
   */
  projectName?: string;
  /** Off-plan: the project's number in RERA's register, digits as the DLD writes them (`2817`). */
  projectNumber?: string;
  /** Off-plan: the number of the project's escrow account, its digits (`1015447384502`). */
  escrowAccount?: string;
  /** `YYYY-MM` or `YYYY-MM-DD`. */
  completionDate?: string;
  paymentPlan?: Array<PaymentStep>;
  amenities?: Array<string>;
  coordinates?: Coordinates;
  /** Texts per language code (`ar`, `ru`) where the content gives them. */
  translations?: { [key in string]: PropertyTranslation };
  /**
   * The first image as the property cards draw it (its size, colour and WebP variants:
   * [`Picture::webp_only`]), so that the search results' cards fetch a phone-sized file rather
   * than the original. Absent from the records of older builds: the cards then draw `Images`'
   * first address.
   */
  picture?: Picture;
};

/**
 * A translated property text (Arabic or Russian); the description is sanitised HTML.
 */
export type PropertyTranslation = {
  title?: string;
  description?: string;
  location?: string;
};

/**
 * A published blog post, as `GET /api/blogs/{id}` answers it.
 */
export type Blog = {
  _id: string;
  id: string;
  title: string;
  images: Array<string>;
  /** Sanitised HTML rendered from the post's markdown body. */
  content: string;
  /** RFC 3339 date-time with its offset (Dubai's, +04:00, for plain dates). */
  date: string;
  author: string | null;
  excerpt: string | null;
  /** The post's slug: the lower-cased title with whitespace turned into hyphens. */
  slug: string;
  /** The page of this post, `/blog/{id}/{slug}`. */
  url: string;
  translations?: { [key in string]: BlogTranslation };
};

/**
 * A translated post text (Arabic or Russian); `content` is sanitised HTML.
 */
export type BlogTranslation = {
  title?: string;
  excerpt?: string;
  content?: string;
};

/**
 * A record's texts in Arabic and Russian.
 */
export type Translations<T> = {
  ar: T | null;
  ru: T | null;
};

/**
 * An image a page shows. `src` is its `/media/...` address (for a raster photo the image stage
 * publishes its largest variant there, without metadata); the other fields are absent for an
 * image the stage does not process (SVG, an outside URL).
 */
export type Picture = {
  src: string;
  /** Intrinsic size in pixels, after auto-orientation. */
  width?: number;
  height?: number;
  /** The average colour, `#rrggbb`: the placeholder while the image loads. */
  color?: string;
  /** The JPEG variants as a `srcset` (`/media/_img/<hash>-400.jpg 400w, ...`). */
  srcset?: string;
  /** The same widths as WebP, a third smaller: the `<source type="image/webp">`. */
  webp?: string;
};

/**
 * `data/site.json`: the agency.
 */
export type Site = {
  /** HTML. */
  about: string;
  /**
   * Each team member's numbers, by id: a property card calls or messages the listing's agent
   * (else the agency) without loading the team.
   */
  agents: { [key in string]: AgentContact };
  address: string;
  /** The site's origin, without a trailing `/`. */
  baseUrl: string;
  coordinates: Coordinates;
  defaultImage: Picture;
  description: string;
  email: string;
  hero: Heroes;
  legalName: string | null;
  logo: string;
  /** The listings' map, when the site has a basemap; `null` offers no map view. */
  map: MapSettings | null;
  name: string;
  /** The office registration number (RERA). */
  orn: string;
  partners: Array<Partner>;
  phones: Array<string>;
  social: Array<SocialLink>;
  translations: Translations<SiteTexts>;
  /** The Arabic and Russian names of the vocabularies' terms, by English name. */
  vocabulary: Vocabulary;
  whatsapp: string;
  /** HTML. */
  whyUs: string;
  workingHours: string;
};

/**
 * The site's texts in another language; `about` and `whyUs` are HTML.
 */
export type SiteTexts = {
  about: string | null;
  address: string | null;
  description: string | null;
  name: string | null;
  whyUs: string | null;
  workingHours: string | null;
};

/**
 * The basemap of the listings' map.
 */
export type MapSettings = {
  /** Credit shown on the map. */
  attribution: string;
  /** The PMTiles archive's address: a path on the site (`/media/map/dubai.pmtiles`) or https. */
  tiles: string;
  translations: Translations<MapTexts>;
};

export type MapTexts = {
  attribution: string | null;
};

/**
 * A place the map names (`data/places.json`): a community at its coordinates, by its English
 * name (`Site::vocabulary` has its other names).
 */
export type MapPlace = {
  name: string;
  lat: number;
  lng: number;
};

/**
 * Each vocabulary: English name -> other names.
 */
export type Vocabulary = {
  amenities: { [key in string]: TermNames };
  communities: { [key in string]: TermNames };
  languages: { [key in string]: TermNames };
  /** The property types, with their kinds. */
  types: { [key in string]: TypeNames };
  /** The stages of off-plan payment plans ('On booking'). */
  stages: { [key in string]: TermNames };
};

/**
 * A term's names in Arabic and Russian; a missing one falls back to English.
 */
export type TermNames = {
  ar?: string;
  ru?: string;
};

/**
 * What the query reader looks for in a typed search (`data/search-terms.json`), read by the
 * lead function's search endpoints and by the site's result pages alike.
 */
export type SearchTerms = {
  communities: Array<SearchTerm>;
  types: Array<SearchTerm>;
};

/**
 * A community or property type as search reads it in a typed query: the English name listings
 * are published with, and every other way it is written (its Arabic and Russian names, the
 * vocabulary's `aliases`: 'JVC', 'The Palm').
 */
export type SearchTerm = {
  name: string;
  names: Array<string>;
  /**
   * Its Arabic and Russian names, for what the lead function writes of a search in a
   * visitor's language (a saved search's emails); absent when the vocabulary gives neither.
   */
  translated?: TermNames;
};

/**
 * A property type's names in Arabic and Russian, and its kind.
 */
export type TypeNames = {
  ar?: string;
  ru?: string;
  /** Absent for a type whose vocabulary entry gives none. */
  kind?: TypeKind;
};

/**
 * What sort of place a property type is: the one grouping of types the market figures, the
 * portal feed and the structured data read (`content/vocabulary/types.yaml`'s `kind`):
 * `apartment` (a flat: an apartment, a studio, a penthouse, a duplex, a hotel apartment),
 * `villa` (a house: a villa, a townhouse, a bungalow, a palace), `land` (a plot),
 * `office-shop` (commercial space the Land Department counts as offices and shops: an office, a
 * shop, a retail unit), `other-commercial` (commercial space its figures leave out: a
 * warehouse, a full floor).
 */
export type TypeKind = "apartment" | "villa" | "land" | "office-shop" | "other-commercial";

/**
 * The media behind each listing page's title.
 */
export type Heroes = {
  all: Hero;
  commercial: Hero;
  offPlan: Hero;
  rental: Hero;
  residential: Hero;
};

export type Hero = {
  poster: Picture;
  /** A looping muted background video. */
  video: string | null;
  /** The video's poster, shown only until it plays: a phone-sized variant of `poster`. */
  videoPoster?: string;
};

export type Partner = {
  logo: string;
  name: string;
  text: string | null;
  translations: Translations<PartnerTexts>;
  url: string | null;
};

export type PartnerTexts = {
  text: string | null;
};

export type SocialLink = {
  /** instagram, facebook, linkedin, youtube, x, tiktok ... */
  network: string;
  url: string;
};

/**
 * A team member's numbers, as a property card's Call and WhatsApp use them.
 */
export type AgentContact = {
  phone?: string;
  whatsapp?: string;
};

/**
 * One of `data/team.json`, which lists the team in its display order.
 */
export type TeamMember = {
  /** The broker registration number. */
  brn: string | null;
  email: string | null;
  id: string;
  image: Picture;
  languages: Array<string>;
  name: string;
  phone: string | null;
  role: string;
  translations: Translations<MemberTexts>;
  whatsapp: string | null;
};

export type MemberTexts = {
  name: string | null;
  role: string | null;
};

/**
 * One of `data/developers.json`, which lists the developers by name.
 */
export type Developer = {
  /** HTML. */
  description: string;
  id: string;
  image: Picture;
  logo: string;
  name: string;
  /** How many projects the developer has built. */
  projects: number;
  translations: Translations<DeveloperTexts>;
  website: string | null;
};

export type DeveloperTexts = {
  /** HTML. */
  description: string | null;
  name: string | null;
};

/**
 * `data/pages/{id}.json`: a legal page (privacy policy, terms).
 */
export type Page = {
  /** HTML. */
  content: string;
  description: string | null;
  id: string;
  title: string;
  translations: Translations<PageTexts>;
  /** RFC 3339 date-time of the last change. */
  updated: string | null;
};

export type PageTexts = {
  /** HTML. */
  content: string | null;
  description: string | null;
  title: string | null;
};

/**
 * A listing as a property card shows it: the API record without its long texts.
 */
export type CardProperty = {
  id: string;
  /**
   * The listing's page, `/property/{id}` ([`crate::urls::property_path`]), in the default
   * language: a link moves it into the page's.
   */
  url: string;
  title: string;
  mainCategory: MainCategory;
  subCategory: string;
  /** The first image. */
  image: Picture | null;
  location: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  /** How many photos the listing has (the card shows the first). */
  photos: number;
  /** Square feet. */
  area: number | null;
  /** AED; `null` is "Contact for price". */
  price: number | null;
  pricePeriod: PricePeriod | null;
  featured: boolean;
  createdAt: string;
  /** The listing's reference: the card's WhatsApp message names it. */
  reference?: string;
  /**
   * The listing agent's id (`data/site.json`'s `agents` has the numbers); without one the
   * card calls the agency.
   */
  agent?: string;
  /** Whether it comes furnished, where the content says: the 'Furnishing' filter reads it. */
  furnishing?: Furnishing;
  /**
   * An off-plan listing's handover, a month (`2028-06`) or a day, as its API record gives it:
   * the listing pages' 'Handover' filter reads it.
   */
  completionDate?: string;
  /** A rental's number of cheques, 1 to 12: the rent pages' 'Cheques' filter reads it. */
  cheques?: number;
  /** A rental's first free day (`2027-01-01`); none: free now. The 'Available by' filter reads it. */
  availableFrom?: string;
  /** Where it is, when the content says: the map view's marker. */
  coordinates?: Coordinates;
  /** Title and location in other languages, where the content gives them. */
  translations?: { [key in string]: CardTexts };
};

/**
 * A card's texts in another language (Arabic, Russian).
 */
export type CardTexts = {
  title?: string;
  location?: string;
};

/**
 * `data/listings/{kind}.json`: what a listing page shows first and needs to filter, small at
 * any catalogue size. Keys in alphabetical order, as in every build so far.
 */
export type ListingSummary = {
  /**
   * The smallest and largest area in square feet; `null` when no listing has one (then the
   * page offers no size filter).
   */
  areaRange: [number, number] | null;
  /**
   * The bathroom filter's choices: each count with its number of listings, fewest first, 7
   * standing for seven or more; empty when no listing says (then the page offers none).
   */
  bathrooms: Array<[number, number]>;
  /** The bedroom filter's choices, as `bathrooms` (0 is a studio). */
  bedrooms: Array<[number, number]>;
  /**
   * The rentals' numbers of cheques, each with its number of listings, fewest first; empty
   * when no listing says (then the page offers no 'Cheques' filter).
   */
  cheques: Array<[number, number]>;
  /** The 'Area' dropdown: each community with its number of listings, by name. */
  communities: Array<[string, number]>;
  /** The first cards, newest first, embedded in the prerendered page. */
  first: Array<CardProperty>;
  /**
   * The 'Furnishing' filter's choices: each with its number of listings, in the order of
   * [`Furnishing::ALL`]; empty when no listing says (then the page offers none).
   */
  furnishing: Array<[Furnishing, number]>;
  /**
   * The 'Handover' filter's choices: each month of handover (`2028-06`) with its number of
   * listings, soonest first; empty when no listing has one (then the page offers none).
   */
  handoverMonths: Array<[string, number]>;
  /** Cards per page file `data/listings/{kind}/{n}.json`. */
  pageSize: number;
  /** How many page files there are. */
  pages: number;
  /**
   * The lowest and highest price, rents as yearly amounts ([`crate::PricePeriod::yearly`]);
   * `null` when no listing has one.
   */
  priceRange: [number, number] | null;
  total: number;
  /** The 'Filter by Property Types' row: each type with its count, most common first. */
  types: Array<[string, number]>;
};

/**
 * `data/home.json`: the newest cards of each main category, and the type counts of all
 * listings (the home search panel's type options say which have none).
 */
export type HomeCards = {
  Commercial: Array<CardProperty>;
  OffPlan: Array<CardProperty>;
  Rental: Array<CardProperty>;
  Residential: Array<CardProperty>;
  /** Each type with its count over every listing, most common first. */
  types: Array<[string, number]>;
};

/**
 * One of `data/communities.json`, the area guides: most listings first.
 */
export type Community = {
  /** As the newest of its listings writes it. */
  name: string;
  /** Published listings per main category. */
  counts: { [key in MainCategory]?: number };
  total: number;
  /** Lowest and highest asking price of the listings for sale. */
  salePrice: [number, number] | null;
  /** Lowest and highest yearly rent (monthly rents counted twelve times). */
  yearlyRent: [number, number] | null;
  /** The newest listing's first image. */
  image: Picture | null;
  /**
   * The community's guide (`/area-guides-in-dubai/{key}`), when the vocabulary has the
   * community.
   */
  guide: string | null;
};

/**
 * One item of the timeline, told apart by its `kind`.
 */
export type FeedItem = {
  "kind": "property";
  date: string;
  property: CardProperty;
} | {
  "kind": "post";
  date: string;
  post: PostCard;
};

/**
 * A post as the timeline shows it: the API record without its content.
 */
export type PostCard = {
  id: string;
  title: string;
  /** The first image. */
  image: Picture | null;
  date: string;
  author: string | null;
  /** The post's own excerpt, else the start of its text. */
  excerpt: string;
  url: string;
  /** Title and excerpt in other languages, where the content gives them. */
  translations?: { [key in string]: PostTexts };
};

/**
 * A post card's title and excerpt in another language.
 */
export type PostTexts = {
  title?: string;
  excerpt?: string;
};

/**
 * `data/detail/{id}.json`, beside the listing's API record.
 */
export type DetailData = {
  /** The listing's photos in the API record's order, with their sizes and variants. */
  gallery: Array<Picture>;
  /** The listing's floor plans, with their sizes and variants (shown after the photos). */
  floorPlans?: Array<Picture>;
  /** The listing's video tour: an https address on YouTube or Vimeo. */
  videoTour?: string;
  /**
   * Up to three listings of the same main category: the same community's first, nearest
   * in price.
   */
  similar: Array<CardProperty>;
  /** The address of the QR code of the listing's permit link, `/data/qr/{key}.svg`. */
  qr: string | null;
  /** The listing agent, when the listing names one. */
  agent?: DetailAgent;
  /** The developer (off-plan), when the listing names one. */
  developer?: DetailDeveloper;
  /**
   * The Dubai Land Department's figures of the listing's community for its kind, when the
   * content has them (`estate market import`).
   */
  market?: MarketComparison;
  /**
   * The guide of the listing's community (`/area-guides-in-dubai/{key}`), when its location
   * is a community of the vocabulary.
   */
  areaGuide?: string;
};

/**
 * A listing's agent as its page shows them: their `data/team.json` record without what only
 * the team page uses (languages, order).
 */
export type DetailAgent = {
  id: string;
  name: string;
  role: string;
  image: Picture;
  /** The broker registration number. */
  brn: string | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  /** Name and role in other languages, where the content gives them. */
  translations?: { [key in string]: AgentTexts };
};

/**
 * An agent's name and role in another language.
 */
export type AgentTexts = {
  name?: string;
  role?: string;
};

/**
 * A listing's developer as its page shows it: the name, linking to the developers page.
 */
export type DetailDeveloper = {
  id: string;
  name: string;
  /** The name in other languages, where the content gives it. */
  translations?: { [key in string]: DeveloperName };
};

/**
 * A developer's name in another language.
 */
export type DeveloperName = {
  name: string;
};

/**
 * `data/gone/{id}.json`: the page of a listing that is no longer published (sold, rented, or
 * taken back as a draft). Its address keeps answering, as the portals' do, with a page that
 * says so, shows similar available listings and the agency's contact, and is kept out of
 * search engines; the listing itself is in no list, sitemap, feed or API.
 */
export type GoneData = {
  status: GoneStatus;
  /** The listing's title; null for a draft, whose words were never published. */
  title: string | null;
  /** Which listing page its 'Back to Listings' returns to. */
  mainCategory: MainCategory;
  /**
   * Up to three available listings of the same main category: the same community's first,
   * nearest in price.
   */
  similar: Array<CardProperty>;
  /** The title in other languages, where the content gives it. */
  translations?: { [key in string]: CardTexts };
};

/**
 * Why a listing's page no longer shows it.
 */
export type GoneStatus = "sold" | "rented" | "withdrawn";

/**
 * A listing's community in the DLD's open data: the sales (a rental's: Ejari rent contracts)
 * of its kind, and of its bedrooms when they had enough, over the 12 months to `to`.
 */
export type MarketComparison = {
  kind: MarketKind;
  /** The figure's bedrooms (0: studios); null: every listing of the kind. */
  bedrooms: number | null;
  /** How many sales (or rent contracts) there were. */
  sales: number;
  /**
   * Their median AED per sqft (a rental's: yearly rent per sqft), whole dirhams; null when
   * they were too few to say (under 10).
   */
  median: number | null;
  /**
   * A sale listing's: the median yearly rent per sqft of the same figure's rent contracts
   * (the gross yield's), when there were enough.
   */
  rentMedian: number | null;
  /** The data's newest month, `2026-10`. */
  to: string;
};

/**
 * What the market figures tell apart, from the DLD's property sub-types (`Flat` and `Hotel
 * Apartment` are apartments); also the kinds of `content/market/*.json`.
 */
export type MarketKind = "apartment" | "villa" | "office-shop" | "land";

/**
 * `data/guides/{id}.json`, `id` being the community's key in the vocabulary.
 */
export type AreaGuide = {
  /** The community's key (`dubai-marina`). */
  id: string;
  /** The guide's page, `/area-guides-in-dubai/{id}` ([`crate::urls::area_guide_path`]). */
  url: string;
  /** The community's English name, as the listings and search write it. */
  name: string;
  /** The guide's photo; the newest listing's first photo when the guide has none. */
  image: Picture | null;
  /** The English texts (HTML); each absent when the editor wrote none. */
  texts: GuideTexts;
  /** The name and texts in Arabic and Russian, where the content gives them. */
  translations: Translations<GuideTexts>;
  /** How many published listings the community has. */
  total: number;
  /** Its newest listings, at most [`GUIDE_CARDS`]. */
  listings: Array<CardProperty>;
  /** The DLD's figures, when `content/market/` has any for the community. */
  market: AreaMarket | null;
};

/**
 * A guide's texts in one language: HTML made from the editor's markdown.
 */
export type GuideTexts = {
  /** The community's name (translations only: English is [`AreaGuide::name`]). */
  name?: string;
  introduction?: string;
  lifestyle?: string;
  schools?: string;
  transport?: string;
};

/**
 * A community's figures in the DLD's open data.
 */
export type AreaMarket = {
  /** The data's newest month, `2026-10`. */
  to: string;
  /**
   * Per kind with sales, most sales first: the sales and median AED per sqft of each month
   * of the summary (36 months), oldest first.
   */
  trends: Array<MarketTrend>;
  /**
   * Per kind and bedrooms (a kind's own row first, bedrooms `null`), the last 12 months'
   * sales and rents.
   */
  figures: Array<MarketFigure>;
};

/**
 * One kind's months.
 */
export type MarketTrend = {
  kind: MarketKind;
  /** Every month of the summary, oldest first, those without sales included. */
  months: Array<MarketMonth>;
};

/**
 * One month of a kind.
 */
export type MarketMonth = {
  /** `2026-10`. */
  month: string;
  sales: number;
  /**
   * The median AED per sqft, whole dirhams; null when the month had too few sales to say
   * (under 10, as on the property pages).
   */
  median: number | null;
};

/**
 * One kind and bedrooms over the last 12 months.
 */
export type MarketFigure = {
  kind: MarketKind;
  /** `0`: studios; null: every bedroom count of the kind. */
  bedrooms: number | null;
  sales: number;
  /** The median AED per sqft of the sales; null under 10. */
  median: number | null;
  /** Ejari rent contracts. */
  rents: number;
  /** The median yearly rent per sqft; null under 10. With `median`, the gross yield. */
  rentMedian: number | null;
};

/**
 * `data/agents/{id}.json`: a team member and the published listings that name them as agent.
 */
export type AgentPage = {
  /** Their `data/team.json` record. */
  member: TeamMember;
  /** The page, `/agents/{id}` ([`crate::urls::agent_path`]). */
  url: string;
  /** How many published listings name them. */
  total: number;
  /** Those listings, newest first, at most [`PEOPLE_CARDS`]. */
  listings: Array<CardProperty>;
};

/**
 * `data/developers/{id}.json`: a developer, its projects and the published listings that name
 * it.
 */
export type DeveloperPage = {
  /** Its `data/developers.json` record. */
  developer: Developer;
  /** The page, `/developers/{id}` ([`crate::urls::developer_path`]). */
  url: string;
  /** The projects its listings name (`projectName`), by name. */
  projects: Array<DeveloperProject>;
  /** How many published listings name it. */
  total: number;
  /** Those listings, newest first, at most [`PEOPLE_CARDS`]. */
  listings: Array<CardProperty>;
};

/**
 * A project of a developer, as its published listings describe it.
 */
export type DeveloperProject = {
  /** The name registered with RERA, as the listings write it. */
  name: string;
  /** The community of its newest listing, in English. */
  community: string | null;
  /** The soonest handover its listings give, a month (`2028-06`) or a day. */
  completionDate: string | null;
  /** The lowest asking price of its listings (AED), when one gives it. */
  fromPrice: number | null;
  /** How many published listings are in it. */
  listings: number;
};

/**
 * The paths of the published listings' and posts' pages (`/property/{id}`,
 * `/blog/{id}/{slug}`), newest first, and of the communities' area guides
 * (`/area-guides-in-dubai/{key}`), by key; the team members' pages (`/agents/{id}`) and the
 * developers' (`/developers/{id}`), by id; and the pages of the listings no longer published
 * (`gone`: sold, rented, drafts), which still answer, in no list and not in the sitemap.
 */
export type Routes = {
  posts: Array<string>;
  properties: Array<string>;
  guides: Array<string>;
  gone: Array<string>;
  agents: Array<string>;
  developers: Array<string>;
};

/**
 * The form a lead came from. Without one, the loosest of the forms' rules apply (a name, a valid
 * email and a phone number), so a client that sends only the lead fields keeps working.
 */
export type Form = "seller" | "contact" | "contact-lead" | "popup" | "detail" | "newsletter" | "callback" | "requirements" | "shortlist" | "saved-search";

/**
 * The fields of a lead that the forms' rules look at. Each may be left out (read as empty).
 */
export type LeadFields = {
  name?: string;
  email?: string;
  contactNumber?: string;
  message?: string;
  /** The seller form's type, one of `SELLER_TYPES`. */
  propertyType?: string;
  propertyArea?: string;
};

/**
 * A field of a lead the function may answer a message for: the `LeadFields`, the listing it
 * is about and the page it was sent from. In the order of their names, as the answer's
 * `fields` lists them.
 */
export type LeadField = "contactNumber" | "email" | "message" | "name" | "page" | "propertyArea" | "propertyId" | "propertyType";

/**
 * Per-field messages, and the form-level message some forms show on any failure.
 */
export type FieldErrors = {
  fields: Partial<Record<LeadField, string>>;
  form?: string;
};

/**
 * A refusal, of the lead function and of the admin API alike (any status but 2xx): what went
 * wrong for programs (`code`: `malformed`, `invalid`, `rate_limited`, ...) and for people
 * (`error`), a message per form field, and for some forms a message above the button (`form`).
 */
export type Refusal = {
  ok: boolean;
  code: string;
  error: string;
  /** A lead's fields are `LeadField`s; the admin's forms name their own. */
  fields: { [key in string]: string };
  form?: string;
};

/**
 * An accepted lead as it is kept and sent on: the outbox's `.json` file, the webhook's body, and
 * what the admin's Users screens show.
 */
export type Lead = {
  /** Unique, and sorting by it sorts by arrival: `20260805T101112345Z-1a2b3c4d5e6f7a8b`. */
  id: string;
  /** RFC 3339, UTC, milliseconds. */
  receivedAt: string;
  /** The form it came from; `null` for a client that did not say. */
  form: Form | null;
  /** The language the visitor used, and the email's: `en`, `ar` or `ru`. */
  lang: string;
  name: string;
  email: string;
  contactNumber: string;
  message: string;
  propertyType?: string;
  propertyArea?: string;
  /** The property the lead is about, as the visitor's page named it. */
  propertyId?: string;
  /** The listings a shortlist enquiry is about, as the visitor's page named them. */
  propertyIds?: Array<string>;
  /** Those of them the catalogue has, in the same order. */
  properties?: Array<PropertyRef>;
  /** Those of them the catalogue answered it does not have (sold, or never published). */
  unpublishedIds?: Array<string>;
  /** The page the lead was sent from. */
  page?: string;
  /** The published property `propertyId` names, when the catalogue has it. */
  property?: PropertyRef;
  /**
   * A seller's home and its instant valuation, computed by the function from the published
   * figures (as the valuation tool showed them to the seller).
   */
  valuation?: SellerValuation;
};

/**
 * What an agent needs to know which listing a lead is about.
 */
export type PropertyRef = {
  id: string;
  title: string;
  /** Absolute when the site's address is known, else the site path `/property/{id}`. */
  url: string;
  reference?: string;
  permitNumber?: string;
};

/**
 * `GET /session`: whether the token is good (a 200 either way).
 */
export type Session = {
  ok: boolean;
  authenticated: boolean;
  /** The content folder being edited, for a good token only. */
  content?: string;
};

/**
 * `GET /summary`: the dashboard's counts.
 */
export type Summary = {
  ok: boolean;
  /** Published listings per category, every category named. */
  categories: Record<MainCategory, number>;
  published: number;
  unpublished: number;
  posts: number;
  leads: number;
  newestLeads: Array<LeadRow>;
  contentErrors: number;
};

/**
 * A lead as the Users list shows it.
 */
export type LeadRow = {
  /** Its place in the outbox, the oldest 1. */
  number: number;
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  contactNumber: string;
  form: Form | null;
};

/**
 * `GET /leads?page=N`: one page of the Users list, newest first.
 */
export type LeadPage = {
  ok: boolean;
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  leads: Array<LeadRow>;
};

/**
 * `GET /leads/{id}`: one lead, whole.
 */
export type OneLead = {
  ok: boolean;
  /** The lead and its place in the outbox (`number`). */
  lead: Lead & { number: number };
};

/**
 * `POST /properties`, `POST /posts` (201): what the form wrote.
 */
export type Created = {
  ok: boolean;
  id: string;
  /** Relative to the content folder. */
  files: Array<string>;
  /** The page that will show it once the site is rebuilt. */
  url: string;
  warnings: Array<string>;
};

/**
 * `data/valuation/{key}.json`, `key` being the community's key in the vocabulary.
 */
export type ValuationData = {
  /** The community's key (`dubai-marina`). */
  community: string;
  /** Its English name (the vocabulary's), as the agents' email names it. */
  name: string;
  /** The first and the last month the figures count, `2025-11` and `2026-10`. */
  from: string;
  to: string;
  /** Per kind: the kind's row (all bedrooms) first, then one per bedrooms. */
  figures: Array<ValuationFigure>;
};

/**
 * One kind and bedrooms' figures over the 12 months.
 */
export type ValuationFigure = {
  kind: MarketKind;
  /** `0`: studios; null: every home of the kind. */
  bedrooms: number | null;
  /** How many sales there were. */
  sales: number;
  /**
   * The sales' AED per sqft: lower quartile, median, upper quartile; null when they were
   * fewer than 10 (too few to estimate from).
   */
  low: number | null;
  median: number | null;
  high: number | null;
  /**
   * How many Ejari rent contracts there were, and their median yearly rent per sqft (null
   * under 10).
   */
  rents: number;
  rentMedian: number | null;
};

/**
 * An entry of `data/valuation.json`: a community with a valuation file.
 */
export type ValuationPlace = {
  /** The community's key. */
  key: string;
  /** Its English name (the vocabulary's, which `data/site.json` translates). */
  name: string;
};

/**
 * A seller lead's home, as described in the 'What is my home worth?' tool: the lead function
 * estimates it itself from the published `data/valuation/{community}.json`
 * ([`crate::valuation::Valuation::estimate`]), so the agents' email never shows figures a page
 * made up. Other fields are ignored: pages built before carried the figures the seller saw.
 */
export type LeadValuation = {
  /** The community's key (`dubai-marina`), as `data/valuation.json` lists it. */
  community: string;
  kind: MarketKind;
  /** `0`: a studio; null: not said (or a kind without bedrooms). */
  bedrooms: number | null;
  /** The size in square feet (a size given in m² is converted). */
  sqft: number;
};

/**
 * A seller lead's instant valuation, as the lead function computed it from the published
 * `data/valuation/{key}.json` for the home the seller described (never figures a page sent).
 */
export type SellerValuation = {
  /** The community's key, and its English name when its figures were read. */
  community: string;
  communityName?: string;
  kind: MarketKind;
  /** `0`: a studio; null: not said (or a kind without bedrooms). */
  bedrooms: number | null;
  /** The size in square feet (a size given in m² is converted by the page). */
  sqft: number;
  estimate: SellerEstimate;
};

/**
 * What the published figures say of a home.
 */
export type SellerEstimate = {
  "outcome": "estimated";
  low: number;
  median: number;
  high: number;
  rent: number | null;
  grossYield: number | null;
  /** How many sales it rests on, and their first and last month (`2025-11`, `2026-10`). */
  sales: number;
  from: string;
  to: string;
} | {
  "outcome": "too-few-sales";
  sales: number;
} | {
  "outcome": "unavailable";
};
