# shellcheck shell=bash
# lead-fn's Lambda binary under cargo-lambda's emulator, for the deploy scripts' tests
# (test-deploy.sh, test-search-emulator.sh); sourced, after they have set SITE_PID to the site
# server they started. `start_emulator LOG [--env-var NAME=VALUE]...` starts it on a free port of
# 127.0.0.1 (EMULATOR_PORT) with the settings given; it runs the function as its child, so it
# gets a process group of its own, which `stop_emulator` ends. Both end at the script's exit.
# `answered LOG SECONDS COMMAND...` waits for the function's first answer. The sourcing script
# defines `WORK` (its folder) and `fail`.

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

EMULATOR_PID=
start_emulator() {
  local log=$1
  shift
  EMULATOR_PORT=$(free_port)
  setsid cargo lambda watch --ignore-changes --quiet -p lead-fn --bin lead-fn-lambda \
    --invoke-address 127.0.0.1 --invoke-port "$EMULATOR_PORT" "$@" >"$log" 2>&1 &
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

# Runs COMMAND... until it succeeds, for at most SECONDS: the emulator builds and starts the
# function on its first invocation. Fails, showing LOG and the last error, if the emulator stops
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
