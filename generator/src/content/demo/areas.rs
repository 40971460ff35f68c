//! The demo's communities as the sample's are: for each community its listings name, an area
//! guide text (`communities/{key}.yaml`, in English, Arabic and Russian) and 36 months of sales
//! and rents per kind and bedrooms (`market/{transactions,rents}.json`, in the form `estate
//! market import` writes). With them a demo's property pages have their 'Price against the
//! market' section and its area guides their texts and charts, so a benchmark of the demo
//! renders pages as heavy as real ones.

use std::fmt::Write as _;

use crate::content::suggest_id;

use super::{ARABIC_WORDS, COMMUNITIES, Files, PHOTOS, RUSSIAN_WORDS, WORDS, indent, paragraphs};

/// The figures' newest month (the listings are dated November 2025 to October 2026), and how
/// many months they cover, as the import keeps.
const NEWEST: (u32, u32) = (2026, 10);
const MONTHS: u32 = 36;

/// Yearly price growth, so the charts rise as Dubai's did.
const GROWTH: f64 = 0.11;

/// The kinds the Dubai Land Department's figures tell apart, in the summary's order
/// (`contract::detail::MarketKind`, whose names these are): the price per sqft against the
/// community's apartments and the sales a month (each drawn between the two), and the bedrooms
/// counted with their share of the sales in percent (offices and land have no rooms). Every
/// community has every kind, so every listing of a kind the figures count has its comparison.
type KindRow = (&'static str, (f64, f64), (f64, f64), &'static [(u8, u32)]);
const KINDS: &[KindRow] = &[
    ("apartment", (1.0, 1.0), (60.0, 160.0), &[(0, 16), (1, 34), (2, 28), (3, 14), (4, 8)]),
    ("villa", (0.9, 1.5), (15.0, 50.0), &[(2, 10), (3, 30), (4, 35), (5, 18), (6, 7)]),
    ("office-shop", (0.7, 1.0), (8.0, 25.0), &[]),
    ("land", (0.2, 0.4), (3.0, 8.0), &[]),
];

/// One figure of a community: a month's (`None`: the last 12 months') count and median AED per
/// sqft of a kind (an index of [`KINDS`]) and bedrooms (`None`: all of the kind).
struct Figure {
    month: Option<u32>,
    kind: usize,
    bedrooms: Option<u8>,
    count: u32,
    median: u32,
}

/// The month `m` of the figures (0 the oldest) as the summary writes it: `2023-11`.
fn month_text(m: u32) -> String {
    let n = NEWEST.0 * 12 + NEWEST.1 - 1 - (MONTHS - 1 - m);
    format!("{:04}-{:02}", n / 12, n % 12 + 1)
}

/// Several figures as one: their counts added and their medians' mean weighted by the counts
/// (it stands in for the median of all their sales, which the demo does not draw one by one).
fn pooled<'a>(figures: impl Iterator<Item = &'a Figure>) -> (u32, u32) {
    let (count, sum) = figures
        .fold((0, 0), |(count, sum), f| (count + f.count, sum + u64::from(f.count) * u64::from(f.median)));
    (count, if count == 0 { 0 } else { (sum / u64::from(count)) as u32 })
}

