#!/usr/bin/env bash
# Runs netlify.toml's build as Netlify runs it, with Netlify's own CLI (`netlify build --offline`),
# on a fresh clone of the committed tree in target/netlify-check/: the build command, the publish
# folder, the plugins and [build.environment] are checked by the tool that reads them on the CDN.
# Not part of CI: the first run installs netlify-cli from npm (about 350 MB) and every run
# compiles estate in release mode, as Netlify's first deploy does. ESTATE_BIN=path/to/estate
# puts that binary in the clone's .estate-cache/ instead, so the build starts at once.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node.sh

# Netlify's Node is netlify.toml's NODE_VERSION; the tests' is .nvmrc's: one version.
nvmrc=$(tr -dc '0-9' <.nvmrc)
netlify_node=$(sed -n 's/^ *NODE_VERSION *= *"\([0-9]*\)".*/\1/p' netlify.toml)
if [ "$netlify_node" != "$nvmrc" ]; then
  echo "netlify.toml's NODE_VERSION (${netlify_node:-none}) is not .nvmrc's Node ($nvmrc)" >&2
  exit 1
fi

# netlify-cli at a fixed version in target/netlify-cli/. None of its packages' install scripts is
# needed to build: netlify-cli's prints a welcome and writes shell completion; unix-dgram's
# compiles a syslog binding; sharp's and esbuild's check binaries that come from their platform
# packages.
CLI_VERSION=27.10.2
cli_dir=target/netlify-cli
if [ "$(node -p "require('./$cli_dir/node_modules/netlify-cli/package.json').version" 2>/dev/null)" != "$CLI_VERSION" ]; then
  echo "installing netlify-cli $CLI_VERSION into $cli_dir/"
  mkdir -p "$cli_dir"
  cat >"$cli_dir/package.json" <<JSON
{ "private": true,
  "allowScripts": { "netlify-cli": false, "unix-dgram": false, "sharp": false, "esbuild": false } }
JSON
  npm install --prefix "$cli_dir" --no-audit --no-fund --loglevel=error "netlify-cli@$CLI_VERSION"
fi

# A clone of HEAD: what Netlify checks out (committed files only; a dirty tree is not checked).
check=target/netlify-check
rm -rf "$check"
git clone --quiet --no-hardlinks . "$check"
if [ -n "${ESTATE_BIN:-}" ]; then
  key=$(cd "$check" && scripts/cached-estate.sh --key)
  mkdir -p "$check/.estate-cache"
  cp "$ESTATE_BIN" "$check/.estate-cache/estate-$key"
fi

start=$SECONDS
# The root package.json's packages (the build plugins netlify.toml names), as Netlify's build
# image installs them before the build.
(cd "$check" && npm ci --no-audit --no-fund --loglevel=error)
(cd "$check" && "$OLDPWD/$cli_dir/node_modules/.bin/netlify" build --offline)
[ -f "$check/dist/index.html" ] || { echo "netlify build published no dist/index.html" >&2; exit 1; }
echo "check-netlify: netlify build --offline passed in $((SECONDS - start)) s ($check/dist)"
