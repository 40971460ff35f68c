# shellcheck shell=bash
# Sourced by scripts/deploy-lead-fn.sh and scripts/test-deploy.sh: `deploy_tools PACKAGE...`
# installs the PyPI packages it is given (the AWS tools, cargo-lambda and zig) into a virtual
# environment under target/deploy-tools/ (or DEPLOY_TOOLS) when they are missing, and puts it
# first on PATH (zig, which cargo-lambda cross-compiles with, is found there). A package given as
# NAME==VERSION is installed at that version, again when another one is there.
DEPLOY_TOOLS="${DEPLOY_TOOLS:-$PWD/target/deploy-tools}"
deploy_tools() {
  if [ ! -x "$DEPLOY_TOOLS/bin/python3" ]; then
    python3 -m venv "$DEPLOY_TOOLS"
  fi
  # Each package's installed version, in one interpreter (a `pip show` each took a second or two).
  local missing
  missing=$("$DEPLOY_TOOLS/bin/python3" - "$@" <<'PY'
import sys
from importlib.metadata import PackageNotFoundError, version
for package in sys.argv[1:]:
    name, _, pinned = package.partition("==")
    try:
        installed = version(name)
    except PackageNotFoundError:
        installed = None
    if installed is None or (pinned and installed != pinned):
        print(package)
PY
  )
  local wanted=()
  [ -z "$missing" ] || mapfile -t wanted <<<"$missing"
  if [ ${#wanted[@]} -gt 0 ]; then
    echo "installing ${wanted[*]} into $DEPLOY_TOOLS (from PyPI)"
    "$DEPLOY_TOOLS/bin/python3" -m pip install --quiet --disable-pip-version-check "${wanted[@]}"
  fi
  export PATH="$DEPLOY_TOOLS/bin:$PATH"
  # The AWS tools would otherwise ask to report usage.
  export SAM_CLI_TELEMETRY=0
}
