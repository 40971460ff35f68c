//! The pixel work of `estate build`'s image stage: decode a source (checked: a supported format,
//! within the pixel limit, complete), apply its EXIF orientation, resize, encode JPEG and WebP;
//! and tell the same picture in two files ([`fingerprint`]).
//!
//! A crate of its own for speed: the codecs' generic code (the JPEG encoder is generic over its
//! writer, the resizer over its image views) is compiled where it is instantiated, so here, and
//! the workspace's dev profile builds this crate with opt-level 3. Instantiated in the generator
//! it ran at opt-level 0: 68 sample photos took two minutes in a debug build, now about a second.

use std::io::Cursor;

pub use image;

pub mod fingerprint;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Rgb, RgbImage};

/// Larger images are refused before decoding (decompression bombs).
pub const MAX_PIXELS: u64 = 50_000_000;

/// The file extension of a photo in a format the site takes (JPEG, PNG, WebP), known by its
/// first bytes; `None` for anything else. The one test of an upload's or a download's type.
pub fn photo_extension(bytes: &[u8]) -> Option<&'static str> {
    match image::guess_format(bytes).ok()? {
        ImageFormat::Jpeg => Some("jpg"),
        ImageFormat::Png => Some("png"),
        ImageFormat::WebP => Some("webp"),
        _ => None,
    }
}

/// Decodes and checks one source, auto-oriented, as 8-bit RGB (photos have no transparency that
/// matters here; a PNG's alpha is flattened onto its colours).
pub fn decode(bytes: &[u8]) -> Result<RgbImage, String> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| format!("cannot be read: {e}"))?;
    match reader.format() {
        // The JPEG decoder fills a truncated image with grey rather than failing.
        Some(ImageFormat::Jpeg) if !jpeg_complete(bytes) => {
            return Err("corrupt or truncated image: the JPEG data stops before its end marker".into());
        }
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP) => {}
        Some(other) => {
            return Err(format!(
                "unsupported image format {} (use JPEG, PNG or WebP)",
                other.extensions_str().first().unwrap_or(&"?")
            ));
        }
        None => return Err("not an image (the bytes are not JPEG, PNG or WebP)".into()),
    }
    let mut decoder = reader.into_decoder().map_err(|e| format!("corrupt or truncated image: {e}"))?;
    let (width, height) = decoder.dimensions();
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS {
        return Err(format!(
            "too large: {width}x{height} is {pixels} pixels, over the limit of {MAX_PIXELS}"
        ));
    }
    let orientation = decoder.orientation().map_err(|e| format!("corrupt or truncated image: {e}"))?;
    let mut image = if jpeg_scans_split_subsampled(bytes) {
        decode_split_scans(bytes)?
    } else {
        DynamicImage::from_decoder(decoder).map_err(|e| format!("corrupt or truncated image: {e}"))?
    };
    image.apply_orientation(orientation);
    Ok(image.into_rgb8())
}

