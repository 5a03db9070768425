//! Scripted games in the line mode (`seig play --plain`), snapshotted: illegal and
//! malformed input, `why`, undo back to the start, save and load round trips, bad records,
//! bad seats, and computer-versus-computer games that are the same for the same seed.
#![allow(
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::cli::Choices;
use seig::cli::error::Status;
use seig::cli::play::{PlayArgs, plain, session_for};
use seig::engine::Stage;
use seig::lang::ir::TeamId;
use seig::tools::agents::AgentKind;
use seig::tools::play::Session;
use seig::tools::record::{Record, RecordErrorKind};
use std::io::Cursor;
use std::path::PathBuf;

fn args(file: &str, params: &[(&str, i64)], seats: &[&str], seed: u64) -> PlayArgs {
    PlayArgs {
        file: format!("rules/{file}").into(),
        choices: Choices {
            readings: Vec::new(),
            params: params.iter().map(|(a, b)| (a.to_string(), *b)).collect(),
        },
        seats: seats.iter().map(|s| s.to_string()).collect(),
        seed: Some(seed),
        plain: true,
        load: None,
        budget: 1.0,
        max_turns: 10_000,
        auto: false,
    }
}

fn session(a: &PlayArgs) -> Session {
    match session_for(a) {
        Ok(s) => s,
        Err(e) => panic!("exit {}: {}", e.code(), e.text()),
    }
}

fn run_session(s: &mut Session, input: &str) -> String {
    let mut out = Vec::new();
    let code = plain::run(
        s,
        Cursor::new(input.to_string()),
        &mut out,
        plain::Options::default(),
    );
    assert_eq!(code.ok(), Some(Status::Success));
    String::from_utf8(out).expect("UTF-8 output")
}

fn run(a: &PlayArgs, input: &str) -> String {
    run_session(&mut session(a), input)
}

/// How many `throw` commands the human needs (computer seats playing in between) until
/// the human has a move to choose.
fn throws_until_move(a: &PlayArgs) -> usize {
    let mut s = session(a);
    for n in 0..500 {
        while let Some(r) = s.computer_step() {
            r.expect("computer step");
        }
        if s.state().stage() == Stage::Move {
            return n;
        }
        s.throw().expect("throw");
    }
    panic!("no move within 500 throws");
}

