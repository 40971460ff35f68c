#!/usr/bin/env bash
# Runs `estate ARGS` from a release binary kept in .estate-cache/ and named by a hash of the
# tracked files it is built from (the Cargo files, contract/, generator/, lead-fn/): compiled
# once when they change, reused as it is when only the content or the site did. Netlify's build
# (netlify.toml) and the content workflow (.github/workflows/content.yml) keep that folder
# between runs, so a content-only change does not wait for a compile. The hash is of committed
# files: locally, use `cargo run --release --bin estate --` (or `cargo install`) instead.
set -euo pipefail
cd "$(dirname "$0")/.."

key=$(git ls-files -s -- Cargo.toml Cargo.lock rust-toolchain.toml contract generator lead-fn 2>/dev/null \
  | sha256sum | cut -c1-16) || key=""
bin=".estate-cache/estate-$key"
if [ -z "$key" ] || [ ! -x "$bin" ]; then
  echo "cached-estate: compiling estate (no binary for these Rust sources in .estate-cache/ yet)" >&2
  cargo build --quiet --release --locked --bin estate
  if [ -z "$key" ]; then
    exec target/release/estate "$@"
  fi
  rm -rf .estate-cache
  mkdir -p .estate-cache
  cp target/release/estate "$bin"
fi
exec "$bin" "$@"
