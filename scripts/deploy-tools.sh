# shellcheck shell=bash
# Sourced by scripts/deploy-lead-fn.sh and scripts/test-deploy.sh: `deploy_tools PACKAGE...`
# installs the PyPI packages it is given (the AWS tools, cargo-lambda and zig) into a virtual
# environment under target/deploy-tools/ (or DEPLOY_TOOLS) when they are missing
# (scripts/python-tools.sh), and puts it first on PATH (zig, which cargo-lambda cross-compiles
# with, is found there).
DEPLOY_TOOLS="${DEPLOY_TOOLS:-$PWD/target/deploy-tools}"
# shellcheck source=scripts/python-tools.sh
. "$(dirname "${BASH_SOURCE[0]}")/python-tools.sh"
deploy_tools() {
  python_tools "$DEPLOY_TOOLS" "$@"
  export PATH="$DEPLOY_TOOLS/bin:$PATH"
  # The AWS tools would otherwise ask to report usage.
  export SAM_CLI_TELEMETRY=0
}
