//! A photo's perceptual fingerprint, to tell the same picture in two listings: the same file, the
//! photo resized or saved again at another JPEG quality, or lightly cropped.
//!
//! The fingerprint is a DCT hash (pHash) of 64 bits: the photo in grey, as a 32 x 32 grid of
//! cell means, its 8 x 8 lowest frequencies, each bit whether a frequency is above their median.
//! Resizing and recompressing move few bits; a crop moves many (the grid shifts under the
//! picture: 3% off each edge moved up to 18 of the 64 bits on the sample's photos, more than
//! two different photos of one room differ by). So the fingerprint holds the hash of the whole
//! frame and of the frame cropped by 0, 2.5 or 5% at each edge, 81 windows (those equal to an
//! earlier one left out): a copy cropped by up to 5% at any edges is within 1.25% per edge of
//! one window of the photo it was cut from, and is compared with that window's hash.
//!
//! Why not `image_hasher` (maintained, on our `image`): it hashes a whole frame, and the 81
//! windows would be 81 resizes of the whole photo; here the windows' grids come from one
//! integral image of a 160-pixel-wide copy.

use image::RgbImage;

/// The width the photo is reduced to before its grids are read (the grid's cells are 5 pixels
/// of it).
const WORKING_WIDTH: u32 = 160;
/// The grid the DCT reads, and the frequencies kept of it.
const GRID: usize = 32;
const KEPT: usize = 8;
/// What each edge is cropped by in the windows.
const CROPS: [f64; 3] = [0.0, 0.025, 0.05];

/// Two photos whose hashes differ by at most this many bits of 64 are the same picture.
///
/// Chosen on the sample's 72 listing photos (`raster/tests/fingerprint.rs` measures them, with
/// copies made by the `image` crate): each photo's copies resized to 1600, 800 and 480 pixels at
/// JPEG quality 90, 70 and 50 came within 2 bits of it; cropped by 5% off the top within 2; by 2%
/// at every edge, or by 5, 1, 3 and 4%, within 4; by 4% off the left and 3% off the bottom
/// within 6 (`difc-tower-1.jpg`, the worst). Different pictures of one place stay apart: the
/// palace by day and by night 20 bits, the row of townhouses by day and at dusk 14; the nearest
/// two different pictures are 8 apart (the two warehouse photos; a bedroom and the one whose
/// window shows the sea). What comes within 6 is one drawing in other colours, which a portal
/// takes for one photo too: the plot under two skies (2), the living room with the city at dusk
/// and at sunset (4), the bedroom with its two headboards (6).
pub const SAME_PICTURE: u32 = 6;

/// The photo's hashes: the whole frame's first, then its crops' (see the module's comment).
pub fn fingerprint(image: &RgbImage) -> Result<Vec<u64>, String> {
    let (width, height) = image.dimensions();
    if width == 0 || height == 0 {
        return Err("an empty image has no fingerprint".into());
    }
    let small_height =
        ((u64::from(height) * u64::from(WORKING_WIDTH)) / u64::from(width)).clamp(8, 1_000) as u32;
    let small = crate::resize(image, WORKING_WIDTH, small_height)?;
    let sums = Integral::new(&small);
    let cosines = cosines();
    let mut hashes: Vec<u64> = Vec::with_capacity(CROPS.len().pow(4));
    for left in CROPS {
        for top in CROPS {
            for right in CROPS {
                for bottom in CROPS {
                    let hash = window_hash(&sums, &cosines, [left, top, 1.0 - right, 1.0 - bottom]);
                    if !hashes.contains(&hash) {
                        hashes.push(hash);
                    }
                }
            }
        }
    }
    Ok(hashes)
}

/// How far apart two photos' pictures are: the fewest bits by which the whole frame of one
/// differs from a window of the other.
pub fn distance(a: &[u64], b: &[u64]) -> u32 {
    let (Some(&a_frame), Some(&b_frame)) = (a.first(), b.first()) else { return u64::BITS };
    let one_way = |windows: &[u64], frame: u64| windows.iter().map(|w| (w ^ frame).count_ones()).min();
    one_way(a, b_frame).into_iter().chain(one_way(b, a_frame)).min().unwrap_or(u64::BITS)
}

