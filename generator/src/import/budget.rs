//! What an import may spend: a deadline for the whole run, and an overall budget for photos (time
//! and bytes), so a slow or stalling server costs minutes, not 60 s x 20 photos x listings.
//!
//! When the deadline passes no listing starts, and a download under way is cut off at it; when
//! the photo budget is spent no photo is downloaded. A listing is written whole or not at all, so
//! a listing that still needed photos is left for the next run, which picks up where this one
//! stopped (listings already imported are unchanged, their photos kept).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The limits of a run, as given on the command line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The whole import, from its start.
    pub deadline: Duration,
    /// Photos are downloaded only during this long from the import's start.
    pub photo_time: Duration,
    /// Photos downloaded in all, in bytes.
    pub photo_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            deadline: Duration::from_secs(30 * 60),
            photo_time: Duration::from_secs(20 * 60),
            photo_bytes: 2 << 30,
        }
    }
}

/// Why the import stopped short of a listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Deadline,
    PhotoTime,
    PhotoBytes,
}

/// The limits of one run, and what it has spent so far (shared by the listings imported at once).
#[derive(Debug)]
pub struct Budget {
    pub limits: Limits,
    started: Instant,
    photos: AtomicUsize,
    bytes: AtomicU64,
    /// Set when the photo bytes ran out (the time limits are read from the clock).
    bytes_spent: OnceLock<()>,
}

impl Budget {
    /// A budget whose clock starts now.
    pub fn start(limits: Limits) -> Budget {
        Budget {
            limits,
            started: Instant::now(),
            photos: AtomicUsize::new(0),
            bytes: AtomicU64::new(0),
            bytes_spent: OnceLock::new(),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Photos downloaded so far, and their bytes.
    pub fn photos(&self) -> (usize, u64) {
        (self.photos.load(Ordering::Relaxed), self.bytes.load(Ordering::Relaxed))
    }

    /// Why no listing may start now, if none may.
    pub fn stopped(&self) -> Option<Stop> {
        (self.elapsed() >= self.limits.deadline).then_some(Stop::Deadline)
    }

    /// Why no photo may be downloaded now, if none may.
    pub fn photos_stopped(&self) -> Option<Stop> {
        self.stopped()
            .or_else(|| (self.elapsed() >= self.limits.photo_time).then_some(Stop::PhotoTime))
            .or_else(|| self.bytes_spent.get().map(|()| Stop::PhotoBytes))
    }

    /// How long a download may take now: `each`, or less where the deadline (and for a photo,
    /// the photo time) comes first; None when that time is up.
    pub fn download_time(&self, each: Duration, photo: bool) -> Option<Duration> {
        let mut end = self.limits.deadline;
        if photo {
            end = end.min(self.limits.photo_time);
        }
        let left = end.checked_sub(self.elapsed()).filter(|left| !left.is_zero())?;
        Some(left.min(each))
    }

    /// The most bytes the next photo may have: `each`, or what is left of the budget when that
    /// is less (downloads under way at once may each take it: the budget is kept within a few
    /// photos).
    pub fn photo_bytes(&self, each: u64) -> u64 {
        each.min(self.limits.photo_bytes.saturating_sub(self.bytes.load(Ordering::Relaxed)))
    }

    /// Counts a photo downloaded.
    pub fn spent(&self, bytes: u64) {
        self.photos.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(bytes, Ordering::Relaxed);
    }

    /// Marks the photo bytes as spent: a photo did not fit in what was left.
    pub fn bytes_ran_out(&self) {
        let _ = self.bytes_spent.set(());
    }

    /// What stopped the import short, in words: `the deadline (--deadline 30m)`.
    pub fn describe(&self, stop: Stop) -> String {
        match stop {
            Stop::Deadline => format!("the deadline (--deadline {}) passed", duration(self.limits.deadline)),
            Stop::PhotoTime => {
                format!("the time for photos (--photo-time {}) ran out", duration(self.limits.photo_time))
            }
            Stop::PhotoBytes => {
                format!("the photo budget (--photo-bytes {}) was spent", size(self.limits.photo_bytes))
            }
        }
    }
}

/// Reads `30m`, `90s`, `1h30m`, `500ms` (a number alone is seconds).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("`{text}` is not a duration such as 30m, 90s or 1h30m");
    let text = text.trim();
    if text.is_empty() {
        return Err(bad());
    }
    if let Ok(seconds) = text.parse::<u64>() {
        return Ok(Duration::from_secs(seconds));
    }
    let mut total = Duration::ZERO;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let number: u64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let unit_len = rest.find(|c: char| c.is_ascii_digit()).unwrap_or(rest.len());
        let unit = match &rest[..unit_len] {
            "ms" => Duration::from_millis(number),
            "s" => Duration::from_secs(number),
            "m" | "min" => Duration::from_secs(number * 60),
            "h" => Duration::from_secs(number * 3600),
            _ => return Err(bad()),
        };
        total += unit;
        rest = &rest[unit_len..];
    }
    Ok(total)
}

