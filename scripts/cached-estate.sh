#!/usr/bin/env bash
# Runs `estate ARGS` from a release binary kept in .estate-cache/ and named by a hash of the
# tracked files it is built from: the Cargo files, rust-toolchain.toml and every workspace member
# the root Cargo.toml lists (a crate added there is hashed without a change here). Compiled once
# when they change, reused as it is when only the content or the site did. Netlify's build
# (netlify.toml) and the content workflow (.github/workflows/content.yml, which names its cache by
# `scripts/cached-estate.sh --key`) keep that folder between runs, so a content-only change does
# not wait for a compile. The hash is of committed files: locally, use
# `cargo run --release --bin estate --` (or `cargo install`) instead.
set -euo pipefail
cd "$(dirname "$0")/.."

# The members of `members = [...]` in the root Cargo.toml, on one line or several. Each is a git
# pathspec, so a glob member ("crates/*") matches as cargo's does.
mapfile -t members < <(sed -n '/^members *= *\[/,/\]/p' Cargo.toml | grep -o '"[^"]*"' | tr -d '"')
if [ ${#members[@]} = 0 ]; then
  echo "cached-estate: no workspace members in Cargo.toml's members = [...]" >&2
  exit 1
fi
key=$(git ls-files -s -- Cargo.toml Cargo.lock rust-toolchain.toml "${members[@]}" 2>/dev/null \
  | sha256sum | cut -c1-16) || key=""

if [ "${1:-}" = "--key" ]; then
  [ -n "$key" ] || { echo "cached-estate: not a git checkout, no key" >&2; exit 1; }
  echo "$key"
  exit 0
fi

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
