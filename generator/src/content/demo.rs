//! `estate demo`: a synthetic but valid content tree of any size, for benchmarks and scale tests.
//! The same seed always gives the same files. Like an agency's real content it is complete and
//! holds only what an editor could have written, so `estate check` warns of nothing: every
//! listing is a YAML file (the form the browser CMS opens) with its permit, agent, a community
//! and a type of its vocabularies (with their portal codes) and photos of its own (see
//! [`write`]), every record its Arabic and Russian texts, and every media value the stored form
//! `/media/…`. Each community its listings name has an area guide text and market figures
//! ([`areas`]), as the sample's have.

use std::fmt::Write as _;
use std::path::Path;

use rayon::prelude::*;

mod areas;

/// The communities: English, Arabic and Russian names, the centre, and what an apartment sells
/// for there in AED per sqft (the newest month of the market figures, `areas`).
const COMMUNITIES: &[(&str, &str, &str, f64, f64, u32)] = &[
    ("Dubai Marina", "دبي مارينا", "Дубай Марина", 25.0805, 55.1403, 2100),
    ("Downtown Dubai", "وسط مدينة دبي", "Даунтаун Дубай", 25.1972, 55.2744, 3000),
    ("Palm Jumeirah", "نخلة جميرا", "Пальма Джумейра", 25.1124, 55.1390, 3400),
    ("Business Bay", "الخليج التجاري", "Бизнес Бэй", 25.1857, 55.2653, 2200),
    ("Jumeirah Village Circle", "قرية جميرا الدائرية", "Джумейра Виллидж Серкл", 25.0587, 55.2066, 1250),
    ("Dubai Hills Estate", "دبي هيلز استيت", "Дубай Хиллс Эстейт", 25.1030, 55.2450, 2100),
    ("Arabian Ranches", "المرابع العربية", "Арабиан Ранчес", 25.0551, 55.2720, 1500),
    ("Jumeirah Lake Towers", "أبراج بحيرات جميرا", "Джумейра Лейк Тауэрс", 25.0693, 55.1417, 1500),
    ("DIFC", "مركز دبي المالي العالمي", "DIFC", 25.2115, 55.2796, 2800),
    ("Dubai Creek Harbour", "دبي كريك هاربر", "Дубай Крик Харбор", 25.2003, 55.3470, 2200),
    ("Emaar Beachfront", "إعمار بيتشفرونت", "Эмаар Бичфронт", 25.0968, 55.1415, 3200),
    ("Al Barsha", "البرشاء", "Аль-Барша", 25.1124, 55.1968, 1400),
    ("Deira", "ديرة", "Дейра", 25.2697, 55.3095, 1000),
    ("Dubai South", "دبي الجنوب", "Дубай Саут", 24.8960, 55.1610, 1050),
    ("Al Quoz", "القوز", "Аль-Куоз", 25.1390, 55.2300, 900),
];

/// The property types the demo uses: English, Arabic and Russian names, and the Property Finder
/// code the portal feed writes.
const TYPES: &[(&str, &str, &str, &str)] = &[
    ("Apartment", "شقة", "Квартира", "AP"),
    ("Villa", "فيلا", "Вилла", "VH"),
    ("Townhouse", "تاون هاوس", "Таунхаус", "TH"),
    ("Penthouse", "بنتهاوس", "Пентхаус", "PH"),
    ("Studio", "استوديو", "Студия", "AP"),
    ("Plot", "أرض", "Участок", "LP"),
    ("Office", "مكتب", "Офис", "OF"),
    ("Shop", "محل تجاري", "Магазин", "SH"),
    ("Warehouse", "مستودع", "Склад", "WH"),
    ("Retail", "مساحة تجزئة", "Торговое помещение", "RE"),
];

/// Every listing's amenities, with their names and codes as [`TYPES`].
const AMENITIES: &[(&str, &str, &str, &str)] = &[
    ("Swimming pool", "مسبح", "Бассейн", "SP"),
    ("Gym", "صالة رياضية", "Тренажёрный зал", "SY"),
    ("Covered parking", "موقف سيارات مغطى", "Крытая парковка", "CP"),
];

