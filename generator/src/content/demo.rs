//! `estate demo`: a synthetic but valid content tree of any size, for benchmarks and scale tests.
//! The same seed always gives the same files.

use std::fmt::Write as _;
use std::path::Path;

use rayon::prelude::*;

const COMMUNITIES: &[(&str, f64, f64)] = &[
    ("Dubai Marina", 25.0805, 55.1403),
    ("Downtown Dubai", 25.1972, 55.2744),
    ("Palm Jumeirah", 25.1124, 55.1390),
    ("Business Bay", 25.1857, 55.2653),
    ("Jumeirah Village Circle", 25.0587, 55.2066),
    ("Dubai Hills Estate", 25.1030, 55.2450),
    ("Arabian Ranches", 25.0551, 55.2720),
    ("Jumeirah Lake Towers", 25.0693, 55.1417),
    ("DIFC", 25.2115, 55.2796),
    ("Dubai Creek Harbour", 25.2003, 55.3470),
    ("Emaar Beachfront", 25.0968, 55.1415),
    ("Al Barsha", 25.1124, 55.1968),
    ("Deira", 25.2697, 55.3095),
    ("Dubai South", 24.8960, 55.1610),
    ("Al Quoz", 25.1390, 55.2300),
];

const DEVELOPERS: &[(&str, &str)] = &[
    ("emaar", "Emaar Properties"),
    ("nakheel", "Nakheel"),
    ("damac", "DAMAC Properties"),
    ("sobha", "Sobha Realty"),
    ("meraas", "Meraas"),
    ("ellington", "Ellington Properties"),
    ("azizi", "Azizi Developments"),
    ("dubai-properties", "Dubai Properties"),
    ("select-group", "Select Group"),
];

const TEAM: &[(&str, &str)] = &[("agent-one", "Layla Haddad"), ("agent-two", "Omar Rahman")];

const WORDS: &[&str] = &[
    "spacious",
    "bright",
    "living",
    "room",
    "with",
    "floor-to-ceiling",
    "windows",
    "overlooking",
    "the",
    "marina",
    "and",
    "a",
    "fully",
    "fitted",
    "kitchen",
    "balcony",
    "sea",
    "view",
    "park",
    "community",
    "pool",
    "gym",
    "covered",
    "parking",
    "close",
    "to",
    "metro",
    "schools",
    "retail",
    "vacant",
    "on",
    "transfer",
    "upgraded",
    "finishes",
    "high",
    "ceilings",
    "storage",
    "quiet",
    "family",
    "friendly",
    "walking",
    "distance",
    "beach",
    "skyline",
    "investment",
    "returns",
];

fn sentence(rng: &mut fastrand::Rng, words: usize) -> String {
    let mut s = String::new();
    for i in 0..words {
        let w = WORDS[rng.usize(..WORDS.len())];
        if i == 0 {
            let mut chars = w.chars();
            if let Some(first) = chars.next() {
                s.extend(first.to_uppercase());
                s.push_str(chars.as_str());
            }
        } else {
            s.push(' ');
            s.push_str(w);
        }
    }
    s.push('.');
    s
}

fn paragraphs(rng: &mut fastrand::Rng, count: usize) -> String {
    let mut text = String::new();
    for _ in 0..count {
        let sentences: Vec<String> = (0..rng.usize(3..6))
            .map(|_| {
                let words = rng.usize(8..16);
                sentence(rng, words)
            })
            .collect();
        text.push_str(&sentences.join(" "));
        text.push_str("\n\n");
    }
    text
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| if l.is_empty() { String::new() } else { format!("  {l}") })
        .collect::<Vec<_>>()
        .join("\n")
}

fn svg(label: &str, hue: u32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"800\" viewBox=\"0 0 1200 800\">\
         <rect width=\"1200\" height=\"800\" fill=\"hsl({hue},45%,55%)\"/>\
         <rect y=\"520\" width=\"1200\" height=\"280\" fill=\"hsl({hue},35%,30%)\"/>\
         <text x=\"600\" y=\"420\" font-family=\"sans-serif\" font-size=\"64\" fill=\"#fff\" text-anchor=\"middle\">{label}</text></svg>\n"
    )
}

