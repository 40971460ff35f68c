//! The pixel work of `estate build`'s image stage: decode a source (checked: a supported format,
//! within the pixel limit, complete), apply its EXIF orientation, resize, encode JPEG and WebP.
//!
//! A crate of its own for speed: the codecs' generic code (the JPEG encoder is generic over its
//! writer, the resizer over its image views) is compiled where it is instantiated, so here, and
//! the workspace's dev profile builds this crate with opt-level 3. Instantiated in the generator
//! it ran at opt-level 0: 68 sample photos took two minutes in a debug build, now about a second.

use std::io::Cursor;

pub use image;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, RgbImage};

/// Larger images are refused before decoding (decompression bombs).
pub const MAX_PIXELS: u64 = 50_000_000;

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
    let mut image =
        DynamicImage::from_decoder(decoder).map_err(|e| format!("corrupt or truncated image: {e}"))?;
    image.apply_orientation(orientation);
    Ok(image.into_rgb8())
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
pub fn resize(image: &RgbImage, width: u32, height: u32) -> Result<RgbImage, String> {
    use fast_image_resize as fr;
    let source =
        fr::images::ImageRef::new(image.width(), image.height(), image.as_raw(), fr::PixelType::U8x3)
            .map_err(|e| format!("cannot resize: {e}"))?;
    let mut target = fr::images::Image::new(width, height, fr::PixelType::U8x3);
    let options = fr::ResizeOptions::new().resize_alg(fr::ResizeAlg::Convolution(fr::FilterType::CatmullRom));
    fr::Resizer::new().resize(&source, &mut target, &options).map_err(|e| format!("cannot resize: {e}"))?;
    RgbImage::from_raw(width, height, target.into_vec()).ok_or_else(|| "cannot resize".to_owned())
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
