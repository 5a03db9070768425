//! `seig rules`: the variant as a readable rulebook, generated from the IR under the
//! readings in force. Every item names the rule that made it, with its status; each
//! section ends with the sentences its rules cite.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use super::{Loaded, describe_cells, describe_cond, describe_conds};
use crate::words::choice::EngineChoices;
use seig_lang::ir::*;
use std::collections::BTreeSet;
use std::fmt::Write;

/// A number in an effect, in words.
fn amount(a: Amount) -> String {
    match a {
        Amount::Const(c) => c.to_string(),
        Amount::Value(0) => "the value".into(),
        Amount::Value(d) if d > 0 => format!("the value + {d}"),
        Amount::Value(d) => format!("the value − {}", -d),
    }
}

/// A throw entry's own release order in words (after "release N pieces").
fn release_order_words(o: ReleaseOrder) -> &'static str {
    match o {
        ReleaseOrder::FrontMost => " (the front-most unreleased ones)",
        ReleaseOrder::RearMost => " (the rear-most unreleased ones)",
        ReleaseOrder::Chosen => " (any unreleased ones, the player's choice)",
        ReleaseOrder::FirstHole => " (by hole, the lowest first)",
        ReleaseOrder::LastHole => " (by hole, the highest first)",
    }
}

/// One effect in words.
pub(crate) fn describe_effect(ir: &Ir, e: &Effect) -> String {
    match e {
        Effect::Move(a) => format!("move {}", amount(*a)),
        Effect::MoveBack(a) => format!("move {} back along the track", amount(*a)),
        Effect::Release {
            count,
            steps,
            order,
            within,
        } => {
            let mv = match steps {
                Amount::Const(0) => String::new(),
                a => format!(" moving {}", amount(*a)),
            };
            let inside = within.map_or(String::new(), |w| {
                let [a, b] = w.into_array();
                let name = |t: TeamId| ir.teams[t].name.as_str();
                if a == b {
                    format!(", staying within {}", describe_cells(ir, &a))
                } else {
                    format!(
                        ", staying within {} ({}) or {} ({})",
                        describe_cells(ir, &a),
                        name(TeamId::FIRST),
                        describe_cells(ir, &b),
                        name(TeamId::SECOND)
                    )
                }
            });
            format!(
                "release {count} piece{}{}{mv}{inside}",
                if *count == 1 { "" } else { "s" },
                order.map_or("", release_order_words)
            )
        }
        Effect::ReleaseOrMove { steps, count } => {
            if *count == 1 {
                format!("release or move one piece {}", amount(*steps))
            } else {
                format!(
                    "release or move {count} different pieces {} each",
                    amount(*steps)
                )
            }
        }
        Effect::ThrowAgain => "throw again".into(),
        Effect::CancelMoves {
            releases_in_place: false,
        } => "cancel the turn's moves (releases kept, with their places)".into(),
        Effect::CancelMoves {
            releases_in_place: true,
        } => "cancel the turn's moves (releases kept, made in place)".into(),
        Effect::RemoveOpposing => "remove an opposing piece".into(),
        Effect::EnterPhase(p) => format!("enter the phase {}", ir.phases.value[(*p).index()]),
        Effect::Nothing => "nothing".into(),
    }
}

/// Effects in words, joined by `and`.
pub(crate) fn describe_effects(ir: &Ir, es: &[Effect]) -> String {
    if es.is_empty() {
        return "nothing".into();
    }
    es.iter()
        .map(|e| describe_effect(ir, e))
        .collect::<Vec<_>>()
        .join(" and ")
}

