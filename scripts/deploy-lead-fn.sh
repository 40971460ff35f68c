#!/usr/bin/env bash
# Deploys the lead function and the search function (one binary, two functions) to AWS Lambda in
# one command: builds it for arm64 with cargo-lambda, keeps its secrets in AWS Secrets Manager
# (asked for here the first time, never written to a file), deploys deploy/lead-fn/template.yaml
# with AWS SAM using the settings of deploy/lead-fn/production.env, and prints what to set in
# Netlify.
#
#   scripts/deploy-lead-fn.sh              build, store missing secrets, deploy
#   scripts/deploy-lead-fn.sh --secrets    ask for every secret again (to change one), then deploy
#   scripts/deploy-lead-fn.sh --env FILE   another settings file (a staging stack)
#   scripts/deploy-lead-fn.sh --print-parameters   only print the template's parameters (no AWS)
#   scripts/deploy-lead-fn.sh --print-setting KEY  only print one setting of the file (no AWS)
#   scripts/deploy-lead-fn.sh --ci         never ask: the secrets come from the environment
#
# Needs AWS credentials (`aws configure`, or AWS_PROFILE) of a user allowed to deploy
# CloudFormation stacks; docs/deploy.md says which. The tools (AWS SAM CLI, the AWS CLI,
# cargo-lambda and zig) are installed from PyPI into target/deploy-tools/ (or DEPLOY_TOOLS) when
# missing.
#
# --ci is the GitHub Actions workflow's (.github/workflows/deploy-lead-fn.yml): each secret the
# settings need is read from the environment variable of its name (the workflow maps the
# repository's secrets onto them), checked before anything is installed or AWS is asked, and
# stored in Secrets Manager when it differs from the stored one. LEAD_PROXY_SECRET,
# LEAD_ALERTS_SECRET and LEAD_HOOKS_SECRET may be left unset: the stored one is kept, or one is
# made up the first time. With GITHUB_STEP_SUMMARY set,
# the URLs and what to set in Netlify go to the run's summary too.
set -euo pipefail
cd "$(dirname "$0")/.."

ENV_FILE=deploy/lead-fn/production.env
ASK_ALL=false
PRINT_ONLY=false
PRINT_SETTING=
CI_MODE=false
while [ $# -gt 0 ]; do
  case "$1" in
    --secrets) ASK_ALL=true ;;
    --env) ENV_FILE="$2"; shift ;;
    # The template's parameters as JSON, without AWS (scripts/test-deploy.sh checks them).
    --print-parameters) PRINT_ONLY=true ;;
    # One setting's value, as this script reads it (the workflow takes the region from here).
    --print-setting) PRINT_SETTING="$2"; shift ;;
    --ci) CI_MODE=true ;;
    -h | --help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

