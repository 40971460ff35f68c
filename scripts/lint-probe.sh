#!/usr/bin/env bash
# Proves that the lints are on before .ci/run builds with them: a crate holding one clippy
# warning must fail to build under RUSTC_WORKSPACE_WRAPPER and CLIPPY_ARGS as .ci/run sets them.
# Were clippy's way of taking its arguments to change, the build would pass unlinted; this fails
# CI instead.
set -euo pipefail
cd "$(dirname "$0")/.."
probe=target/lint-probe
mkdir -p "$probe/src"
cat >"$probe/Cargo.toml" <<'TOML'
[package]
name = "lint-probe"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]
TOML
# clippy::clone_on_copy, a warning that -D warnings makes an error.
echo 'pub fn one() -> u32 { let x: u32 = 1; x.clone() }' >"$probe/src/lib.rs"
if cargo build --quiet --manifest-path "$probe/Cargo.toml" --target-dir "$probe/target" >"$probe/out.log" 2>&1; then
  echo "the lint probe built: clippy's lints are not on (RUSTC_WORKSPACE_WRAPPER, CLIPPY_ARGS)" >&2
  exit 1
fi
if ! grep -q 'clippy::clone.on.copy' "$probe/out.log"; then
  cat "$probe/out.log" >&2
  echo "the lint probe failed, but not on clippy's lint" >&2
  exit 1
fi
echo "lint probe: clippy's lints are on, warnings are errors"
