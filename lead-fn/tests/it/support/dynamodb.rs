//! A real DynamoDB API on 127.0.0.1 for the saved searches' tests: moto's server mode
//! (`moto[server]`, pinned in scripts/test-tools.sh, installed into target/dynamodb-emulator/),
//! started by the test on a free port and stopped when dropped. `LEAD_TEST_MOTO_SERVER` names
//! another `moto_server`.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub struct DynamoDb {
    child: Child,
    pub url: String,
}

fn program() -> String {
    std::env::var("LEAD_TEST_MOTO_SERVER").unwrap_or_else(|_| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        root.join("target/dynamodb-emulator/bin/moto_server").to_string_lossy().into_owned()
    })
}

impl DynamoDb {
    /// Starts the emulator and makes `table` (as deploy/lead-fn/template.yaml does: `pk`, `sk`).
    pub async fn start(table: &str) -> DynamoDb {
        let port = super::closed_port();
        let child = Command::new(program())
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("{} does not run ({e}): ./scripts/test-tools.sh installs moto[server]", program())
            });
        let server = DynamoDb { child, url: format!("http://127.0.0.1:{port}") };
        // Up when it answers a call (checked every 20 ms).
        let started = Instant::now();
        loop {
            if server.call("ListTables", json!({})).await.is_ok() {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "moto_server did not start on port {port}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let key = |name: &str, kind: &str| json!({ "AttributeName": name, "KeyType": kind });
        let created = server
            .call(
                "CreateTable",
                json!({
                    "TableName": table,
                    "BillingMode": "PAY_PER_REQUEST",
                    "AttributeDefinitions": [
                        { "AttributeName": "pk", "AttributeType": "S" },
                        { "AttributeName": "sk", "AttributeType": "S" },
                    ],
                    "KeySchema": [key("pk", "HASH"), key("sk", "RANGE")],
                }),
            )
            .await
            .expect("the table is made");
        assert!(created.get("TableDescription").is_some(), "{created}");
        server
    }

    /// One unsigned call (moto does not check signatures; the store's own calls are signed).
    pub async fn call(&self, operation: &str, body: Value) -> Result<Value, reqwest::Error> {
        lead_fn::http::client_builder().build().expect("a client")
            .post(&self.url)
            .header("content-type", "application/x-amz-json-1.0")
            .header("x-amz-target", format!("DynamoDB_20120810.{operation}"))
            .header("authorization", "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0")
            .body(body.to_string())
            .send()
            .await?
            .json()
            .await
    }
}

impl Drop for DynamoDb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
