#!/usr/bin/env bash
# Tests the lead function's deploy without AWS: the SAM template validated offline (cfn-lint and
# `sam validate --lint`, with dummy credentials and, where the machine allows it, no network at
# all), the parameters scripts/deploy-lead-fn.sh passes checked against the template, the Lambda
# artifact built as it is deployed (cargo-lambda, arm64, an aarch64 ELF named bootstrap), and the
# function run under cargo-lambda's emulator (`cargo lambda watch`) and invoked with real API
# Gateway and function URL events; then the search function over the 10,000-listing demo
# (scripts/test-search-emulator.sh). The emulator runs a build for this machine: the arm64
# artifact cannot run on an x86-64 host, and both are compiled from the same source.
#
# The tools come from PyPI into target/deploy-tools/. CI runs this as its own step.
set -euo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
step() { echo "==> test-deploy: $1 (at $((SECONDS - START)) s)"; }
fail() { echo "test-deploy: FAILED: $1" >&2; exit 1; }

TEMPLATE=deploy/lead-fn/template.yaml
WORK=target/test-deploy
rm -rf "$WORK"
mkdir -p "$WORK"

step "tools (cfn-lint, aws-sam-cli, cargo-lambda, ziglang from PyPI)"
# shellcheck source=scripts/deploy-tools.sh
. scripts/deploy-tools.sh
deploy_tools cfn-lint aws-sam-cli cargo-lambda ziglang

# No AWS account is used: a region and dummy credentials keep the tools from looking for one.
export AWS_DEFAULT_REGION=me-central-1 AWS_REGION=me-central-1
export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing
unset AWS_PROFILE AWS_SESSION_TOKEN
# Without a network namespace of its own (where unshare is allowed), a check that tried to reach
# AWS would fail here instead of quietly passing on a machine with a network.
offline() {
  if unshare -n true 2>/dev/null; then unshare -n "$@"; else "$@"; fi
}

passed=0
check() { passed=$((passed + 1)); echo "ok: $1"; }

step "template: cfn-lint and sam validate --lint, offline"
offline cfn-lint "$TEMPLATE" || fail "cfn-lint found problems in $TEMPLATE"
check "cfn-lint $TEMPLATE"
offline sam validate --lint --template-file "$TEMPLATE" || fail "sam validate --lint refused $TEMPLATE"
check "sam validate --lint $TEMPLATE"
# The linter does catch a mistake: an alarm with a comparison CloudWatch does not have.
sed 's/ComparisonOperator: GreaterThanOrEqualToThreshold/ComparisonOperator: GreaterOrEqual/' "$TEMPLATE" >"$WORK/broken.yaml"
if offline cfn-lint "$WORK/broken.yaml" >"$WORK/broken.log" 2>&1; then
  fail "cfn-lint passed a template with an unknown comparison"
fi
grep -q "GreaterOrEqual" "$WORK/broken.log" || fail "cfn-lint did not name the mistake: $(cat "$WORK/broken.log")"
check "cfn-lint refuses a broken alarm"

