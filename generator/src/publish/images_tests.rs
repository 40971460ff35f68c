use super::*;
use raster::image;

/// A small JPEG photo (a gradient) `width` x `height`.
fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let image =
        image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90).encode_image(&image).unwrap();
    bytes
}

/// `jpeg` with an EXIF segment carrying a GPS position, as a phone writes it.
fn jpeg_with_gps(width: u32, height: u32) -> Vec<u8> {
    let plain = jpeg(width, height);
    let mut payload = b"Exif\0\0MM\0*\0\0\0\x08\0\0".to_vec();
    payload.extend_from_slice(b"GPSLatitude 25.2048 N GPSLongitude 55.2708 E");
    let mut bytes = plain[..2].to_vec();
    bytes.extend_from_slice(&[0xff, 0xe1]);
    bytes.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    bytes.extend_from_slice(&payload);
    bytes.extend_from_slice(&plain[2..]);
    bytes
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A valid PNG whose header claims `width` x `height` (the pixels are never reached).
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut chunk = b"IHDR".to_vec();
    chunk.extend_from_slice(&width.to_be_bytes());
    chunk.extend_from_slice(&height.to_be_bytes());
    chunk.extend_from_slice(&[8, 2, 0, 0, 0]);
    bytes.extend_from_slice(&13u32.to_be_bytes());
    bytes.extend_from_slice(&chunk);
    bytes.extend_from_slice(&crc32(&chunk).to_be_bytes());
    // The start of the pixel data, where a decoder stops reading the header.
    let data = b"IDAT\x78\x9c";
    bytes.extend_from_slice(&2u32.to_be_bytes());
    bytes.extend_from_slice(data);
    bytes.extend_from_slice(&crc32(data).to_be_bytes());
    bytes
}

#[test]
fn widths_are_never_upscaled() {
    assert_eq!(widths_for(1600), vec![400, 740, 800, 1200, 1600]);
    assert_eq!(widths_for(4000), vec![400, 740, 800, 1200, 1600]);
    assert_eq!(widths_for(760), vec![400, 740, 760]);
    assert_eq!(widths_for(500), vec![400, 500]);
    assert_eq!(widths_for(200), vec![200]);
}

#[test]
fn a_photo_is_resized_its_gps_exif_dropped_and_a_warm_run_decodes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let media = dir.path().join("media");
    std::fs::create_dir_all(media.join("team")).unwrap();
    let source = jpeg_with_gps(1000, 600);
    assert!(contains(&source, b"GPSLatitude"));
    std::fs::write(media.join("team/sara.jpg"), &source).unwrap();
    let (out, cache) = (dir.path().join("dist"), dir.path().join("cache"));

    let cold = run(&media, &out, &cache).unwrap();
    assert_eq!((cold.decoded, cold.bad.len()), (1, 0));
    let info = &cold.images["/media/team/sara.jpg"];
    assert_eq!((info.width, info.height), (1000, 600));
    assert!(info.color.starts_with('#') && info.color.len() == 7);
    assert_eq!(info.variants.iter().map(|v| v.width).collect::<Vec<_>>(), vec![400, 740, 800, 1000]);
    for variant in &info.variants {
        for url in [&variant.src, &variant.webp] {
            let bytes = std::fs::read(out.join(url.trim_start_matches('/'))).unwrap();
            assert!(!contains(&bytes, b"GPS") && !contains(&bytes, b"Exif"), "{url} keeps its EXIF");
            let decoded = image::load_from_memory(&bytes).unwrap();
            assert_eq!(decoded.width(), variant.width, "{url}");
        }
    }

    // Warm: same records, nothing decoded; an output deleted from dist comes back from the cache.
    std::fs::remove_file(out.join(info.variants[0].src.trim_start_matches('/'))).unwrap();
    let warm = run(&media, &out, &cache).unwrap();
    assert_eq!(warm.decoded, 0);
    assert_eq!(warm.images, cold.images);
    assert!(out.join(info.variants[0].src.trim_start_matches('/')).is_file());

    // A changed photo gets new names; the old outputs go.
    std::fs::write(media.join("team/sara.jpg"), jpeg(700, 700)).unwrap();
    let changed = run(&media, &out, &cache).unwrap();
    assert_eq!(changed.decoded, 1);
    assert!(!out.join(info.variants[0].src.trim_start_matches('/')).exists());
    assert_eq!(std::fs::read_dir(out.join(OUTPUT_DIR)).unwrap().count(), 4);
}

