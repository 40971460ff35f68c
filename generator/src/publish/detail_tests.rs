use super::*;
use crate::content::model::{DeveloperTexts, MemberTexts};
use std::path::Path;

pub(in crate::publish) fn listing(
    id: &str,
    category: MainCategory,
    location: Option<&str>,
    price: Option<u64>,
) -> ApiProperty {
    ApiProperty {
        underscore_id: id.into(),
        id: id.into(),
        title: format!("Listing {id}"),
        main_category: category,
        sub_category: "Apartment".into(),
        images: vec![format!("/media/{id}.jpg")],
        location: location.map(str::to_owned),
        bedrooms: Some(2),
        area: Some(1000),
        price,
        featured: false,
        created_at: "2026-01-01T00:00:00+04:00".into(),
        description: String::new(),
        url: format!("/property/{id}"),
        bathrooms: None,
        price_period: None,
        furnishing: None,
        cheques: None,
        available_from: None,
        reference: None,
        permit_number: None,
        permit_url: None,
        agent: None,
        developer: None,
        project_name: None,
        project_number: None,
        escrow_account: None,
        completion_date: None,
        payment_plan: vec![],
        amenities: vec![],
        coordinates: None,
        translations: Default::default(),
        picture: None,
    }
}

pub fn arcs(properties: Vec<ApiProperty>) -> Vec<Arc<ApiProperty>> {
    properties.into_iter().map(Arc::new).collect()
}

/// The detail files of every one of `properties`.
fn all_files(
    properties: &[Arc<ApiProperty>],
    people: &People,
    pictures: &Pictures,
) -> Vec<(PathBuf, Vec<u8>)> {
    let every: Vec<usize> = (0..properties.len()).collect();
    let records: Vec<PropertyFile> = properties.iter().map(|_| content_file(serde_json::json!({}))).collect();
    let records: Vec<&PropertyFile> = records.iter().collect();
    files(properties, &records, &similar(properties), &every, people, pictures, &|_| (None, None))
}

/// A listing's content file with the fields of `extra` besides the required ones.
fn content_file(extra: serde_json::Value) -> PropertyFile {
    let mut fields = serde_json::json!({
        "title": "A listing", "mainCategory": "Residential", "subCategory": "Apartment", "createdAt": "2026-01-01"
    });
    fields.as_object_mut().expect("an object").extend(extra.as_object().cloned().unwrap_or_default());
    serde_json::from_value(fields).expect("a listing's fields")
}

#[test]
fn floor_plans_and_the_video_tour_are_in_the_detail_file() {
    let properties = arcs(vec![listing("a", MainCategory::Residential, Some("Dubai Marina"), Some(1))]);
    let with = content_file(serde_json::json!({
        "floorPlans": ["media/plan-a.png", "https://cdn.example.ae/plan-b.png"],
        "videoTour": " https://www.youtube.com/watch?v=abc123 ",
    }));
    let mut images = std::collections::BTreeMap::new();
    let variant = |width: u32| crate::publish::images::Variant {
        width,
        src: format!("/media/_img/plan-{width}.jpg"),
        webp: format!("/media/_img/plan-{width}.webp"),
    };
    let info = crate::publish::images::ImageInfo {
        width: 1600,
        height: 1200,
        color: "#eeeeee".into(),
        variants: vec![variant(400), variant(800)],
    };
    images.insert("/media/plan-a.png".to_owned(), info);
    let pictures = Pictures::new(&images);
    let made =
        files(&properties, &[&with], &similar(&properties), &[0], &People::default(), &pictures, &|_| {
            (None, None)
        });
    let json: serde_json::Value = serde_json::from_slice(&made[0].1).expect("JSON");
    let plans = json["floorPlans"].as_array().expect("floor plans");
    assert_eq!(plans.len(), 2);
    assert_eq!(plans[0]["src"], "/media/plan-a.png");
    assert_eq!(plans[0]["width"], 1600);
    assert!(plans[0]["srcset"].as_str().is_some_and(|s| s.contains("400w")), "{json}");
    assert_eq!(plans[1], serde_json::json!({ "src": "https://cdn.example.ae/plan-b.png" }));
    assert_eq!(json["videoTour"], "https://www.youtube.com/watch?v=abc123");

    let without = content_file(serde_json::json!({}));
    let made =
        files(&properties, &[&without], &similar(&properties), &[0], &People::default(), &pictures, &|_| {
            (None, None)
        });
    let json: serde_json::Value = serde_json::from_slice(&made[0].1).expect("JSON");
    assert!(json.get("floorPlans").is_none() && json.get("videoTour").is_none(), "{json}");
}

fn ids(properties: &[Arc<ApiProperty>], found: &[usize]) -> Vec<String> {
    found.iter().map(|&i| properties[i].id.clone()).collect()
}

