#!/usr/bin/env bash
# Runs every test of the project. This is the README's test command and what CI runs.
# On a fresh Debian machine it installs what it needs: the site's npm packages, Chromium and Java.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> test tools: Python's aiosmtpd (the real SMTP server of lead-fn's delivery tests)"
if ! python3 -c 'import aiosmtpd' >/dev/null 2>&1; then
  # pip where there is one (PEP 668 Debian Pythons need --break-system-packages), else Debian's
  # own package.
  python3 -m pip install --quiet --break-system-packages aiosmtpd >/dev/null 2>&1 \
    || python3 -m pip install --quiet aiosmtpd >/dev/null 2>&1 \
    || { [ "$(id -u)" = 0 ] && apt-get update -qq \
         && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-aiosmtpd >/dev/null; } \
    || { echo "cannot install aiosmtpd: python3 -m pip install aiosmtpd" >&2; exit 1; }
fi

# Before npm ci: vnu-jar's postinstall would otherwise try to download a Java of its own.
echo "==> Java for the HTML validator (vnu.jar of the npm package vnu-jar, in e2e/a11y.test.mjs)"
if ! command -v java >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  else
    echo "java is missing: sudo apt-get install default-jre-headless" >&2
    exit 1
  fi
fi

echo "==> site: npm packages (the generator's publishing tests build the site too)"
if [ ! -d site/node_modules ] || [ site/package-lock.json -nt site/node_modules/.package-lock.json ]; then
  (cd site && npm ci --no-audit --no-fund)
fi

# Every test's builds share one image cache (atomic writes): the photos are processed once a run.
export ESTATE_IMAGE_CACHE="${ESTATE_IMAGE_CACHE:-$PWD/target/test-image-cache}"

echo "==> Rust tests (generator, lead-fn)"
if command -v cargo-nextest >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
  cargo test --workspace --doc --quiet
else
  cargo test --workspace --no-fail-fast
fi

echo "==> site: type check and component tests"
(cd site && npx tsc --noEmit && npx vitest run)

echo "==> browser tests (Debian's Chromium via playwright-core)"
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: sudo apt-get install chromium" >&2
    exit 1
  fi
fi
cargo build --quiet --bin estate
(cd site && npm run --silent e2e)
