//! The one rule for coordinates in content (listings, `site.yaml`, communities): on the globe,
//! and a warning when outside the UAE, which is almost always swapped or mistyped numbers.

use std::path::Path;

use contract::api::Coordinates;

use super::diag::Diagnostic;
use super::yaml::Pos;

/// The problem with `c`, found at `pos` of the file at `path`, if any.
pub fn check_coordinates(path: &Path, pos: Pos, c: &Coordinates) -> Option<Diagnostic> {
    if !(-90.0..=90.0).contains(&c.lat) || !(-180.0..=180.0).contains(&c.lng) {
        Some(Diagnostic::error(
            path,
            pos,
            "coordinates out of range: `lat` is -90 to 90, `lng` is -180 to 180",
        ))
    } else if !(22.0..=27.0).contains(&c.lat) || !(51.0..=57.0).contains(&c.lng) {
        Some(
            Diagnostic::warning(path, pos, "these coordinates are outside the UAE")
                .with_hint("Dubai is near lat 25.2, lng 55.3"),
        )
    } else {
        None
    }
}