/// Whether a JPEG codes its DC coefficients in scans of fewer than all of its components while
/// its colour is subsampled (a scan per component: what encoders that optimise their Huffman
/// tables write, jpeg-encoder among them). `image`'s decoder, zune-jpeg 0.5.15, reads these with
/// the chroma misplaced: green and magenta stripes across the photo (zune-image issues 341, 419
/// and 430, fixed after that release). Reads the markers only; an unreadable layout is `false`
/// and left to the decoder's own errors.
fn jpeg_scans_split_subsampled(bytes: &[u8]) -> bool {
    // A subsampled frame's components, and whether it is sequential (one pass per scan).
    let mut frame: Option<(usize, bool)> = None;
    let mut at = 2; // after SOI
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return false;
        }
        let marker = bytes[at + 1];
        if marker == 0xFF {
            at += 1; // fill byte
            continue;
        }
        if marker == 0xD9 || (0xD0..=0xD7).contains(&marker) || marker == 0x01 {
            at += 2;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        let Some(segment) = bytes.get(at + 4..at + 2 + length) else { return false };
        match marker {
            // Start of frame (any process but lossless/arithmetic is fine to read this way).
            0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF => {
                let count = usize::from(*segment.get(5).unwrap_or(&0));
                let factors: Vec<u8> =
                    (0..count).filter_map(|i| segment.get(6 + 3 * i + 1).copied()).collect();
                // Full colour is read right however it is scanned.
                if !factors.windows(2).any(|pair| pair[0] != pair[1]) {
                    return false;
                }
                let progressive = matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE);
                frame = Some((count, !progressive));
            }
            // Start of scan: its components, then (after their table choices) the first
            // coefficient: 0 in a scan that codes DC.
            0xDA => {
                let count = usize::from(*segment.first().unwrap_or(&0));
                let first_coefficient = segment.get(1 + 2 * count).copied();
                match frame {
                    Some((components, _)) if count < components && first_coefficient == Some(0) => {
                        return true;
                    }
                    // A sequential frame's scan of every component: the usual interleaved file,
                    // not read further.
                    Some((components, true)) if count == components => return false,
                    _ => {}
                }
                // Past the entropy-coded data: to the next marker that is not a stuffed FF 00
                // or a restart.
                at += 2 + length;
                while at + 1 < bytes.len()
                    && !(bytes[at] == 0xFF && bytes[at + 1] != 0 && !(0xD0..=0xD7).contains(&bytes[at + 1]))
                {
                    at += 1;
                }
                continue;
            }
            _ => {}
        }
        at += 2 + length;
    }
    false
}

/// A JPEG whose scans [`jpeg_scans_split_subsampled`] by jpeg-decoder, which reads them right.
fn decode_split_scans(bytes: &[u8]) -> Result<DynamicImage, String> {
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    let pixels = decoder.decode().map_err(|e| format!("corrupt or truncated image: {e}"))?;
    let info = decoder.info().ok_or("corrupt or truncated image: no frame")?;
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    let image = match info.pixel_format {
        jpeg_decoder::PixelFormat::RGB24 => {
            RgbImage::from_raw(width, height, pixels).map(DynamicImage::ImageRgb8)
        }
        jpeg_decoder::PixelFormat::L8 => {
            image::GrayImage::from_raw(width, height, pixels).map(DynamicImage::ImageLuma8)
        }
        _ => None,
    };
    image.ok_or_else(|| "unsupported image: a JPEG in CMYK or 16-bit grey with split scans".into())
}

/// Whether a JPEG's last scan is followed by the end-of-image marker. Entropy-coded data never
/// holds an FF D9 or FF DA byte pair (an FF in it is followed by 00), so the last FF DA is the
/// last scan's start, and a complete file has an FF D9 after it (an EXIF thumbnail's end marker
/// comes before every scan; a second picture appended after the end has its own).
fn jpeg_complete(bytes: &[u8]) -> bool {
    let last_scan = bytes.windows(2).rposition(|pair| pair == [0xFF, 0xDA]);
    last_scan.is_some_and(|scan| bytes[scan..].windows(2).any(|pair| pair == [0xFF, 0xD9]))
}

/// `image` resized to `width` x `height` (fast_image_resize: SIMD convolution, Catmull-Rom).
///
/// Typed to RGB8: the untyped `Resizer::resize` dispatches over all 13 of the resizer's pixel
/// types, each with every CPU extension's convolution, and compiling all of them at opt-level 3
/// was 90% of this crate's code and about a minute of a clean build. The pixels are the same
/// (`resize` calls `resize_typed` with the type it finds).
pub fn resize(image: &RgbImage, width: u32, height: u32) -> Result<RgbImage, String> {
    use fast_image_resize as fr;
    use fr::images::{TypedImage, TypedImageRef};
    use fr::pixels::U8x3;
    let failed = |e: &dyn std::fmt::Display| format!("cannot resize: {e}");
    let source = TypedImageRef::<U8x3>::from_buffer(image.width(), image.height(), image.as_raw())
        .map_err(|e| failed(&e))?;
    let mut pixels = vec![0; width as usize * height as usize * 3];
    let mut target = TypedImage::<U8x3>::from_buffer(width, height, &mut pixels).map_err(|e| failed(&e))?;
    let options = fr::ResizeOptions::new().resize_alg(fr::ResizeAlg::Convolution(fr::FilterType::CatmullRom));
    fr::Resizer::new().resize_typed(&source, &mut target, &options).map_err(|e| failed(&e))?;
    RgbImage::from_raw(width, height, pixels).ok_or_else(|| "cannot resize".to_owned())
}

