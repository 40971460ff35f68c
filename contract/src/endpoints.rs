//! The lead function's wire contract, each fact once: the paths it answers, the honeypot field's
//! name, the most listings one enquiry names, the seller form's types, the forms a lead may name
//! ([`Form`]) and the shape of a refusal ([`Refusal`]); a lead's fields are [`crate::leads`]'s. The function routes and reads by these, the
//! generator writes the CDN's proxy rules from [`POST_ENDPOINTS`], and the site's
//! `site/src/endpoints.ts` is generated from this module (`crate::typescript`; [`Form`] goes to
//! `site/src/types.ts`), so a renamed endpoint, limit or form fails the site's type check.

/// One constant of [`wire!`] as the TypeScript generator sees it.
#[cfg(feature = "ts")]
pub(crate) struct Entry {
    /// The Rust name, kept in TypeScript (`CONTACT_PATH`).
    pub name: &'static str,
    /// The value as a TypeScript expression (`'/api/contact-user'`, `50`).
    pub value: String,
    /// The doc comment's lines.
    pub docs: &'static [&'static str],
}

/// A value the TypeScript generator can write as a literal.
#[cfg(feature = "ts")]
pub(crate) trait Literal {
    fn literal(&self) -> String;
}

#[cfg(feature = "ts")]
impl Literal for &str {
    fn literal(&self) -> String {
        assert!(!self.contains(['\\', '\'']), "{self}: not plain enough for a quoted literal");
        format!("'{self}'")
    }
}

#[cfg(feature = "ts")]
impl Literal for usize {
    fn literal(&self) -> String {
        self.to_string()
    }
}

#[cfg(feature = "ts")]
impl Literal for u32 {
    fn literal(&self) -> String {
        self.to_string()
    }
}

#[cfg(feature = "ts")]
impl<const N: usize> Literal for [&str; N] {
    fn literal(&self) -> String {
        let items: String = self.iter().map(|item| format!("  {},\n", item.literal())).collect();
        format!("[\n{items}] as const")
    }
}