fn mask_values(m: u64) -> String {
    let v: Vec<String> = (0..64)
        .filter(|i| m >> i & 1 == 1)
        .map(|i: u32| i.to_string())
        .collect();
    match v.len() {
        0 => "none".into(),
        1 => v[0].clone(),
        n => format!("{} or {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

/// Collects the rules each section names, to print their citations.
struct Section<'a> {
    ir: &'a Ir,
    out: &'a mut String,
    rules: Vec<RuleIx>,
    used: &'a mut Vec<BTreeSet<String>>,
    name: &'static str,
}

impl<'a> Section<'a> {
    fn new(
        ir: &'a Ir,
        out: &'a mut String,
        used: &'a mut Vec<BTreeSet<String>>,
        name: &'static str,
    ) -> Self {
        let _ = writeln!(out, "\n## {name}\n");
        Section {
            ir,
            out,
            rules: Vec::new(),
            used,
            name,
        }
    }
    /// `[ID status]`, remembered for the section's citations.
    fn tag(&mut self, r: Option<RuleIx>) -> String {
        match r {
            Some(r) => {
                if !self.rules.contains(&r) {
                    self.rules.push(r);
                }
                self.used[r.index()].insert(self.name.to_string());
                let i = &self.ir.rules[r.index()];
                format!(" [{} {}]", i.id, i.status.as_str())
            }
            None => String::new(),
        }
    }
    fn line(&mut self, s: impl AsRef<str>) {
        let _ = writeln!(self.out, "{}", s.as_ref());
    }
    fn end(self) {
        if self.rules.is_empty() {
            return;
        }
        let _ = writeln!(self.out, "\n  Sources:");
        for r in &self.rules {
            let info = &self.ir.rules[(*r).index()];
            if info.citations.is_empty() {
                let _ = writeln!(self.out, "  - {}: no citation", info.id);
            }
            for (src, q) in &info.citations {
                let _ = writeln!(self.out, "  - {} cites {src}: \"{q}\"", info.id);
            }
        }
    }
}

fn segment_name(ir: &Ir, tr: &Track, at: u16) -> String {
    match tr.segments.iter().find(|s| s.start == at) {
        Some(s) => match &s.label {
            Some(l) => format!("`{l}` ({})", ir.rows[s.row].name),
            None => ir.rows[s.row].name.clone(),
        },
        None => format!("hole {} of the track", at + 1),
    }
}

/// The rulebook of a loaded variant, as Markdown-like text.
pub fn rulebook(l: &Loaded) -> String {
    let ir = &l.ir;
    let mut o = String::new();
    let mut used: Vec<BTreeSet<String>> = vec![BTreeSet::new(); ir.rules.len()];
    preamble(&mut o, l);
    type Part = fn(&mut Section);
    let parts: [(&'static str, Part); 9] = [
        ("Board", board),
        ("Teams and seats", teams),
        ("Sticks", sticks),
        ("Throw table", throw_table),
        ("Tracks", tracks),
        ("Landing and taking", taking),
        ("Phases", phases),
        ("Winning", winning),
        ("Engine choices", engine_choices),
    ];
    for (name, part) in parts {
        let mut sec = Section::new(ir, &mut o, &mut used, name);
        part(&mut sec);
        sec.end();
    }
    index(&mut o, ir, &used);
    not_stated(&mut o, ir, &used);
    o
}

/// The rule of a fact's origin (`None`: a language default, which no rule states).
fn rule(o: Option<Origin>) -> Option<RuleIx> {
    o.map(|o| o.rule)
}

/// The title, the file, and the sources, parameters and readings in force.
fn preamble(o: &mut String, l: &Loaded) {
    let ir = &l.ir;
    let _ = writeln!(o, "# {}", ir.game);
    let _ = writeln!(
        o,
        "\nRulebook generated from {} (sha256 {}).",
        l.path.display(),
        l.hash
    );
    bibliography(o, ir);
    if !ir.params.is_empty() {
        let _ = writeln!(o, "\nParameters in force:");
        for p in &ir.params {
            let _ = writeln!(
                o,
                "- {} = {}{} (range {}): {}",
                p.name,
                p.value,
                param_default(p),
                p.values_text(),
                p.doc
            );
        }
    }
    readings(o, ir);
}

/// How a param's value stands to its default: `(default)`, `(default 12)`, and for a
/// default that follows another param `(default: as holes)` or `(default: as holes, 20)`.
fn param_default(p: &ParamInfo) -> String {
    match (&p.follows, p.value == p.default) {
        (None, true) => " (default)".to_string(),
        (None, false) => format!(" (default {})", p.default),
        (Some(f), true) => format!(" (default: as {f})"),
        (Some(f), false) => format!(" (default: as {f}, {})", p.default),
    }
}

/// Every source with all its fields, one a line, as a scholar would cite it.
fn bibliography(o: &mut String, ir: &Ir) {
    if ir.sources.is_empty() {
        return;
    }
    let _ = writeln!(o, "\nBibliography:");
    for s in &ir.sources {
        let _ = writeln!(o, "- `{}` — {}", s.key, s.title);
        // Where the quotation lies in its text is for `seig coverage`, not the reader.
        for (k, v) in s.fields.iter().filter(|(k, _)| !k.starts_with("text-")) {
            let _ = writeln!(o, "  {k}: {v}");
        }
    }
}

/// Every reading with all its options: `*` marks the option in force.
fn readings(o: &mut String, ir: &Ir) {
    if ir.readings.is_empty() {
        return;
    }
    let _ = writeln!(o, "\nReadings (every option; * marks the one in force):");
    for r in &ir.readings {
        let _ = writeln!(o, "- {} — {}", r.id, r.question);
        for (i, (name, doc)) in r.options.iter().enumerate() {
            let mark = if i == r.chosen { "*" } else { " " };
            let default = if i == r.default { " (default)" } else { "" };
            let _ = writeln!(o, "  {mark} {name}{default}: {doc}");
        }
    }
}

/// The section "Board".
fn board(sec: &mut Section) {
    let ir = sec.ir;
    for row in &ir.rows {
        let r = Some(row.origin.rule);
        let owner = row
            .owner
            .map(|t| format!(" of {}", ir.team_of(t).name))
            .unwrap_or_else(|| " (shared)".into());
        let tag = sec.tag(r);
        sec.line(format!(
            "- row `{}`: {}{owner}, {} holes{tag}",
            row.name, row.kind, row.len
        ));
    }
    sec.line("");
    sec.line("  The board as the tracks assume it (rows in file order, hole 1 at the left;");
    sec.line("  ● a hole where a piece starts; each team's way through the row, in track order):");
    sec.line("");
    for line in board_diagram(ir) {
        sec.line(format!("    {line}"));
    }
}

/// One line a row: its name, its holes, and each team's direction through it (`→` from
/// hole 1 on, `←` towards hole 1), numbered by the order its track takes the segments.
fn board_diagram(ir: &Ir) -> Vec<String> {
    let width = ir
        .rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0);
    ir.rows
        .iter()
        .enumerate()
        .map(|(ri, row)| {
            let holes: String = row
                .cells()
                .map(|c| {
                    let starts = ir.teams.iter().any(|t| match &t.start {
                        // A start layout: only its holes.
                        Start::Row(r) if !t.holes.is_empty() => ir
                            .rows
                            .get(*r)
                            .is_some_and(|sr| t.holes.iter().any(|&h| sr.cell(h) == c)),
                        Start::Row(r) => ir.rows.get(*r).is_some_and(|sr| sr.holds(c)),
                        Start::Beside => false,
                    });
                    if starts { '●' } else { '○' }
                })
                .collect();
            let ways: Vec<String> = ir
                .teams
                .iter()
                .filter_map(|t| {
                    let arrows: Vec<String> = t
                        .track
                        .segments
                        .iter()
                        .enumerate()
                        .filter(|(_, sg)| sg.row == ri)
                        .map(|(k, sg)| format!("{}{}", k + 1, if sg.backward { '←' } else { '→' }))
                        .collect();
                    (!arrows.is_empty()).then(|| format!("{} {}", t.name, arrows.join(" ")))
                })
                .collect();
            format!("{:width$}  {holes}  {}", row.name, ways.join(", "))
        })
        .collect()
}

/// The section "Teams and seats".
fn teams(sec: &mut Section) {
    let ir = sec.ir;
    for (t, team) in ir.teams.iter().enumerate() {
        let r = Some(team.origin.rule);
        let start = match team.start {
            Start::Row(row) if !team.holes.is_empty() => {
                let hs: Vec<String> = team.holes.iter().map(|h| (h + 1).to_string()).collect();
                format!(
                    "one on each of holes {} of `{}`",
                    hs.join(", "),
                    ir.rows[row].name
                )
            }
            Start::Row(row) if team.first_hole == 0 && team.pieces as u16 == ir.rows[row].len => {
                format!("one in each hole of `{}`", ir.rows[row].name)
            }
            Start::Row(row) => format!(
                "one in each hole of `{}` from hole {} on",
                ir.rows[row].name,
                team.first_hole + 1
            ),
            Start::Beside => "beside the board".into(),
        };
        let tag = sec.tag(r);
        sec.line(format!(
            "- {} ({}): {} pieces, starting {start}{tag}",
            team.name,
            if t == 0 {
                "throws first"
            } else {
                "throws second"
            },
            team.pieces
        ));
        if let Some(c) = team.colour {
            let tag = sec.tag(rule(c.origin));
            sec.line(format!(
                "  colour: {}{tag}",
                ir.sticks.faces[c.value as usize]
            ));
        }
        if let Some(c) = team.shown {
            // How the team is drawn: no rule reads it, but its statement is the file's.
            let tag = sec.tag(rule(c.origin));
            let hex = seig_lang::palette::hex(c.value);
            let name = seig_lang::palette::NAMED
                .iter()
                .find(|(_, rgb)| *rgb == c.value)
                .map_or(hex.clone(), |(n, _)| format!("{n} ({hex})"));
            sec.line(format!("  drawn in {name}{tag}"));
        }
    }
    let r = rule(ir.seats.origin);
    let tag = sec.tag(r);
    sec.line(format!(
        "- {} seat(s) per team; each seat's turn in order{tag}",
        ir.seats.value
    ));
    if ir.seat_order.origin.is_some() {
        let tag = sec.tag(rule(ir.seat_order.origin));
        let order = match ir.seat_order.value {
            SeatOrder::TeamBlocks => "team blocks (every seat of a team, then the other team's)",
            SeatOrder::Alternating => "alternating (the teams take turns seat by seat)",
        };
        sec.line(format!("- seat order: {order}{tag}"));
    }
    let r = rule(ir.order_origin);
    let tag = sec.tag(r);
    sec.line(format!(
        "- throwing order: {}, {}{tag}",
        ir.teams[TeamId::FIRST].name,
        ir.teams[TeamId::SECOND].name
    ));
    let r = rule(ir.release_order.origin);
    let tag = sec.tag(r);
    sec.line(match ir.release_order.value {
        ReleaseOrder::FrontMost => {
            format!("- a release takes the front-most unreleased piece{tag}")
        }
        ReleaseOrder::RearMost => {
            format!("- a release takes the rear-most unreleased piece{tag}")
        }
        ReleaseOrder::Chosen => {
            format!("- a release takes any unreleased piece, the player's choice{tag}")
        }
        ReleaseOrder::FirstHole | ReleaseOrder::LastHole => {
            format!("- a release takes the unreleased piece by its hole{tag}")
        }
    });
    if let Some(o) = ir.bind_after_release {
        let tag = sec.tag(Some(o.rule));
        sec.line(format!(
            "- the throw after a release moves the piece released{tag}"
        ));
    }
}

/// The section "Sticks".
fn sticks(sec: &mut Section) {
    let ir = sec.ir;
    let st = &ir.sticks;
    let tag = sec.tag(Some(st.origin.rule));
    if let Some(d) = &st.dice {
        let faces: Vec<String> = d.faces.iter().map(u8::to_string).collect();
        sec.line(format!(
            "- {} dice, each with faces worth {}, every face equally likely{tag}",
            st.count,
            faces.join(", ")
        ));
        sec.line(
            "- each die's value meets the throw table by itself, as one move of the throw: \
             the dice of one throw are one throw of the turn (language default)",
        );
        return;
    }
    sec.line(format!(
        "- {} sticks with faces `{}` and `{}`, p({}) = {}{tag}",
        st.count, st.faces[0], st.faces[1], st.faces[0], st.p
    ));
    if let Some(m) = st.marked {
        let tag = sec.tag(Some(m.rule));
        sec.line(format!(
            "- one stick is marked: a throw where it alone shows the counted face is the \
             marked throw, met by `on 1 marked` entries where one comes first, else as a throw of 1{tag}"
        ));
    }
    for (ph, n) in st.by_phase.iter().enumerate() {
        if let Some(n) = n {
            let name = &ir.phases.value[ph];
            let tag = sec.tag(rule(n.origin));
            sec.line(format!("- {} sticks in the phase {name}{tag}", n.value));
        }
    }
    if let Some(n) = st.first_of_turn {
        let tag = sec.tag(rule(n.origin));
        sec.line(format!(
            "- {} sticks on the first throw of each seat's turn{tag}",
            n.value
        ));
    }
    if let Some(n) = st.first_of_game {
        let tag = sec.tag(rule(n.origin));
        sec.line(format!(
            "- {} sticks on the game's first throw{tag}",
            n.value
        ));
    }
    let r = rule(st.value.origin);
    let tag = sec.tag(r);
    sec.line(match st.value.value {
        ValueRule::Face(f) => format!(
            "- a throw is worth the number of sticks showing `{}`{tag}",
            st.faces[f as usize]
        ),
        ValueRule::OwnColour => {
            format!("- a throw is worth the number of sticks showing the thrower's colour{tag}")
        }
    });
    for c in &ir.classes {
        let r = Some(c.origin.rule);
        let what = match (c.all_alike, c.all_but_one) {
            (true, true) => "all sticks alike, or all but one alike",
            (true, false) => "all sticks alike",
            (false, true) => "all but one stick alike",
            _ => "no throw",
        };
        let tag = sec.tag(r);
        sec.line(format!("- class `{}`: {what}{tag}", c.name));
    }
}

/// The section "Throw table".
fn throw_table(sec: &mut Section) {
    let ir = sec.ir;
    let st = &ir.sticks;
    let r = rule(ir.allocation.origin);
    let tag = sec.tag(r);
    sec.line(match ir.allocation.value {
        Allocation::PerThrow => format!("Each throw's moves are made before the next throw.{tag}"),
        Allocation::Pooled => {
            format!("A turn's throws are pooled, then divided among pieces in whole throws.{tag}")
        }
    });
    for (ph, name) in ir.phases.value.iter().enumerate() {
        let mut counts: Vec<(u8, &str)> = Vec::new();
        let base = st
            .by_phase
            .get(ph)
            .copied()
            .flatten()
            .map_or(st.count, |c| c.value);
        if let Some(n) = st.first_of_game
            && ph == 0
        {
            counts.push((n.value, " (the game's first throw)"));
        }
        if let Some(n) = st.first_of_turn {
            counts.push((n.value, " (first throw of a turn)"));
        }
        counts.push((base, ""));
        counts.dedup_by_key(|c| c.0);
        if let Some(d) = &st.dice {
            dice_table(sec, ph, name, d);
            continue;
        }
        for (n, note) in counts {
            sec.line(format!("\n### Phase {name}, {n} sticks{note}\n"));
            sec.line("| value | probability | what it does |");
            sec.line("|---:|---:|---|");
            let marked = marked_p(st, n);
            for k in 0..=n {
                let mut p = binom_p(n, k, st.p);
                if let Some((mk, pm)) = marked
                    && mk == k
                {
                    p -= pm;
                }
                for (t, team) in ir.teams.iter().enumerate() {
                    let v = st.value.value.throw_value(team.colour_face(), k, n);
                    // With a value by own colour the two teams read a throw differently.
                    if t == 1 && st.value.value != ValueRule::OwnColour {
                        break;
                    }
                    let what = throw_effects(sec, ph, v, k, n);
                    let label = if st.value.value == ValueRule::OwnColour {
                        format!("{v} for {}", team.name)
                    } else {
                        v.to_string()
                    };
                    sec.line(format!("| {label} | {p:.4} | {what} |"));
                }
            }
            if let Some((mk, pm)) = marked {
                let what = marked_effects(sec, ph, mk, n);
                sec.line(format!("| 1 (the marked stick alone) | {pm:.4} | {what} |"));
            }
        }
    }
}

/// The marked stick's own throw of `n` sticks: its count of face 0 and its probability.
fn marked_p(st: &Sticks, n: u8) -> Option<(u8, f64)> {
    st.marked?;
    let p = st.p;
    match st.value.value {
        ValueRule::Face(0) => Some((1, p * (1.0 - p).powi(i32::from(n) - 1))),
        ValueRule::Face(_) => Some((n - 1, (1.0 - p) * p.powi(i32::from(n) - 1))),
        ValueRule::OwnColour => None,
    }
}

/// What the marked throw does: the first `on 1 marked` entry before any other that takes a
/// throw of 1, else what a throw of 1 does.
fn marked_effects(sec: &mut Section, ph: usize, k: u8, n: u8) -> String {
    let ir = sec.ir;
    let first = ir.throws.iter().find(|e| {
        e.phase.is_none_or(|x| x.index() == ph)
            && e.conds.iter().all(|c| *c == Cond::Const(true))
            && match &e.matches {
                ThrowMatch::Any | ThrowMatch::Marked => true,
                ThrowMatch::Values(m) => m >> 1 & 1 == 1,
                ThrowMatch::Class(c) => ir.classes[*c].contains(k, n),
            }
    });
    match first {
        Some(e) if e.matches == ThrowMatch::Marked => {
            let tag = sec.tag(Some(e.origin.rule));
            format!("{}{tag}", describe_effects(ir, &e.effects))
        }
        _ => throw_effects(sec, ph, 1, k, n),
    }
}

/// The throw table of a file that throws dice: what a die showing each value does.
fn dice_table(sec: &mut Section, ph: usize, name: &str, d: &Dice) {
    let mut faces = d.faces.clone();
    faces.sort_unstable();
    faces.dedup();
    sec.line(format!("\n### Phase {name}, each die\n"));
    sec.line("| a die showing | probability | what it does |");
    sec.line("|---:|---:|---|");
    for v in faces {
        let p = d.faces.iter().filter(|&&f| f == v).count() as f64 / d.faces.len() as f64;
        let what = throw_effects(sec, ph, v, 0, 0);
        sec.line(format!("| {v} | {p:.4} | {what} |"));
    }
}

/// What a throw worth `v` (`k` of `n` sticks) does in phase `ph`: the throw-table entries
/// it meets in order, up to the first without a condition.
fn throw_effects(sec: &mut Section, ph: usize, v: u8, k: u8, n: u8) -> String {
    let ir = sec.ir;
    let mut parts = Vec::new();
    for e in &ir.throws {
        let hit = e.phase.is_none_or(|x| x.index() == ph)
            && match &e.matches {
                ThrowMatch::Any => true,
                ThrowMatch::Values(m) => v < 64 && m >> v & 1 == 1,
                ThrowMatch::Class(c) => ir.classes[*c].contains(k, n),
                ThrowMatch::Marked => false,
            };
        if !hit {
            continue;
        }
        let conds: Vec<Cond> = e
            .conds
            .iter()
            .filter(|c| **c != Cond::Const(true))
            .cloned()
            .collect();
        if conds.contains(&Cond::Const(false)) {
            continue;
        }
        let tag = sec.tag(Some(e.origin.rule));
        let what = describe_effects(ir, &e.effects);
        if conds.is_empty() {
            if parts.is_empty() {
                parts.push(format!("{what}{tag}"));
            } else {
                parts.push(format!("otherwise {what}{tag}"));
            }
            break;
        }
        parts.push(format!("if {}: {what}{tag}", describe_conds(ir, &conds)));
    }
    if parts.is_empty() {
        parts.push("nothing (no entry)".into());
    }
    parts.join("; ")
}

/// The section "Tracks".
fn tracks(sec: &mut Section) {
    let ir = sec.ir;
    for team in &ir.teams {
        let tr = &team.track;
        let r = Some(tr.origin.rule);
        let tag = sec.tag(r);
        sec.line(format!(
            "- {} runs {} holes:{tag}",
            team.name,
            tr.cells.len()
        ));
        for (i, seg) in tr.segments.iter().enumerate() {
            let row = &ir.rows[seg.row];
            // A segment shorter than its row begins inside it (`back along the track`) and
            // still ends at the row's end.
            let (a, b) = if seg.backward {
                (seg.len, 1)
            } else {
                (row.len + 1 - seg.len, row.len)
            };
            let goal = tr.goal.is_some_and(|g| g + 1 == seg.start + seg.len);
            let label = seg
                .label
                .as_ref()
                .map(|l| format!(" as `{l}`"))
                .unwrap_or_default();
            sec.line(format!(
                "  {}. `{}` {} (holes {a}→{b}){label}{}",
                i + 1,
                row.name,
                if seg.backward { "backward" } else { "forward" },
                if goal {
                    ", goal: a piece on its last hole has arrived"
                } else {
                    ""
                }
            ));
        }
        // The loop and the end are separate statements, often of separate rules: each has
        // its own line, so that neither rule disappears behind the other.
        let end = match tr.end.value {
            TrackEnd::Stop => "a piece stops on the last hole",
            TrackEnd::Exact => "a piece reaches the last hole only with the exact count",
            TrackEnd::Bounce => "a piece walks back from the last hole the places left",
        };
        let when = match &tr.looping {
            Some(lp) if lp.when.is_empty() => {
                let tag = sec.tag(Some(lp.origin.rule));
                sec.line(format!(
                    "  after the last hole it goes on from {}{tag}",
                    segment_name(ir, tr, lp.from)
                ));
                None
            }
            Some(lp) => {
                let tag = sec.tag(Some(lp.origin.rule));
                sec.line(format!(
                    "  after the last hole it goes on from {} when {}{}{tag}",
                    segment_name(ir, tr, lp.from),
                    describe_conds(ir, &lp.when),
                    if lp.parked_stay.value {
                        "; a piece that stopped on the last hole before then stays there"
                    } else {
                        ""
                    }
                ));
                Some("when it does not go on, ")
            }
            None => Some(""),
        };
        if let Some(when) = when {
            let tag = sec.tag(rule(tr.end.origin));
            sec.line(format!("  {when}{end}{tag}"));
        }
        for g in &tr.gates {
            let need = match &g.requirement {
                Requirement::CrossingThrow(m) => {
                    format!("the throw that carries the piece in is {}", mask_values(*m))
                }
                Requirement::MoveTotal(m) => format!("the move's total is {}", mask_values(*m)),
                Requirement::EveryThrow(m) => {
                    format!("every throw of the move is {}", mask_values(*m))
                }
                Requirement::Conds(cs) => describe_conds(ir, cs),
            };
            let tag = sec.tag(Some(g.origin.rule));
            sec.line(format!(
                "  gate on entering {}: needs {need}; else the piece {}{tag}",
                segment_name(ir, tr, g.at),
                if g.stop {
                    "stops before it"
                } else {
                    "may not make that move"
                }
            ));
        }
    }
}

/// The section "Landing and taking".
fn taking(sec: &mut Section) {
    let ir = sec.ir;
    let pol = &ir.capture;
    let stacking = match (
        pol.stacking.value,
        pol.stacking_at_goal,
        pol.stacking_at_end,
    ) {
        (true, _, _) => "own pieces may share a hole",
        (false, true, true) => {
            "own pieces may not share a hole, except the goal's last hole and the track's last hole"
        }
        (false, true, false) => "own pieces may not share a hole, except the goal's last hole",
        (false, false, _) => "own pieces may not share a hole",
    };
    let tag = sec.tag(pol.stacking.origin.map(|o| o.rule));
    sec.line(format!("- {stacking}{tag}"));
    let tag = sec.tag(pol.blocked_share.origin.map(|o| o.rule));
    sec.line(format!(
        "- landing on an opposing piece that is not taken: {}{tag}",
        if pol.blocked_share.value {
            "the two share the hole"
        } else {
            "not allowed (except on sharing holes)"
        }
    ));
    for (t, team) in ir.teams.teams() {
        sec.line(format!("- when {} lands on an opposing piece:", team.name));
        let mut groups: Vec<(CellCapture, CellSet)> = Vec::new();
        for c in team.track.cells.iter().copied().collect::<BTreeSet<_>>() {
            let key = pol.at[t][c.index()];
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, set)) => set.insert(c),
                None => {
                    let mut set = CellSet::default();
                    set.insert(c);
                    groups.push((key, set));
                }
            }
        }
        for (key, set) in groups {
            let mut what = Vec::new();
            if let Some(r) = key.forbidden_by {
                let tag = sec.tag(Some(r.rule));
                what.push(format!("no taking{tag}"));
            } else if let Some(spec) = key.spec {
                let tag = sec.tag(Some(spec.origin.rule));
                what.push(format!(
                    "{} taking, the piece {}{tag}",
                    if spec.compulsory {
                        "compulsory"
                    } else {
                        "optional"
                    },
                    // The statement's own target, which may differ from the game's.
                    match (spec.swap, spec.send_home, spec.home_to) {
                        (true, true, _) => {
                            "goes to the hole its taker left (else it is sent home)"
                        }
                        (true, false, _) => "goes to the hole its taker left (else it is removed)",
                        (false, true, HomeTarget::FirstEmpty) => {
                            "is sent home to the first empty hole of its start row"
                        }
                        (false, true, HomeTarget::ChosenEmpty) => {
                            "is sent home to an empty hole of its start row that the capturing seat chooses"
                        }
                        (false, true, HomeTarget::StartHole) => {
                            "is sent home to its start hole (the first empty one if taken)"
                        }
                        (false, false, _) => "is removed",
                    }
                ));
            } else {
                what.push("no taking (no rule allows it)".into());
            }
            if let Some((m, r)) = key.only_with {
                let tag = sec.tag(Some(r.rule));
                what.push(format!(
                    "only with a single throw of {}{tag}",
                    mask_values(m)
                ));
            }
            if key.sharing {
                what.push("both teams may share the hole".into());
            }
            sec.line(format!(
                "  - {}: {}",
                describe_cells(ir, &set),
                what.join("; ")
            ));
        }
    }
    for (t, team) in ir.teams.teams() {
        if let Some((set, r)) = pol.immune[t] {
            let tag = sec.tag(Some(r.rule));
            sec.line(format!(
                "- a {} piece that has entered {} can never be taken{tag}",
                team.name,
                describe_cells(ir, &set)
            ));
        }
    }
    for w in &pol.immune_when {
        let tag = sec.tag(Some(w.origin.rule));
        sec.line(format!(
            "- when {} first holds for a team, the {} released pieces then on the board can never be taken{tag}",
            describe_cond(ir, &w.when),
            if w.opposing { "opposing team's" } else { "team's own" }
        ));
    }
    if let Some(o) = pol.waiting_immune.origin {
        let tag = sec.tag(Some(o.rule));
        sec.line(format!(
            "- a piece waiting for its release can never be taken{tag}"
        ));
    }
    if ir.any_taking_sends_home() {
        let r = rule(pol.home_to.origin);
        let tag = sec.tag(r);
        sec.line(format!(
            "- a piece sent home goes to {}{tag}",
            match pol.home_to.value {
                HomeTarget::FirstEmpty => "the first empty hole of its start row",
                // Who chooses is the language's default, said where the choice is made.
                HomeTarget::ChosenEmpty => {
                    "an empty hole of its start row, chosen by the capturing seat (language default: the seat that took it chooses; with one empty hole the piece goes there unasked)"
                }
                HomeTarget::StartHole => "its start hole (the first empty one if taken)",
            }
        ));
    }
}