/// A baseline JPEG, the fallback every browser and feed reader shows. No metadata is written.
/// jpeg-encoder (AVX2 colour conversion and DCT) encodes several times faster than `image`'s.
/// Huffman tables fitted to the image: 12% smaller files for 13% more time (the sample's
/// listing photos; progressive scans came out larger).
pub fn encode_jpeg(image: &RgbImage, quality: u8) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let (width, height) = (u16::try_from(image.width()), u16::try_from(image.height()));
    let (Ok(width), Ok(height)) = (width, height) else {
        return Err("cannot encode JPEG: wider or taller than 65535 pixels".into());
    };
    let mut encoder = jpeg_encoder::Encoder::new(&mut bytes, quality);
    encoder.set_optimized_huffman_tables(true);
    encoder
        .encode(image.as_raw(), width, height, jpeg_encoder::ColorType::Rgb)
        .map_err(|e| format!("cannot encode JPEG: {e}"))?;
    Ok(bytes)
}

/// A lossy WebP (libwebp; `method` 0 fastest .. 6 smallest). No metadata is written.
pub fn encode_webp(image: &RgbImage, quality: f32, method: i32) -> Result<Vec<u8>, String> {
    let mut config = webp::WebPConfig::new().map_err(|()| "cannot encode WebP: no config".to_owned())?;
    config.quality = quality;
    config.method = method;
    let encoder = webp::Encoder::from_rgb(image.as_raw(), image.width(), image.height());
    let memory = encoder.encode_advanced(&config).map_err(|e| format!("cannot encode WebP: {e:?}"))?;
    Ok(memory.to_vec())
}

/// The average colour, `#rrggbb`: the placeholder shown while the photo loads.
pub fn average_color(image: &RgbImage) -> Result<String, String> {
    let [r, g, b] = resize(image, 1, 1)?.get_pixel(0, 0).0;
    Ok(format!("#{r:02x}{g:02x}{b:02x}"))
}

