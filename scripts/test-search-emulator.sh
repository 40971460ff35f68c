#!/usr/bin/env bash
# The search function (the tests' build) under cargo-lambda's emulator (its Lambda APIs, from
# PyPI) over the 10,000-listing demo: `estate demo --properties 10000` published with `estate build
# --content-only`, the site's files served on this machine as the CDN serves them (JSON gzipped
# to a client that asks for it, every request logged), and the function (LEAD_ROUTES=search)
# invoked with HTTP API events. It checks that
#   - a search is answered one bounded page at a time: at most `limit` listings and never more
#     than SEARCH_MAX_LIMIT, never over SEARCH_MAX_ANSWER_BYTES, the number found in
#     X-Total-Count, the page and its size in X-Page and X-Per-Page (site/src/endpoints.ts, made
#     from contract::endpoints, gives the limits), the listings in the catalogue's order;
#   - the function read the site's search index (data/search-index.bin), not
#     api/properties.json;
#   - on the same site without its index (built by an older estate, which a function deployed
#     first still reads) the answers are the same bytes, api/properties.json is fetched gzipped,
#     and the function's log says why (`search_index_unavailable`).
# Too heavy for the test suite (a 10,000-listing build and the emulator's own build of the
# function): scripts/test-deploy.sh runs it, as CI's deploy step does. ESTATE_BIN names an estate
# already built (default: the tests' target/debug/estate, built when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
step() { echo "==> test-search-emulator: $1 (at $((SECONDS - START)) s)"; }
fail() { echo "test-search-emulator: FAILED: $1" >&2; exit 1; }

TARGET="${CARGO_TARGET_DIR:-$PWD/target}"
WORK="$TARGET/test-search-emulator"
rm -rf "$WORK"
mkdir -p "$WORK"
ESTATE="${ESTATE_BIN:-$TARGET/debug/estate}"
if [ ! -x "$ESTATE" ]; then
  step "estate (cargo build --bin estate)"
  env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS cargo build --quiet --bin estate
fi

# shellcheck source=scripts/deploy-tools.sh
. scripts/deploy-tools.sh
deploy_tools cargo-lambda

step "the 10,000-listing demo, published"
# The listings' photos do not matter to the search: 12 shared ones, not 25,000 to publish.
"$ESTATE" demo --properties 10000 --posts 10 --out "$WORK/content" --shared-photos >/dev/null
"$ESTATE" build --content-only --content "$WORK/content" --out "$WORK/site" --no-cache >"$WORK/build.log" 2>&1 ||
  { tail -20 "$WORK/build.log"; fail "the demo did not build"; }
[ -f "$WORK/site/data/search-index.bin" ] || fail "the build published no data/search-index.bin"
ls -l "$WORK/site/api/properties.json" "$WORK/site/data/search-index.bin"