/// Files of the tree: relative path and text.
type Files = Vec<(String, String)>;

fn fixed_files() -> Files {
    let mut files: Files = Vec::new();
    files.push(("media/demo/logo.svg".into(), svg("Demo Realty", 210)));
    let site = r#"# yaml-language-server: $schema=schema/site.json
name: Demo Realty
baseUrl: https://demo.example
logo: media/demo/logo.svg
defaultImage: media/demo/photo-0.jpg
description: A synthetic Dubai agency for benchmarks.
phones: ["+971 4 555 0000"]
email: info@demo.example
address: Business Bay, Dubai, United Arab Emirates
coordinates: { lat: 25.1857, lng: 55.2653 }
workingHours: Monday to Saturday 09:00 AM to 06:00 PM, Sunday closed
whatsapp: "+971500000000"
orn: "10000"
partners:
  - { name: Demo Bank, logo: media/demo/logo.svg }
whyUs: Local knowledge and honest advice.
about: A synthetic agency used to measure the generator.
hero:
  residential: { poster: media/demo/photo-1.jpg }
  rental: { poster: media/demo/photo-2.jpg }
  offPlan: { poster: media/demo/photo-3.jpg }
  commercial: { poster: media/demo/photo-4.jpg }
  all: { poster: media/demo/photo-5.jpg }
"#;
    files.push(("site.yaml".into(), site.into()));
    for (id, name) in TEAM {
        files.push((
            format!("team/{id}.yaml"),
            format!(
                "name: {name}\nrole: Property Consultant\nimage: media/demo/photo-6.jpg\nbrn: \"40000\"\n"
            ),
        ));
    }
    for (id, name) in DEVELOPERS {
        files.push((
            format!("developers/{id}.yaml"),
            format!("name: {name}\nlogo: media/demo/logo.svg\nprojects: 20\ndescription: A Dubai developer.\nimage: media/demo/photo-7.jpg\n"),
        ));
    }
    for (id, title) in
        [("privacy-policy", "Privacy Policy"), ("terms-and-conditions", "Terms and Conditions")]
    {
        files.push((
            format!("pages/{id}.md"),
            format!("---\ntitle: {title}\n---\n## Contact\n\nWrite to info@demo.example.\n"),
        ));
    }
    files
}