step "the deploy script's parameters match the template's"
cp deploy/lead-fn/production.env "$WORK/production.env"
cat >>"$WORK/production.env" <<'EOF'
ALERT_EMAIL=alerts@palmcrest.example
LEAD_MAIL_TO=sales@palmcrest.example
LEAD_SMTP_HOST=smtp.example.net
LEAD_SMTP_USER=leads@palmcrest.example
EOF
scripts/deploy-lead-fn.sh --env "$WORK/production.env" --print-parameters >"$WORK/parameters.json"
python3 - "$TEMPLATE" "$WORK/parameters.json" <<'EOF' || fail "the parameters and the template disagree"
import json, re, sys
template = open(sys.argv[1]).read()
section = template.split("\nParameters:\n", 1)[1].split("\nConditions:\n", 1)[0]
declared = re.findall(r"^  (\w+):$", section, re.M)
defaults = set(re.findall(r"^  (\w+):\n(?:    .*\n)*?    Default:", section, re.M))
given = json.load(open(sys.argv[2]))
unknown = sorted(set(given) - set(declared))
missing = sorted(set(declared) - defaults - set(given))
assert not unknown, f"the script passes parameters the template lacks: {unknown}"
assert not missing, f"the template needs parameters the script does not pass: {missing}"
# cfn-lint does not see a misspelt parameter inside the SAM function's properties: every !Ref
# and ${Name} must name a parameter or a resource (or SAM's function URL, LeadFunctionUrl).
resources = re.findall(r"^  (\w+):$", template.split("\nResources:\n", 1)[1].split("\nOutputs:\n", 1)[0], re.M)
named = set(re.findall(r"!Ref ([\w:]+)", template)) - {"AWS::NoValue", "AWS::StackName"} | set(re.findall(r"\$\{(\w+)\}", template))
unknown_refs = sorted(named - set(declared) - set(resources))
assert not unknown_refs, f"the template names what it does not declare: {unknown_refs}"
assert given["LeadSmtpHost"] == "smtp.example.net" and given["LeadMailFrom"].endswith("<leads@palmcrest.ae>")
print(f"{len(given)} parameters, all declared; every required one given")
EOF
check "deploy-lead-fn.sh --print-parameters"

# The two functions of one binary: the lead function answers the enquiries alone and the search
# function the searches alone, each with its own reserved concurrency and URL; the search function
# gets none of the sinks' settings or secrets.
python3 - "$TEMPLATE" <<'EOF' || fail "the lead and search functions' split"
import re, sys
template = open(sys.argv[1]).read()
resources = template.split("\nResources:\n", 1)[1].split("\nOutputs:\n", 1)[0]
blocks = dict(re.findall(r"^  (\w+):\n((?:(?:    .*)?\n)*)", resources, re.M))
functions = {name: body for name, body in blocks.items() if "Type: AWS::Serverless::Function" in body}
assert sorted(functions) == ["LeadFunction", "SearchFunction"], sorted(functions)
routes = {name: re.search(r"LEAD_ROUTES: (\w+)", body).group(1) for name, body in functions.items()}
assert routes == {"LeadFunction": "leads", "SearchFunction": "search"}, routes
reserved = {name: re.search(r"ReservedConcurrentExecutions: !If \[(\w+), !Ref (\w+)", body).groups() for name, body in functions.items()}
assert reserved == {"LeadFunction": ("Reserved", "ReservedConcurrency"), "SearchFunction": ("SearchReserved", "SearchReservedConcurrency")}, reserved
search = functions["SearchFunction"]
for sink in ["LEAD_MAIL", "LEAD_SMTP", "LEAD_EMAIL_API", "LEAD_WEBHOOK", "LEAD_DELIVERY"]:
    assert sink not in search, f"the search function is given {sink}"
assert "LEAD_SEARCH_RATE_LIMIT_PER_MINUTE" not in functions["LeadFunction"]
assert "SearchFunctionUrl.FunctionUrl" in template and "LeadFunctionUrl.FunctionUrl" in template
print("LeadFunction: LEAD_ROUTES=leads; SearchFunction: LEAD_ROUTES=search, no sink; each its own reserved concurrency and URL")
EOF
check "the lead and the search function: one binary, each its own routes"
echo 'LEAD_SMTP_PASSWORD=hunter2hunter2' >>"$WORK/production.env"
if scripts/deploy-lead-fn.sh --env "$WORK/production.env" --print-parameters >/dev/null 2>"$WORK/secret.log"; then
  fail "a secret in the settings file was passed on"
fi
grep -q "LEAD_SMTP_PASSWORD is a secret" "$WORK/secret.log" || fail "the secret was refused in other words: $(cat "$WORK/secret.log")"
check "a secret in the settings file is refused"

