//! The flood bench (not a test: it prints figures and asserts nothing; `bench/search_flood.py`
//! builds and runs it). Hostile searches, the search cost bench's 16 KB bodies
//! (`benches/common/hostile.rs`), at a fixed rate beside enquiries at a fixed rate, against the
//! function's router in a process of its own, hosted as `estate serve` hosts it (the `serve`
//! example, built beside this one) over a catalogue of LISTINGS listings and the search cost
//! bench's vocabulary, every enquiry going to the outbox sink (fsynced files).
//!
//! Both streams are open loop: each request is due at its time and its latency counts from
//! then, so a server that falls behind cannot hide its queue. Every request comes as Netlify's
//! signed proxy sends it (`X-Nf-Sign` with the proxy's secret, the visitor's address in
//! `X-Nf-Client-Connection-Ip`), each enquiry from a visitor of its own. Three runs of SECONDS
//! each: the enquiries alone; beside searches all from one address (the search rate limit
//! answers nearly all of them 429); beside searches each from a new address (no rate limit
//! applies: the searches' own work, and past what the host runs and lets wait, 503 `busy`). Per run: the enquiries sent, accepted (200) and found in the outbox,
//! their latency p50 / p99 / max, the searches' answers by status with their p50 / p99, and the
//! server's CPU time.
//!
//!   cargo build --release -p lead-fn --example serve --example flood
//!   target/release/examples/flood [--seconds 20] [--search-rate 200] [--lead-rate 20]
//!       [--listings 10000]

use std::collections::BTreeMap;
use std::io::BufRead as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "../benches/common/hostile.rs"]
mod hostile;
#[path = "../benches/common/listings.rs"]
mod listings;

/// The proxy's secret the server and the requests share.
const SECRET: &str = "flood-bench-proxy-secret-0123456789";
/// The enquiry every visitor sends (the detail form's rules).
const LEAD: &str = r#"{"name":"Aisha Khan","email":"aisha@example.com","contactNumber":"0501234567","message":"Is the flat still available? I would like to view it on Saturday.","form":"detail"}"#;
/// What the goal allows an enquiry's p99.
const GOAL_P99: Duration = Duration::from_millis(200);