#[test]
fn same_community_first_then_nearest_price_in_the_category() {
    use MainCategory::*;
    let properties = vec![
        listing("a", Residential, Some("Dubai Marina"), Some(2_000_000)),
        listing("b", Residential, Some("dubai marina "), Some(9_000_000)),
        listing("c", Residential, Some("JLT"), Some(2_100_000)),
        listing("d", Residential, Some("Downtown"), Some(1_900_000)),
        listing("e", Residential, Some("Downtown"), Some(5_000_000)),
        listing("f", Rental, Some("Dubai Marina"), Some(2_000_000)),
        listing("g", Residential, None, None),
    ];
    let properties = arcs(properties);
    let similar = similar(&properties);
    // b shares a's community; then c and d are the nearest prices (d is cheaper: ties go down,
    // but 2.1M is nearer 2M than 1.9M by ratio).
    assert_eq!(ids(&properties, &similar[0]), ["b", "c", "d"]);
    // Never itself, never another category, and the unpriced listing last of all.
    for (i, found) in similar.iter().enumerate() {
        assert!(!found.contains(&i));
        assert!(found.iter().all(|&j| properties[j].main_category == properties[i].main_category));
        assert!(found.len() <= SIMILAR);
    }
    assert!(similar[5].is_empty(), "the only rental has nothing similar");
    assert_eq!(ids(&properties, &similar[3]), ["e", "a", "c"]);
    assert_eq!(ids(&properties, &similar[6]), ["b", "e", "c"]);
}

#[test]
fn neighbours_are_the_nearest_prices_on_both_sides() {
    let properties: Vec<ApiProperty> = (1..=20u64)
        .map(|n| listing(&format!("p{n:02}"), MainCategory::OffPlan, Some("Dubai Hills"), Some(n * 100_000)))
        .collect();
    let properties = arcs(properties);
    let similar = similar(&properties);
    assert_eq!(ids(&properties, &similar[9]), ["p11", "p09", "p12"]);
    assert_eq!(ids(&properties, &similar[0]), ["p02", "p03", "p04"]);
    assert_eq!(ids(&properties, &similar[19]), ["p19", "p18", "p17"]);
}

#[test]
fn the_similar_listings_of_some_are_those_found_for_all() {
    let places = ["Dubai Marina", "JVC", "Dubai Hills"];
    // Equal prices and listings without a price or a place among them.
    let properties: Vec<ApiProperty> = (0..60u64)
        .map(|n| {
            let category = [MainCategory::Residential, MainCategory::Rental][(n % 2) as usize];
            let price = (n % 7 != 0).then_some(100_000 + (n * 7919) % 20 * 10_000);
            let place = (n % 5 != 0).then_some(places[(n % 3) as usize]);
            listing(&format!("p{n:02}"), category, place, price)
        })
        .collect();
    let properties = arcs(properties);
    let keys = community_keys(&properties);
    let keys: Vec<Option<&str>> = keys.iter().map(Option::as_deref).collect();
    let neighbours = Neighbours::new(&properties, &keys);
    let every: Vec<usize> = (0..properties.len()).collect();
    assert_eq!(neighbours.similar_of(&properties, &keys, &every), neighbours.similar(&properties));
}

#[test]
fn detail_files_hold_cards_and_the_qr_link() {
    const PERMIT: &str = "https://trakheesi.dubailand.gov.ae/rev/qr/7124581930";
    let mut with_permit = listing("x", MainCategory::Residential, Some("JVC"), Some(800_000));
    with_permit.permit_url = Some(PERMIT.into());
    // A second listing advertised under the same permit shares its code.
    let mut same_permit = listing("z", MainCategory::Rental, None, None);
    same_permit.permit_url = Some(PERMIT.into());
    let properties =
        vec![with_permit, listing("y", MainCategory::Residential, Some("JVC"), Some(900_000)), same_permit];
    let properties = arcs(properties);
    let files = all_files(&properties, &People::default(), &Pictures::default());
    let find = |name: &str| {
        files.iter().find(|(p, _)| *p == Path::new("data/detail").join(name)).map(|(_, b)| b.clone())
    };
    let detail: serde_json::Value = serde_json::from_slice(&find("x.json").unwrap()).unwrap();
    let key = qr_key(PERMIT);
    assert_eq!(key.len(), 16);
    assert_eq!(detail["qr"], format!("/data/qr/{key}.svg"));
    assert_eq!(detail["similar"][0]["id"], "y");
    assert_eq!(detail["similar"][0]["image"], serde_json::json!({"src": "/media/y.jpg"}));
    assert_eq!(detail["gallery"], serde_json::json!([{"src": "/media/x.jpg"}]));
    assert_eq!(detail["similar"][0]["mainCategory"], "Residential");
    assert_eq!(detail["similar"][0]["pricePeriod"], serde_json::Value::Null);
    let other: serde_json::Value = serde_json::from_slice(&find("y.json").unwrap()).unwrap();
    assert_eq!(other["qr"], serde_json::Value::Null);
    let shared: serde_json::Value = serde_json::from_slice(&find("z.json").unwrap()).unwrap();
    assert_eq!(shared["qr"], detail["qr"]);
    // No agent or developer named: no such fields.
    assert!(detail.get("agent").is_none() && detail.get("developer").is_none());
}

