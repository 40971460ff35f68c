//! Where a build's time goes, stage by stage, printed to stderr when `ESTATE_TIMINGS` is set
//! (the incremental benchmark and anyone profiling a slow build read it).

use std::time::Instant;

/// A stopwatch that prints each lap's milliseconds under a name.
pub struct Laps {
    name: &'static str,
    last: Instant,
    enabled: bool,
}

impl Laps {
    pub fn start(name: &'static str) -> Laps {
        Laps { name, last: Instant::now(), enabled: std::env::var_os("ESTATE_TIMINGS").is_some() }
    }

    /// Prints the time since the last lap (or the start) as `what`.
    pub fn lap(&mut self, what: &str) {
        if self.enabled {
            let now = Instant::now();
            crate::stdio::err(&format!(
                "estate timings: {}: {what} {:.1} ms\n",
                self.name,
                (now - self.last).as_secs_f64() * 1000.0
            ));
            self.last = now;
        }
    }
}