/// A made-up city photo `width` x `height` for `estate demo`: a sky gradient, a sun, towers with
/// lit windows, their reflection in water, and grain, so it compresses like a photo rather than
/// like flat colour. The same `seed` draws the same picture.
pub fn demo_photo(width: u32, height: u32, seed: u64) -> RgbImage {
    // A small xorshift generator: the picture depends on the seed alone.
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let hue = (next() % 360) as f32;
    let horizon = height * 62 / 100;
    let towers: Vec<(u32, u32, u32, [u8; 3])> = (0..14)
        .map(|_| {
            let x = (next() % u64::from(width)) as u32;
            let w = width / 24 + (next() % u64::from(width / 12)) as u32;
            let top = horizon.saturating_sub(height / 8 + (next() % u64::from(height / 2)) as u32);
            let shade = 30 + (next() % 50) as u8;
            (x, w, top, [shade, shade, shade + 20])
        })
        .collect();
    let sun =
        ((next() % u64::from(width)) as f32, (height / 5) as f32 + (next() % u64::from(height / 5)) as f32);
    let sky = |y: u32| -> [f32; 3] {
        let t = y as f32 / horizon as f32;
        let warm = (hue / 360.0).mul_add(60.0, 170.0);
        [warm * t + 40.0 * (1.0 - t), 120.0 * t + 60.0 * (1.0 - t), 150.0 * (1.0 - t) + 90.0 * t]
    };
    let mut grain = next();
    RgbImage::from_fn(width, height, |x, y| {
        let mirrored = if y >= horizon { horizon.saturating_sub(y - horizon) } else { y };
        let mut pixel = sky(mirrored);
        let distance = ((x as f32 - sun.0).powi(2) + (mirrored as f32 - sun.1).powi(2)).sqrt();
        if distance < height as f32 / 14.0 {
            pixel = [255.0, 230.0, 170.0];
        }
        for &(left, w, top, shade) in &towers {
            if x >= left && x < left + w && mirrored >= top {
                let window =
                    (x - left) % 14 < 6 && (mirrored - top) % 18 < 8 && (x / 7 + mirrored / 9) % 3 != 0;
                pixel = if window { [250.0, 215.0, 140.0] } else { shade.map(f32::from) };
            }
        }
        if y >= horizon {
            // Water: darker, with ripples.
            let ripple = ((y as f32 * 0.9).sin() * 10.0) + ((x as f32 * 0.05 + y as f32 * 0.3).sin() * 6.0);
            pixel = pixel.map(|c| c * 0.62 + ripple);
        }
        grain ^= grain << 13;
        grain ^= grain >> 7;
        grain ^= grain << 17;
        let noise = (grain % 17) as f32 - 8.0;
        Rgb(pixel.map(|c| (c + noise).clamp(0.0, 255.0) as u8))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_are_told_by_their_first_bytes() {
        assert_eq!(photo_extension(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some("jpg"));
        assert_eq!(photo_extension(b"\x89PNG\r\n\x1a\n...."), Some("png"));
        assert_eq!(photo_extension(b"RIFF\0\0\0\0WEBPVP8 "), Some("webp"));
        assert_eq!(photo_extension(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), None);
        assert_eq!(photo_extension(b"<html>"), None);
        assert_eq!(photo_extension(b"GIF89a"), None);
        assert_eq!(photo_extension(b"RIFF\0\0\0\0WAVE"), None);
        assert_eq!(photo_extension(b""), None);
    }

    /// The mean difference per channel between two pictures of one size.
    fn mean_difference(a: &RgbImage, b: &RgbImage) -> f64 {
        assert_eq!(a.dimensions(), b.dimensions());
        let total: u64 = a.as_raw().iter().zip(b.as_raw()).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
        total as f64 / a.as_raw().len() as f64
    }

    /// What this crate writes it reads back as the same picture, at each quality the generator
    /// uses (78 for the variants, 82 for the demo's photos: colour subsampled, a scan per
    /// component; 92 for an upload: full colour). The decoder used to read the first two with
    /// green and magenta stripes: a mean difference of about 90 of 255.
    #[test]
    fn a_jpeg_written_here_reads_back_as_the_same_picture() {
        let picture = demo_photo(640, 480, 7);
        for quality in [78, 82, 92] {
            let bytes = encode_jpeg(&picture, quality).unwrap();
            assert_eq!(jpeg_scans_split_subsampled(&bytes), quality < 90, "quality {quality}");
            let back = decode(&bytes).unwrap();
            let difference = mean_difference(&picture, &back);
            assert!(difference < 6.0, "quality {quality}: mean difference {difference:.1}");
        }
    }

    /// A JPEG in one interleaved scan (the layout of most cameras' and phones' files) is not
    /// taken for split scans, and reads back as it was written.
    #[test]
    fn an_interleaved_jpeg_is_read_by_the_usual_decoder() {
        let picture = demo_photo(320, 240, 3);
        let mut bytes = Vec::new();
        let encoder = jpeg_encoder::Encoder::new(&mut bytes, 80);
        encoder.encode(picture.as_raw(), 320, 240, jpeg_encoder::ColorType::Rgb).unwrap();
        assert!(!jpeg_scans_split_subsampled(&bytes));
        assert!(mean_difference(&picture, &decode(&bytes).unwrap()) < 6.0);
        // Cut short, it is still refused before either decoder reads it.
        assert!(decode(&bytes[..bytes.len() / 2]).unwrap_err().contains("truncated"));
        let split = encode_jpeg(&picture, 80).unwrap();
        assert!(decode(&split[..split.len() / 2]).unwrap_err().contains("truncated"));
    }
}
