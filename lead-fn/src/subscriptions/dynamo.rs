//! The saved searches in one DynamoDB table, through DynamoDB's HTTP JSON API (`PutItem`,
//! `GetItem`, `Query`, `Scan`, `UpdateItem`, `DeleteItem`), each request signed with AWS Signature V4 by
//! the official `aws-sigv4` crate and sent with the function's reqwest client. The full SDK
//! (`aws-sdk-dynamodb` with `aws-config`) would bring a second HTTP stack and the STS and SSO
//! clients into a workspace CI compiles from nothing; these five calls need none of it.
//!
//! The table has a string partition key `pk` and sort key `sk`, and its TTL on `expiresAt`:
//! - a search: `pk` `ADDRESS#{address}`, `sk` `SEARCH#{id}`, the record in `record` (JSON),
//!   `confirmedAt`, `expiresAt` and `lastSentAt` (numbers), `sent` and `pending` (string sets)
//!   beside it, so confirming and a digest's record are conditional updates of one item;
//! - a token: `pk` `TOKEN#{sha-256}`, `sk` `TOKEN`, with `purpose`, `address`, `id` and, for a
//!   confirmation, `expiresAt` and, once used, `usedAt`;
//! - what the last digest saw: `pk` `CATALOGUE`, `sk` `SEEN`, its JSON in `seen` (a few thousand
//!   listings' ids and prices stay well under an item's 400 KB). The digest finds the confirmed
//!   searches with a `Scan` (a daily job's read of the table).
//!
//! Credentials are Lambda's own environment variables (`AWS_ACCESS_KEY_ID`,
//! `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`) and the region `AWS_REGION`.

use std::time::{Duration, SystemTime};

use aws_credential_types::Credentials;
use aws_sigv4::http_request::{SignableBody, SignableRequest, SigningSettings, sign};
use aws_sigv4::sign::v4;
use serde_json::{Value, json};

use super::{
    Added, Answer, Confirmed, Digested, Purpose, Seen, Store, StoreError, Subscription, Token, address_key,
};

/// Where the table is and who signs.
#[derive(Clone)]
pub struct DynamoSettings {
    pub table: String,
    pub region: String,
    /// `https://dynamodb.{region}.amazonaws.com` unless another is given (the tests' emulator).
    pub endpoint: Option<String>,
    pub access_key: String,
    pub secret_key: String,
    pub session_token: Option<String>,
}

impl std::fmt::Debug for DynamoSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DynamoSettings")
            .field("table", &self.table)
            .field("region", &self.region)
            .field("endpoint", &self.endpoint)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Clone)]
pub struct Dynamo {
    settings: DynamoSettings,
    url: String,
    client: reqwest::Client,
}

/// A refused condition: DynamoDB's `ConditionalCheckFailedException`.
const CONDITION_FAILED: &str = "ConditionalCheckFailedException";

enum Called {
    Done(Value),
    ConditionFailed,
}

fn failed(what: impl std::fmt::Display) -> StoreError {
    StoreError(what.to_string())
}

impl Dynamo {
    pub fn new(settings: DynamoSettings) -> Dynamo {
        let url = settings
            .endpoint
            .clone()
            .unwrap_or_else(|| format!("https://dynamodb.{}.amazonaws.com", settings.region))
            .trim_end_matches('/')
            .to_owned()
            + "/";
        let client = crate::http::client_builder()
            .connect_timeout(Duration::from_secs(2))
            .timeout(Duration::from_secs(5))
            .build()
            .expect("an HTTP client (its TLS set up)");
        Dynamo { settings, url, client }
    }