struct Options {
    seconds: f64,
    search_rate: f64,
    lead_rate: f64,
    listings: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options { seconds: 20.0, search_rate: 200.0, lead_rate: 20.0, listings: 10_000 };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<f64>().map_err(|_| format!("{flag}: {v:?} is not a number"));
        match flag.as_str() {
            "--seconds" => options.seconds = number(&value)?.clamp(1.0, 300.0),
            "--search-rate" => options.search_rate = number(&value)?.clamp(1.0, 5000.0),
            "--lead-rate" => options.lead_rate = number(&value)?.clamp(1.0, 1000.0),
            "--listings" => options.listings = number(&value)?.clamp(100.0, 200_000.0) as usize,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

/// What one stream of requests got.
#[derive(Default)]
struct Tally {
    sent: u64,
    statuses: BTreeMap<u16, u64>,
    /// Of the answered requests, from each one's due time.
    latencies: Vec<Duration>,
    errors: BTreeMap<String, u64>,
}

impl Tally {
    fn quantile(&self, q: f64) -> Duration {
        let n = self.latencies.len();
        if n == 0 {
            return Duration::ZERO;
        }
        self.latencies[((n as f64 * q).ceil() as usize).clamp(1, n) - 1]
    }

    fn statuses(&self) -> String {
        let mut parts: Vec<String> =
            self.statuses.iter().map(|(status, n)| format!("{n} x {status}")).collect();
        parts.extend(self.errors.iter().map(|(error, n)| format!("{n} x {error}")));
        if parts.is_empty() { "none".into() } else { parts.join(", ") }
    }
}

/// Sends `request(n)` at `rate` a second for `seconds`, each when due whatever is still in flight;
/// waits for every answer.
async fn stream(rate: f64, seconds: f64, request: impl Fn(u64) -> reqwest::RequestBuilder) -> Tally {
    let tally = Arc::new(Mutex::new(Tally::default()));
    let started = Instant::now();
    let end = started + Duration::from_secs_f64(seconds);
    let mut tasks = tokio::task::JoinSet::new();
    let mut n = 0;
    loop {
        let due = started + Duration::from_secs_f64(n as f64 / rate);
        if due >= end {
            break;
        }
        tokio::time::sleep_until(due.into()).await;
        let request = request(n);
        n += 1;
        let tally = tally.clone();
        tasks.spawn(async move {
            let answer = match request.send().await {
                Ok(response) => {
                    let status = response.status().as_u16();
                    response.bytes().await.map(|_| status)
                }
                Err(error) => Err(error),
            };
            let latency = due.elapsed();
            let mut tally = tally.lock().expect("the tally");
            match answer {
                Ok(status) => {
                    *tally.statuses.entry(status).or_default() += 1;
                    tally.latencies.push(latency);
                }
                Err(error) => {
                    let kind = if error.is_timeout() {
                        "time-out"
                    } else if error.is_connect() {
                        "refused connection"
                    } else {
                        "broken connection"
                    };
                    *tally.errors.entry(kind.to_owned()).or_default() += 1;
                }
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    let mut tally = std::mem::take(&mut *tally.lock().expect("the tally"));
    tally.sent = n;
    tally.latencies.sort();
    tally
}

/// A request as Netlify's signed proxy forwards it, from `visitor`.
fn proxied(
    client: &reqwest::Client,
    url: &str,
    visitor: std::net::Ipv4Addr,
    body: &str,
) -> reqwest::RequestBuilder {
    client
        .post(url)
        .header("content-type", "application/json")
        .header("x-nf-client-connection-ip", visitor.to_string())
        .header("x-nf-sign", lead_fn::leads::proxy_sign::sign_now(SECRET))
        .body(body.to_owned())
}

/// The enquiries' visitors: one address each, none seen twice in the bench (100.64.0.0/10).
fn visitor(n: u64) -> std::net::Ipv4Addr {
    std::net::Ipv4Addr::from(0x6440_0000_u32 + n as u32)
}

/// The leads the outbox holds (each lead's record, written last).
fn in_outbox(outbox: &Path) -> usize {
    std::fs::read_dir(outbox)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| {
                    let name = e.file_name();
                    let name = name.to_string_lossy();
                    name.ends_with(".json") && !name.starts_with('.')
                })
                .count()
        })
        .unwrap_or(0)
}

/// The CPU time (user and system) process `pid` has used.
fn cpu_of(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's name, which is in parentheses: utime and stime are the
    // 12th and 13th of them.
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks: u64 =
        fields.get(11..13).map(|f| f.iter().filter_map(|t| t.parse::<u64>().ok()).sum()).unwrap_or(0);
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_millis(ticks * 1000 / per_second)
}

fn ms(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
}

/// Which searches a run sends beside the enquiries.
#[derive(Clone, Copy, PartialEq)]
enum Flood {
    None,
    OneAddress,
    NewAddresses,
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("flood: {message}");
            std::process::exit(2);
        }
    };
    let serve = std::env::current_exe().expect("this program's path").with_file_name("serve");
    if !serve.is_file() {
        eprintln!(
            "flood: no {} (cargo build --release -p lead-fn --example serve --example flood)",
            serve.display()
        );
        std::process::exit(2);
    }

    // The site's catalogue and vocabulary, where the server reads them.
    let work = tempfile::tempdir().expect("a temp dir");
    let site = work.path().join("site");
    let properties = site.join(contract::files::relative(contract::files::API_PROPERTIES));
    let terms_file = site.join(contract::files::relative(contract::files::SEARCH_TERMS));
    let terms = hostile::terms();
    let communities: Vec<&str> = terms.communities.iter().map(|c| c.name.as_str()).collect();
    let catalogue = listings::listings(options.listings, &communities, &hostile::TYPES, &hostile::WORDS);
    for (path, bytes) in [
        (&properties, serde_json::to_vec(&catalogue).expect("JSON")),
        (&terms_file, serde_json::to_vec(&terms).expect("JSON")),
    ] {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("made");
        std::fs::write(path, bytes).expect("written");
    }
    let outbox = work.path().join("outbox");

    let mut command = Command::new(&serve);
    for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("LEAD_")) {
        command.env_remove(name);
    }
    let mut server = command
        .arg(&properties)
        .env("LEAD_OUTBOX_DIR", &outbox)
        .env("LEAD_PROXY_SECRET", SECRET)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().expect("its output")).read_line(&mut line).expect("a line");
    let Some(base) = line.strip_prefix("listening ").map(|url| url.trim().to_owned()) else {
        let _ = server.kill();
        eprintln!("flood: the server did not start ({line:?})");
        std::process::exit(1);
    };
    let leads_url = format!("{base}{}", contract::endpoints::CONTACT_PATH);
    let search_url = format!("{base}{}", contract::endpoints::SEARCH_PROPERTIES);
    let client = |idle: usize| {
        lead_fn::http::client_builder()
            .timeout(Duration::from_secs(10))
            .pool_max_idle_per_host(idle)
            .build()
            .expect("a client")
    };
    // The enquiries and the searches come from other people: connections of their own.
    let (lead_client, search_client) = (client(16), client(64));
    let bodies: Vec<String> = hostile::bodies().into_iter().map(|(_, body)| body).collect();

    // The catalogue is read by the first search, and each kind of request sent once.
    let mut visitors = 0_u64;
    for body in &bodies {
        let warm = proxied(&search_client, &search_url, std::net::Ipv4Addr::new(192, 0, 2, 1), body);
        warm.send().await.and_then(|r| r.error_for_status()).expect("a search answered");
    }
    proxied(&lead_client, &leads_url, visitor(visitors), LEAD)
        .send()
        .await
        .and_then(|r| r.error_for_status())
        .expect("an enquiry accepted");
    visitors += 1;

    println!(
        "flood bench: enquiries at {}/s beside hostile 16 KB searches at {}/s, {} s a run, over {} listings \
         ({} cores; this load runs on the same machine, on one thread)",
        options.lead_rate,
        options.search_rate,
        options.seconds,
        options.listings,
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    for (name, flood) in [
        ("the enquiries alone", Flood::None),
        ("searches from one address (the search limit refuses them)", Flood::OneAddress),
        ("searches each from a new address (no rate limit applies)", Flood::NewAddresses),
    ] {
        let before = in_outbox(&outbox);
        let cpu = cpu_of(server.id());
        let started = Instant::now();
        let first = visitors;
        let leads = stream(options.lead_rate, options.seconds, |n| {
            proxied(&lead_client, &leads_url, visitor(first + n), LEAD)
        });
        let searches = async {
            if flood == Flood::None {
                return Tally::default();
            }
            stream(options.search_rate, options.seconds, |n| {
                let address = match flood {
                    Flood::OneAddress => std::net::Ipv4Addr::new(198, 51, 100, 7),
                    _ => std::net::Ipv4Addr::from(0x0a00_0000_u32 + n as u32),
                };
                proxied(&search_client, &search_url, address, &bodies[n as usize % bodies.len()])
            })
            .await
        };
        let (leads, searches) = tokio::join!(leads, searches);
        visitors += leads.sent;
        let wall = started.elapsed();
        let cpu = cpu_of(server.id()).saturating_sub(cpu);
        let accepted = leads.statuses.get(&200).copied().unwrap_or(0);
        let kept = in_outbox(&outbox) - before;
        let p99 = leads.quantile(0.99);
        let met = accepted == leads.sent && kept as u64 == leads.sent && p99 <= GOAL_P99;
        println!("{name}:");
        println!(
            "  enquiries: {} sent, {accepted} accepted, {kept} in the outbox ({}); p50 {}, p99 {}, max {}",
            leads.sent,
            leads.statuses(),
            ms(leads.quantile(0.5)),
            ms(p99),
            ms(leads.quantile(1.0)),
        );
        if flood != Flood::None {
            println!(
                "  searches: {} sent: {}; p50 {}, p99 {}, max {}",
                searches.sent,
                searches.statuses(),
                ms(searches.quantile(0.5)),
                ms(searches.quantile(0.99)),
                ms(searches.quantile(1.0)),
            );
        }
        println!(
            "  server CPU {:.1} s in {:.1} s; goal (every enquiry accepted, p99 <= {}): {}",
            cpu.as_secs_f64(),
            wall.as_secs_f64(),
            ms(GOAL_P99),
            if met { "met" } else { "MISSED" }
        );
    }
    let _ = server.kill();
    let _ = server.wait();
}
