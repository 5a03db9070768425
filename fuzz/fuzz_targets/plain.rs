//! Any text as the command lines of a `--plain` game of each bundled variant (every seat
//! human, so that every line is read as a command). `save`/`load` go to a scratch folder.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seig::tools::agents::{AgentKind, Budget};
use seig::engine::Game;
use seig::tools::play::{Seats, Session};
use std::sync::OnceLock;

fn variants() -> &'static [(String, Vec<u8>)] {
    static V: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    V.get_or_init(|| {
        ["seig-tagent.seig", "sig-beart.seig", "sigue-caillie.seig"]
            .iter()
            .map(|f| {
                let path = format!("{}/../rules/{f}", env!("CARGO_MANIFEST_DIR"));
                let bytes = std::fs::read(&path).expect("rule file");
                (path, bytes)
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Keep file commands inside a scratch folder.
    let scratch = std::env::temp_dir().join("seig-fuzz-plain");
    let _ = std::fs::create_dir_all(&scratch);
    let text: String = text
        .lines()
        .map(|l| match l.split_once(' ') {
            Some(("save" | "load", _)) => format!("{} {}", &l[..4], scratch.join("game.json").display()),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    for (path, bytes) in variants() {
        let g = Game::new(seig::lang::load(bytes, &Default::default()).1.ir.expect("bundled file checks"));
        let per_team = g.ir().seats.value;
        let seats = Seats { per_team, kinds: vec![AgentKind::Human; 2 * per_team as usize] };
        let mut session = Session::new(g, path.into(), bytes.clone(), 1, seats, Budget::default());
        let mut out = Vec::new();
        let opts = seig::cli::play::plain::Options { echo: true, auto: false, tty: false };
        let _ = seig::cli::play::plain::run(&mut session, text.as_bytes(), &mut out, opts);
    }
});