fn property(seed: u64, index: usize) -> (String, String) {
    let mut rng = fastrand::Rng::with_seed(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (category, subs): (&str, &[&str]) = match index % 4 {
        0 => ("Residential", &["Apartment", "Villa", "Townhouse", "Penthouse"]),
        1 => ("Rental", &["Apartment", "Villa", "Townhouse", "Studio"]),
        2 => ("OffPlan", &["Apartment", "Villa", "Townhouse", "Plot"]),
        _ => ("Commercial", &["Office", "Shop", "Warehouse", "Retail"]),
    };
    let sub = subs[rng.usize(..subs.len())];
    let (community, lat, lng) = COMMUNITIES[rng.usize(..COMMUNITIES.len())];
    let bedrooms = rng.u32(0..7);
    let area = rng.u32(400..8000);
    let day = rng.u32(0..365);
    let created =
        chrono::NaiveDate::from_ymd_opt(2025, 11, 1).expect("valid date") + chrono::Days::new(day.into());
    let mut y = String::new();
    let _ = writeln!(y, "title: {sub} in {community} #{index}");
    let _ = writeln!(y, "mainCategory: {category}\nsubCategory: {sub}");
    let _ = writeln!(y, "featured: {}", rng.u8(..10) == 0);
    let _ = writeln!(y, "createdAt: {created}");
    let _ = writeln!(y, "location: {community}");
    if category != "Commercial" {
        let _ = writeln!(y, "bedrooms: {bedrooms}\nbathrooms: {}", bedrooms + 1);
    }
    let _ = writeln!(y, "area: {area}");
    if rng.u8(..20) != 0 {
        let price =
            if category == "Rental" { rng.u64(40..400) * 1_000 } else { rng.u64(500..20_000) * 1_000 };
        let _ = writeln!(y, "price: {price}");
    }
    if category == "Rental" {
        let _ = writeln!(y, "pricePeriod: year");
    }
    let permit = 7_100_000_000u64 + index as u64;
    let _ = writeln!(y, "reference: DR-{index:06}\npermitNumber: \"{permit}\"");
    // Every listing's permit link, so builds of demo content make a QR code for each.
    let _ = writeln!(y, "permitUrl: https://trakheesi.dubailand.gov.ae/rev/qr/{permit}");
    let _ = writeln!(y, "agent: {}", TEAM[index % TEAM.len()].0);
    if category == "OffPlan" {
        let _ = writeln!(y, "developer: {}", DEVELOPERS[rng.usize(..DEVELOPERS.len())].0);
        let _ = writeln!(y, "completionDate: {}-{:02}", rng.u32(2027..2031), rng.u32(1..13));
        y.push_str("paymentPlan:\n  - { milestone: On booking, percent: 20 }\n  - { milestone: During construction, percent: 40 }\n  - { milestone: On handover, percent: 40 }\n");
    }
    y.push_str("amenities: [Swimming pool, Gym, Covered parking]\n");
    let _ = writeln!(y, "coordinates: {{ lat: {lat}, lng: {lng} }}");
    let images: Vec<String> =
        (0..rng.usize(1..5)).map(|_| format!("media/demo/photo-{}.jpg", rng.usize(..PHOTOS))).collect();
    let _ = writeln!(y, "images: [{}]", images.join(", "));
    let description = paragraphs(&mut rng, 3);
    let id = format!("demo-{index:06}");
    if index.is_multiple_of(10) {
        (format!("properties/{id}.md"), format!("---\n{y}---\n{description}"))
    } else {
        (format!("properties/{id}.yaml"), format!("{y}description: |\n{}\n", indent(&description)))
    }
}

fn post(seed: u64, index: usize) -> (String, String) {
    let mut rng =
        fastrand::Rng::with_seed(seed ^ 0xB10C ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let day = rng.u32(0..365);
    let date =
        chrono::NaiveDate::from_ymd_opt(2025, 11, 1).expect("valid date") + chrono::Days::new(day.into());
    let mut body = String::new();
    for h in 0..3 {
        let _ = writeln!(body, "## Section {h}\n");
        body.push_str(&paragraphs(&mut rng, 2));
        body.push_str("- first point\n- second point\n\n");
    }
    (
        format!("blog/demo-post-{index:05}.md"),
        format!(
            "---\ntitle: Dubai Market Notes {index}\ndate: {date}\nauthor: Demo Realty\nexcerpt: {}\nimages: [media/demo/photo-{}.jpg]\n---\n{body}",
            sentence(&mut rng, 12),
            index % PHOTOS
        ),
    )
}

/// How many photos the demo draws (`media/demo/photo-{i}.jpg`), shared by its listings, posts,
/// heroes and team: real JPEGs, so the image stage can be measured at scale.
const PHOTOS: usize = 12;

/// The demo's photos: made-up city scenes, 1600 x 1067 like a listing photo.
fn photos(seed: u64) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    (0..PHOTOS)
        .into_par_iter()
        .map(|i| {
            let pixels = raster::demo_photo(1600, 1067, seed.wrapping_add(i as u64));
            let jpeg = raster::encode_jpeg(&pixels, 82).map_err(std::io::Error::other)?;
            Ok((format!("media/demo/photo-{i}.jpg"), jpeg))
        })
        .collect()
}

/// Writes a demo content tree with `properties` listings and `posts` posts into `out`.
pub fn write(out: &Path, properties: usize, posts: usize, seed: u64) -> std::io::Result<usize> {
    let mut files = fixed_files();
    files.par_extend((0..properties).into_par_iter().map(|i| property(seed, i)));
    files.par_extend((0..posts).into_par_iter().map(|i| post(seed, i)));
    for dir in ["properties", "blog", "team", "developers", "pages", "media/demo"] {
        std::fs::create_dir_all(out.join(dir))?;
    }
    files.par_iter().try_for_each(|(path, text)| std::fs::write(out.join(path), text))?;
    let photos = photos(seed)?;
    photos.par_iter().try_for_each(|(path, bytes)| std::fs::write(out.join(path), bytes))?;
    Ok(files.len() + photos.len())
}