#[test]
fn bad_images_are_refused_with_their_reason_and_nothing_written() {
    let good = jpeg(64, 64);
    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "text.jpg",
            b"just some text, not a photo".to_vec(),
            "not an image (the bytes are not JPEG, PNG or WebP)",
        ),
        ("truncated.jpg", good[..good.len() / 3].to_vec(), "corrupt or truncated image: "),
        (
            "bomb.png",
            png_claiming(100_000, 100_000),
            "too large: 100000x100000 is 10000000000 pixels, over the limit of 50000000",
        ),
        (
            "anim.png",
            b"GIF89a\x01\0\x01\0\0\0\0;".to_vec(),
            "unsupported image format gif (use JPEG, PNG or WebP)",
        ),
    ];
    for (name, bytes, reason) in cases {
        let dir = tempfile::tempdir().unwrap();
        let media = dir.path().join("media");
        std::fs::create_dir_all(&media).unwrap();
        std::fs::write(media.join(name), bytes).unwrap();
        let (out, cache) = (dir.path().join("dist"), dir.path().join("cache"));
        let outcome = run(&media, &out, &cache).unwrap();
        assert_eq!(outcome.bad.len(), 1, "{name}");
        assert!(outcome.bad[0].reason.starts_with(reason), "{name}: {}", outcome.bad[0].reason);
        assert!(outcome.images.is_empty());
        assert!(!out.exists(), "{name}: outputs written");
        assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 0, "{name}: cache written");
    }
}

#[test]
fn a_refused_image_is_reported_at_the_yaml_that_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("media")).unwrap();
    std::fs::create_dir_all(content.join("team")).unwrap();
    std::fs::write(content.join("media/sara.jpg"), b"<html>not a photo</html>").unwrap();
    std::fs::write(content.join("team/sara.yaml"), "name: Sara\nimage: media/sara.jpg\n").unwrap();
    let out = dir.path().join("dist");
    let Err(StageError::Refused(problems)) = publish(&content, &out, &dir.path().join("cache")) else {
        panic!("the image is refused");
    };
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].path, content.join("team/sara.yaml"));
    assert_eq!(problems[0].pos, Pos { line: 2, col: 8 });
    assert_eq!(
        problems[0].message,
        "image `media/sara.jpg`: not an image (the bytes are not JPEG, PNG or WebP)"
    );
    assert!(!out.exists(), "nothing written");
}

/// A media folder under `dir` holding one photo: the folder, the photo, and an output and a
/// cache folder beside them.
fn one_photo(dir: &Path) -> [PathBuf; 4] {
    let media = dir.join("media");
    std::fs::create_dir_all(&media).unwrap();
    let photo = media.join("a.jpg");
    std::fs::write(&photo, jpeg(500, 300)).unwrap();
    [media, photo, dir.join("dist"), dir.join("cache")]
}

/// Other bytes of the same length in `photo`, under its modification time.
fn other_bytes_same_time(photo: &Path) {
    let modified = std::fs::metadata(photo).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(photo).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    std::fs::write(photo, &bytes).unwrap();
    std::fs::File::options().write(true).open(photo).unwrap().set_modified(modified).unwrap();
}

