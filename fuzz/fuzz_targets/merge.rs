//! Any bytes as a list of study shards (split at `\n\u{1e}\n`, the ASCII record separator):
//! parse each, merge them, and render the merged study as text, JSON and an HTML report.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seig::tools::analysis::metrics::{self, ShardFile};
use seig::tools::analysis::report;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let shards: Vec<ShardFile> = text
        .split("\n\u{1e}\n")
        .take(8)
        .filter_map(|s| serde_json::from_str(s).ok())
        .collect();
    if let Ok(m) = metrics::merge_shards(&shards) {
        let _ = metrics::render(&m);
        let _ = serde_json::to_string(&m);
        let _ = report::study_report(std::slice::from_ref(&m), None);
    }
});