step "the Lambda artifact: cargo lambda build --release --arm64"
build_start=$SECONDS
# Not through CI's clippy wrapper: the tests' build was linted already.
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS cargo lambda build --release --arm64 --bin lead-fn-lambda -p lead-fn
build_seconds=$((SECONDS - build_start))
ARTIFACT=target/lambda/lead-fn-lambda/bootstrap
[ -f "$ARTIFACT" ] || fail "no $ARTIFACT"
python3 - "$ARTIFACT" <<'EOF' || fail "$ARTIFACT is not what Lambda's arm64 runtime runs"
import io, os, struct, sys, zipfile
path = sys.argv[1]
head = open(path, "rb").read(20)
assert head[:4] == b"\x7fELF", "not an ELF file"
assert head[4] == 2, "not 64-bit"
machine = struct.unpack("<H", head[18:20])[0]
assert machine == 183, f"e_machine {machine}, not aarch64 (183)"
size = os.path.getsize(path)
# What Lambda takes: a zip of at most 50 MB uploaded directly, 250 MB unzipped. The binary keeps
# the release profile's line tables, so a panic's backtrace in the logs names its lines.
packed = io.BytesIO()
with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.write(path, "bootstrap")
zipped = len(packed.getvalue())
assert size < 250 * 1024 * 1024 and zipped < 50 * 1024 * 1024, (size, zipped)
print(f"{path}: ELF 64-bit aarch64, {size / 1024 / 1024:.1f} MiB, {zipped / 1024 / 1024:.1f} MiB zipped")
EOF
echo "the release arm64 build took ${build_seconds} s"
check "bootstrap is an aarch64 ELF (built in ${build_seconds} s)"

step "the function under cargo-lambda's emulator (a build for this machine)"
# The site's catalogue, served on this machine as the function fetches it from the site.
mkdir -p "$WORK/site/api" "$WORK/outbox"
cat >"$WORK/site/api/properties.json" <<'EOF'
[{"_id": "palm-villa", "id": "palm-villa", "title": "Frond Villa with Private Beach",
  "mainCategory": "Residential", "subCategory": "Villa", "Images": [], "location": "Palm Jumeirah",
  "bedrooms": 5, "area": 7000, "price": 32000000, "featured": true,
  "createdAt": "2026-01-01T00:00:00+04:00", "description": "", "url": "/property/palm-villa",
  "reference": "PC-2201", "permitNumber": "7110029384"}]
EOF
# shellcheck source=scripts/lambda-emulator.sh
. scripts/lambda-emulator.sh
SITE_PORT=$(free_port)
python3 -m http.server "$SITE_PORT" --bind 127.0.0.1 --directory "$WORK/site" >"$WORK/site.log" 2>&1 &
SITE_PID=$!
# The emulator with the outbox in $1, its log in $2.
start_test_emulator() {
  start_emulator "$2" --env-var LEAD_SITE_URL=https://palmcrest.example \
    --env-var "LEAD_CATALOGUE_URL=http://127.0.0.1:$SITE_PORT/api/properties.json" \
    --env-var "LEAD_OUTBOX_DIR=$1"
}
start_test_emulator "$PWD/$WORK/outbox" "$WORK/emulator.log"

# The events: the ones lead-fn's own tests use (captured from API Gateway and a function URL),
# and a bad body made from one of them.
EVENTS=lead-fn/tests/events
python3 - "$EVENTS/function-url.json" "$WORK/bad-body.json" <<'EOF'
import json, sys
event = json.load(open(sys.argv[1]))
event["body"] = "{\"name\": \"Sara\", \"email\": "
json.dump(event, open(sys.argv[2], "w"))
EOF

invoke() {
  cargo lambda invoke lead-fn-lambda --invoke-address 127.0.0.1 --invoke-port "$EMULATOR_PORT" \
    --output-format json --data-file "$1"
}
# The first invocation waits for the emulator to start the function (and to compile it, when the
# tests have not built it already).
first_search() { invoke "$EVENTS/search-http.json" >"$WORK/search.json"; }
answered "$WORK/emulator.log" 600 first_search
invoke "$EVENTS/function-url.json" >"$WORK/enquiry.json"
invoke "$EVENTS/apigw-rest.json" >"$WORK/enquiry-rest.json"
invoke "$WORK/bad-body.json" >"$WORK/bad-body.answer.json"

