//! Reading a Property Finder XML feed (roxmltree) into [`FeedListing`]s: the elements' texts as
//! written, each listing with its line, so later messages can point at it.

use roxmltree::{Document, Node};

/// One `<property>` of the feed, its values as written (trimmed).
#[derive(Debug, Default, Clone)]
pub struct FeedListing {
    /// Where the `<property>` element starts (line, column).
    pub line: u32,
    pub col: u32,
    pub last_update: Option<String>,
    pub reference: Option<String>,
    pub permit_number: Option<String>,
    pub offering_type: Option<String>,
    pub property_type: Option<String>,
    pub price: Option<FeedPrice>,
    pub size: Option<String>,
    pub bedroom: Option<String>,
    pub bathroom: Option<String>,
    pub title_en: Option<String>,
    pub description_en: Option<String>,
    pub title_ar: Option<String>,
    pub description_ar: Option<String>,
    pub community: Option<String>,
    pub sub_community: Option<String>,
    pub completion_status: Option<String>,
    pub developer: Option<String>,
    pub project_name: Option<String>,
    /// `Yes`, `Partly` or `No`.
    pub furnished: Option<String>,
    /// A rent's number of cheques.
    pub cheques: Option<String>,
    /// A rental's first free day, `YYYY-MM-DD`.
    pub availability_date: Option<String>,
    /// The codes of `private_amenities` and `commercial_amenities`.
    pub amenities: Vec<String>,
    pub geopoints: Option<String>,
    pub photos: Vec<String>,
    /// `<video_tour_url>`: the listing's video tour.
    pub video_tour_url: Option<String>,
    pub agent: Option<FeedAgent>,
}

/// `<price>`: a sale's number, or a rent's yearly or monthly amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeedPrice {
    Sale(String),
    Yearly(String),
    Monthly(String),
    /// A rent given only per week or per day, which the site does not show.
    Other(String),
}

#[derive(Debug, Default, Clone)]
pub struct FeedAgent {
    pub id: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub license_no: Option<String>,
}

/// Why a feed could not be read at all.
#[derive(Debug, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct FeedError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// Parses the whole feed. A document that is not well-formed XML, or whose root is not
/// `<list>`, is an error at its position.
pub fn parse(text: &str) -> Result<Vec<FeedListing>, FeedError> {
    let doc = Document::parse(text).map_err(|e| {
        let pos = e.pos();
        FeedError { line: pos.row, col: pos.col, message: format!("malformed XML: {e}") }
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "list" {
        let pos = doc.text_pos_at(root.range().start);
        return Err(FeedError {
            line: pos.row,
            col: pos.col,
            message: format!(
                "the root element is <{}>, and a Property Finder feed's is <list>",
                root.tag_name().name()
            ),
        });
    }
    let mut cursor = Cursor::new(text);
    Ok(root
        .children()
        .filter(|n| n.has_tag_name("property"))
        .map(|n| {
            let (line, col) = cursor.advance_to(n.range().start);
            listing(n, line, col)
        })
        .collect())
}

/// Line and column (1-based, columns in characters, as roxmltree's `text_pos_at`) of offsets
/// met in increasing order, counting only the text since the last one: `text_pos_at` counts
/// from the start of the feed each time, which made reading 8,000 listings take seconds and
/// 50,000 minutes.
struct Cursor<'a> {
    text: &'a str,
    offset: usize,
    line: u32,
    col: u32,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Cursor { text, offset: 0, line: 1, col: 1 }
    }

    /// The position of `offset`, at or after the last one asked for.
    fn advance_to(&mut self, offset: usize) -> (u32, u32) {
        let between = &self.text[self.offset..offset];
        let count = |s: &str| u32::try_from(s.chars().count()).unwrap_or(u32::MAX);
        match memchr::memrchr(b'\n', between.as_bytes()) {
            Some(last) => {
                let lines = memchr::memchr_iter(b'\n', between.as_bytes()).count();
                self.line = self.line.saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
                self.col = 1 + count(&between[last + 1..]);
            }
            None => self.col = self.col.saturating_add(count(between)),
        }
        self.offset = offset;
        (self.line, self.col)
    }
}

