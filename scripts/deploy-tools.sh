# shellcheck shell=bash
# Sourced by scripts/deploy-lead-fn.sh and scripts/test-deploy.sh: `deploy_tools PACKAGE...`
# installs the PyPI packages it is given (the AWS tools, cargo-lambda and zig) into a virtual
# environment under target/deploy-tools/ when they are missing, and puts it first on PATH (zig,
# which cargo-lambda cross-compiles with, is found there).
DEPLOY_TOOLS="${DEPLOY_TOOLS:-$PWD/target/deploy-tools}"
deploy_tools() {
  if [ ! -x "$DEPLOY_TOOLS/bin/python3" ]; then
    python3 -m venv "$DEPLOY_TOOLS"
  fi
  local wanted=()
  for package in "$@"; do
    "$DEPLOY_TOOLS/bin/python3" -m pip show -q "$package" >/dev/null 2>&1 || wanted+=("$package")
  done
  if [ ${#wanted[@]} -gt 0 ]; then
    echo "installing ${wanted[*]} into $DEPLOY_TOOLS (from PyPI)"
    "$DEPLOY_TOOLS/bin/python3" -m pip install --quiet --disable-pip-version-check "${wanted[@]}"
  fi
  export PATH="$DEPLOY_TOOLS/bin:$PATH"
  # The AWS tools would otherwise ask to report usage.
  export SAM_CLI_TELEMETRY=0
}