# The settings: KEY=VALUE lines, read as text (never run as shell), as `estate doctor` reads them.
declare -A SETTING
while IFS= read -r line || [ -n "$line" ]; do
  line="${line#"${line%%[![:space:]]*}"}"
  case "$line" in '' | '#'*) continue ;; esac
  key="${line%%=*}"
  key="${key%"${key##*[![:space:]]}"}"
  value="${line#*=}"
  value="${value#"${value%%[![:space:]]*}"}"
  value="${value%"${value##*[![:space:]]}"}"
  SETTING[$key]="$value"
done <"$ENV_FILE"
setting() { printf '%s' "${SETTING[$1]:-}"; }
if [ -n "$PRINT_SETTING" ]; then
  setting "$PRINT_SETTING"
  echo
  exit 0
fi

missing=()
for key in AWS_REGION STACK_NAME ALERT_EMAIL LEAD_SITE_URL; do
  [ -n "$(setting $key)" ] || missing+=("$key")
done
if [ -z "$(setting LEAD_SMTP_HOST)$(setting LEAD_EMAIL_API)$(setting LEAD_WEBHOOK_URL)" ]; then
  missing+=("a sink: LEAD_SMTP_HOST, LEAD_EMAIL_API or LEAD_WEBHOOK_URL")
fi
if [ ${#missing[@]} -gt 0 ]; then
  needs=$(printf '%s; ' "${missing[@]}")
  echo "$ENV_FILE needs: ${needs%; } (docs/deploy.md, the lead function's settings, explains each)" >&2
  exit 1
fi
REGION=$(setting AWS_REGION)
STACK=$(setting STACK_NAME)
SECRETS_NAME="estate/$STACK"
export AWS_REGION="$REGION" AWS_DEFAULT_REGION="$REGION"

# The secrets the settings need: the proxy's, the saved searches' links' and the notifications'
# (Netlify's deploy notification, the mail provider's bounces) always, each sink's own when the
# sink is used. The first three are made up here when missing (nobody has to type them).
made=(LEAD_PROXY_SECRET LEAD_ALERTS_SECRET LEAD_HOOKS_SECRET)
is_made() { case " ${made[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
needed=("${made[@]}")
[ -n "$(setting LEAD_SMTP_USER)" ] && needed+=(LEAD_SMTP_PASSWORD)
[ -n "$(setting LEAD_EMAIL_API)" ] && needed+=(LEAD_EMAIL_API_KEY)
[ -n "$(setting LEAD_WEBHOOK_URL)" ] && needed+=(LEAD_WEBHOOK_TOKEN)
if [ "$CI_MODE" = true ]; then
  # Checked before any tool is installed or AWS is asked: a missing one fails the run at once,
  # named, with where to set it. The made-up ones may be missing (kept or made).
  unset_secrets=()
  for key in "${needed[@]}"; do
    is_made "$key" || [ -n "${!key:-}" ] || unset_secrets+=("$key")
  done
  if [ ${#unset_secrets[@]} -gt 0 ]; then
    for key in "${unset_secrets[@]}"; do
      case "$key" in
        LEAD_SMTP_PASSWORD) why="LEAD_SMTP_USER is set: the mailbox's app password" ;;
        LEAD_EMAIL_API_KEY) why="LEAD_EMAIL_API is $(setting LEAD_EMAIL_API): the provider's sending token" ;;
        *) why="LEAD_WEBHOOK_URL is set: the CRM's webhook token" ;;
      esac
      echo "the secret $key is not set ($why). On GitHub: the repository's Settings > Secrets and variables > Actions > Secrets > New repository secret, named $key; then run the workflow again (docs/deploy.md, the lead function)" >&2
      [ -z "${GITHUB_ACTIONS:-}" ] || echo "::error title=Missing secret $key::Add the repository secret $key (Settings > Secrets and variables > Actions), then run the workflow again."
    done
    exit 1
  fi
fi

# The template's parameters: LEAD_SMTP_HOST is LeadSmtpHost, and the stack's own settings.
parameters() {
  for key in "${!SETTING[@]}"; do printf '%s\0%s\0' "$key" "${SETTING[$key]}"; done |
    SECRETS_NAME="$SECRETS_NAME" VERSION="$1" python3 -c '
import json, os, sys
items = sys.stdin.buffer.read().decode().split("\0")[:-1]
settings = dict(zip(items[0::2], items[1::2]))
secret = {"LEAD_PROXY_SECRET", "LEAD_ALERTS_SECRET", "LEAD_HOOKS_SECRET", "LEAD_SMTP_PASSWORD", "LEAD_EMAIL_API_KEY", "LEAD_WEBHOOK_TOKEN"}
out = {
    "AlertEmail": settings["ALERT_EMAIL"],
    "ReservedConcurrency": settings.get("RESERVED_CONCURRENCY") or "5",
    "SearchReservedConcurrency": settings.get("SEARCH_RESERVED_CONCURRENCY") or "5",
    "LogRetentionDays": settings.get("LOG_RETENTION_DAYS") or "90",
    "SecretsName": os.environ["SECRETS_NAME"],
    "SecretsVersion": os.environ["VERSION"],
}
for key, value in settings.items():
    if key in secret:
        sys.exit(f"{key} is a secret: remove it from the settings file (the script asks for it)")
    if key.startswith("LEAD_"):
        out["".join(part.capitalize() for part in key.lower().split("_"))] = value
json.dump(out, sys.stdout, indent=1)
'
}

if [ "$PRINT_ONLY" = true ]; then
  parameters 00000000-0000-0000-0000-000000000000
  exit 0
fi

# shellcheck source=scripts/deploy-tools.sh
. scripts/deploy-tools.sh
deploy_tools aws-sam-cli awscli cargo-lambda ziglang

echo "==> AWS account"
if [ "$CI_MODE" = true ]; then
  signin="the workflow's sign-in to AWS failed: check the repository variable AWS_DEPLOY_ROLE_ARN (docs/deploy.md, the deploy role)"
else
  signin="no AWS credentials: run 'aws configure' (docs/deploy.md, from a terminal)"
fi
aws sts get-caller-identity --query '[Account, Arn]' --output text || { echo "$signin" >&2; exit 1; }

echo "==> secrets ($SECRETS_NAME in AWS Secrets Manager)"
if current=$(aws secretsmanager get-secret-value --secret-id "$SECRETS_NAME" --query SecretString --output text 2>/dev/null); then
  exists=true
else
  current='{}'
  exists=false
fi
# The secret's JSON is passed between the tools on standard input and in the environment, never
# in a file or on a command line (which other users of the machine could read).
have() { SECRET_JSON="$current" python3 -c 'import json,os,sys; sys.exit(0 if json.loads(os.environ["SECRET_JSON"]).get(sys.argv[1]) else 1)' "$1"; }
changed=false
# The stored value of a key, on standard output.
stored() { SECRET_JSON="$current" python3 -c 'import json,os,sys; print(json.loads(os.environ["SECRET_JSON"]).get(sys.argv[1], ""))' "$1"; }
for key in "${needed[@]}"; do
  if [ "$CI_MODE" = true ]; then
    # From the environment, as the workflow maps the repository's secrets (checked above).
    value="${!key:-}"
    if [ -z "$value" ] && have "$key"; then continue; fi
    if [ -n "$value" ] && [ "$(stored "$key")" = "$value" ]; then continue; fi
    if [ -z "$value" ]; then
      echo "  $key: made up here (48 random characters); Netlify gets the same value"
      value=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
    else
      echo "  $key: from the environment (new, or changed since the last deploy)"
    fi
  elif [ "$ASK_ALL" = false ] && have "$key"; then
    continue
  elif is_made "$key"; then
    echo "  $key: made up here (48 random characters)"
    value=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
  else
    read -rsp "  $key (typed text is not shown): " value </dev/tty
    echo
    [ -n "$value" ] || { echo "  $key may not be empty" >&2; exit 1; }
  fi
  current=$(SECRET_JSON="$current" KEY="$key" VALUE="$value" python3 -c \
    'import json,os; d=json.loads(os.environ["SECRET_JSON"]); d[os.environ["KEY"]]=os.environ["VALUE"]; print(json.dumps(d))')
  changed=true
done
unset value
if [ "$changed" = true ]; then
  if [ "$exists" = true ]; then
    printf '%s' "$current" | aws secretsmanager put-secret-value --secret-id "$SECRETS_NAME" --secret-string file:///dev/stdin >/dev/null
  else
    printf '%s' "$current" | aws secretsmanager create-secret --name "$SECRETS_NAME" \
      --description "The estate site's lead function (scripts/deploy-lead-fn.sh)" --secret-string file:///dev/stdin >/dev/null
  fi
  echo "  stored"
fi
unset current
VERSION=$(aws secretsmanager get-secret-value --secret-id "$SECRETS_NAME" --query VersionId --output text)

echo "==> build (cargo lambda build --release --arm64)"
# Into target/lambda/, where the template's CodeUri finds it, whatever CARGO_TARGET_DIR says.
cargo lambda build --release --arm64 --bin lead-fn-lambda -p lead-fn --lambda-dir target/lambda

echo "==> deploy (sam deploy, stack $STACK in $REGION)"
params=target/lead-fn-parameters.json
parameters "$VERSION" >"$params"
sam deploy --template-file deploy/lead-fn/template.yaml --stack-name "$STACK" --region "$REGION" \
  --resolve-s3 --capabilities CAPABILITY_IAM --no-fail-on-empty-changeset \
  --parameter-overrides "file://$PWD/$params"

output() {
  aws cloudformation describe-stacks --stack-name "$STACK" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}
URL=$(output FunctionUrl)
SEARCH_URL=$(output SearchFunctionUrl)
DEPLOYED_URL=$(output DeployNotificationUrl)
BOUNCE_URL=$(output BounceWebhookUrl)
cat <<DONE

The lead function is deployed: $URL
The search function is deployed: $SEARCH_URL

In Netlify (Site configuration > Environment variables), then "Trigger deploy":
  LEAD_FUNCTION_URL = $URL
  SEARCH_FUNCTION_URL = $SEARCH_URL
  LEAD_PROXY_SECRET = the same secret as the function's (scopes: Builds and Runtime). Show it with
    aws secretsmanager get-secret-value --region $REGION --secret-id $SECRETS_NAME --query SecretString --output text
  and copy the value of "LEAD_PROXY_SECRET" (without the quotes); do not paste it anywhere else.

Saved-search alerts after each deploy (once): in Netlify, Project configuration > Notifications >
Deploy notifications > Add notification > HTTP POST request; Event: Deploy succeeded;
  URL to notify = $DEPLOYED_URL
  JWS secret token = the value of "LEAD_HOOKS_SECRET" in the same secret.
Bounces (Postmark): Servers > your server > Settings > Webhooks > Add webhook; URL
  $BOUNCE_URL?token= followed by the value of "LEAD_HOOKS_SECRET"; tick Bounce and Spam complaint.

AWS has emailed $(setting ALERT_EMAIL) a link to confirm the alarms' subscription: click it.
Check: docs/deploy.md, the lead function (step 8), its check.
DONE

# The run's summary on GitHub (the owner's page for the deploy): the URLs and what to set in
# Netlify, with a link to the secret in the AWS console. Never a secret's value: anyone who can
# read the repository can read the run.
if [ "$CI_MODE" = true ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  console="https://$REGION.console.aws.amazon.com/secretsmanager/secret?name=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$SECRETS_NAME")&region=$REGION"
  cat >>"$GITHUB_STEP_SUMMARY" <<SUMMARY
## The lead function is deployed

| function | URL |
|---|---|
| lead (the enquiries) | $URL |
| search | $SEARCH_URL |

### In Netlify: Site configuration > Environment variables

| variable | value |
|---|---|
| \`LEAD_FUNCTION_URL\` | \`$URL\` |
| \`SEARCH_FUNCTION_URL\` | \`$SEARCH_URL\` |
| \`LEAD_PROXY_SECRET\` | the value of \`LEAD_PROXY_SECRET\` in AWS Secrets Manager: open [$SECRETS_NAME]($console), **Retrieve secret value**, copy it. Tick "Contains secret values"; scopes **Builds** and **Runtime** |

Then Deploys > Trigger deploy > Deploy site. Set them once: a later deploy keeps both URLs and the secret.

### Saved-search alerts after each deploy (once)

In Netlify: Project configuration > Notifications > Deploy notifications > **Add notification** > **HTTP POST request**. Event: **Deploy succeeded**; URL to notify: \`$DEPLOYED_URL\`; JWS secret token: the value of \`LEAD_HOOKS_SECRET\` in [$SECRETS_NAME]($console). With Postmark, its bounce webhook (Servers > your server > Settings > Webhooks > Add webhook, Bounce and Spam complaint ticked) is \`$BOUNCE_URL?token=\` followed by that same value.

The first time only: AWS has emailed $(setting ALERT_EMAIL) "AWS Notification - Subscription Confirmation": click **Confirm subscription**, or no alarm reaches you.
SUMMARY
  {
    echo "function-url=$URL"
    echo "search-function-url=$SEARCH_URL"
  } >>"${GITHUB_OUTPUT:-/dev/null}"
fi
