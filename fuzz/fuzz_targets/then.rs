//! `explain --then`: any text as a position (first line; the initial position when it is
//! empty or does not parse) and a list of actions (the words after it), for each bundled
//! variant: applied, explained and rendered as text and JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bundled.rs"]
mod bundled;
use bundled::games;
use seig::tools::analysis::explain;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (pos, rest) = text.split_once('\n').unwrap_or((text, ""));
    // As many actions as a command line would reasonably hold.
    let actions: Vec<String> = rest.split_whitespace().take(64).map(str::to_string).collect();
    for g in games() {
        let s = g.from_notation(pos).unwrap_or_else(|_| g.initial_state());
        match explain::then(g, &s, &actions) {
            Ok(steps) => {
                assert_eq!(steps.len(), actions.len(), "one step per action");
                let _ = explain::render_steps(&steps);
                serde_json::to_string(&steps).expect("steps serialise");
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