fn record<T>(id: &str, data: T) -> Arc<Record<T>> {
    use crate::content::yaml::{Node, Pos, Value};
    Arc::new(Record {
        id: id.into(),
        path: PathBuf::from(format!("{id}.yaml")),
        tree: Node { pos: Pos::default(), value: Value::Null },
        data,
        body: None,
        body_line: 1,
    })
}

fn member(name: &str, ar: Option<MemberTexts>) -> MemberFile {
    MemberFile {
        lang: Vec::new(),
        name: name.into(),
        role: "Sales Consultant".into(),
        image: "media/team/sara.jpg".into(),
        brn: Some("51736".into()),
        phone: Some("+971 4 555 0123".into()),
        whatsapp: None,
        email: Some("sara@example.ae".into()),
        languages: vec!["English".into()],
        order: 1,
        ar,
        ru: None,
    }
}

fn developer(name: &str, ru: Option<&str>) -> DeveloperFile {
    DeveloperFile {
        lang: Vec::new(),
        name: name.into(),
        logo: "media/developers/emaar.svg".into(),
        projects: 12,
        description: "Builds *towers*.".into(),
        image: "media/developers/emaar.jpg".into(),
        website: None,
        ar: None,
        ru: ru.map(|name| DeveloperTexts { name: Some(name.into()), description: None }),
    }
}

#[test]
fn detail_files_carry_the_agent_and_developer_their_listing_names() {
    let team = vec![
        record(
            "sara",
            member("Sara Haddad", Some(MemberTexts { name: Some("سارة حداد".into()), role: None })),
        ),
        record("omar", member("Omar Aziz", None)),
    ];
    let developers = vec![
        record("emaar", developer("Emaar Properties", Some("Эмаар"))),
        record("nakheel", developer("Nakheel", None)),
    ];
    let pictures = Pictures::default();
    let people = People::new(&team, &developers, &pictures);
    let mut named = listing("x", MainCategory::OffPlan, None, None);
    named.agent = Some("sara".into());
    named.developer = Some("emaar".into());
    let mut other = listing("y", MainCategory::OffPlan, None, None);
    other.agent = Some("omar".into());
    other.developer = Some("nakheel".into());
    let properties = vec![named, other, listing("z", MainCategory::OffPlan, None, None)];
    let properties = arcs(properties);
    let files = all_files(&properties, &people, &pictures);
    let detail = |id: &str| -> serde_json::Value {
        let path = Path::new("data").join("detail").join(format!("{id}.json"));
        serde_json::from_slice(&files.iter().find(|(p, _)| *p == path).unwrap().1).unwrap()
    };
    // Exactly the fields the page shows, the image as a media URL, and only the languages
    // with texts (the front end's localize() puts them over the English ones).
    assert_eq!(
        detail("x")["agent"],
        serde_json::json!({
            "id": "sara", "name": "Sara Haddad", "role": "Sales Consultant",
            "image": {"src": "/media/team/sara.jpg"}, "brn": "51736", "phone": "+971 4 555 0123",
            "whatsapp": null, "email": "sara@example.ae",
            "translations": {"ar": {"name": "سارة حداد"}}
        })
    );
    assert_eq!(
        detail("x")["developer"],
        serde_json::json!({"id": "emaar", "name": "Emaar Properties", "translations": {"ru": {"name": "Эмаар"}}})
    );
    // Each listing its own people; none without translations has a translations field.
    assert_eq!(detail("y")["agent"]["name"], "Omar Aziz");
    assert!(detail("y")["agent"].get("translations").is_none());
    assert_eq!(detail("y")["developer"], serde_json::json!({"id": "nakheel", "name": "Nakheel"}));
    let none = detail("z");
    assert!(none.get("agent").is_none() && none.get("developer").is_none());
}

#[test]
fn communities_are_compared_as_the_search_compares_them() {
    use MainCategory::*;
    // Case, accents and surrounding space aside, one community: the lead function's rule.
    let properties = vec![
        listing("a", Residential, Some("Jumeirah Café"), Some(1_000_000)),
        listing("b", Residential, Some("Elsewhere"), Some(1_000_000)),
        listing("c", Residential, Some(" JUMEIRAH CAFE "), Some(9_000_000)),
    ];
    let properties = arcs(properties);
    assert_eq!(ids(&properties, &similar(&properties)[0]), ["c", "b"]);
}
