//! A bounded HTTP load for benchmarks (not a test): POSTs one JSON body to one URL, either at a
//! fixed rate (open loop: each request is due at its time, and its latency counts from then,
//! so a slow server cannot hide its queue) or as fast as `--concurrency` connections allow
//! (closed loop). Prints one JSON line of figures. Used by `bench/lead_fn.py`.
//!
//! cargo run --release -p lead-fn --example load -- --url URL --body JSON [--rate N]
//!     [--seconds S] [--concurrency C]

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, Semaphore};

struct Options {
    url: String,
    body: String,
    /// Requests per second; 0 means as fast as the connections allow.
    rate: u32,
    seconds: f64,
    concurrency: usize,
}

fn options() -> Result<Options, String> {
    let mut options =
        Options { url: String::new(), body: "{}".into(), rate: 0, seconds: 5.0, concurrency: 16 };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<f64>().map_err(|_| format!("{flag}: {v:?} is not a number"));
        match flag.as_str() {
            "--url" => options.url = value,
            "--body" => options.body = value,
            "--rate" => options.rate = number(&value)? as u32,
            "--seconds" => options.seconds = number(&value)?.clamp(0.1, 120.0),
            "--concurrency" => options.concurrency = (number(&value)? as usize).clamp(1, 256),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.url.is_empty() {
        return Err("--url is needed".into());
    }
    Ok(options)
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    statuses: std::collections::BTreeMap<u16, u64>,
    errors: u64,
}

#[tokio::main]
async fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("load: {message}");
            std::process::exit(2);
        }
    };
    let client = lead_fn::http::client_builder()
        .pool_max_idle_per_host(options.concurrency)
        .timeout(Duration::from_secs(10))
        .build()
        .expect("a client");
    let tally = Arc::new(Mutex::new(Tally::default()));
    let slots = Arc::new(Semaphore::new(options.concurrency));
    let body = Arc::new(options.body.clone());
    let started = Instant::now();
    let end = started + Duration::from_secs_f64(options.seconds);
    let mut tasks = tokio::task::JoinSet::new();
    let mut sent: u64 = 0;
    loop {
        let due = if options.rate > 0 {
            let due = started + Duration::from_secs_f64(sent as f64 / f64::from(options.rate));
            tokio::time::sleep_until(due.into()).await;
            due
        } else {
            Instant::now()
        };
        if due >= end {
            break;
        }
        let Ok(permit) = slots.clone().acquire_owned().await else { break };
        sent += 1;
        let (client, url, body, tally) = (client.clone(), options.url.clone(), body.clone(), tally.clone());
        tasks.spawn(async move {
            let response = client
                .post(url)
                .header("content-type", "application/json")
                .body(body.as_str().to_owned())
                .send()
                .await;
            let result = match response {
                Ok(response) => {
                    let status = response.status().as_u16();
                    response.bytes().await.map(|_| status)
                }
                Err(error) => Err(error),
            };
            let latency = due.elapsed();
            drop(permit);
            let mut tally = tally.lock().await;
            match result {
                Ok(status) => {
                    *tally.statuses.entry(status).or_default() += 1;
                    tally.latencies.push(latency);
                }
                Err(_) => tally.errors += 1,
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    let elapsed = started.elapsed().as_secs_f64();
    let mut tally = tally.lock().await;
    tally.latencies.sort();
    let quantile = |q: f64| {
        let n = tally.latencies.len();
        if n == 0 {
            return 0.0;
        }
        let index = ((n as f64 * q).ceil() as usize).clamp(1, n) - 1;
        tally.latencies[index].as_secs_f64() * 1000.0
    };
    let statuses: serde_json::Map<String, serde_json::Value> =
        tally.statuses.iter().map(|(status, n)| (status.to_string(), serde_json::json!(n))).collect();
    let figures = serde_json::json!({
        "sent": sent,
        "answered": tally.latencies.len(),
        "errors": tally.errors,
        "statuses": statuses,
        "seconds": (elapsed * 1000.0).round() / 1000.0,
        "rps": (tally.latencies.len() as f64 / elapsed * 10.0).round() / 10.0,
        "p50_ms": (quantile(0.50) * 100.0).round() / 100.0,
        "p90_ms": (quantile(0.90) * 100.0).round() / 100.0,
        "p99_ms": (quantile(0.99) * 100.0).round() / 100.0,
        "max_ms": (quantile(1.0) * 100.0).round() / 100.0,
    });
    println!("{figures}");
}