/// The community's monthly and last-12-months figures of sales or (`rents`) of Ejari rent
/// contracts, in the import's order: by month, kind, then bedrooms with all of them last.
fn figures(seed: u64, community: usize, rents: bool) -> (Vec<Figure>, Vec<Figure>) {
    // The community's prices and volumes come from one generator for both files, so its rents
    // follow its sales; each file's monthly noise from its own.
    let mut profile =
        fastrand::Rng::with_seed(seed ^ 0x3A4B_0E75 ^ (community as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut noise = fastrand::Rng::with_seed(profile.u64(..).wrapping_add(u64::from(rents)));
    let gross_yield = 0.05 + profile.f64() * 0.03;
    let apartments = f64::from(COMMUNITIES[community].5);
    let mut monthly = Vec::new();
    for (kind, &(name, (low, high), (fewest, most), bedrooms)) in KINDS.iter().enumerate() {
        let mut today = apartments * (low + profile.f64() * (high - low));
        let mut a_month = fewest + profile.f64() * (most - fewest);
        if rents {
            // Land is not let. A rent is yearly AED per sqft at the community's gross yield, and
            // Ejari registers about twice as many contracts as the DLD sales.
            if name == "land" {
                continue;
            }
            today *= gross_yield;
            a_month *= 2.0;
        }
        let rooms: Vec<(Option<u8>, f64)> = if bedrooms.is_empty() {
            vec![(None, 1.0)]
        } else {
            bedrooms.iter().map(|&(b, share)| (Some(b), f64::from(share) / 100.0)).collect()
        };
        for m in 0..MONTHS {
            let trend = today / (1.0 + GROWTH).powf(f64::from(MONTHS - 1 - m) / 12.0);
            let first = monthly.len();
            for &(bedrooms, share) in &rooms {
                let count = (a_month * share * (0.7 + 0.6 * noise.f64())).round() as u32;
                // Studios sell dearer per sqft than large homes.
                let size = bedrooms.map_or(1.0, |b| 1.0 + 0.02 * (2.0 - f64::from(b)));
                let median = (trend * size * (0.95 + 0.1 * noise.f64())).round() as u32;
                // The import writes only the groups it saw.
                if count > 0 {
                    monthly.push(Figure { month: Some(m), kind, bedrooms, count, median });
                }
            }
            if !bedrooms.is_empty() && monthly.len() > first {
                let (count, median) = pooled(monthly[first..].iter());
                monthly.push(Figure { month: Some(m), kind, bedrooms: None, count, median });
            }
        }
    }
    let mut last12: Vec<Figure> = Vec::new();
    for f in monthly.iter().filter(|f| f.month.is_some_and(|m| m + 12 >= MONTHS)) {
        if !last12.iter().any(|l| l.kind == f.kind && l.bedrooms == f.bedrooms) {
            let same = monthly.iter().filter(|g| {
                g.month.is_some_and(|m| m + 12 >= MONTHS) && g.kind == f.kind && g.bedrooms == f.bedrooms
            });
            let (count, median) = pooled(same);
            last12.push(Figure { month: None, kind: f.kind, bedrooms: f.bedrooms, count, median });
        }
    }
    let order = |f: &Figure| (f.month, f.kind, f.bedrooms.map_or(u16::MAX, u16::from));
    monthly.sort_by_key(order);
    last12.sort_by_key(order);
    (monthly, last12)
}

/// `market/{transactions,rents}.json` for `communities`: one figure a line, as the import writes
/// them, the communities in the vocabulary's order.
fn summaries(seed: u64, communities: &[usize]) -> Files {
    let line = |key: &str, f: &Figure| {
        let month = f.month.map_or(String::new(), |m| format!("\"month\":\"{}\",", month_text(m)));
        let bedrooms = f.bedrooms.map_or("null".to_owned(), |b| b.to_string());
        format!(
            "    {{\"community\":\"{key}\",{month}\"kind\":\"{}\",\"bedrooms\":{bedrooms},\"count\":{},\"median\":{}}}",
            KINDS[f.kind].0, f.count, f.median
        )
    };
    [("transactions", false), ("rents", true)]
        .into_iter()
        .map(|(name, rents)| {
            let (mut monthly, mut last12) = (Vec::new(), Vec::new());
            for &c in communities {
                let key = suggest_id(COMMUNITIES[c].0);
                let (m, l) = figures(seed, c, rents);
                monthly.extend(m.iter().map(|f| line(&key, f)));
                last12.extend(l.iter().map(|f| line(&key, f)));
            }
            // Synthetic figures: the source line says so.
            let source = format!("Demo figures in the form of Dubai Land Department open data ({name})");
            let text = format!(
                "{{\n  \"source\": \"{source}\",\n  \"to\": \"{}\",\n  \"months\": {MONTHS},\n  \"monthly\": [\n{}\n  ],\n  \"last12\": [\n{}\n  ]\n}}\n",
                month_text(MONTHS - 1),
                monthly.join(",\n"),
                last12.join(",\n"),
            );
            (format!("market/{name}.json"), text)
        })
        .collect()
}

/// A guide's four texts (`introduction`, `lifestyle`, `schools`, `transport`) as YAML: each its
/// opening sentence on the community, then a drawn paragraph.
fn texts(rng: &mut fastrand::Rng, vocabulary: &[&str], openings: [String; 4]) -> String {
    let mut y = String::new();
    for (field, opening) in ["introduction", "lifestyle", "schools", "transport"].into_iter().zip(openings) {
        let text = format!("{opening} {}", paragraphs(rng, vocabulary, 1).trim_end());
        let _ = writeln!(y, "{field}: |\n{}", indent(&text));
    }
    y
}

/// `communities/{key}.yaml`: the community's area guide in three languages, with one of the
/// demo's photos.
fn guide(seed: u64, community: usize) -> (String, String) {
    let (en, ar, ru, ..) = COMMUNITIES[community];
    let key = suggest_id(en);
    let mut rng =
        fastrand::Rng::with_seed(seed ^ 0x6D1D_E000 ^ (community as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    // Minutes whose plural is the same in every language's sentence (Arabic and Russian
    // change the word's form for some numbers).
    let school = [15, 20, 25][rng.usize(..3)];
    let airport = [15, 20, 25, 30, 35, 40][rng.usize(..6)];
    let english = texts(
        &mut rng,
        WORDS,
        [
            format!(
                "{en} is one of Dubai's communities, with apartments, villas, offices and shops for sale and to rent."
            ),
            format!(
                "Living in {en} means parks, cafés and supermarkets close by, and the beach a short drive away."
            ),
            format!(
                "Nurseries and schools teaching the British, American and IB curricula are within {school} minutes of {en}."
            ),
            format!(
                "{en} is about {airport} minutes from Dubai International Airport (DXB) by car, close to Sheikh Zayed Road."
            ),
        ],
    );
    let arabic = texts(
        &mut rng,
        ARABIC_WORDS,
        [
            format!("{ar} من مجتمعات دبي، وفيه شقق وفلل ومكاتب ومحلات للبيع والإيجار."),
            format!("الحياة في {ar} تعني حدائق ومقاهي ومتاجر قريبة، والشاطئ على مسافة قصيرة بالسيارة."),
            format!(
                "تقع حضانات ومدارس بالمناهج البريطانية والأمريكية والبكالوريا الدولية على بعد {school} دقيقة من {ar}."
            ),
            format!(
                "يبعد {ar} نحو {airport} دقيقة بالسيارة عن مطار دبي الدولي، وهو قريب من شارع الشيخ زايد."
            ),
        ],
    );
    let russian = texts(
        &mut rng,
        RUSSIAN_WORDS,
        [
            format!(
                "{ru} — один из районов Дубая, с квартирами, виллами, офисами и магазинами на продажу и в аренду."
            ),
            format!(
                "Жизнь в районе {ru} — это парки, кафе и супермаркеты рядом и пляж в нескольких минутах езды."
            ),
            format!(
                "Детские сады и школы с британской, американской и IB-программами — в {school} минутах от района {ru}."
            ),
            format!(
                "От района {ru} до международного аэропорта Дубая (DXB) около {airport} минут на машине, рядом Шейх-Зайед-роуд."
            ),
        ],
    );
    let text = format!(
        "# The area guide of `{key}` (vocabulary/communities.yaml): /area-guides-in-dubai/{key}\n\
         image: /media/demo/photo-{}.jpg\n{english}ar:\n{}\nru:\n{}\n",
        community % PHOTOS,
        indent(&arabic),
        indent(&russian),
    );
    (format!("communities/{key}.yaml"), text)
}

/// The guide texts and market summaries of `communities` (indexes of [`COMMUNITIES`], in order).
pub(super) fn files(seed: u64, communities: &[usize]) -> Files {
    let mut files: Files = communities.iter().map(|&c| guide(seed, c)).collect();
    // A demo without listings has no figures to summarise, as an agency before its first import.
    if !communities.is_empty() {
        files.extend(summaries(seed, communities));
    }
    files
}