/// Id, then the name in English and Arabic (Russian keeps the brand in Latin letters).
const DEVELOPERS: &[(&str, &str, &str)] = &[
    ("emaar", "Emaar Properties", "إعمار العقارية"),
    ("nakheel", "Nakheel", "نخيل"),
    ("damac", "DAMAC Properties", "داماك العقارية"),
    ("sobha", "Sobha Realty", "شوبا العقارية"),
    ("meraas", "Meraas", "مراس"),
    ("ellington", "Ellington Properties", "إلينغتون العقارية"),
    ("azizi", "Azizi Developments", "عزيزي للتطوير العقاري"),
    ("dubai-properties", "Dubai Properties", "دبي للعقارات"),
    ("select-group", "Select Group", "سيليكت جروب"),
];

/// Id, then the name in English, Arabic and Russian.
const TEAM: &[(&str, &str, &str, &str)] = &[
    ("agent-one", "Layla Haddad", "ليلى حداد", "Лейла Хаддад"),
    ("agent-two", "Omar Rahman", "عمر رحمن", "Омар Рахман"),
];

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

const ARABIC_WORDS: &[&str] = &[
    "شقة",
    "واسعة",
    "مشرقة",
    "غرفة",
    "معيشة",
    "بنوافذ",
    "تطل",
    "على",
    "المارينا",
    "مع",
    "مطبخ",
    "مجهز",
    "بالكامل",
    "شرفة",
    "إطلالة",
    "البحر",
    "حديقة",
    "المجتمع",
    "مسبح",
    "صالة",
    "رياضية",
    "موقف",
    "مغطى",
    "قريبة",
    "من",
    "المترو",
    "والمدارس",
    "هادئة",
    "للعائلات",
    "الشاطئ",
    "استثمار",
    "عائد",
    "تشطيبات",
    "راقية",
    "أسقف",
    "عالية",
];

const RUSSIAN_WORDS: &[&str] = &[
    "просторная",
    "светлая",
    "гостиная",
    "с",
    "панорамными",
    "окнами",
    "на",
    "марину",
    "и",
    "полностью",
    "оборудованная",
    "кухня",
    "балкон",
    "вид",
    "море",
    "парк",
    "бассейн",
    "спортзал",
    "крытая",
    "парковка",
    "рядом",
    "метро",
    "школы",
    "тихий",
    "семейный",
    "район",
    "пляж",
    "инвестиция",
    "доходность",
    "высокие",
    "потолки",
    "отделка",
];

