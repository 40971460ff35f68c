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
  local wanted=()
  local package name installed
  for package in "$@"; do
    name="${package%%==*}"
    # Empty when it is not installed (pip show then fails: not an error here).
    installed=$("$DEPLOY_TOOLS/bin/python3" -m pip show "$name" 2>/dev/null | sed -n 's/^Version: //p') || true
    if [ -z "$installed" ] || { [ "$name" != "$package" ] && [ "$installed" != "${package#*==}" ]; }; then
      wanted+=("$package")
    fi
  done
  if [ ${#wanted[@]} -gt 0 ]; then
    echo "installing ${wanted[*]} into $DEPLOY_TOOLS (from PyPI)"
    "$DEPLOY_TOOLS/bin/python3" -m pip install --quiet --disable-pip-version-check "${wanted[@]}"
  fi
  export PATH="$DEPLOY_TOOLS/bin:$PATH"
  # The AWS tools would otherwise ask to report usage.
  export SAM_CLI_TELEMETRY=0
}