    /// One signed call of the API's `operation` with `body` (the table's name added).
    async fn call(&self, operation: &str, mut body: Value) -> Result<Called, StoreError> {
        body["TableName"] = json!(self.settings.table);
        let body = serde_json::to_vec(&body).map_err(failed)?;
        let target = format!("DynamoDB_20120810.{operation}");
        let headers = [("content-type", "application/x-amz-json-1.0"), ("x-amz-target", target.as_str())];
        let s = &self.settings;
        let identity =
            Credentials::new(&s.access_key, &s.secret_key, s.session_token.clone(), None, "env").into();
        let params = v4::SigningParams::builder()
            .identity(&identity)
            .region(&s.region)
            .name("dynamodb")
            .time(SystemTime::now())
            .settings(SigningSettings::default())
            .build()
            .map_err(failed)?
            .into();
        let signable =
            SignableRequest::new("POST", &self.url, headers.into_iter(), SignableBody::Bytes(&body))
                .map_err(failed)?;
        let (signing, _) = sign(signable, &params).map_err(failed)?.into_parts();
        let mut request = self.client.post(&self.url).body(body.clone());
        for (name, value) in headers {
            request = request.header(name, value);
        }
        for (name, value) in signing.headers() {
            request = request.header(name, value);
        }
        let response = request.send().await.map_err(|e| failed(format!("{operation}: {e}")))?;
        let status = response.status();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            return Ok(Called::Done(answer));
        }
        let kind = answer["__type"].as_str().unwrap_or("");
        if kind.ends_with(CONDITION_FAILED) {
            return Ok(Called::ConditionFailed);
        }
        Err(failed(format!("{operation}: {status} {kind}")))
    }

    async fn done(&self, operation: &str, body: Value) -> Result<Value, StoreError> {
        match self.call(operation, body).await? {
            Called::Done(answer) => Ok(answer),
            Called::ConditionFailed => Err(failed(format!("{operation}: a condition failed"))),
        }
    }

    async fn get(&self, key: Value) -> Result<Option<Value>, StoreError> {
        let answer = self.done("GetItem", json!({ "Key": key, "ConsistentRead": true })).await?;
        Ok(answer.get("Item").cloned())
    }

    async fn add_item(
        &self,
        s: &Subscription,
        tokens: &[Token],
        most: usize,
        now: u64,
    ) -> Result<Added, StoreError> {
        let address = address_key(&s.email);
        if self.list_items(&address, now).await?.len() >= most {
            return Ok(Added::TooMany);
        }
        let mut item = search_key(&address, &s.id);
        item["record"] = json!({ "S": serde_json::to_string(s).map_err(failed)? });
        if let Some(at) = s.expires_at {
            item["expiresAt"] = number(at);
        }
        let new = "attribute_not_exists(pk)";
        self.done("PutItem", json!({ "Item": item, "ConditionExpression": new })).await?;
        for token in tokens {
            let mut item = token_key(&token.hash);
            item["purpose"] = json!({ "S": purpose_name(token.purpose) });
            item["address"] = json!({ "S": token.address });
            item["id"] = json!({ "S": token.id });
            if let Some(at) = token.expires_at {
                item["expiresAt"] = number(at);
            }
            self.done("PutItem", json!({ "Item": item, "ConditionExpression": new })).await?;
        }
        Ok(Added::Saved)
    }

    async fn list_items(&self, address: &str, now: u64) -> Result<Vec<Subscription>, StoreError> {
        let mut found = Vec::new();
        let mut start: Option<Value> = None;
        loop {
            let mut body = json!({
                "KeyConditionExpression": "pk = :pk AND begins_with(sk, :search)",
                "ExpressionAttributeValues": {
                    ":pk": { "S": format!("ADDRESS#{address}") },
                    ":search": { "S": "SEARCH#" },
                },
                "ConsistentRead": true,
            });
            if let Some(start) = start.take() {
                body["ExclusiveStartKey"] = start;
            }
            let answer = self.done("Query", body).await?;
            for item in answer["Items"].as_array().into_iter().flatten() {
                let subscription = from_item(item)?;
                if !subscription.expired(now) {
                    found.push(subscription);
                }
            }
            match answer.get("LastEvaluatedKey") {
                Some(key) if !key.is_null() => start = Some(key.clone()),
                _ => break,
            }
        }
        found.sort_by_key(|s| s.created_at);
        Ok(found)
    }

    async fn confirm_item(
        &self,
        address: &str,
        id: &str,
        token: &str,
        now: u64,
    ) -> Result<Confirmed, StoreError> {
        let body = json!({
            "Key": search_key(address, id),
            "UpdateExpression": "SET confirmedAt = :now REMOVE expiresAt",
            "ConditionExpression":
                "attribute_exists(pk) AND attribute_not_exists(confirmedAt) AND \
                 (attribute_not_exists(expiresAt) OR expiresAt > :now)",
            "ExpressionAttributeValues": { ":now": number(now) },
        });
        let answer = match self.call("UpdateItem", body).await? {
            Called::Done(_) => Confirmed::Now,
            Called::ConditionFailed => match self.get(search_key(address, id)).await? {
                Some(item) if item.get("confirmedAt").is_some() => Confirmed::Already,
                _ => return Ok(Confirmed::Gone),
            },
        };
        // The link is used: it confirms nothing again, and says so for a while.
        let used = json!({
            "Key": token_key(token),
            "UpdateExpression": "SET usedAt = :now, expiresAt = :kept",
            "ConditionExpression": "attribute_exists(pk) AND attribute_not_exists(usedAt)",
            "ExpressionAttributeValues": {
                ":now": number(now),
                ":kept": number(now + super::USED_CONFIRMATION_KEPT.as_secs()),
            },
        });
        self.call("UpdateItem", used).await?;
        Ok(answer)
    }

    async fn remove_item(&self, address: &str, id: &str) -> Result<bool, StoreError> {
        let body = json!({ "Key": search_key(address, id), "ReturnValues": "ALL_OLD" });
        let answer = self.done("DeleteItem", body).await?;
        let Some(old) = answer.get("Attributes") else { return Ok(false) };
        for hash in from_item(old)?.tokens {
            self.done("DeleteItem", json!({ "Key": token_key(&hash) })).await?;
        }
        Ok(true)
    }

    async fn token_item(&self, hash: &str) -> Result<Option<Token>, StoreError> {
        let Some(item) = self.get(token_key(hash)).await? else { return Ok(None) };
        let text = |name: &str| item[name]["S"].as_str().unwrap_or_default().to_owned();
        let purpose = match text("purpose").as_str() {
            "confirm" => Purpose::Confirm,
            "manage" => Purpose::Manage,
            other => return Err(failed(format!("a token of an unknown purpose {other:?}"))),
        };
        Ok(Some(Token {
            hash: hash.to_owned(),
            purpose,
            address: text("address"),
            id: text("id"),
            expires_at: item["expiresAt"]["N"].as_str().and_then(|n| n.parse().ok()),
            used_at: item["usedAt"]["N"].as_str().and_then(|n| n.parse().ok()),
        }))
    }

    async fn confirmed_items(&self) -> Result<Vec<Subscription>, StoreError> {
        let mut found = Vec::new();
        let mut start: Option<Value> = None;
        loop {
            let mut body = json!({
                "FilterExpression": "begins_with(pk, :address) AND attribute_exists(confirmedAt)",
                "ExpressionAttributeValues": { ":address": { "S": "ADDRESS#" } },
            });
            if let Some(start) = start.take() {
                body["ExclusiveStartKey"] = start;
            }
            let answer = self.done("Scan", body).await?;
            for item in answer["Items"].as_array().into_iter().flatten() {
                found.push(from_item(item)?);
            }
            match answer.get("LastEvaluatedKey") {
                Some(key) if !key.is_null() => start = Some(key.clone()),
                _ => break,
            }
        }
        found.sort_by_key(|s| s.created_at);
        Ok(found)
    }

    async fn digested_item(&self, address: &str, id: &str, done: &Digested) -> Result<(), StoreError> {
        let mut set = Vec::new();
        let mut add = Vec::new();
        let mut remove = Vec::new();
        let mut values = serde_json::Map::new();
        if !done.sent.is_empty() {
            add.push("sent :sent");
            values.insert(":sent".into(), json!({ "SS": done.sent }));
        }
        if done.pending.is_empty() {
            remove.push("pending");
        } else {
            set.push("pending = :pending");
            values.insert(":pending".into(), json!({ "SS": done.pending }));
        }
        if let Some(at) = done.sent_at {
            set.push("lastSentAt = :at");
            values.insert(":at".into(), number(at));
        }
        let mut update = String::new();
        for (word, parts) in [("SET", &set), ("ADD", &add), ("REMOVE", &remove)] {
            if !parts.is_empty() {
                update.push_str(&format!("{word} {} ", parts.join(", ")));
            }
        }
        let mut body = json!({
            "Key": search_key(address, id),
            "UpdateExpression": update.trim_end(),
            "ConditionExpression": "attribute_exists(pk)",
        });
        if !values.is_empty() {
            body["ExpressionAttributeValues"] = Value::Object(values);
        }
        // A search removed meanwhile is sent nothing more: not a failure.
        self.call("UpdateItem", body).await.map(|_| ())
    }

    async fn seen_item(&self) -> Result<Option<Seen>, StoreError> {
        let Some(item) = self.get(seen_key()).await? else { return Ok(None) };
        let text = item["seen"]["S"].as_str().ok_or_else(|| failed("the seen item without its JSON"))?;
        serde_json::from_str(text).map(Some).map_err(failed)
    }

    async fn set_seen_item(&self, seen: &Seen) -> Result<(), StoreError> {
        let mut item = seen_key();
        item["seen"] = json!({ "S": serde_json::to_string(seen).map_err(failed)? });
        self.done("PutItem", json!({ "Item": item })).await.map(|_| ())
    }
}