# shellcheck source=scripts/lambda-emulator.sh
. scripts/lambda-emulator.sh
SITE_PORT=$(free_port)
python3 - "$WORK/site" "$SITE_PORT" "$WORK/site-requests.log" >"$WORK/site.log" 2>&1 <<'EOF' &
# The site as the CDN serves it: a file or 404, JSON gzipped to a client that accepts gzip;
# each request logged as "path status encoding".
import gzip, http.server, pathlib, sys
root, port, log = pathlib.Path(sys.argv[1]), int(sys.argv[2]), open(sys.argv[3], "a", buffering=1)
class Site(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        file = root / self.path.split("?")[0].lstrip("/")
        if not file.is_file():
            self.answer(404, b"{\"error\":\"not found\"}", {"content-type": "application/json"})
            return
        body, headers = file.read_bytes(), {"content-type": "application/octet-stream"}
        if file.suffix == ".json":
            headers["content-type"] = "application/json"
            if "gzip" in self.headers.get("accept-encoding", ""):
                body, headers["content-encoding"] = gzip.compress(body, 6), "gzip"
        self.answer(200, body, headers)
    def answer(self, status, body, headers):
        log.write(f"{self.path} {status} {headers.get('content-encoding', 'identity')}\n")
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", port), Site).serve_forever()
EOF
SITE_PID=$!
# The emulator answering searches only, over the site's catalogue; its log in $1.
start_search_emulator() {
  start_emulator "$1" LEAD_ROUTES=search \
    "LEAD_CATALOGUE_URL=http://127.0.0.1:$SITE_PORT/api/properties.json"
}

# The searches: the HTTP API event lead-fn's tests use, with each body.
python3 - lead-fn/tests/events/search-http.json "$WORK" <<'EOF'
import json, sys
event = json.load(open(sys.argv[1]))
event["rawQueryString"], event["queryStringParameters"] = "", {}
bodies = {"first": {}, "third-of-100": {"limit": 100, "page": 3}, "marina": {"query": "marina", "limit": 1000}}
for name, body in bodies.items():
    event["body"] = json.dumps(body)
    json.dump(event, open(f"{sys.argv[2]}/{name}.event.json", "w"))
EOF
invoke() {
  cargo lambda invoke lead-fn-lambda --invoke-address 127.0.0.1 --invoke-port "$EMULATOR_PORT" \
    --output-format json --data-file "$WORK/$1.event.json" >"$WORK/$1.$2.json"
}
# Every search in turn; the first waits for the emulator to build and start the function.
search_all() {
  answered "$WORK/emulator-$1.log" 240 invoke first "$1"
  invoke third-of-100 "$1"
  invoke marina "$1"
}

step "the function over the site with its index"
start_search_emulator "$WORK/emulator-indexed.log"
search_all indexed
stop_emulator
cp "$WORK/site-requests.log" "$WORK/requests-indexed.log"

step "the same site without its index (built by an older estate)"
: >"$WORK/site-requests.log"
mv "$WORK/site/data/search-index.bin" "$WORK/search-index.bin.away"
start_search_emulator "$WORK/emulator-alone.log"
search_all alone
stop_emulator

python3 - "$WORK" site/src/endpoints.ts <<'EOF' || fail "the answers"
import base64, json, pathlib, re, sys
work, endpoints = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]).read_text()
limit = lambda name: int(re.search(rf"export const {name} = (\d+);", endpoints).group(1))
DEFAULT, MOST, MOST_BYTES = limit("SEARCH_DEFAULT_LIMIT"), limit("SEARCH_MAX_LIMIT"), limit("SEARCH_MAX_ANSWER_BYTES")
catalogue = [p["id"] for p in json.loads((work / "site/api/properties.json").read_text())]
assert len(catalogue) == 10_000, len(catalogue)

def answer(name, run):
    reply = json.loads((work / f"{name}.{run}.json").read_text())
    body = reply.get("body") or ""
    body = base64.b64decode(body) if reply.get("isBase64Encoded") else body.encode()
    headers = {k.lower(): v for k, v in (reply.get("headers") or {}).items()}
    assert reply["statusCode"] == 200, (name, run, reply["statusCode"], body[:300])
    return headers, body

for run in ("indexed", "alone"):
    for name, page, per_page, asked in (("first", 1, DEFAULT, DEFAULT), ("third-of-100", 3, MOST, 100), ("marina", 1, MOST, 1000)):
        headers, body = answer(name, run)
        listings = json.loads(body)
        total = int(headers["x-total-count"])
        assert len(body) <= MOST_BYTES, (name, len(body))
        assert int(headers["x-page"]) == page and int(headers["x-per-page"]) == per_page, (name, headers)
        assert len(listings) == min(per_page, asked, MOST), (name, len(listings))
        assert total > len(listings), (name, total, "a page of more found")
        if name != "marina":
            # No criterion: every listing found, in the catalogue's order, this page's share.
            assert total == len(catalogue), (name, total)
            start = (page - 1) * per_page
            assert [p["id"] for p in listings] == catalogue[start:start + per_page], name
        print(f"ok ({run}): {name}: {len(listings)} listings of {total} found, page {page} of {per_page}, {len(body):,} bytes")
    for name in ("first", "third-of-100", "marina"):
        assert answer(name, run)[1] == answer(name, "indexed")[1], (name, run, "answered otherwise")
print("ok: the same bytes answered from the index and from api/properties.json alone")

def requests(log):
    return [line.split() for line in (work / log).read_text().splitlines()]
indexed = requests("requests-indexed.log")
assert ["/data/search-index.bin", "200", "identity"] in indexed, indexed
assert not any(path == "/api/properties.json" for path, *_ in indexed), indexed
print("ok: with its index the function fetched data/search-index.bin, never api/properties.json")
alone = requests("site-requests.log")
assert ["/data/search-index.bin", "404", "identity"] in alone, alone
assert ["/api/properties.json", "200", "gzip"] in alone, alone
said = [line for line in (work / "emulator-alone.log").read_text().splitlines() if "search_index_unavailable" in line]
assert said, "no log line said the index was missing"
assert "search_index_unavailable" not in (work / "emulator-indexed.log").read_text()
print(f"ok: without it, api/properties.json fetched gzipped, and the log said so: {said[0][-200:]}")
EOF
echo "test-search-emulator: passed in $((SECONDS - START)) s"
