//! The benches' catalogue: `count` listings spread over `communities`, `types` and the four
//! categories, each described by 90 of `words`, the same on every run (a fixed seed).

use contract::{ApiProperty, MainCategory};

pub fn listings(count: usize, communities: &[&str], types: &[&str], words: &[&str]) -> Vec<ApiProperty> {
    let mut rng = fastrand::Rng::with_seed(7);
    (0..count)
        .map(|n| {
            let community = communities[rng.usize(..communities.len())];
            let kind = types[rng.usize(..types.len())];
            let words: Vec<&str> = (0..90).map(|_| words[rng.usize(..words.len())]).collect();
            serde_json::from_value(serde_json::json!({
                "_id": format!("p{n}"), "id": format!("p{n}"),
                "title": format!("{} {kind} in {community}", words[0]),
                "mainCategory": MainCategory::ALL[n % 4], "subCategory": kind,
                "Images": [format!("/media/p{n}/1.jpg"), format!("/media/p{n}/2.jpg")],
                "location": community, "bedrooms": rng.u32(0..9), "area": rng.u32(400..8000),
                "price": rng.u64(400_000..20_000_000), "featured": rng.bool(),
                "createdAt": format!("2026-{:02}-{:02}T00:00:00+04:00", 12 - n / 1000 % 12, 28 - n % 28),
                "description": format!("<p>{}</p>", words.join(" ")), "url": format!("/property/p{n}"),
                "reference": format!("PC-{n:05}"),
            }))
            .expect("a valid property")
        })
        .collect()
}
