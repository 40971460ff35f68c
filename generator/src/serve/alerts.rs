//! The saved searches' alerts in `estate serve`: after each rebuild that reached the output
//! folder (where the function reads its catalogue), the digest runs against the local store
//! (`.estate/subscriptions/`) and sends through the function's sinks, the outbox always among
//! them, so an editor sees the alert their new listing triggers (`.estate/outbox/*-alert-*.eml`).
//! The links' secret (`LEAD_ALERTS_SECRET`, unless the environment sets it) is made once and kept
//! in `.estate/alerts-secret`, so the links of earlier emails keep working across restarts.

use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use tokio::sync::broadcast;

/// The file the local links' secret is kept in, in `.estate/`.
pub const SECRET_FILE: &str = "alerts-secret";

/// The secret kept in `dir` (made there, readable by its owner alone, when missing).
pub fn local_secret(dir: &Path) -> std::io::Result<String> {
    let file = dir.join(SECRET_FILE);
    match std::fs::read_to_string(&file) {
        Ok(secret) if secret.trim().len() >= lead_fn::subscriptions::LinkKey::MIN_CHARS => {
            return Ok(secret.trim().to_owned());
        }
        Ok(_) => {}
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => return Err(error),
    }
    let secret = lead_fn::subscriptions::new_token().map_err(|e| std::io::Error::other(e.to_string()))?;
    std::fs::create_dir_all(dir)?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    std::io::Write::write_all(&mut options.open(&file)?, format!("{secret}\n").as_bytes())?;
    Ok(secret)
}

/// Runs the digest after each rebuild `synced` reports, until the server stops (the record of
/// what is published made first, when there is none).
pub fn after_rebuilds(
    catalogue: Arc<lead_fn::Catalogue>,
    settings: lead_fn::leads::Settings,
    mut synced: broadcast::Receiver<u64>,
) {
    tokio::spawn(async move {
        // What the first build published is the start when there is no record yet: the next
        // rebuild's new listings are news, and nothing before them is.
        if let Some(store) = &settings.saved_searches {
            lead_fn::alerts::digest::start_from(&catalogue, store.as_ref()).await;
        }
        loop {
            match synced.recv().await {
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return,
            }
            match lead_fn::alerts::digest::run(&catalogue, &settings, SystemTime::now()).await {
                Ok(report) if report.emails > 0 || report.kept > 0 => {
                    let outbox = settings.outbox().map(|dir| dir.display().to_string()).unwrap_or_default();
                    super::announce(&format!(
                        "estate serve: saved-search alerts: {} email(s) with {} listing(s) sent (outbox {outbox}), {} search(es) emailed today already wait for tomorrow",
                        report.emails, report.listings, report.kept
                    ));
                }
                Ok(_) => {}
                Err(error) => {
                    crate::stdio::err(&format!("estate serve: the saved-search alerts failed: {error}\n"))
                }
            }
        }
    });
}