/// The section "Phases".
fn phases(sec: &mut Section) {
    let ir = sec.ir;
    let r = rule(ir.phases.origin);
    let tag = sec.tag(r);
    sec.line(format!(
        "- phases: {} (the game starts in {}){tag}",
        ir.phases.value.join(", "),
        ir.phases.value[0]
    ));
    for tr in &ir.transitions {
        let tag = sec.tag(Some(tr.origin.rule));
        sec.line(format!(
            "- from {} to {} at the end of a seat's turn when {}{tag}",
            ir.phases.value[tr.from.index()],
            ir.phases.value[tr.to.index()],
            describe_conds(ir, &tr.when)
        ));
    }
    for e in &ir.throws {
        for eff in &e.effects {
            if let Effect::EnterPhase(p) = eff {
                let tag = sec.tag(Some(e.origin.rule));
                sec.line(format!(
                    "- a throw enters the phase {} (see the throw table){tag}",
                    ir.phases.value[(*p).index()]
                ));
            }
        }
    }
}

/// The section "Winning".
fn winning(sec: &mut Section) {
    let ir = sec.ir;
    let in_phase = |p: Option<PhaseId>| {
        p.map_or(String::new(), |p| {
            format!(" (in {})", ir.phases.value[p.index()])
        })
    };
    for w in &ir.wins {
        let tag = sec.tag(Some(w.origin.rule));
        sec.line(format!(
            "- a team wins{} when {}{tag}",
            in_phase(w.phase),
            describe_conds(ir, &w.when)
        ));
    }
    for d in &ir.draws {
        let tag = sec.tag(Some(d.origin.rule));
        sec.line(format!(
            "- the game is drawn{} when {} and no win holds{tag}",
            in_phase(d.phase),
            describe_conds(ir, &d.when)
        ));
    }
    for e in &ir.scores {
        let tag = sec.tag(Some(e.origin.rule));
        sec.line(format!(
            "- the game ends{} when {}: the team with more pieces in {} wins, level is a draw{tag}",
            in_phase(e.phase),
            describe_conds(ir, &e.when),
            super::describe_team_cells(ir, &e.region)
        ));
    }
    sec.line("- a game stopped by a turn cap has no result (it is not a draw)");
}