/// Declares each constant with its doc comment and lists them all (`table`) for the TypeScript
/// generator.
macro_rules! wire {
    ($(
        $(#[doc = $doc:literal])*
        const $name:ident: $ty:ty = $value:expr;
    )*) => {
        $( $(#[doc = $doc])* pub const $name: $ty = $value; )*

        /// Every constant declared here, in order, for `crate::typescript`.
        #[cfg(feature = "ts")]
        pub(crate) fn table() -> Vec<Entry> {
            vec![$(Entry { name: stringify!($name), value: Literal::literal(&$name), docs: &[$($doc),*] }),*]
        }
    };
}

wire! {
    /// Where every enquiry form posts its lead (JSON, or a plain HTML form without script).
    const CONTACT_PATH: &str = "/api/contact-user";
    /// The search of every listing (the search page).
    const SEARCH_PROPERTIES: &str = "/api/search-properties";
    /// The search of residential listings for sale.
    const SEARCH_RESIDENTIAL: &str = "/api/properties/residential/search";
    /// The search of commercial listings.
    const SEARCH_COMMERCIAL: &str = "/api/properties/commercial/search";
    /// The search of off-plan projects.
    const SEARCH_OFF_PLAN: &str = "/api/properties/off-plan/search";
    /// The search of listings to rent.
    const SEARCH_RENT: &str = "/api/properties/rent/search";
    /// The result page of a search sent without JavaScript: a plain GET form's address,
    /// `{SEARCH_PAGE_PATH}/{lang}{result page}` (`/api/search-page/ar/search-rent?bedrooms=2`),
    /// answered by the search function with the site's own result page in that language, the
    /// matching cards drawn in it (HTML; the CDN proxies every path under it).
    const SEARCH_PAGE_PATH: &str = "/api/search-page";
    /// Every POST endpoint the function answers: what the CDN must send to it (the generator
    /// writes one proxy rule per entry into `dist/_redirects`).
    const POST_ENDPOINTS: [&str; 6] =
        [CONTACT_PATH, SEARCH_PROPERTIES, SEARCH_RESIDENTIAL, SEARCH_COMMERCIAL, SEARCH_OFF_PLAN, SEARCH_RENT];
    /// Saves a search with an email address for new-listing alerts (JSON, or a plain HTML form
    /// answered with a page): the criteria are the result page's query string, read by the
    /// search endpoints' rules. Nothing but the confirmation email is sent until the visitor
    /// confirms.
    const SAVED_SEARCH_PATH: &str = "/api/saved-searches";
    /// The confirmation link's target (`GET ?token=`): a page in the subscriber's language.
    const SAVED_SEARCH_CONFIRM_PATH: &str = "/api/saved-searches/confirm";
    /// Unsubscribing: `GET ?token=` is a page with the button, `POST` (RFC 8058 one-click,
    /// body `List-Unsubscribe=One-Click`, the token in the query string or the form) ends the
    /// saved search at once.
    const SAVED_SEARCH_UNSUBSCRIBE_PATH: &str = "/api/saved-searches/unsubscribe";
    /// `GET ?token=`: the address's saved searches, each with a button that deletes it.
    const SAVED_SEARCH_MANAGE_PATH: &str = "/api/saved-searches/manage";
    /// The most saved searches one email address may keep (a further one is refused).
    const SAVED_SEARCH_MAX_PER_ADDRESS: usize = 10;
    /// Netlify's 'Deploy succeeded' notification (`POST`, signed in `X-Webhook-Signature` with
    /// the shared secret `LEAD_HOOKS_SECRET`): the saved searches' digest runs on what the deploy
    /// published. Called by Netlify on the lead function's own address, never by the site.
    const SAVED_SEARCH_DEPLOYED_PATH: &str = "/api/saved-searches/deployed";
    /// The mail provider's bounce and complaint webhook (`POST ?token=LEAD_HOOKS_SECRET`,
    /// Postmark's JSON): an address that bounced hard or complained has its saved searches
    /// removed. Called by the provider on the lead function's own address.
    const SAVED_SEARCH_BOUNCE_PATH: &str = "/api/saved-searches/bounce";
    /// The honeypot: a field the forms render hidden from people (and from assistive
    /// technology), so only a bot fills it. A lead with it filled is answered as accepted and
    /// never delivered.
    const HONEYPOT: &str = "website";
    /// The most listings one enquiry names (`propertyIds`); the visitor's shortlist holds at
    /// most as many.
    const MAX_PROPERTY_IDS: usize = 50;
    /// The property types the seller form's dropdown offers, the only ones its lead may name
    /// (`propertyType`).
    const SELLER_TYPES: [&str; 5] = ["Apartment", "Townhouse", "Villa", "Plot", "Full Floor"];
    /// The fields of a search request, in its JSON body or its query string (the body wins):
    /// the criteria, then which page of the answer (`page`, from 1), how many listings a page
    /// holds (`limit`) and their order (`sort`).
    const SEARCH_FIELDS: [&str; 18] = [
        "query",
        "type",
        "bedrooms",
        "area",
        "bathrooms",
        "areaMax",
        "min",
        "max",
        "completion",
        "furnishing",
        "purpose",
        "offPlan",
        "cheques",
        "availableFrom",
        "community",
        "page",
        "limit",
        "sort",
    ];
    /// A search's orders: the most relevant then the newest, or by price (a rent as its year's
    /// amount; listings without a price last).
    const SEARCH_SORTS: [&str; 3] = ["newest", "price-asc", "price-desc"];
    /// The listings a page of a search's answer holds when the request names no `limit`.
    const SEARCH_DEFAULT_LIMIT: usize = 24;
    /// The most listings a page holds, whatever `limit` asks (a larger one is read as this).
    const SEARCH_MAX_LIMIT: usize = 100;
    /// The most bytes a search's answer is: a page holds fewer listings than `limit` when the
    /// catalogue's largest listing would take it over (`X-Per-Page` says how many).
    const SEARCH_MAX_ANSWER_BYTES: usize = 1_048_576;
    /// The answer's header with the number of listings the search found, on every page.
    const SEARCH_TOTAL_HEADER: &str = "X-Total-Count";
    /// The answer's header with the page it is (from 1).
    const SEARCH_PAGE_HEADER: &str = "X-Page";
    /// The answer's header with how many listings each page of the search holds.
    const SEARCH_PER_PAGE_HEADER: &str = "X-Per-Page";
    /// A search's text is cut to this many characters before it is read.
    const SEARCH_MAX_QUERY_CHARS: usize = 200;
    /// Every other value of a search is cut to this many characters before it is read.
    const SEARCH_MAX_VALUE_CHARS: usize = 100;
    /// The most communities one search names; those after are ignored unread.
    const SEARCH_MAX_COMMUNITIES: usize = 20;
    /// The rooms filters' last choice, which means "this many or more" (the search panels' '7+
    /// Bedrooms').
    const ROOMS_OR_MORE: u32 = crate::listings::ROOMS_OR_MORE;
}

/// A refusal, of the lead function and of the admin API alike (any status but 2xx): what went
/// wrong for programs (`code`: `malformed`, `invalid`, `rate_limited`, ...) and for people
/// (`error`), a message per form field, and for some forms a message above the button (`form`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Refusal {
    pub ok: bool,
    pub code: String,
    pub error: String,
    /// A lead's fields are `LeadField`s; the admin's forms name their own.
    pub fields: std::collections::BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub form: Option<String>,
}

/// The form a lead came from. Without one, the loosest of the forms' rules apply (a name, a valid
/// email and a phone number), so a client that sends only the lead fields keeps working.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// The seller listing form at /pro.
    Seller,
    /// The contact page's first variant.
    Contact,
    /// The contact page's second variant, the lead form with a country selector.
    ContactLead,
    /// The home page's 'Submit Your Details' popup.
    Popup,
    /// The property detail's 'Get in Touch' modal.
    Detail,
    /// The newsletter box: an email address only.
    Newsletter,
    /// 'Request a free call back'.
    Callback,
    /// The buyer's requirements form at /req.
    Requirements,
    /// The shortlist's 'Enquire about these' (/shortlist): one lead about every saved listing.
    Shortlist,
    /// A saved search with new-listing alerts: an email address and the search's criteria.
    SavedSearch,
}

/// A seller lead's home, as described in the 'What is my home worth?' tool: the lead function
/// estimates it itself from the published `data/valuation/{community}.json`
/// ([`crate::valuation::Valuation::estimate`]), so the agents' email never shows figures a page
/// made up. Other fields are ignored: pages built before carried the figures the seller saw.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LeadValuation {
    /// The community's key (`dubai-marina`), as `data/valuation.json` lists it.
    pub community: String,
    pub kind: crate::detail::MarketKind,
    /// `0`: a studio; null: not said (or a kind without bedrooms).
    pub bedrooms: Option<u8>,
    /// The size in square feet (a size given in m² is converted).
    pub sqft: u32,
}