#[test]
fn a_warm_run_knows_an_unchanged_photo_by_its_size_and_time_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let [media, photo, out, cache] = one_photo(dir.path());
    let cold = run(&media, &out, &cache).unwrap();
    assert_eq!(cold.decoded, 1);

    // Other bytes of the same length under the same modification time: the index answers from
    // the file's size and time alone, so the file is not read (what a warm build relies on).
    other_bytes_same_time(&photo);
    let warm = run(&media, &out, &cache).unwrap();
    assert_eq!((warm.decoded, warm.images.clone()), (0, cold.images.clone()));

    // A new modification time: read and hashed again; the same bytes are still not decoded.
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options().write(true).open(&photo).unwrap().set_modified(later).unwrap();
    let touched = run(&media, &out, &cache).unwrap();
    assert_eq!(touched.decoded, 1, "the changed bytes are seen once the time changes");
    // The original bytes again: their cache entry is still there, nothing decoded.
    std::fs::write(&photo, jpeg(500, 300)).unwrap();
    let back = run(&media, &out, &cache).unwrap();
    assert_eq!((back.decoded, back.images), (0, cold.images));
}

#[test]
fn an_index_made_with_other_settings_is_not_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let [media, photo, out, cache] = one_photo(dir.path());
    assert_eq!(run(&media, &out, &cache).unwrap().decoded, 1);

    // The index as an earlier build with other widths left it: its records name that build's
    // outputs, so a photo it knows by size and time is read again (other bytes, same stamp).
    let index = std::fs::read_dir(&cache)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.file_name().unwrap().to_string_lossy().starts_with("index-"))
        .expect("the index file");
    let mut file: serde_json::Value = serde_json::from_slice(&std::fs::read(&index).unwrap()).unwrap();
    assert_eq!(file["settings"], settings());
    file["settings"] = "images v3: widths [400, 800]".into();
    std::fs::write(&index, serde_json::to_vec(&file).unwrap()).unwrap();
    other_bytes_same_time(&photo);
    assert_eq!(run(&media, &out, &cache).unwrap().decoded, 1, "the index's record was used");
}

/// The fingerprint is kept in the cache entry and the index; a cache from before fingerprints
/// were kept decodes each photo once more, for its fingerprint, and then never again.
#[test]
fn the_fingerprint_is_kept_with_the_variants_and_an_older_cache_gets_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let [media, photo, out, cache] = one_photo(dir.path());
    assert_eq!(run(&media, &out, &cache).unwrap().decoded, 1);
    let entry = cache.join(key(&std::fs::read(&photo).unwrap()));
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(entry.join("meta.json")).unwrap()).unwrap();
    let print = meta["print"].as_str().expect("the fingerprint in meta.json").to_owned();
    let expected =
        raster::fingerprint::fingerprint(&decode(&std::fs::read(&photo).unwrap()).unwrap()).unwrap();
    assert_eq!(Print::try_from(print.clone()).unwrap().0, expected);
    let index = Index::open(&cache, &media);
    assert_eq!(index.entries["a.jpg"].print.as_ref().map(|p| p.0.clone()), Some(expected));

    // As an earlier build left them: no fingerprint in the entry, none in the index.
    let mut old = meta.clone();
    old.as_object_mut().unwrap().remove("print");
    std::fs::write(entry.join("meta.json"), serde_json::to_vec(&old).unwrap()).unwrap();
    let index_file = std::fs::read_dir(&cache)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.file_name().unwrap().to_string_lossy().starts_with("index-"))
        .expect("the index file");
    let mut file: serde_json::Value = serde_json::from_slice(&std::fs::read(&index_file).unwrap()).unwrap();
    file["entries"]["a.jpg"].as_object_mut().unwrap().remove("print");
    std::fs::write(&index_file, serde_json::to_vec(&file).unwrap()).unwrap();

    let again = run(&media, &out, &cache).unwrap();
    assert_eq!(again.decoded, 1, "decoded once for its fingerprint");
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(entry.join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["print"].as_str(), Some(print.as_str()));
    assert_eq!(run(&media, &out, &cache).unwrap().decoded, 0);
}