/// A fresh folder for one test's files, under Cargo's temporary folder for tests.
fn temp_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("play_plain-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn human_against_computer_with_bad_input_why_and_undo() {
    let a = args("sigue-caillie.seig", &[], &[], 11);
    let n = throws_until_move(&a);
    let mut input = String::new();
    input.push_str("1\n"); // a move before throwing
    input.push_str("hlep\n"); // an unknown command
    input.push_str(&"throw\n".repeat(n));
    input.push_str("throw\n"); // a throw when a move is due
    input.push_str("99\n"); // no such move number
    input.push_str("1:\n"); // malformed notation
    input.push_str("1:99\n"); // no such throw in the pool
    input.push_str("why 1\n");
    input.push_str("why\n");
    input.push_str("1\n");
    input.push_str("position\n");
    input.push_str("undo\n");
    input.push_str("undo\n");
    let out = run(&a, &input);
    assert!(out.contains("undo: back to the start of the game"), "{out}");
    assert!(
        out.ends_with("end of input: the game is left here\n"),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

#[test]
fn an_illegal_move_names_the_rule_that_forbids_it() {
    // Pieces released one at a time, the front-most first: piece 1 may not be released
    // while piece 12 waits in front of it.
    let a = args("seig-tagent.seig", &[], &["shells=random"], 3);
    let n = throws_until_move(&a);
    // The first `quit` warns of the unsaved actions, the second leaves.
    let input = format!("{}1:r1\nwhy 1\nquit\nquit\nthrow\n", "throw\n".repeat(n));
    let out = run(&a, &input);
    assert!(
        out.contains("not saved: `save FILE` keeps them, `quit` again leaves without saving"),
        "{out}"
    );
    assert!(out.contains("the move 1:r1"), "{out}");
    assert!(out.contains("front-most"), "{out}");
    assert!(out.contains("quit: the game is left here"), "{out}");
    // Nothing is read after `quit`.
    assert!(!out.ends_with("throw\n"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn save_and_load_round_trip() {
    let dir = temp_dir("round-trip");
    let file = dir.join("game.json");
    let f = file.display().to_string();
    let a = args(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["north=greedy"],
        5,
    );
    let n = throws_until_move(&a);
    let prefix = format!("{}1\n", "throw\n".repeat(n));

    // Play, save, play on, then load: back where the game was saved.
    let mut s1 = session(&a);
    let out = run_session(
        &mut s1,
        &format!("{prefix}position\nsave {f}\nthrow\nthrow\nload {f}\nposition\n"),
    );
    assert!(out.contains("saved "), "{out}");
    let positions: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("race |") || l.starts_with("combat |"))
        .collect();
    assert_eq!(positions.len(), 2, "{out}");
    assert_eq!(
        positions[0], positions[1],
        "load restores the saved position"
    );
    insta::assert_snapshot!(out.replace(&f, "[DIR]/game.json"));

    // The record: the file, its hash, readings, params, seed, seats, every action.
    let rec = Record::load(&file).expect("record loads");
    assert_eq!(rec.format, "seig-record");
    assert_eq!(rec.file, "rules/sig-beart.seig");
    assert_eq!(rec.sha256.len(), 64);
    assert_eq!(rec.seed, 5);
    assert_eq!(rec.params.get("holes"), Some(&4));
    assert_eq!(
        rec.readings.get("A-SIG-1").map(String::as_str),
        Some("rethrow")
    );
    assert_eq!(rec.seats.len(), 2);
    assert_eq!(rec.seats[1].player, AgentKind::Greedy);
    assert_eq!(rec.actions.len(), s1.actions().len());
    // No temporary file is left beside it.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(names, vec!["game.json".to_string()]);

    // `--load` continues the game: same position, and the same throws follow.
    let mut b = a.clone();
    b.load = Some(file.clone());
    let mut s2 = session(&b);
    assert_eq!(s2.state(), s1.state());
    assert_eq!(s2.actions(), s1.actions());
    let more = "throw\n".repeat(6);
    let o1 = run_session(&mut s1, &more);
    let o2 = run_session(&mut s2, &more);
    assert_eq!(o1, o2);
    assert_eq!(s1.state(), s2.state());
}

#[test]
fn bad_records_are_refused_with_clear_messages() {
    let dir = temp_dir("bad-records");
    let good = dir.join("good.json");
    let a = args("sig-beart.seig", &[("holes", 4), ("counters", 4)], &[], 2);
    let mut s = session(&a);
    run_session(&mut s, &format!("throw\nthrow\nsave {}\n", good.display()));
    let text = std::fs::read_to_string(&good).unwrap();

    let write = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        p
    };
    let cases: Vec<(&str, PathBuf, RecordErrorKind)> = vec![
        ("missing", dir.join("missing.json"), RecordErrorKind::Io),
        ("empty", write("empty.json", ""), RecordErrorKind::Truncated),
        (
            "truncated",
            write("truncated.json", &text[..text.len() / 2]),
            RecordErrorKind::Truncated,
        ),
        (
            "not JSON",
            write("garbage.json", "this is not { json"),
            RecordErrorKind::Corrupt,
        ),
        (
            "foreign JSON",
            write("foreign.json", r#"{"name": "a package", "version": "1.0"}"#),
            RecordErrorKind::Foreign,
        ),
        (
            "a JSON array",
            write("array.json", "[1, 2, 3]"),
            RecordErrorKind::Foreign,
        ),
        (
            "a missing field",
            write(
                "damaged.json",
                &text.replace("\"seed\": 2,", "").replace("\"seed\":2,", ""),
            ),
            RecordErrorKind::Damaged,
        ),
        (
            "a newer version",
            write(
                "newer.json",
                &text.replace("\"version\": 1", "\"version\": 9"),
            ),
            RecordErrorKind::Damaged,
        ),
    ];
    let mut report = String::new();
    for (what, path, kind) in &cases {
        let e = Record::load(path).expect_err(what);
        assert_eq!(e.kind, *kind, "{what}: {e}");
        report.push_str(&format!("{what}: {e}\n"));
    }

    // Different readings or parameters, or another rule file: refused by `load` in the game.
    let mut other = args("sig-beart.seig", &[("holes", 5), ("counters", 5)], &[], 2);
    other.choices.readings = vec![("A-SIG-1".into(), "plain".into())];
    let mut s2 = session(&other);
    let out = run_session(&mut s2, &format!("load {}\n", good.display()));
    assert!(
        out.contains("not loaded: this record does not belong to this game"),
        "{out}"
    );
    assert!(s2.actions().is_empty());
    let line = out.lines().find(|l| l.starts_with("not loaded")).unwrap();
    report.push_str(&format!("other readings: {line}\n"));
    let mut s3 = session(&args("seig-tagent.seig", &[], &[], 2));
    let out = run_session(&mut s3, &format!("load {}\n", good.display()));
    let line = out.lines().find(|l| l.starts_with("not loaded")).unwrap();
    // The hashes change with every edit of a rule file: the snapshot keeps their place.
    let line: String = line
        .split("SHA-256 ")
        .enumerate()
        .map(|(i, part)| match (i, part.find('…')) {
            (0, _) | (_, None) => part.to_string(),
            (_, Some(end)) => format!("SHA-256 [HASH]{}", &part[end..]),
        })
        .collect();
    report.push_str(&format!("other file: {line}\n"));

    // An action the engine refuses: a clear error, no panic.
    let mut rec = Record::load(&good).unwrap();
    rec.actions.truncate(1);
    let mut bad = rec.actions[0].clone();
    bad.action = seig::tools::record::Action::Move {
        piece: 0,
        mask: 1,
        capture: false,
        entry: 0,
    };
    rec.actions.push(bad.clone());
    let p = dir.join("illegal.json");
    rec.save(&p).unwrap();
    let e = Record::load(&p)
        .unwrap()
        .replay(&s.game)
        .expect_err("illegal action");
    assert_eq!(e.kind, RecordErrorKind::Illegal);
    report.push_str(&format!("illegal action: {e}\n"));
    let mut s4 = session(&a);
    let out = run_session(&mut s4, &format!("load {}\n", p.display()));
    assert!(out.contains("not loaded: action 2 of the record"), "{out}");

    let dir_s = dir.display().to_string();
    insta::assert_snapshot!(report.replace(&dir_s, "[DIR]"));
}

#[test]
fn bad_seats_are_refused() {
    let cases = [
        vec!["east=human"],
        vec!["south=wizard"],
        vec!["south"],
        vec!["south.3=random"],
        vec!["sout=random"],
    ];
    let mut report = String::new();
    for seats in cases {
        let a = args("sig-beart.seig", &[], &seats, 1);
        let e = match session_for(&a) {
            Ok(_) => panic!("{seats:?} accepted"),
            Err(e) => e,
        };
        assert_eq!(e.code(), 2);
        report.push_str(&format!("{seats:?}: {}", e.text()));
    }
    insta::assert_snapshot!(report);
}

#[test]
fn a_missing_record_for_load_is_an_error() {
    let mut a = args("sig-beart.seig", &[], &[], 1);
    a.load = Some(PathBuf::from("no/such/record.json"));
    let msg = session_for(&a).err().map(|e| e.text()).unwrap_or_default();
    assert!(
        msg.contains("cannot read record no/such/record.json: no such file"),
        "{msg}"
    );
}

#[test]
fn computer_against_computer_is_the_same_for_the_same_seed() {
    let a = args(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["south=mcts", "north=expectimax"],
        21,
    );
    let first = run(&a, "");
    let second = run(&a, "");
    assert_eq!(first, second);
    assert!(first.contains("game over:"), "{first}");
    let other = run(
        &args(
            "sig-beart.seig",
            &[("holes", 4), ("counters", 4)],
            &["south=mcts", "north=expectimax"],
            22,
        ),
        "",
    );
    assert_ne!(first, other);
    insta::assert_snapshot!(first);
}

#[test]
fn every_variant_plays_to_the_end_between_computers() {
    for (file, params) in [
        ("seig-tagent.seig", vec![]),
        ("sig-beart.seig", vec![("holes", 4), ("counters", 4)]),
        ("sigue-caillie.seig", vec![]),
    ] {
        for kinds in [["greedy", "random"], ["expectimax", "mcts"]] {
            let mut a = args(file, &params, &[], 3);
            let g = session(&a).game;
            a.seats = vec![
                format!("{}={}", g.ir().teams[TeamId::FIRST].name, kinds[0]),
                format!("{}={}", g.ir().teams[TeamId::SECOND].name, kinds[1]),
            ];
            a.max_turns = 600;
            let mut s = session(&a);
            let out = run_session(&mut s, "");
            assert!(
                out.contains("game over:") || out.contains("the turn cap"),
                "{file} {kinds:?}: {out}"
            );
        }
    }
}

#[test]
fn replay_prints_a_whole_record() {
    let dir = temp_dir("replay");
    let file = dir.join("g.json");
    let a = args(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["south=greedy", "north=random"],
        8,
    );
    let mut s = session(&a);
    run_session(&mut s, &format!("save {}\n", file.display()));
    let rec = Record::load(&file).unwrap();
    let actions = rec.plain_actions();
    let states = seig::tools::record::replay_all(&s.game, &actions).unwrap();
    assert_eq!(states.last(), Some(s.state()));
    let mut out = Vec::new();
    plain::replay(
        &s.game,
        &s.seats,
        &actions,
        &states,
        false,
        true,
        Cursor::new("next\nnext\nback\n3\nend\nposition\nbogus\nstart\n"),
        &mut out,
    )
    .expect("replays");
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("1/"), "{out}");
    assert!(out.contains("unknown command `bogus`"), "{out}");
    insta::assert_snapshot!(out);
}

/// A writer whose every write fails with `kind`.
struct Failing(std::io::ErrorKind);

impl std::io::Write for Failing {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::new(self.0, "refused"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::Error::new(self.0, "refused"))
    }
}

#[test]
fn a_failed_write_is_an_error_and_a_closed_pipe_the_usual_status() {
    let a = args("sig-beart.seig", &[], &[], 1);
    let full = plain::run(
        &mut session(&a),
        Cursor::new("throw\n"),
        Failing(std::io::ErrorKind::StorageFull),
        plain::Options::default(),
    );
    let full = full.expect_err("a failed write");
    assert_eq!(full.code(), 74, "EX_IOERR, as every command's failed write");
    assert_eq!(
        full.text(),
        "error: cannot write to standard output: refused\n",
        "said once, by the reporter"
    );
    let pipe = plain::run(
        &mut session(&a),
        Cursor::new("throw\n"),
        Failing(std::io::ErrorKind::BrokenPipe),
        plain::Options::default(),
    );
    let pipe = pipe.expect_err("a closed pipe");
    assert_eq!(pipe.code(), 141);
    assert_eq!(pipe.text(), "", "a closed pipe is quiet");
}

#[test]
fn echo_only_when_asked_and_quit_without_moves_leaves_at_once() {
    let a = args("sig-beart.seig", &[], &[], 1);
    let mut out = Vec::new();
    let opts = plain::Options {
        echo: false,
        auto: false,
        tty: false,
    };
    let code = plain::run(
        &mut session(&a),
        Cursor::new("help\nquit\n"),
        &mut out,
        opts,
    );
    assert_eq!(code.ok(), Some(Status::Success));
    let out = String::from_utf8(out).unwrap();
    // The prompt is followed by the command's answer, not by the command again.
    assert!(out.contains("> commands:"), "{out}");
    assert!(!out.contains("> help"), "{out}");
    // Nothing was played, so nothing is unsaved: one `quit` leaves.
    assert!(out.ends_with("quit: the game is left here\n"), "{out}");
    let echoed = run(&a, "help\nquit\n");
    assert!(echoed.contains("> help\ncommands:"), "{echoed}");
}

#[test]
fn at_a_terminal_an_end_of_input_with_unsaved_actions_warns_once() {
    let a = args("sig-beart.seig", &[], &[], 1);
    let run_tty = |input: &str, tty: bool| {
        let mut out = Vec::new();
        let opts = plain::Options {
            echo: false,
            auto: false,
            tty,
        };
        let code = plain::run(
            &mut session(&a),
            Cursor::new(input.to_string()),
            &mut out,
            opts,
        );
        assert_eq!(code.ok(), Some(Status::Success));
        String::from_utf8(out).unwrap()
    };
    let warned = "1 action of this game is not saved: `save FILE` keeps it, end of input again leaves without saving";
    // At a terminal, the first end of input (Ctrl-D) warns, the second leaves.
    let out = run_tty("throw\n", true);
    assert!(out.contains(warned), "{out}");
    assert!(
        out.ends_with("end of input: the game is left here\n"),
        "{out}"
    );
    assert_eq!(out.matches("end of input").count(), 3, "{out}");
    // Nothing to lose, or not a terminal (a script's input ends for good): it leaves at once.
    for out in [run_tty("", true), run_tty("throw\n", false)] {
        assert!(!out.contains("not saved"), "{out}");
        assert!(
            out.ends_with("end of input: the game is left here\n"),
            "{out}"
        );
    }
}

#[test]
fn auto_plays_throws_and_single_choices_until_a_decision() {
    // Sig: every throw before a piece starts is forced, and starting one of twelve equal
    // waiting pieces is a single choice.
    let a = args("sig-beart.seig", &[], &["north=random"], 4);
    let mut s = session(&a);
    let mut out = Vec::new();
    let opts = plain::Options {
        echo: true,
        auto: true,
        tty: false,
    };
    let code = plain::run(&mut s, Cursor::new(""), &mut out, opts);
    assert_eq!(code.ok(), Some(Status::Success));
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("south (you) throws"), "{out}");
    // It stops where a person has two different choices (or the game is over).
    assert!(s.is_over() || s.choices().len() >= 2, "{out}");
    assert!(!s.forced());
}

#[test]
fn a_record_of_another_file_is_refused_in_one_sentence() {
    let dir = temp_dir("other-file");
    let file = dir.join("sig.json");
    let a = args("sig-beart.seig", &[], &[], 5);
    run(&a, &format!("throw\nsave {}\nquit\n", file.display()));
    let mut b = args("seig-tagent.seig", &[], &[], 5);
    b.load = Some(file.clone());
    let e = session_for(&b).err();
    assert_eq!(e.as_ref().map(|e| e.code()), Some(1));
    let err = e.map(|e| e.text()).unwrap_or_default();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("this record belongs to another rule file: rules/sig-beart.seig"),
        "{err}"
    );
    assert!(!err.contains("reading"), "{err}");
}

