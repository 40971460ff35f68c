//! `estate`: the command line of the agency's site generator ([`generator::cli`]).

use std::process::ExitCode;

// mimalloc: a build makes and frees millions of small strings and trees; with glibc's malloc
// freeing them alone took 0.3 s of a 10,000-listing build.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    generator::cli::run()
}
