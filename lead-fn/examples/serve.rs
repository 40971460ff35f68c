//! The function's router on a loopback port, hosted as `estate serve` hosts it (the peer's
//! address in the request, settings from the `LEAD_*` variables, the catalogue from a file),
//! for `bench/lead_fn.py`. Prints `listening http://127.0.0.1:PORT` once ready.
//!
//! cargo run --release -p lead-fn --example serve -- CATALOGUE.json

use std::net::SocketAddr;
use std::sync::Arc;

use lead_fn::catalogue::Source;
use lead_fn::{Catalogue, Config};

#[tokio::main]
async fn main() {
    let Some(catalogue) = std::env::args().nth(1) else {
        eprintln!("serve: name the catalogue (an api/properties.json)");
        std::process::exit(2);
    };
    if std::env::var_os("LEAD_BENCH_LOG").is_some() {
        lead_fn::logging::init_json(std::io::stderr);
    }
    let var = |name: &str| std::env::var(name).ok();
    let leads = match lead_fn::leads::Settings::from_env(var) {
        Ok(leads) => leads,
        Err(error) => {
            eprintln!("serve: {error}");
            std::process::exit(2);
        }
    };
    let config = Config {
        catalogue: Arc::new(Catalogue::new(Source::File(catalogue.into()))),
        leads,
        allowed_origins: Vec::new(),
        own_origins: Vec::new(),
        routes: lead_fn::Routes::All,
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    println!("listening http://{}", listener.local_addr().expect("an address"));
    let app = lead_fn::router(config).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).await.expect("served");
}