python3 - "$WORK" <<'EOF' || { cat "$WORK/emulator.log"; fail "the function's answers"; }
import base64, json, pathlib, sys
work = pathlib.Path(sys.argv[1])

def answer(name):
    reply = json.loads((work / name).read_text())
    body = reply.get("body") or ""
    if reply.get("isBase64Encoded"):
        body = base64.b64decode(body).decode()
    return reply, json.loads(body)

search, found = answer("search.json")
assert search["statusCode"] == 200, search
assert [p["id"] for p in found] == ["palm-villa"], found
print("ok: a search (HTTP API event) answered from the site's catalogue")

for name, event in [("enquiry.json", "function URL"), ("enquiry-rest.json", "REST API")]:
    reply, body = answer(name)
    assert reply["statusCode"] == 200 and body["ok"] is True, reply
    print(f"ok: an enquiry ({event} event) accepted, id {body['id']}")

bad, body = answer("bad-body.answer.json")
headers = {k.lower(): v for k, v in (bad.get("headers") or {}).items()}
assert bad["statusCode"] == 400, bad
assert headers.get("content-type") == "application/json", headers
assert body["ok"] is False and body["code"] == "malformed", body
print("ok: a bad body refused: 400, JSON, code malformed")

records = sorted((work / "outbox").glob("*.json"))
leads = [json.loads(p.read_text()) for p in records]
assert len(leads) == 2, [p.name for p in records]
sara = next(lead for lead in leads if lead["name"] == "Sara Ivanova")
assert sara["property"]["title"] == "Frond Villa with Private Beach", sara
assert len(sorted((work / "outbox").glob("*.eml"))) == 2
print("ok: both enquiries in the outbox sink, the email beside each, the property named")
EOF
passed=$((passed + 5))
stop_emulator

step "an enquiry no sink takes: 503 for the visitor, and the log lines the alarms count"
# The outbox under a file: its folder can never be made, so the only sink fails.
start_test_emulator "$PWD/$WORK/site/api/properties.json/outbox" "$WORK/emulator-failing.log"
failing_enquiry() { invoke "$EVENTS/function-url.json" >"$WORK/failed.json"; }
answered "$WORK/emulator-failing.log" 120 failing_enquiry
stop_emulator
python3 - "$TEMPLATE" "$WORK/failed.json" "$WORK/emulator-failing.log" <<'EOF' || fail "the alarms' metric filters"
import json, re, sys
template, answer, log = (open(p).read() for p in sys.argv[1:])
reply = json.loads(answer)
assert reply["statusCode"] == 503 and json.loads(reply["body"])["code"] == "delivery_failed", reply
lines = []
for line in log.splitlines():
    try:
        lines.append(json.loads(line[line.index("{"):]))
    except ValueError:
        pass
# CloudWatch's JSON filter patterns as the template writes them: `$.field = "value"` terms,
# joined by &&.
patterns = re.findall(r"FilterPattern: '(.*)'", template)
assert len(patterns) == 2, patterns
for pattern in patterns:
    terms = re.findall(r'\$\.(\w+) = "([^"]*)"', pattern)
    assert terms and pattern.count("=") == len(terms), pattern
    matched = [l for l in lines if all(str(l.get(k)) == v for k, v in terms)]
    assert matched, f"no log line matches {pattern}: {lines}"
    print(f"ok: {pattern} matches the function's line {json.dumps(matched[0])[:110]}")
print("ok: the enquiry no sink took was answered 503 delivery_failed")
EOF
passed=$((passed + 3))

step "the search function over the 10,000-listing demo (scripts/test-search-emulator.sh)"
./scripts/test-search-emulator.sh || fail "the search function over the 10,000-listing demo"
check "a search of 10,000 listings answered one bounded page, from the index and without it"

echo "test-deploy: the release arm64 build took ${build_seconds} s; all in $((SECONDS - START)) s"
echo "test-deploy: $passed passed, 0 failed"
