//! Structured logs for the hosts: one JSON object per line, the event's fields at the top level
//! (`{"timestamp":"…","level":"INFO","event":"lead_delivery","lead":"…","sink":"smtp",…}`), so
//! CloudWatch Logs Insights and `jq` read them as they are. Nothing the function logs holds a
//! visitor's personal data: leads are named by their id.

use tracing::level_filters::LevelFilter;
use tracing_subscriber::fmt::MakeWriter;

/// Sends INFO and above to `writer` as JSON lines. Does nothing when the process already has a
/// subscriber (tests, or a host that set its own).
pub fn init_json<W>(writer: W)
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let _ = tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_current_span(false)
        .with_span_list(false)
        .with_target(false)
        .with_max_level(LevelFilter::INFO)
        .with_writer(writer)
        .try_init();
}