/// The section "Engine choices": every decision a source could take otherwise
/// (`docs/semantics.md`), with the rule that took it or "(language default)". The rules
/// are cited in the sections above, so they are not listed again here.
fn engine_choices(sec: &mut Section) {
    let ir = sec.ir;
    for c in ir.engine_choices() {
        let tag = match c.origin {
            Some(o) => {
                let r = ir.rule(o);
                format!(" [{} {}]", r.id, r.status.as_str())
            }
            None => " (language default)".to_string(),
        };
        sec.line(format!("- {}: {}{tag}", c.name, c.value));
    }
}

/// The index: every rule, with the sections that name it.
/// The rules the sources do not state, each with what it decides (its statements in force
/// and the sections they appear in): the places where the file, not the source, speaks.
fn not_stated(o: &mut String, ir: &Ir, used: &[BTreeSet<String>]) {
    let rules: Vec<(usize, &RuleInfo)> = ir
        .rules
        .iter()
        .enumerate()
        .filter(|(_, r)| r.status != Status::Stated)
        .collect();
    if rules.is_empty() {
        return;
    }
    let _ = writeln!(o, "\n## Inferred and reconstructed rules\n");
    for (i, info) in rules {
        let mut kinds: Vec<&str> = info.statements.iter().map(|s| kind_words(s.kind)).collect();
        kinds.dedup();
        let decides = if kinds.is_empty() {
            "nothing under the readings in force".to_string()
        } else {
            kinds.join("; ")
        };
        let sections = used
            .get(i)
            .map(|u| u.iter().cloned().collect::<Vec<_>>().join(", "));
        let _ = writeln!(
            o,
            "- {} ({}): decides {decides}{}",
            info.id,
            info.status.as_str(),
            match sections {
                Some(s) if !s.is_empty() => format!(" (see {s})"),
                _ => String::new(),
            }
        );
    }
}

