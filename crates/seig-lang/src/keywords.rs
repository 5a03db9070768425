//! The words of the language, each with the statement forms that use it and one line on
//! what each form says (the statement list of `docs/language.md`, shortened). An editor
//! shows them on hover and offers the words for completion; a test holds the table to
//! the grammar, so that every word of `grammar/seig.pest` is documented here.

/// One form of an item or a statement: how it is written (placeholders in capitals) and
/// what it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    /// How it is written, e.g. `win [in PHASE] when CONDS`.
    pub form: &'static str,
    /// What it says, in one line.
    pub doc: &'static str,
}

const fn f(form: &'static str, doc: &'static str) -> Form {
    Form { form, doc }
}

/// Every form of the language, items first, then statements, conditions and the words
/// inside them.
pub const FORMS: &[Form] = &[
    f("game \"TITLE\"", "Names the variant."),
    f(
        "source KEY \"TITLE\" { author \"…\" year N evidence \"…\" note \"…\" title \"…\" published \"…\" original \"…\" pages \"…\" text-begins \"…\" text-ends \"…\" }",
        "A source the rules cite, with its fields (all but the title optional).",
    ),
    f(
        "param NAME = N in LO..HI \"DOC\"",
        "A numeric parameter: its default and inclusive range (`--param NAME=V`).",
    ),
    f(
        "param NAME = N in LO..HI odd|even \"DOC\"",
        "A numeric parameter taking only the odd (or even) numbers of its range.",
    ),
    f(
        "param NAME = N in A, B, C \"DOC\"",
        "A numeric parameter taking only the values listed.",
    ),
    f(
        "reading ID \"QUESTION\" { OPTION (default) \"DOC\" … }",
        "A named choice where the source is ambiguous, its options and the default.",
    ),
    f(
        "set aside KEY \"SENTENCE\" because \"REASON\"",
        "A source sentence knowingly left without a rule.",
    ),
    f(
        "rule ID stated|inferred|reconstructed cites KEY \"SENTENCE\" { … }",
        "A rule: its ID, how sure we are (status), the sentences it formalises, its statements.",
    ),
    f(
        "if READING = OPTION { … } else { … }",
        "Statements in force only when the reading has that option (else: when it has another).",
    ),
    f(
        "row NAME: KIND of TEAM, EXPR holes",
        "A row of holes; KIND groups rows; `of TEAM` gives it an owner.",
    ),
    f(
        "team NAME: EXPR pieces in ROW from hole EXPR",
        "A team's pieces, one per hole of ROW from hole 1 (or the hole given).",
    ),
    f(
        "team NAME: EXPR pieces on holes EXPR, EXPR of ROW",
        "A start layout: one piece on each hole listed (in piece order), or `on hole EXPR of ROW`.",
    ),
    f(
        "team NAME: EXPR pieces on odd holes of ROW",
        "A start layout: one piece on each odd-numbered hole of ROW (`on even holes of ROW`: the even ones).",
    ),
    f(
        "team NAME: EXPR pieces beside the board",
        "A team's pieces start off the board and enter their track when released.",
    ),
    f(
        "team NAME shown as COLOUR",
        "The colour the terminal, the web page and the report draw the team in: a palette name or \"#rrggbb\".",
    ),
    f(
        "team NAME colour FACE",
        "The team's face of the sticks (for `value: count of own colour`).",
    ),
    f("seats per team: EXPR", "Players (seats) per team."),
    f("order: TEAM, TEAM", "The throwing order of the teams."),
    f(
        "seat order: team blocks|alternating",
        "Every seat of a team then the other team's (default), or seat by seat alternating.",
    ),
    f(
        "sticks: EXPR with faces FACE and FACE, p(FACE) = X",
        "How many sticks, their two faces, and a face's probability (default 1/2).",
    ),
    f(
        "sticks: EXPR with faces FACE and FACE, p(FACE) = EXPR percent",
        "A face's probability in percent, a number or a param from 1 to 99.",
    ),
    f(
        "sticks: EXPR with faces FACE and FACE, one marked",
        "One stick is marked: its throw alone counted is met by `on 1 marked` (else as a 1).",
    ),
    f(
        "dice: EXPR with faces N, N, N",
        "Dice instead of sticks: each die shows one of the values; each die is one move of the throw.",
    ),
    f("sticks in PHASE: EXPR", "The stick count while in a phase."),
    f(
        "sticks on first throw of turn|game: EXPR",
        "The stick count of each turn's (or the game's) first throw.",
    ),
    f(
        "sticks if CONDS: EXPR",
        "The stick count of a team's throws while CONDS hold (first that holds wins).",
    ),
    f(
        "value: count of FACE|own colour",
        "A throw's value: how many sticks show that face (or the thrower's colour).",
    ),
    f(
        "class NAME: all alike or all but one alike",
        "A named class of throws, matched by `on NAME: …`.",
    ),
    f(
        "phases: NAME, NAME",
        "The phases of the game; the first is the initial one.",
    ),
    f(
        "allocation: pooled|per throw",
        "Pool a turn's throws and divide them among pieces, or move after each throw.",
    ),
    f(
        "release order: front-most|rear-most|chosen|first hole|last hole",
        "Which unreleased piece a release takes (default front-most).",
    ),
    f(
        "blocked release: lost|released in place|another piece",
        "What a release whose move is refused does (default lost).",
    ),
    f(
        "moves per piece per turn: one|several",
        "Whether a piece may move again in the seat's turn (default several).",
    ),
    f(
        "pooled throws land: once|after each throw",
        "A pooled group lands at its end only (default), or after each throw.",
    ),
    f(
        "moves: forced|optional",
        "A seat must move while it can (default forced), or may decline its moves left (pass).",
    ),
    f(
        "when no move forward: move backward, must|may",
        "Moves no piece can use forward become moves back along the track, which the seat must (or may) make.",
    ),
    f(
        "moving back past the first hole: stop|forbidden",
        "A backward move stops on its track's first hole (default), or is refused there.",
    ),
    f(
        "throwing on: as thrown|at will",
        "A seat throws again only when a throw says so (default), or also whenever it likes.",
    ),
    f(
        "pooled throws walk: any order|in throw order",
        "A piece's group of throws is walked in any order that passes (default), or as thrown.",
    ),
    f(
        "passing own|opposing pieces: allowed|forbidden",
        "Whether a move may walk past holes where such pieces stand (default allowed).",
    ),
    f(
        "the throw after a release moves that piece",
        "The throw after a release must go to the released piece.",
    ),
    f(
        "from PHASE enter PHASE when CONDS",
        "A phase change, checked at the end of each seat's turn.",
    ),
    f(
        "on N, N|CLASS|any in PHASE if CONDS: EFFECT and EFFECT",
        "A throw table entry (with dice, each die's value): the first whose match, phase and conditions hold applies.",
    ),
    f(
        "on 1 marked: EFFECT",
        "The marked stick's own throw (it alone counted), where it comes before the entries for 1.",
    ),
    f(
        "move back EXPR",
        "A move of EXPR places back along the piece's track.",
    ),
    f(
        "move EXPR",
        "Effect: a move of EXPR places for a released piece.",
    ),
    f(
        "release N ORDER moving EXPR",
        "Effect: release N unreleased pieces, each moving EXPR places (0 if omitted).",
    ),
    f(
        "release N ORDER moving EXPR within REGION",
        "Effect: a release whose own places must all lie in REGION, else `blocked release:` decides.",
    ),
    f(
        "release or move EXPR for N pieces",
        "Effect: move a released piece or release one, by EXPR (N entries with `for`).",
    ),
    f("throw again", "Effect: the seat throws again."),
    f(
        "cancel moves",
        "Effect: drop the turn's moves, keep its releases (each with its places).",
    ),
    f(
        "cancel moves, releases in place",
        "Effect: drop the turn's moves, keep its releases without their places.",
    ),
    f(
        "remove opposing piece",
        "Effect: take an opposing piece off the board.",
    ),
    f("enter PHASE", "Effect: the game enters that phase."),
    f("nothing", "Effect: the throw does nothing."),
    f(
        "track TEAM: ROW forward|backward as LABEL goal, back along the track as LABEL",
        "A team's track: rows walked in order (`goal` marks the arrival segment).",
    ),
    f(
        "track TEAM loops from SEGMENT when CONDS, parked pieces stay|circle",
        "After the last hole, the walk continues from that segment (pieces parked on the last hole before CONDS held stay, or circle too: default).",
    ),
    f(
        "track TEAM ends: stop|exact|bounce",
        "A walk past the last hole stops there (default), is illegal, or turns back.",
    ),
    f(
        "track TEAM entry: first hole|chosen hole|chosen empty hole",
        "Where a piece off its track steps onto it (default the first hole).",
    ),
    f(
        "track TEAM branches|must branch at HOLE: ROW forward|backward as LABEL, rejoining at HOLE",
        "A piece standing on HOLE when its move begins must take the branch; after it, the walk goes on at the rejoining hole.",
    ),
    f(
        "gate TEAM SEGMENT: throw in N, N by crossing throw|move total|every throw, else forbid|stop",
        "Entering that segment needs a throw in the set (or CONDS); else the move is illegal or stops before.",
    ),
    f(
        "stacking: forbidden|allowed except at goal and end",
        "Whether own pieces may share a hole (`except at goal`: on the goal's last hole; `and end`: and the track's last hole).",
    ),
    f(
        "stacks: move together|apart",
        "Own pieces on one hole move alone (default) or as one stack.",
    ),
    f(
        "capture in REGION: compulsory|optional, remove|send home|swap|take prisoner to start hole|first empty hole|chosen empty hole",
        "What landing on opposing pieces does (everywhere, or in a region); `swap`: the taken piece goes to the hole the taker left; `take prisoner`: the taken stack is carried under the taker until it passes its track's end.",
    ),
    f(
        "prisoners freed: on arrival|at once",
        "A taker's own pieces found prisoner in a stack it takes are carried and freed when it arrives (default), or sent home at once.",
    ),
    f(
        "landing on REGION goes to REGION",
        "A move ending on a hole of the first region puts the piece on the hole the second names (a snake, a ladder).",
    ),
    f(
        "must land on REGION",
        "A move may not walk past those holes: a piece reaches them by the exact count, then goes on.",
    ),
    f(
        "no capture in REGION, sharing",
        "No taking there; with `sharing`, both teams may share those holes.",
    ),
    f(
        "capture in REGION only with a single throw of N, N",
        "Taking there needs a single throw of one of those values.",
    ),
    f(
        "blocked landing: share|forbidden",
        "Landing on an opposing piece that is not taken: share the hole, or not allowed.",
    ),
    f(
        "holes passed in REGION are won",
        "A move takes on and wins the holes of REGION it walks past, as a landing would.",
    ),
    f(
        "protection: N in a row",
        "Pieces on N or more holes in a row along their track cannot be taken.",
    ),
    f(
        "bear off from REGION with N, N|any",
        "A released piece on those holes may leave the board with one throw of those values.",
    ),
    f(
        "bearing off: exact throws|larger throws too",
        "Whether a throw larger than a hole's listed values also bears a piece off (default exact).",
    ),
    f(
        "split throws: whole|halves|any split",
        "Whether a throw's move may be split in two parts for two different pieces (default whole).",
    ),
    f(
        "blockade: N in a row",
        "Opposing pieces on N or more holes in a row along the track cannot be walked past.",
    ),
    f(
        "immune after entering REGION",
        "A piece that has entered REGION can never be captured.",
    ),
    f(
        "immune after arriving",
        "A piece that has arrived (entered its goal's last hole) can never be captured.",
    ),
    f(
        "immune until released",
        "A piece still waiting for its release can never be captured.",
    ),
    f(
        "immune when CONDS first holds: own|opposing released pieces on the board",
        "When CONDS first hold, the released pieces on the board become immune for good.",
    ),
    f(
        "send home to: start hole|first empty hole|chosen empty hole",
        "Where a piece sent home goes (chosen: an empty hole of its start row the capturing seat picks).",
    ),
    f(
        "win in PHASE when CONDS",
        "The team for which CONDS hold wins.",
    ),
    f(
        "draw in PHASE when CONDS",
        "The game is drawn when CONDS hold.",
    ),
    f(
        "end in PHASE when CONDS: most pieces in REGION wins",
        "The game ends when CONDS hold; the team with most pieces in REGION wins.",
    ),
    f(
        "ROW|own KIND|opposing KIND|ends of ROW|first hole of ROW|last hole of ROW|hole EXPR of ROW",
        "Rows and regions: a row or kind, relative to the team, or some of its holes.",
    ),
    f(
        "EXPR: N|PARAM|value|value + N",
        "A number, a param, the throw's value, or the value plus a number.",
    ),
    f(
        "first throw of turn|team turn|game",
        "Condition: the first throw of the seat's turn, the team's turn, or the game.",
    ),
    f(
        "own|opposing pieces in REGION < <= = >= > N",
        "Condition: a count of pieces in a region, against a number or another count.",
    ),
    f(
        "all own pieces in REGION",
        "Condition: every piece of the team in the game stands in REGION.",
    ),
    f(
        "all own pieces released|arrived",
        "Condition: every piece of the team released (or past its goal).",
    ),
    f(
        "all pieces released",
        "Condition: every piece of both teams released.",
    ),
    f(
        "own|opposing pieces released CMP N",
        "Condition: how many of the team's pieces have been released in the game.",
    ),
    f(
        "own|opposing pieces borne off CMP N",
        "Condition: how many of the team's pieces have been borne off the board.",
    ),
    f(
        "opponent has unreleased pieces",
        "Condition: the other team has pieces waiting to be released.",
    ),
    f(
        "opponent has no pieces",
        "Condition: the other team has no piece left.",
    ),
    f(
        "ROW full of own pieces",
        "Condition: every hole of the rows is occupied (by the team's pieces with `of own pieces`).",
    ),
    f(
        "ROW won",
        "Condition: every hole of ROW has been landed on by the team at some time.",
    ),
    f(
        "no capture possible",
        "Condition: no capture can happen any more.",
    ),
    f(
        "every piece immune or arrived",
        "Condition: every piece is immune or past its goal.",
    ),
    f(
        "reading READING = OPTION",
        "Condition: the reading has that option.",
    ),
    f(
        "once COND|(CONDS)",
        "Condition: true from the first moment its conditions held for the team.",
    ),
    f("not COND", "Condition: the condition does not hold."),
    f(
        "COND and COND",
        "Conditions: all of them hold (`and` also joins effects).",
    ),
    f("then", "A reserved word (not usable as a name)."),
];

/// The words of a form: its runs of lower-case letters and dashes (capitals are
/// placeholders).
pub(crate) fn words_of(form: &'static str) -> impl Iterator<Item = &'static str> {
    form.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// Every word of the language, each once, sorted.
pub fn words() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = FORMS.iter().flat_map(|f| words_of(f.form)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The forms that use `word`, those that begin with it first.
pub fn forms_with(word: &str) -> Vec<&'static Form> {
    let mut out: Vec<&'static Form> = FORMS
        .iter()
        .filter(|f| words_of(f.form).any(|w| w == word))
        .collect();
    out.sort_by_key(|f| words_of(f.form).next() != Some(word));
    out
}
