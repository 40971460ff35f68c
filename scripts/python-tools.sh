# shellcheck shell=bash
# Sourced by scripts/test-tools.sh and scripts/deploy-tools.sh: `python_tools DIR PACKAGE...`
# installs the PyPI packages it is given into the virtual environment DIR (made when missing) where
# they are missing; a package given as NAME==VERSION is installed at that version, again when
# another one is there. The installer is uv, itself from PyPI at a fixed version, installed once
# into target/uv (or PYTHON_TOOLS_UV). uv rather than pip: the tests' PyPI tools (moto's server, the
# AWS tools, cargo-lambda, zig) took pip 99-109 CPU-seconds and 2-5 minutes on the 2-core machine,
# uv 46-51 CPU-seconds and half a minute (each downloading everything, modules compiled as pip
# does); CI installs them while it compiles, so each CPU-second is one the compile waits for.
UV_VERSION=0.13.9
PYTHON_TOOLS_UV="${PYTHON_TOOLS_UV:-$PWD/target/uv}"

# uv, once: test-tools.sh and the deploy test's install run at the same time in CI (the lock).
python_tools_uv() {
  mkdir -p "$(dirname "$PYTHON_TOOLS_UV")"
  (
    flock 9
    if [ "$("$PYTHON_TOOLS_UV/bin/uv" --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
      [ -x "$PYTHON_TOOLS_UV/bin/python3" ] || python3 -m venv "$PYTHON_TOOLS_UV"
      "$PYTHON_TOOLS_UV/bin/python3" -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION"
    fi
  ) 9>"$PYTHON_TOOLS_UV.lock"
}

python_tools() {
  local dir=$1
  shift
  python_tools_uv
  local uv="$PYTHON_TOOLS_UV/bin/uv"
  [ -x "$dir/bin/python3" ] || "$uv" venv --quiet --python "$(command -v python3)" "$dir"
  # Each package's installed version, in one interpreter (a `pip show` each took a second or two).
  local missing
  missing=$("$dir/bin/python3" - "$@" <<'PY'
import sys
from importlib.metadata import PackageNotFoundError, version
for package in sys.argv[1:]:
    name, _, pinned = package.partition("==")
    try:
        installed = version(name.partition("[")[0])
    except PackageNotFoundError:
        installed = None
    if installed is None or (pinned and installed != pinned):
        print(package)
PY
  )
  local wanted=()
  [ -z "$missing" ] || mapfile -t wanted <<<"$missing"
  if [ ${#wanted[@]} -gt 0 ]; then
    echo "installing ${wanted[*]} into $dir (from PyPI)"
    # Compiled as they are installed: each start of a tool would otherwise compile its modules
    # again where PYTHONDONTWRITEBYTECODE is set (moto's server: 1.3 CPU-seconds a start, 3.5).
    "$uv" pip install --quiet --compile-bytecode --python "$dir/bin/python3" "${wanted[@]}"
  fi
}
