#!/usr/bin/env bash
# Runs every test of the project. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> Rust tests (generator, lead-fn)"
if command -v cargo-nextest >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
  cargo test --workspace --doc --quiet
else
  cargo test --workspace --no-fail-fast
fi
