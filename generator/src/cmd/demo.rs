//! `estate demo`: synthetic content of any size, for benchmarks and scale tests.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use super::fail;
use crate::content::demo;

pub fn run(out: &Path, properties: usize, posts: usize, seed: u64, shared_photos: bool) -> ExitCode {
    let started = Instant::now();
    match demo::write(out, properties, posts, seed, shared_photos) {
        Ok(files) => {
            println!(
                "Wrote {files} files ({properties} listings, {posts} posts) into {} in {:.2} s",
                out.display(),
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("cannot write the demo content into {}: {e}", out.display())),
    }
}