/// Reads `2GB`, `500MB`, `300KB` or a number of bytes (a KB is 1,024 bytes).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("`{text}` is not a size such as 2GB, 500MB or 300KB");
    let text = text.trim();
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let number: u64 = text[..digits].parse().map_err(|_| bad())?;
    let unit: u64 = match text[digits..].trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" => 1 << 10,
        "M" | "MB" => 1 << 20,
        "G" | "GB" => 1 << 30,
        _ => return Err(bad()),
    };
    number.checked_mul(unit).ok_or_else(bad)
}

/// `2m10s`, `45s`, `1h5m`, `800ms`: a duration as the flags take it.
pub fn duration(d: Duration) -> String {
    let secs = d.as_secs();
    if secs == 0 {
        return format!("{}ms", d.as_millis());
    }
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut out = String::new();
    for (n, unit) in [(h, "h"), (m, "m"), (s, "s")] {
        if n > 0 {
            out.push_str(&format!("{n}{unit}"));
        }
    }
    out
}

/// `1.2GB`, `350MB`, `12KB`, `900B`.
pub fn size(bytes: u64) -> String {
    let units = [(1u64 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")];
    for (unit, name) in units {
        if bytes >= unit {
            let value = bytes as f64 / unit as f64;
            return if value.fract() == 0.0 || value >= 100.0 {
                format!("{value:.0}{name}")
            } else {
                format!("{value:.1}{name}")
            };
        }
    }
    format!("{bytes}B")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_sizes_read_as_written_and_print_back() {
        assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        for bad in ["", "m", "3 days", "1x", "-5s"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_size("2GB"), Ok(2 << 30));
        assert_eq!(parse_size("300kb"), Ok(300 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots").is_err() && parse_size("5TB").is_err());
        assert_eq!(duration(Duration::from_secs(130)), "2m10s");
        assert_eq!(duration(Duration::from_secs(3600)), "1h");
        assert_eq!(duration(Duration::from_millis(800)), "800ms");
        assert_eq!(
            (size(2 << 30), size(1536 << 10), size(900)),
            ("2GB".into(), "1.5MB".into(), "900B".into())
        );
    }

    #[test]
    fn downloads_get_the_time_left_and_photos_the_bytes_left() {
        let limits =
            Limits { deadline: Duration::from_secs(60), photo_time: Duration::ZERO, photo_bytes: 100 };
        let budget = Budget::start(limits);
        assert!(
            budget
                .download_time(Duration::from_secs(10), false)
                .is_some_and(|d| d <= Duration::from_secs(10))
        );
        assert_eq!(budget.download_time(Duration::from_secs(10), true), None, "no photo time");
        assert_eq!(budget.photos_stopped(), Some(Stop::PhotoTime));
        assert_eq!(budget.stopped(), None);
        assert_eq!(budget.photo_bytes(1000), 100);
        budget.spent(60);
        assert_eq!((budget.photo_bytes(1000), budget.photos()), (40, (1, 60)));
        budget.spent(60);
        assert_eq!(budget.photo_bytes(1000), 0);
    }
}
