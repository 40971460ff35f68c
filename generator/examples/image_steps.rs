//! Times each step of the image stage over a folder of photos, on one thread: decode, resize,
//! encode JPEG and WebP, at the stage's widths.
//! `cargo run [--release] -p generator --example image_steps -- content/media`
use std::time::{Duration, Instant};

use generator::publish::images::{is_raster, widths_for};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "content/media".into());
    let files: Vec<_> = walkdir::WalkDir::new(&dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| is_raster(e.path()))
        .map(|e| e.into_path())
        .collect();
    let mut steps: Vec<(&str, Duration)> = Vec::new();
    let mut time = |name, start: Instant| match steps.iter_mut().find(|(n, _)| *n == name) {
        Some((_, t)) => *t += start.elapsed(),
        None => steps.push((name, start.elapsed())),
    };
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let start = Instant::now();
        let rgb = raster::decode(&bytes).unwrap();
        time("decode", start);
        for w in widths_for(rgb.width()) {
            let h = (u64::from(rgb.height()) * u64::from(w) / u64::from(rgb.width())).max(1) as u32;
            let start = Instant::now();
            let resized = raster::resize(&rgb, w, h).unwrap();
            time("resize", start);
            let start = Instant::now();
            raster::encode_jpeg(&resized, 78).unwrap();
            time("jpeg", start);
            for method in [2, 4] {
                let start = Instant::now();
                raster::encode_webp(&resized, 75.0, method).unwrap();
                time(if method == 2 { "webp m2" } else { "webp m4" }, start);
            }
        }
    }
    println!("{} photos", files.len());
    for (name, d) in steps {
        let ms = d.as_secs_f64() * 1e3;
        println!("{name:>8}: {ms:8.1} ms in all, {:6.2} ms per photo", ms / files.len() as f64);
    }
}