/// The trimmed text of an element (CDATA included); `None` when empty.
fn text(node: Node) -> Option<String> {
    let text: String = node.children().filter(|c| c.is_text()).filter_map(|c| c.text()).collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

/// A name (a community, a type, an amenity, a developer) as one line of text: runs of white space
/// (a line break, a tab) become one space, and control characters and marks that reorder text are
/// left out. A name becomes a vocabulary term, and a line break in it would end up there.
fn one_line(value: Option<String>) -> Option<String> {
    let value = value?;
    let parts: Vec<&str> = value
        .split(|c: char| c.is_whitespace() || crate::content::diag::is_unprintable(c))
        .filter(|part| !part.is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn listing(node: Node, line: u32, col: u32) -> FeedListing {
    let mut l = FeedListing {
        line,
        col,
        last_update: node.attribute("last_update").map(str::to_owned),
        ..FeedListing::default()
    };
    for child in node.children().filter(Node::is_element) {
        let value = text(child);
        match child.tag_name().name() {
            "reference_number" => l.reference = value,
            "permit_number" => l.permit_number = value,
            "offering_type" => l.offering_type = value,
            "property_type" => l.property_type = one_line(value),
            "price" => l.price = price(child),
            "size" => l.size = value,
            "bedroom" => l.bedroom = value,
            "bathroom" => l.bathroom = value,
            "title_en" => l.title_en = value,
            "description_en" => l.description_en = value,
            "title_ar" => l.title_ar = value,
            "description_ar" => l.description_ar = value,
            "community" => l.community = one_line(value),
            "sub_community" => l.sub_community = one_line(value),
            "completion_status" => l.completion_status = value,
            "developer" => l.developer = one_line(value),
            "project_name" => l.project_name = one_line(value),
            "furnished" => l.furnished = value,
            "cheques" => l.cheques = value,
            "availability_date" => l.availability_date = value,
            "private_amenities" | "commercial_amenities" => {
                for code in
                    one_line(value).iter().flat_map(|v| v.split(',')).map(str::trim).filter(|c| !c.is_empty())
                {
                    if !l.amenities.iter().any(|a| a == code) {
                        l.amenities.push(code.to_owned());
                    }
                }
            }
            "geopoints" => l.geopoints = value,
            "photo" => l.photos.extend(child.children().filter(|n| n.has_tag_name("url")).filter_map(text)),
            "video_tour_url" => l.video_tour_url = one_line(value),
            "agent" => l.agent = Some(agent(child)),
            _ => {}
        }
    }
    l
}

fn price(node: Node) -> Option<FeedPrice> {
    let amount = |name: &str| node.children().find(|n| n.has_tag_name(name)).and_then(text);
    if let Some(yearly) = amount("yearly") {
        Some(FeedPrice::Yearly(yearly))
    } else if let Some(monthly) = amount("monthly") {
        Some(FeedPrice::Monthly(monthly))
    } else if let Some(other) = amount("weekly").or_else(|| amount("daily")) {
        Some(FeedPrice::Other(other))
    } else {
        text(node).map(FeedPrice::Sale)
    }
}

fn agent(node: Node) -> FeedAgent {
    let field = |name: &str| node.children().find(|n| n.has_tag_name(name)).and_then(text);
    FeedAgent { id: field("id"), name: field("name"), email: field("email"), license_no: field("license_no") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_roxmltrees() {
        let text =
            "<list>\n  <property>é</property><property/>\n\n\t<property>ü\n</property>  <property/></list>";
        let doc = Document::parse(text).unwrap();
        let mut cursor = Cursor::new(text);
        for node in doc.root_element().children().filter(|n| n.has_tag_name("property")) {
            let pos = doc.text_pos_at(node.range().start);
            assert_eq!(cursor.advance_to(node.range().start), (pos.row, pos.col));
        }
    }

    #[test]
    fn a_malformed_feed_is_located() {
        let e = parse("<list>\n  <property>\n    <size>12</sze>\n</list>").unwrap_err();
        assert_eq!((e.line, e.col), (3, 13), "{e}");
        let e = parse("<feed/>").unwrap_err();
        assert!(e.to_string().starts_with("1:1: the root element is <feed>"), "{e}");
    }

    #[test]
    fn reads_values_cdata_prices_and_photos() {
        let feed = parse(
            "<list><property last_update=\"2026-01-02 03:04:05\">\n<reference_number> A1 </reference_number>\
             <price><yearly>95000</yearly></price><title_en><![CDATA[Sea & <view>]]></title_en>\
             <private_amenities>BA,SP</private_amenities><commercial_amenities>SP,CR</commercial_amenities>\
             <photo><url>https://x/1.jpg</url><url>https://x/2.jpg</url></photo>\
             <agent><email>a@b.ae</email></agent></property></list>",
        )
        .unwrap();
        let l = &feed[0];
        assert_eq!((l.line, l.reference.as_deref()), (1, Some("A1")));
        assert_eq!(l.price, Some(FeedPrice::Yearly("95000".into())));
        assert_eq!(l.title_en.as_deref(), Some("Sea & <view>"));
        assert_eq!(l.amenities, ["BA", "SP", "CR"]);
        assert_eq!(l.photos.len(), 2);
        assert_eq!(l.agent.as_ref().unwrap().email.as_deref(), Some("a@b.ae"));
    }

    #[test]
    fn names_are_one_line_without_control_characters() {
        let feed = parse(
            "<list><property><community>Evil\"&#10;- key: x</community>\
             <sub_community> A&#9;&#9;B\u{202e}&#x9b;[2J </sub_community>\
             <private_amenities>BA,&#10;SP</private_amenities><developer>&#10;&#13;</developer>\
             </property></list>",
        )
        .unwrap();
        let l = &feed[0];
        assert_eq!(l.community.as_deref(), Some("Evil\" - key: x"));
        assert_eq!(l.sub_community.as_deref(), Some("A B [2J"));
        assert_eq!(l.amenities, ["BA", "SP"]);
        assert_eq!(l.developer, None);
    }
}