fn seen_key() -> Value {
    json!({ "pk": { "S": "CATALOGUE" }, "sk": { "S": "SEEN" } })
}

fn purpose_name(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Confirm => "confirm",
        Purpose::Manage => "manage",
    }
}

fn number(n: u64) -> Value {
    json!({ "N": n.to_string() })
}

fn search_key(address: &str, id: &str) -> Value {
    json!({ "pk": { "S": format!("ADDRESS#{address}") }, "sk": { "S": format!("SEARCH#{id}") } })
}

fn token_key(hash: &str) -> Value {
    json!({ "pk": { "S": format!("TOKEN#{hash}") }, "sk": { "S": "TOKEN" } })
}

/// A search's item read back: its record, with what the updates wrote beside it.
fn from_item(item: &Value) -> Result<Subscription, StoreError> {
    let record = item["record"]["S"].as_str().ok_or_else(|| failed("a search item without its record"))?;
    let mut s: Subscription = serde_json::from_str(record).map_err(failed)?;
    let number = |name: &str| item[name]["N"].as_str().and_then(|n| n.parse::<u64>().ok());
    s.confirmed_at = number("confirmedAt");
    s.expires_at = number("expiresAt");
    let set = |name: &str| -> Vec<String> {
        item[name]["SS"]
            .as_array()
            .map(|ids| ids.iter().filter_map(|id| id.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    };
    s.sent = set("sent");
    s.pending = set("pending");
    s.last_sent_at = number("lastSentAt");
    Ok(s)
}

impl Store for Dynamo {
    fn add<'a>(
        &'a self,
        s: &'a Subscription,
        tokens: &'a [Token],
        most: usize,
        now: u64,
    ) -> Answer<'a, Added> {
        Box::pin(self.add_item(s, tokens, most, now))
    }

    fn token<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<Token>> {
        Box::pin(self.token_item(hash))
    }

    fn list<'a>(&'a self, address: &'a str, now: u64) -> Answer<'a, Vec<Subscription>> {
        Box::pin(self.list_items(address, now))
    }

    fn confirm<'a>(
        &'a self,
        address: &'a str,
        id: &'a str,
        token: &'a str,
        now: u64,
    ) -> Answer<'a, Confirmed> {
        Box::pin(self.confirm_item(address, id, token, now))
    }

    fn remove<'a>(&'a self, address: &'a str, id: &'a str) -> Answer<'a, bool> {
        Box::pin(self.remove_item(address, id))
    }

    fn confirmed(&self) -> Answer<'_, Vec<Subscription>> {
        Box::pin(self.confirmed_items())
    }

    fn digested<'a>(&'a self, address: &'a str, id: &'a str, done: &'a Digested) -> Answer<'a, ()> {
        Box::pin(self.digested_item(address, id, done))
    }

    fn seen(&self) -> Answer<'_, Option<Seen>> {
        Box::pin(self.seen_item())
    }

    fn set_seen<'a>(&'a self, seen: &'a Seen) -> Answer<'a, ()> {
        Box::pin(self.set_seen_item(seen))
    }
}