/// Every pair of fingerprints within [`SAME_PICTURE`] of each other (`i < j`), without comparing
/// every pair: every window of every photo is filed by each quarter of its bits (a pair within 6
/// bits differs by at most 1 in one of its four quarters), and each photo's whole frame looks up
/// the windows whose quarter is its own or one bit off, checking only those. (Filing the windows
/// and looking up the frames, rather than the other way round, makes 81 times fewer look-ups.)
pub fn same_pictures(prints: &[&[u64]]) -> Vec<(usize, usize)> {
    const QUARTERS: usize = 4;
    let quarter = |hash: u64, q: usize| ((hash >> (16 * q)) & 0xFFFF) as usize;
    // Every window, with the photo it is of.
    let windows: Vec<(u64, u32)> = prints
        .iter()
        .enumerate()
        .flat_map(|(i, print)| print.iter().map(move |&window| (window, i as u32)))
        .collect();
    let mut pairs = Vec::new();
    for q in 0..QUARTERS {
        // The windows by the value of this quarter (a counting sort: where each value's start).
        let mut starts = vec![0u32; (1 << 16) + 1];
        for &(window, _) in &windows {
            starts[quarter(window, q) + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut next = starts.clone();
        let mut filed = vec![(0u64, 0u32); windows.len()];
        for &(window, photo) in &windows {
            let slot = &mut next[quarter(window, q)];
            filed[*slot as usize] = (window, photo);
            *slot += 1;
        }
        for (i, print) in prints.iter().enumerate() {
            let Some(&frame) = print.first() else { continue };
            let own = quarter(frame, q);
            for flip in std::iter::once(0).chain((0..16).map(|bit| 1 << bit)) {
                let value = own ^ flip;
                for &(window, j) in &filed[starts[value] as usize..starts[value + 1] as usize] {
                    let j = j as usize;
                    if j != i && (window ^ frame).count_ones() <= SAME_PICTURE {
                        pairs.push((i.min(j), i.max(j)));
                    }
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// The 8 lowest frequencies of the DCT-II over 32 samples: `cos((2x + 1) u π / 64)`.
fn cosines() -> [[f64; GRID]; KEPT] {
    let mut table = [[0.0; GRID]; KEPT];
    for (u, row) in table.iter_mut().enumerate() {
        for (x, value) in row.iter_mut().enumerate() {
            *value = ((2 * x + 1) as f64 * u as f64 * std::f64::consts::PI / (2 * GRID) as f64).cos();
        }
    }
    table
}

/// The hash of one window (`[x0, y0, x1, y1]`, fractions of the frame).
fn window_hash(sums: &Integral, cosines: &[[f64; GRID]; KEPT], window: [f64; 4]) -> u64 {
    let [x0, y0, x1, y1] = window;
    let step = |from: f64, to: f64, i: usize| from + (to - from) * i as f64 / GRID as f64;
    let mut grid = [[0.0f64; GRID]; GRID];
    for (row, cells) in grid.iter_mut().enumerate() {
        let (top, bottom) = (step(y0, y1, row), step(y0, y1, row + 1));
        for (column, cell) in cells.iter_mut().enumerate() {
            *cell = sums.mean(step(x0, x1, column), top, step(x0, x1, column + 1), bottom);
        }
    }
    // Rows first (each row's 8 frequencies), then the columns of those.
    let mut rows = [[0.0f64; KEPT]; GRID];
    for (y, cells) in grid.iter().enumerate() {
        for u in 0..KEPT {
            rows[y][u] = cells.iter().zip(&cosines[u]).map(|(c, k)| c * k).sum();
        }
    }
    let mut coefficients = [0.0f64; KEPT * KEPT];
    for v in 0..KEPT {
        for u in 0..KEPT {
            coefficients[v * KEPT + u] = (0..GRID).map(|y| rows[y][u] * cosines[v][y]).sum();
        }
    }
    // The median of the 63 frequencies after the mean (the first, which would set it).
    let mut sorted = coefficients[1..].to_vec();
    sorted.sort_unstable_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    coefficients.iter().enumerate().fold(0u64, |hash, (i, &c)| if c > median { hash | 1 << i } else { hash })
}

/// The sums of the grey values above and left of each point of the reduced photo, for a box's
/// mean in four look-ups (between pixels, interpolated).
struct Integral {
    width: usize,
    height: usize,
    sums: Vec<f64>,
}

impl Integral {
    fn new(image: &RgbImage) -> Integral {
        let (width, height) = (image.width() as usize, image.height() as usize);
        let stride = width + 1;
        let mut sums = vec![0.0; stride * (height + 1)];
        for (y, row) in image.rows().enumerate() {
            let mut line = 0.0;
            for (x, pixel) in row.enumerate() {
                let [r, g, b] = pixel.0.map(f64::from);
                line += 0.299 * r + 0.587 * g + 0.114 * b;
                sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + line;
            }
        }
        Integral { width, height, sums }
    }

    /// The sum above and left of `(x, y)` (fractions of the frame).
    fn at(&self, x: f64, y: f64) -> f64 {
        let (x, y) = (
            (x * self.width as f64).clamp(0.0, self.width as f64),
            (y * self.height as f64).clamp(0.0, self.height as f64),
        );
        let (x0, y0) = (x.floor() as usize, y.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(self.width), (y0 + 1).min(self.height));
        let (fx, fy) = (x - x0 as f64, y - y0 as f64);
        let sum = |column: usize, row: usize| self.sums[row * (self.width + 1) + column];
        let top = sum(x0, y0) * (1.0 - fx) + sum(x1, y0) * fx;
        let bottom = sum(x0, y1) * (1.0 - fx) + sum(x1, y1) * fx;
        top * (1.0 - fy) + bottom * fy
    }

    /// The mean grey of the box from `(x0, y0)` to `(x1, y1)`.
    fn mean(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> f64 {
        let area = ((x1 - x0) * self.width as f64) * ((y1 - y0) * self.height as f64);
        (self.at(x1, y1) - self.at(x0, y1) - self.at(x1, y0) + self.at(x0, y0)) / area.max(f64::MIN_POSITIVE)
    }
}