/// `save` alone saves to the file last saved to; with none yet, it asks for a name.
#[test]
fn save_alone_saves_to_the_last_file() {
    let dir = temp_dir("save-again");
    let file = dir.join("game.json");
    let f = file.display().to_string();
    let a = args(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["north=greedy"],
        5,
    );
    let mut s = session(&a);
    let out = run_session(&mut s, &format!("save\nthrow\nsave {f}\nthrow\nsave\n"));
    assert!(out.contains("save needs a file name: `save FILE`"), "{out}");
    let saved: Vec<&str> = out.lines().filter(|l| l.contains("saved ")).collect();
    assert_eq!(saved.len(), 2, "{out}");
    assert!(
        saved.iter().all(|l| l.ends_with(&format!(" to {f}"))),
        "{out}"
    );
    let rec = Record::load(&file).expect("record loads");
    assert_eq!(rec.actions.len(), s.actions().len());
    assert!(!s.unsaved());
}

/// The unsaved count is of the actions since the last save, not of the whole game.
#[test]
fn unsaved_counts_the_actions_since_the_last_save() {
    let dir = temp_dir("unsaved-count");
    let file = dir.join("game.json");
    let a = args(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["north=human"],
        5,
    );
    let mut s = session(&a);
    let act = |s: &mut Session, n: usize| {
        for _ in 0..n {
            let r = match s.forced_step() {
                Some(r) => r,
                None => s.play(s.choices()[0].decision),
            };
            r.expect("an action");
        }
    };
    act(&mut s, 3);
    assert_eq!(s.unsaved_actions(), 3);
    s.save(&file).expect("saved");
    assert_eq!(s.unsaved_actions(), 0);
    assert_eq!(s.last_file(), Some(file.as_path()));
    act(&mut s, 2);
    assert_eq!(s.unsaved_actions(), 2);
    s.load(&file).expect("loaded");
    assert_eq!(s.unsaved_actions(), 0);
}