/// What a kind of statement decides, in words.
fn kind_words(k: StatementKind) -> &'static str {
    match k {
        StatementKind::Row => "a row of holes",
        StatementKind::TeamPieces => "a team's pieces and where they start",
        StatementKind::TeamColour => "a team's colour",
        StatementKind::TeamShown => "the colour a team is drawn in",
        StatementKind::Seats => "the seats per team",
        StatementKind::Order => "the throwing order",
        StatementKind::Sticks(_) => "how many sticks are thrown",
        StatementKind::Value => "the value of a throw",
        StatementKind::Dice => "the dice",
        StatementKind::Class => "a class of throws",
        StatementKind::Phases => "the phases",
        StatementKind::Allocation => "how a turn's throws become moves",
        StatementKind::ReleaseOrder => "which piece a release takes",
        StatementKind::BindAfterRelease => "that the throw after a release moves that piece",
        StatementKind::Transition => "a change of phase",
        StatementKind::Throw => "what a throw does",
        StatementKind::Track => "a track",
        StatementKind::TrackLoop => "where a track loops",
        StatementKind::TrackEnd => "what happens at a track's end",
        StatementKind::TrackEntry => "where a piece steps onto its track",
        StatementKind::TrackBranch => "a branch of a track",
        StatementKind::Gate => "a gate on a track",
        StatementKind::Stacking => "whether pieces share a hole",
        StatementKind::Capture => "where and how pieces take",
        StatementKind::NoCapture => "where pieces cannot be taken",
        StatementKind::CaptureOnly => "which throws may take in a place",
        StatementKind::Blocked => "what landing on a protected piece does",
        StatementKind::Immune => "when pieces become immune",
        StatementKind::ImmuneWhen => "which pieces become immune when a condition first holds",
        StatementKind::SendHomeTo => "where a piece sent home goes",
        StatementKind::Win => "a win",
        StatementKind::MovesPerPiece => "how many moves a piece makes in a turn",
        StatementKind::PooledLanding => "where a pooled group of throws lands",
        StatementKind::PooledWalk => "the order a pooled group of throws is walked in",
        StatementKind::Moves => "whether a player may decline to move",
        StatementKind::ThrowingOn => "whether a player may throw again at will",
        StatementKind::Passing => "whether pieces may be passed",
        StatementKind::MustLand => "holes a piece must land on before going on",
        StatementKind::PassedWon => "holes a move wins by walking past them",
        StatementKind::Protection => "pieces in a row that cannot be taken",
        StatementKind::BackWhenStuck => "what the moves no piece can use forward do",
        StatementKind::BackStart => "what a backward move does at the track's first hole",
        StatementKind::PrisonersFreed => "when a taker's own pieces held prisoner are freed",
        StatementKind::SplitThrows => "whether a throw's move may be split between two pieces",
        StatementKind::Blockade => "pieces in a row that cannot be passed",
        StatementKind::BearOff => "holes and throws with which a piece leaves the board",
        StatementKind::BearingLarger => "whether a larger throw bears a piece off",
        StatementKind::SendOn => "holes that send a piece landing there to another hole",
        StatementKind::BlockedRelease => "what a blocked release does",
        StatementKind::Stacks => "whether the pieces of a hole move together",
        StatementKind::SeatOrder => "the order in which seats throw",
        StatementKind::Draw => "a draw",
        StatementKind::ScoreEnd => "an end decided by score",
    }
}