fn sentence(rng: &mut fastrand::Rng, vocabulary: &[&str], words: usize) -> String {
    let mut s = String::new();
    for i in 0..words {
        let w = vocabulary[rng.usize(..vocabulary.len())];
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

fn paragraphs(rng: &mut fastrand::Rng, vocabulary: &[&str], count: usize) -> String {
    let mut text = String::new();
    for _ in 0..count {
        let sentences: Vec<String> = (0..rng.usize(3..6))
            .map(|_| {
                let words = rng.usize(8..16);
                sentence(rng, vocabulary, words)
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
logo: /media/demo/logo.svg
defaultImage: /media/demo/photo-0.jpg
description: A synthetic Dubai agency for benchmarks.
phones: ["+971 4 555 0000"]
email: info@demo.example
address: Business Bay, Dubai, United Arab Emirates
coordinates: { lat: 25.1857, lng: 55.2653 }
workingHours: Monday to Saturday 09:00 AM to 06:00 PM, Sunday closed
whatsapp: "+971500000000"
orn: "10000"
partners:
  - { name: Demo Bank, logo: /media/demo/logo.svg }
whyUs: Local knowledge and honest advice.
about: A synthetic agency used to measure the generator.
hero:
  residential: { poster: /media/demo/photo-1.jpg }
  rental: { poster: /media/demo/photo-2.jpg }
  offPlan: { poster: /media/demo/photo-3.jpg }
  commercial: { poster: /media/demo/photo-4.jpg }
  all: { poster: /media/demo/photo-5.jpg }
"#;
    files.push(("site.yaml".into(), site.into()));
    for (id, name, ar, ru) in TEAM {
        files.push((
            format!("team/{id}.yaml"),
            format!(
                "name: {name}\nrole: Property Consultant\nimage: /media/demo/photo-6.jpg\nbrn: \"40000\"\n\
                 ar: {{ name: {ar}, role: مستشار عقاري }}\nru: {{ name: {ru}, role: Консультант по недвижимости }}\n"
            ),
        ));
    }
    for (id, name, ar) in DEVELOPERS {
        files.push((
            format!("developers/{id}.yaml"),
            format!(
                "name: {name}\nlogo: /media/demo/logo.svg\nprojects: 20\ndescription: A Dubai developer.\nimage: /media/demo/photo-7.jpg\n\
                 ar: {{ name: {ar}, description: مطوّر عقاري في دبي. }}\nru: {{ name: {name}, description: Девелопер из Дубая. }}\n"
            ),
        ));
    }
    for (id, title, ar, ru) in [
        ("privacy-policy", "Privacy Policy", "سياسة الخصوصية", "Политика конфиденциальности"),
        ("terms-and-conditions", "Terms and Conditions", "الشروط والأحكام", "Условия использования"),
        (
            "golden-visa",
            "UAE Golden Visa through property",
            "الإقامة الذهبية عبر العقار",
            "«Золотая виза» через недвижимость",
        ),
    ] {
        files.push((
            format!("pages/{id}.md"),
            format!(
                "---\ntitle: {title}\nar:\n  title: {ar}\n  content: |\n    ## التواصل\n\n    راسلونا على info@demo.example.\n\
                 ru:\n  title: {ru}\n  content: |\n    ## Контакты\n\n    Пишите на info@demo.example.\n\
                 ---\n## Contact\n\nWrite to info@demo.example.\n"
            ),
        ));
    }
    files.extend(vocabularies());
    files
}

/// `vocabulary/*.yaml`: the communities, types and amenities the listings name, in three
/// languages, with the types' and amenities' portal codes.
fn vocabularies() -> Files {
    let header = "# yaml-language-server: $schema=../schema/vocabulary.json\nterms:\n";
    let term = |en: &str, ar: &str, ru: &str| {
        format!("  - key: {}\n    en: {en}\n    ar: {ar}\n    ru: {ru}\n", super::suggest_id(en))
    };
    let communities: String = COMMUNITIES
        .iter()
        .map(|(en, ar, ru, lat, lng, _)| {
            format!("{}    coordinates: {{ lat: {lat}, lng: {lng} }}\n", term(en, ar, ru))
        })
        .collect();
    let coded = |terms: &[(&str, &str, &str, &str)]| -> String {
        terms.iter().map(|(en, ar, ru, code)| format!("{}    code: {code}\n", term(en, ar, ru))).collect()
    };
    // A type's kind, which the market figures and the structured data go by.
    let types: String = TYPES
        .iter()
        .map(|(en, ar, ru, code)| {
            let kind = super::portal::site_type(en).map(|t| t.usual_kind());
            let kind =
                kind.and_then(|k| serde_json::to_value(k).ok()).and_then(|v| v.as_str().map(str::to_owned));
            format!("{}    code: {code}\n    kind: {}\n", term(en, ar, ru), kind.unwrap_or_default())
        })
        .collect();
    vec![
        ("vocabulary/communities.yaml".into(), format!("{header}{communities}")),
        ("vocabulary/types.yaml".into(), format!("{header}{types}")),
        ("vocabulary/amenities.yaml".into(), format!("{header}{}", coded(AMENITIES))),
        (
            "vocabulary/stages.yaml".into(),
            format!("{header}{}", STAGES.map(|(en, ar, ru)| term(en, ar, ru)).concat()),
        ),
    ]
}

/// The payment-plan stages the demo's off-plan listings name.
const STAGES: [(&str, &str, &str); 3] = [
    ("On booking", "عند الحجز", "При бронировании"),
    ("During construction", "خلال البناء", "Во время строительства"),
    ("On handover", "عند التسليم", "При передаче ключей"),
];

/// A term's name in `language` (1 Arabic, 2 Russian) from one of the tables above.
fn named<'a>(table: &[(&'a str, &'a str, &'a str, &'a str)], en: &str, language: usize) -> &'a str {
    let row = table.iter().find(|t| t.0 == en).expect("a term of the table");
    if language == 1 { row.1 } else { row.2 }
}

/// The listing `index`'s file, its community (an index of [`COMMUNITIES`]) and how many photos
/// it shows: photos of its own ([`own_photo`]), or with `shared_photos` the shared ones.
fn property(seed: u64, index: usize, shared_photos: bool) -> ((String, String), usize, usize) {
    let mut rng = fastrand::Rng::with_seed(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (category, subs): (&str, &[&str]) = match index % 4 {
        0 => ("Residential", &["Apartment", "Villa", "Townhouse", "Penthouse"]),
        1 => ("Rental", &["Apartment", "Villa", "Townhouse", "Studio"]),
        2 => ("OffPlan", &["Apartment", "Villa", "Townhouse", "Plot"]),
        _ => ("Commercial", &["Office", "Shop", "Warehouse", "Retail"]),
    };
    let sub = subs[rng.usize(..subs.len())];
    let drawn = rng.usize(..COMMUNITIES.len());
    let (community, community_ar, community_ru, lat, lng, _) = COMMUNITIES[drawn];
    let bedrooms = rng.u32(0..7);
    let area = rng.u32(400..8000);
    let day = rng.u32(0..365);
    let created =
        chrono::NaiveDate::from_ymd_opt(2025, 11, 1).expect("valid date") + chrono::Days::new(day.into());
    let mut y = String::new();
    // Quoted: unquoted, YAML reads ` #` as the start of a comment and drops the number.
    let _ = writeln!(y, "title: \"{sub} in {community} #{index}\"");
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
        // The project's particulars Dubai's rules ask of off-plan ads, from the index (so the
        // random draws, and every other value, stay those of the same seed before).
        let project = 1000 + index % 3000;
        let _ = writeln!(y, "projectName: {community} Residences {}", index % 97 + 1);
        let _ = writeln!(y, "projectNumber: {project}\nescrowAccount: \"10150{project:04}{index:06}\"");
        let _ = writeln!(y, "completionDate: {}-{:02}", rng.u32(2027..2031), rng.u32(1..13));
        y.push_str("paymentPlan:\n  - { milestone: On booking, percent: 20 }\n  - { milestone: During construction, percent: 40 }\n  - { milestone: On handover, percent: 40 }\n");
    }
    y.push_str("amenities: [Swimming pool, Gym, Covered parking]\n");
    let _ = writeln!(y, "coordinates: {{ lat: {lat}, lng: {lng} }}");
    // The shared photos are drawn either way, so every other value is the same seed's.
    let shared: Vec<usize> = (0..rng.usize(1..5)).map(|_| rng.usize(..PHOTOS)).collect();
    let images: Vec<String> = if shared_photos {
        shared.iter().map(|i| format!("/media/demo/photo-{i}.jpg")).collect()
    } else {
        (0..shared.len()).map(|k| contract::urls::media_url(&own_photo(index, k))).collect()
    };
    let _ = writeln!(y, "images: [{}]", images.join(", "));
    let description = paragraphs(&mut rng, WORDS, 3);
    // Drawn after the English, which stays as it was.
    let _ = writeln!(
        y,
        "ar:\n  title: {} في {community_ar} رقم {index}\n  description: |\n{}",
        named(TYPES, sub, 1),
        indent(&indent(&paragraphs(&mut rng, ARABIC_WORDS, 1)))
    );
    let _ = writeln!(
        y,
        "ru:\n  title: {}, {community_ru}, №{index}\n  description: |\n{}",
        named(TYPES, sub, 2),
        indent(&indent(&paragraphs(&mut rng, RUSSIAN_WORDS, 1)))
    );
    // YAML, as every listing an editor makes: the browser CMS does not open a markdown one.
    let file = (
        format!("properties/demo-{index:06}.yaml"),
        format!("{y}description: |\n{}\n", indent(&description)),
    );
    (file, drawn, images.len())
}

/// The path under the content folder of listing `index`'s photo `k` (its own).
fn own_photo(index: usize, k: usize) -> String {
    format!("media/demo/listings/{index:06}-{k}.jpg")
}

/// Draws listing `index`'s photo `k` (drawn again with another `attempt` when an earlier one is
/// the same picture to the fingerprint), writes it, and gives its fingerprint as `estate check`
/// takes it: of the JPEG read back.
fn own_photo_file(out: &Path, seed: u64, index: usize, k: usize, attempt: u64) -> std::io::Result<Vec<u64>> {
    // A 160 x 107 part of a scene four times its size, at a place of its own and mirrored or
    // not: the horizon, the sun and the towers fall elsewhere in each, as in photos taken apart
    // (parts at one place were often alike to a 64-bit hash).
    let draw = seed
        ^ ((index as u64) << 3 | k as u64).wrapping_mul(0xA24B_AED4_963E_E407)
        ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let scene = raster::demo_photo(320, 214, draw);
    let (x, y) = ((draw >> 7) % 161, (draw >> 17) % 108);
    let mut pixels = raster::image::imageops::crop_imm(&scene, x as u32, y as u32, 160, 107).to_image();
    if draw >> 40 & 1 == 1 {
        raster::image::imageops::flip_horizontal_in_place(&mut pixels);
    }
    // Saved by the `image` crate's encoder: the image stage's decoder (zune-jpeg) reads the
    // optimized Huffman tables of `raster::encode_jpeg`'s files wrongly (as green stripes, alike
    // in every picture), which would make them all one picture.
    let mut jpeg = Vec::new();
    raster::image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 82)
        .encode_image(&pixels)
        .map_err(std::io::Error::other)?;
    std::fs::write(out.join(own_photo(index, k)), &jpeg)?;
    let read = raster::decode(&jpeg).map_err(std::io::Error::other)?;
    raster::fingerprint::fingerprint(&read).map_err(std::io::Error::other)
}

/// Writes every listing's own photos (`counts[i]` of listing `i`) and gives how many. Drawn
/// pictures of one skyline are now and then alike to the 64-bit fingerprint (about one in a
/// hundred among 25,000), which `estate check` would warn of as one photo shown by two
/// listings: so the demo finds them as the check does ([`raster::fingerprint::same_pictures`],
/// on the same fingerprints) and draws the later of each pair again until none is left.
fn own_photos(out: &Path, seed: u64, counts: &[usize]) -> std::io::Result<usize> {
    std::fs::create_dir_all(out.join("media/demo/listings"))?;
    let each: Vec<(usize, usize)> =
        counts.iter().enumerate().flat_map(|(index, &count)| (0..count).map(move |k| (index, k))).collect();
    let mut prints: Vec<Vec<u64>> = each
        .par_iter()
        .map(|&(index, k)| own_photo_file(out, seed, index, k, 0))
        .collect::<Result<_, _>>()?;
    let mut attempts = vec![0u64; each.len()];
    for _ in 0..100 {
        let refs: Vec<&[u64]> = prints.iter().map(Vec::as_slice).collect();
        let mut again: Vec<usize> =
            raster::fingerprint::same_pictures(&refs).into_iter().map(|(_, later)| later).collect();
        if again.is_empty() {
            return Ok(each.len());
        }
        again.sort_unstable();
        again.dedup();
        for &photo in &again {
            attempts[photo] += 1;
        }
        let redrawn: Vec<Vec<u64>> = again
            .par_iter()
            .map(|&photo| own_photo_file(out, seed, each[photo].0, each[photo].1, attempts[photo]))
            .collect::<Result<_, _>>()?;
        for (photo, print) in again.into_iter().zip(redrawn) {
            prints[photo] = print;
        }
    }
    Err(std::io::Error::other("the demo's photos stayed alike to the fingerprint after 100 draws"))
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
        body.push_str(&paragraphs(&mut rng, WORDS, 2));
        body.push_str("- first point\n- second point\n\n");
    }
    let excerpt = sentence(&mut rng, WORDS, 12);
    let mut translations = String::new();
    for (lang, title, section, words) in [
        ("ar", format!("ملاحظات سوق دبي {index}"), "قسم", ARABIC_WORDS),
        ("ru", format!("Заметки о рынке Дубая {index}"), "Раздел", RUSSIAN_WORDS),
    ] {
        let excerpt = sentence(&mut rng, words, 12);
        let content = format!("## {section} 1\n\n{}", paragraphs(&mut rng, words, 2));
        let _ = writeln!(
            translations,
            "{lang}:\n  title: {title}\n  excerpt: {excerpt}\n  content: |\n{}",
            indent(&indent(&content))
        );
    }
    (
        format!("blog/demo-post-{index:05}.md"),
        format!(
            "---\ntitle: Dubai Market Notes {index}\ndate: {date}\nauthor: Demo Realty\nexcerpt: {excerpt}\nimages: [/media/demo/photo-{}.jpg]\n{translations}---\n{body}",
            index % PHOTOS
        ),
    )
}

/// How many full-size photos the demo draws (`media/demo/photo-{i}.jpg`), shared by its posts,
/// heroes, team and guides (and with `--shared-photos` its listings): real JPEGs, so the image
/// stage can be measured at scale.
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

/// Writes a demo content tree with `properties` listings and `posts` posts into `out`. Each
/// listing has photos of its own ([`own_photos`]): small (160 x 107), so that 10,000 listings'
/// 25,000 are drawn and published in a minute or two, each a picture of its own to the check of
/// reused photos. With `shared_photos` its listings show the 12 full-size photos its posts,
/// heroes and team show instead (so the image stage at scale handles 12 full-size photos),
/// which `estate check` reports as shown by many listings.
pub fn write(
    out: &Path,
    properties: usize,
    posts: usize,
    seed: u64,
    shared_photos: bool,
) -> std::io::Result<usize> {
    let mut files = fixed_files();
    let listings: Vec<((String, String), usize, usize)> =
        (0..properties).into_par_iter().map(|i| property(seed, i, shared_photos)).collect();
    // The communities the listings name, each with its guide text and market figures.
    let mut named = vec![false; COMMUNITIES.len()];
    for (_, community, _) in &listings {
        named[*community] = true;
    }
    let communities: Vec<usize> = (0..COMMUNITIES.len()).filter(|&c| named[c]).collect();
    let counts: Vec<usize> = listings.iter().map(|(_, _, count)| *count).collect();
    files.extend(listings.into_iter().map(|(file, _, _)| file));
    files.par_extend((0..posts).into_par_iter().map(|i| post(seed, i)));
    files.extend(areas::files(seed, &communities));
    for dir in [
        "properties",
        "blog",
        "team",
        "developers",
        "pages",
        "vocabulary",
        "communities",
        "market",
        "media/demo",
    ] {
        std::fs::create_dir_all(out.join(dir))?;
    }
    files.par_iter().try_for_each(|(path, text)| std::fs::write(out.join(path), text))?;
    let photos = photos(seed)?;
    photos.par_iter().try_for_each(|(path, bytes)| std::fs::write(out.join(path), bytes))?;
    let own = if shared_photos { 0 } else { own_photos(out, seed, &counts)? };
    Ok(files.len() + photos.len() + own)
}
