# shellcheck shell=bash
# lead-fn's Lambda binary under cargo-lambda's emulator, for the deploy scripts' tests
# (test-deploy.sh, test-search-emulator.sh); sourced, after they have set SITE_PID to the site
# server they started. `start_emulator LOG [NAME=VALUE]...` starts the emulator's Lambda APIs on a
# free port of 127.0.0.1 (EMULATOR_PORT) and, beside it, the function with the settings given,
# both in a process group of their own, which `stop_emulator` ends. Both end at the script's exit.
# `answered LOG SECONDS COMMAND...` waits for the function's first answer. The sourcing script
# defines `WORK` (its folder) and `fail`.
#
# The function is the binary the workspace's tests build (target/debug/lead-fn-lambda), run as
# Lambda runs a custom runtime: pointed at the runtime API by AWS_LAMBDA_RUNTIME_API. Letting the
# emulator build it (`cargo lambda watch` without --only-lambda-apis) compiled it a second time,
# with the features of lead-fn alone: about 70 s of CI's two cores, after every other test. The
# deployed build (the arm64 artifact) is test-deploy.sh's own step.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# The tests' build (nothing to do when they have run; the emulator's function is its binary),
# checked once: test-deploy.sh runs test-search-emulator.sh, which sources this file again.
if [ -z "${FUNCTION_BINARY:-}" ]; then
  echo "the function: the tests' build (cargo test --workspace --no-run)"
  cargo test --workspace --no-run --quiet
  FUNCTION_BINARY="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/lead-fn-lambda"
  export FUNCTION_BINARY
fi

EMULATOR_PID=
start_emulator() {
  local log=$1
  shift
  EMULATOR_PORT=$(free_port)
  local api="http://127.0.0.1:$EMULATOR_PORT/.rt/lead-fn-lambda"
  # The emulator's APIs, then the function once they answer; each invocation is routed by the
  # function's name (lead-fn-lambda), which the runtime API's address carries. If either stops
  # (the emulator before it listens, the function at any time: a pending invoke would wait on the
  # emulator forever), both do, which `answered` reports with the log.
  # shellcheck disable=SC2016 # the inner script's own arguments
  setsid bash -c '
    cargo lambda watch --only-lambda-apis --ignore-changes --quiet \
      --invoke-address 127.0.0.1 --invoke-port "$1" &
    watch=$!
    until python3 -c "import socket, sys; socket.create_connection((\"127.0.0.1\", int(sys.argv[1])), 1)" "$1" 2>/dev/null; do
      kill -0 "$watch" 2>/dev/null || exit 1
      sleep 0.1
    done
    shift
    env AWS_LAMBDA_RUNTIME_API="$1" AWS_LAMBDA_FUNCTION_NAME=lead-fn-lambda \
      AWS_LAMBDA_FUNCTION_VERSION=1 AWS_LAMBDA_FUNCTION_MEMORY_SIZE=512 "${@:2}"
    status=$?
    echo "the function exited with status $status"
    kill "$watch" 2>/dev/null
    exit "$status"
  ' _ "$EMULATOR_PORT" "$api" "$@" "$FUNCTION_BINARY" >"$log" 2>&1 &
  EMULATOR_PID=$!
}
stop_emulator() {
  if [ -n "$EMULATOR_PID" ]; then
    kill -- "-$EMULATOR_PID" 2>/dev/null || true
    wait "$EMULATOR_PID" 2>/dev/null || true
    EMULATOR_PID=
  fi
}
cleanup() {
  kill "${SITE_PID:-}" 2>/dev/null || true
  stop_emulator
}
trap cleanup EXIT

# Runs COMMAND... until it succeeds, for at most SECONDS: the function answers once it has started
# and found the emulator's runtime API. Fails, showing LOG and the last error, if the emulator stops
# or the function never answers.
answered() {
  local log=$1 seconds=$2
  shift 2
  local until=$((SECONDS + seconds))
  while ! "$@" 2>"$WORK/invoke.err"; do
    kill -0 "$EMULATOR_PID" 2>/dev/null || { cat "$log"; fail "the emulator stopped"; }
    [ "$SECONDS" -lt "$until" ] || { cat "$log" "$WORK/invoke.err"; fail "the function never answered"; }
    sleep 2
  done
}
