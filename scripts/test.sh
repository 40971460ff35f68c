#!/usr/bin/env bash
# Runs every test of the project. This is the README's test command and what CI runs.
# On a fresh Debian machine it installs what it needs (scripts/test-tools.sh): Node.js of the
# version in .nvmrc, the site's npm packages, Chromium, Java and Python's aiosmtpd.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage prints its time when it ends, and the run a table of them, so a slow stage is seen.
STAGE=""
STAGE_START=$SECONDS
RUN_START=$SECONDS
TIMES=()
stage() {
  end_stage
  STAGE="$1"
  STAGE_START=$SECONDS
  echo "==> $STAGE"
}
end_stage() {
  if [ -n "$STAGE" ]; then
    local took=$((SECONDS - STAGE_START))
    echo "    ($took s: $STAGE)"
    TIMES+=("$(printf '%5d s  %s' "$took" "$STAGE")")
  fi
  STAGE=""
}
report_times() {
  end_stage
  echo "==> stage times"
  printf '%s\n' "${TIMES[@]}"
  printf '%5d s  all\n' $((SECONDS - RUN_START))
}
SITE_PID="" # the site's unit tests, while they run beside the Rust tests
trap '[ -z "$SITE_PID" ] || kill "$SITE_PID" 2>/dev/null || true; report_times' EXIT

stage "test tools: aiosmtpd, Java, the site's npm packages, Chromium (what is missing)"
./scripts/test-tools.sh
# The Node that test-tools.sh checked or installed, for every node, npm and npx below.
. scripts/use-node.sh

# Every test's builds share one image cache (atomic writes): the photos are processed once a run.
export ESTATE_IMAGE_CACHE="${ESTATE_IMAGE_CACHE:-$PWD/target/test-image-cache}"

# The site's type check, lint and component tests run beside the Rust tests, whose serial tail
# (the Vite builds, one at a time) leaves a processor idle; their output follows the Rust tests'.
mkdir -p target/test-logs
SITE_LOG=target/test-logs/site-unit.log

stage "Rust tests (generator, lead-fn), with the site's type check, lint and component tests beside them"
(cd site && npx tsc --noEmit && npx tsc -p scripts && npx eslint . && npx vitest run) >"$SITE_LOG" 2>&1 &
SITE_PID=$!
# The sample's photos into the shared image cache first: on a clean clone each test that publishes
# them and starts before the cache is filled processes all 115 again (about 30 s of CPU each;
# measured: the Rust tests 226 s with an empty cache, 204 s with this step's 17 s included). The
# tests' build includes the binary, so this compiles nothing the tests would not.
NEXTEST=""
command -v cargo-nextest >/dev/null 2>&1 && NEXTEST=1
if [ -n "$NEXTEST" ]; then cargo nextest run --workspace --no-run --cargo-quiet; else cargo test --workspace --no-run --quiet; fi
# The estate binary the tests built (cargo's target folder, or CARGO_TARGET_DIR's).
BUILT_ESTATE="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/estate"
"$BUILT_ESTATE" build --content-only --out target/sample-photos >/dev/null ||
  echo "the sample content did not build: the tests below say why" >&2
rm -rf target/sample-photos
rust=0
if [ -n "$NEXTEST" ]; then
  cargo nextest run --workspace --no-fail-fast && cargo test --workspace --doc --quiet || rust=$?
else
  cargo test --workspace --no-fail-fast || rust=$?
fi

stage "site: type check, lint and component tests (their output; they ran beside the Rust tests)"
site=0
wait "$SITE_PID" || site=$?
SITE_PID=""
cat "$SITE_LOG"
if [ "$rust" != 0 ] || [ "$site" != 0 ]; then
  [ "$rust" = 0 ] || echo "the Rust tests failed (above)" >&2
  [ "$site" = 0 ] || echo "the site's type check, lint or component tests failed ($SITE_LOG)" >&2
  exit 1
fi

# The estate binary the Rust tests built (building it again with `cargo build` would compile the
# workspace a second time: the tests' dev-dependencies turn on other features).
ESTATE_BIN="${ESTATE_BIN:-$BUILT_ESTATE}"
[ -x "$ESTATE_BIN" ] || cargo build --quiet --bin estate
export ESTATE_BIN

stage "browser tests: the sample site, built once for every test file"
# Test files with content of their own build it from the same caches (site/e2e/server.mjs).
export ESTATE_E2E_SITE="$PWD/target/e2e/site"
export ESTATE_E2E_CACHE="$PWD/target/e2e/cache/pages"
"$ESTATE_BIN" build --out "$ESTATE_E2E_SITE" --cache "$ESTATE_E2E_CACHE"

stage "browser tests"
# Without their screenshots, which are for a person to look at (ESTATE_E2E_SHOTS=1 to get them).
export ESTATE_E2E_SHOTS="${ESTATE_E2E_SHOTS:-0}"
(cd site && npm run --silent e2e)
