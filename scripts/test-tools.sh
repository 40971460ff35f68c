#!/usr/bin/env bash
# Installs what the test suite needs and the machine lacks: Node.js of the version in .nvmrc (from
# the npm registry when the machine's is older: scripts/use-node.sh), Python's aiosmtpd (the real
# SMTP server of lead-fn's delivery tests), moto's DynamoDB server (the saved searches' tests), Java (vnu.jar, the HTML validator), the site's npm
# packages, and Debian's Chromium in its headless build (the browser tests). Each is skipped when
# present, so a second run costs nothing. scripts/test.sh runs it; .ci/run starts it early,
# beside the lints, because it waits on the network and the disk while the lints use the
# processors.
set -euo pipefail
cd "$(dirname "$0")/.."
# The supported Node first on PATH, for npm ci below (the callers source the same file).
. scripts/use-node.sh

# One `apt-get update` however many packages are missing.
APT_UPDATED=""
apt_install() {
  if [ "$(id -u)" != 0 ]; then
    echo "missing: sudo apt-get install $*" >&2
    return 1
  fi
  if [ -z "$APT_UPDATED" ]; then
    apt-get update -qq
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! python3 -c 'import aiosmtpd' >/dev/null 2>&1; then
  echo "installing Python's aiosmtpd"
  # pip where there is one (PEP 668 Debian Pythons need --break-system-packages), else Debian's
  # own package.
  python3 -m pip install --quiet --break-system-packages aiosmtpd >/dev/null 2>&1 \
    || python3 -m pip install --quiet aiosmtpd >/dev/null 2>&1 \
    || apt_install python3-aiosmtpd \
    || { echo "cannot install aiosmtpd: python3 -m pip install aiosmtpd" >&2; exit 1; }
fi

# moto's server mode: a real DynamoDB API on 127.0.0.1 for the saved searches' tests
# (lead-fn/tests/it/support/dynamodb.rs starts it), in a virtual environment of its own, from PyPI,
# at a fixed version (scripts/python-tools.sh: nothing to do when it is there).
# shellcheck source=scripts/python-tools.sh
. scripts/python-tools.sh
python_tools target/dynamodb-emulator "moto[server]==5.2.5"

# Chromium and Java in one apt run. Java comes from Debian: vnu-jar's postinstall, which would
# download a Java of its own, is denied in site/package.json's allowScripts. The browser tests
# run Chromium's headless shell (Debian's build of the same Chromium, lighter to run:
# site/e2e/browser.mjs); CHROMIUM names another.
packages=()
command -v java >/dev/null 2>&1 || packages+=(default-jre-headless)
[ -n "${CHROMIUM:-}" ] || command -v chromium-headless-shell >/dev/null 2>&1 || packages+=(chromium-headless-shell)
if [ ${#packages[@]} -gt 0 ]; then
  echo "installing Debian's ${packages[*]}"
  apt_install "${packages[@]}"
fi

if [ ! -d site/node_modules ] || [ site/package-lock.json -nt site/node_modules/.package-lock.json ]; then
  echo "installing the site's npm packages (npm ci)"
  (cd site && npm ci --no-audit --no-fund)
fi
