# shellcheck shell=bash
# lead-fn's Lambda binary under cargo-lambda's emulator, for the deploy scripts' tests
# (test-deploy.sh, test-search-emulator.sh); sourced, after they have set SITE_PID to the site
# server they started. `start_emulator LOG [--env-var NAME=VALUE]...` starts it on a free port of
# 127.0.0.1 (EMULATOR_PORT) with the settings given; it runs the function as its child, so it
# gets a process group of its own, which `stop_emulator` ends. Both end at the script's exit.

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