fn index(o: &mut String, ir: &Ir, used: &[BTreeSet<String>]) {
    let _ = writeln!(o, "\n## Rules\n");
    for (i, info) in ir.rules.iter().enumerate() {
        let where_ = if info.statements.is_empty() {
            "no statement under the readings in force".to_string()
        } else if used[i].is_empty() {
            "in force".to_string()
        } else {
            format!(
                "in {}",
                used[i].iter().cloned().collect::<Vec<_>>().join(", ")
            )
        };
        let _ = writeln!(
            o,
            "- {} ({}, {} citation{}): {where_}",
            info.id,
            info.status.as_str(),
            info.citations.len(),
            if info.citations.len() == 1 { "" } else { "s" }
        );
    }
}

trait SendsHome {
    fn any_taking_sends_home(&self) -> bool;
}

impl SendsHome for Ir {
    fn any_taking_sends_home(&self) -> bool {
        self.capture
            .at
            .iter()
            .flatten()
            .any(|c| c.spec.is_some_and(|s| s.send_home))
    }
}

/// Probability that `k` of `n` sticks show the first face.
pub(crate) fn binom_p(n: u8, k: u8, p: f64) -> f64 {
    let mut c = 1.0;
    for i in 0..k as u32 {
        c = c * (n as u32 - i) as f64 / (i + 1) as f64;
    }
    c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}
