//! `seig coverage`: is every source sentence the file declares formalised by a rule or
//! knowingly set aside? A rule file declares sentences through its citations and its
//! `set aside` items; with `--text KEY=PATH` the tool also reads a source's text, splits it
//! into sentences and reports those the file neither cites nor sets aside ("not covered"),
//! and quotes that the text does not contain.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use super::Loaded;
use serde::Serialize;

/// A rule as coverage shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleRef {
    /// ID.
    pub id: String,
    /// Status keyword.
    pub status: String,
    /// Has statements in force under the readings chosen.
    pub active: bool,
}

/// One declared (or, with a text, found) sentence.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SentenceCoverage {
    /// The sentence as the file quotes it (or as the text has it, when not covered).
    pub sentence: String,
    /// `cited`, `set aside`, `cited and set aside`, or `not covered`.
    pub status: String,
    /// Rules citing it.
    pub rules: Vec<RuleRef>,
    /// Why it is set aside.
    pub reason: Option<String>,
}

/// Coverage of one source.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SourceCoverage {
    /// Key.
    pub key: String,
    /// Title.
    pub title: String,
    /// Fields (author, year, …).
    pub fields: Vec<(String, String)>,
    /// Sentences, cited ones first in rule order, then set-aside ones in file order (with a
    /// text: in the text's order, uncovered ones included).
    pub sentences: Vec<SentenceCoverage>,
    /// Sentences cited.
    pub cited: usize,
    /// Sentences set aside.
    pub set_aside: usize,
    /// Sentences neither cited nor set aside (only with a text).
    pub not_covered: usize,
    /// The text read for this source, if any.
    pub text: Option<String>,
    /// Quotes (citations or set-asides) the text does not contain.
    pub quotes_not_in_text: Vec<String>,
}

/// A reading as coverage shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReadingView {
    /// ID.
    pub id: String,
    /// Question.
    pub question: String,
    /// (option, description).
    pub options: Vec<(String, String)>,
    /// Default option.
    pub default: String,
    /// Option in force.
    pub chosen: String,
    /// Rules whose statements depend on it.
    pub rules: Vec<String>,
}

/// The whole coverage report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Coverage {
    /// Title.
    pub game: String,
    /// File.
    pub file: String,
    /// Per source.
    pub sources: Vec<SourceCoverage>,
    /// Rules with no citation.
    pub uncited_rules: Vec<String>,
    /// Rules with no statement in force under the readings chosen.
    pub inactive_rules: Vec<String>,
    /// Readings.
    pub readings: Vec<ReadingView>,
    /// Things a researcher should look at that do not fail the check.
    pub warnings: Vec<String>,
    /// Why the check fails (exit 1), if it does.
    pub problems: Vec<String>,
}

/// Normalises a sentence for matching: no quote marks or bullets, no editorial `[sic]`
/// (a quotation marks a typo of its source that way; the source itself has none), single
/// spaces, no trailing full stop.
pub fn normalise(s: &str) -> String {
    let cleaned: String = s
        .replace(" [sic]", "")
        .replace("[sic]", "")
        .chars()
        .map(|c| match c {
            '\u{2019}' | '\u{2018}' => '\'',
            c => c,
        })
        .filter(|c| {
            !matches!(
                c,
                '"' | '\u{201c}' | '\u{201d}' | '\u{ab}' | '\u{bb}' | '\u{2022}'
            )
        })
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let mut out = words.join(" ");
    while out.ends_with(['.', ' ']) {
        out.pop();
    }
    out
}

/// Splits a source text into sentences: at line breaks, and after `.`, `!` or `?` followed
/// by a space and a capital letter, digit or quote (a lone number like `3.` opening a line
/// stays with its sentence). Lines without a letter, and headings (at most four words
/// without closing punctuation), are dropped.
pub fn split_sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line
            .trim()
            .trim_start_matches(['\u{2022}', '-', '*'])
            .trim();
        if !line.chars().any(char::is_alphabetic) {
            continue;
        }
        // A heading: a few words without closing punctuation.
        if line.split_whitespace().count() <= 4 && !line.ends_with(['.', '!', '?', ':', '"']) {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut cur = String::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            cur.push(c);
            if matches!(c, '.' | '!' | '?') {
                // Closing quotes or brackets stay with the sentence.
                let mut j = i + 1;
                while j < chars.len() && matches!(chars[j], '"' | '\u{201d}' | ')' | '\u{bb}') {
                    cur.push(chars[j]);
                    j += 1;
                }
                let space = j < chars.len() && chars[j].is_whitespace();
                let next = chars[j..].iter().find(|c| !c.is_whitespace());
                let opens = next.is_some_and(|n| {
                    n.is_uppercase()
                        || n.is_ascii_digit()
                        || matches!(n, '"' | '\u{201c}' | '\u{ab}')
                });
                let lone_number = cur
                    .trim()
                    .trim_end_matches('.')
                    .chars()
                    .all(|d| d.is_ascii_digit());
                if space && opens && !lone_number {
                    push_sentence(&mut out, &cur);
                    cur.clear();
                }
                i = j;
                continue;
            }
            i += 1;
        }
        push_sentence(&mut out, &cur);
    }
    out
}

fn push_sentence(out: &mut Vec<String>, s: &str) {
    let s = s.trim();
    if s.chars().any(char::is_alphabetic) {
        out.push(s.to_string());
    }
}

/// Does the text sentence `sentence` match the quote `quote` (one holds the other)?
fn matches_quote(sentence_n: &str, quote_n: &str) -> bool {
    !quote_n.is_empty() && (sentence_n.contains(quote_n) || quote_n.contains(sentence_n))
}

/// A source's key, title and fields.
type SourceKey = (String, String, Vec<(String, String)>);

/// A source text given with `--text`: (source key, path, text).
type Text = (String, String, String);

/// Computes the coverage of a loaded file; `texts` pairs source keys with their texts.
pub fn coverage(l: &Loaded, texts: &[Text]) -> Coverage {
    let ir = &l.ir;
    let is_active: Vec<bool> = ir.rules.iter().map(|r| !r.statements.is_empty()).collect();
    let mut warnings = Vec::new();
    let mut problems = Vec::new();
    let keys = source_keys(l, texts, &mut problems);
    let sources = keys
        .into_iter()
        .map(|key| source_coverage(l, &is_active, texts, key, &mut warnings, &mut problems))
        .collect();
    let uncited_rules: Vec<String> = ir
        .rules
        .iter()
        .filter(|r| r.citations.is_empty())
        .map(|r| r.id.clone())
        .collect();
    for id in &uncited_rules {
        warnings.push(format!("rule {id} cites no source"));
    }
    let inactive_rules: Vec<String> = ir
        .rules
        .iter()
        .zip(&is_active)
        .filter(|(_, a)| !**a)
        .map(|(r, _)| r.id.clone())
        .collect();
    Coverage {
        game: ir.game.clone(),
        file: l.path.display().to_string(),
        sources,
        uncited_rules,
        inactive_rules,
        readings: reading_views(l),
        warnings,
        problems,
    }
}

/// The sources declared, then any cited without a declaration (lowering normally refuses
/// these); a text for an undeclared source is a problem.
fn source_keys(l: &Loaded, texts: &[Text], problems: &mut Vec<String>) -> Vec<SourceKey> {
    let ir = &l.ir;
    let mut keys: Vec<SourceKey> = ir
        .sources
        .iter()
        .map(|s| (s.key.clone(), s.title.clone(), s.fields.clone()))
        .collect();
    for (k, _, _) in texts {
        if !keys.iter().any(|(key, _, _)| key == k) {
            problems.push(format!(
                "--text names source `{k}`, which the file does not declare"
            ));
        }
    }
    for (k, _) in ir.rules.iter().flat_map(|r| r.citations.iter()) {
        if !keys.iter().any(|(key, _, _)| key == k) {
            keys.push((k.clone(), String::new(), Vec::new()));
        }
    }
    keys
}

/// The coverage of one source, with its warnings and problems.
fn source_coverage(
    l: &Loaded,
    is_active: &[bool],
    texts: &[Text],
    (key, title, fields): SourceKey,
    warnings: &mut Vec<String>,
    problems: &mut Vec<String>,
) -> SourceCoverage {
    let (mut sentences, norm) = declared_sentences(l, is_active, &key);
    let mut quotes_not_in_text = Vec::new();
    let text = texts.iter().find(|(k, _, _)| *k == key);
    if let Some((_, path, body)) = text {
        let (body, own) = match excerpt(body, &fields) {
            Ok(Some(part)) => (part, true),
            Ok(None) => (body.as_str(), false),
            Err(e) => {
                problems.push(format!("{key}: {e}"));
                (body.as_str(), false)
            }
        };
        let whole = normalise(body);
        for (s, n) in sentences.iter().zip(&norm) {
            if !whole.contains(n.as_str()) {
                quotes_not_in_text.push(s.sentence.clone());
            }
        }
        let place = TextPlace { path, body, own };
        sentences = in_text_order(l, texts, &key, place, sentences, &norm);
    }
    for s in &mut sentences {
        s.status = match (!s.rules.is_empty(), s.reason.is_some()) {
            (true, true) => "cited and set aside",
            (true, false) => "cited",
            (false, true) => "set aside",
            (false, false) => "not covered",
        }
        .to_string();
    }
    let cited = sentences.iter().filter(|s| !s.rules.is_empty()).count();
    let set_aside = sentences
        .iter()
        .filter(|s| s.rules.is_empty() && s.reason.is_some())
        .count();
    let not_covered = sentences
        .iter()
        .filter(|s| s.rules.is_empty() && s.reason.is_none())
        .count();
    for s in sentences
        .iter()
        .filter(|s| s.status == "cited and set aside")
    {
        warnings.push(format!(
            "{key}: a sentence is both cited and set aside: \"{}\"",
            s.sentence
        ));
    }
    if sentences.is_empty() {
        warnings.push(format!(
            "source `{key}` is declared but no rule cites it and nothing is set aside from it"
        ));
    }
    if not_covered > 0 {
        problems.push(format!(
            "{key}: {not_covered} sentence(s) neither cited nor set aside"
        ));
    }
    if !quotes_not_in_text.is_empty() {
        problems.push(format!(
            "{key}: {} quote(s) not found in the text",
            quotes_not_in_text.len()
        ));
    }
    SourceCoverage {
        key,
        title,
        fields,
        sentences,
        cited,
        set_aside,
        not_covered,
        text: text.map(|(_, p, _)| p.clone()),
        quotes_not_in_text,
    }
}

/// The sentences the file declares from source `key`, in order (citations by rule order,
/// then set-asides), each with its normalised form.
fn declared_sentences(
    l: &Loaded,
    is_active: &[bool],
    key: &str,
) -> (Vec<SentenceCoverage>, Vec<String>) {
    let ir = &l.ir;
    let mut sentences: Vec<SentenceCoverage> = Vec::new();
    let mut norm: Vec<String> = Vec::new();
    let blank = |sentence: &str, reason: Option<String>| SentenceCoverage {
        sentence: sentence.to_string(),
        status: String::new(),
        rules: Vec::new(),
        reason,
    };
    for (i, r) in ir.rules.iter().enumerate() {
        for (src, q) in &r.citations {
            if src != key {
                continue;
            }
            let n = normalise(q);
            let at = match norm.iter().position(|x| *x == n) {
                Some(at) => at,
                None => {
                    norm.push(n);
                    sentences.push(blank(q, None));
                    sentences.len() - 1
                }
            };
            let rr = RuleRef {
                id: r.id.clone(),
                status: r.status.as_str().to_string(),
                active: is_active[i],
            };
            if !sentences[at].rules.contains(&rr) {
                sentences[at].rules.push(rr);
            }
        }
    }
    for sa in ir.set_asides.iter().filter(|s| s.source == key) {
        let n = normalise(&sa.sentence);
        match norm.iter().position(|x| *x == n) {
            Some(at) => {
                let s = &mut sentences[at];
                if s.reason.is_none() {
                    s.reason = Some(sa.reason.clone());
                }
            }
            None => {
                norm.push(n);
                sentences.push(blank(&sa.sentence, Some(sa.reason.clone())));
            }
        }
    }
    (sentences, norm)
}

/// The declared sentences rebuilt in the order of the source's text `body` (read from
/// `path`), with the text's sentences that nothing covers; sentences the text lacks last.
fn in_text_order(
    l: &Loaded,
    texts: &[Text],
    key: &str,
    TextPlace { path, body, own }: TextPlace<'_>,
    sentences: Vec<SentenceCoverage>,
    norm: &[String],
) -> Vec<SentenceCoverage> {
    let ir = &l.ir;
    // Every key that shares this text contributes its quotes to the matching.
    let sharing: Vec<&str> = texts
        .iter()
        .filter(|(_, p, _)| p == path)
        .map(|(k, _, _)| k.as_str())
        .collect();
    let mut all_quotes: Vec<String> = ir
        .rules
        .iter()
        .flat_map(|r| r.citations.iter())
        .filter(|(k, _)| sharing.contains(&k.as_str()))
        .map(|(_, q)| normalise(q))
        .collect();
    all_quotes.extend(
        ir.set_asides
            .iter()
            .filter(|s| sharing.contains(&s.source.as_str()))
            .map(|s| normalise(&s.sentence)),
    );
    let mut ordered: Vec<SentenceCoverage> = Vec::new();
    let mut used = vec![false; sentences.len()];
    for ts in split_sentences(body) {
        let tn = normalise(&ts);
        let mine: Vec<usize> = (0..sentences.len())
            .filter(|&i| matches_quote(&tn, &norm[i]))
            .collect();
        if mine.is_empty() {
            if all_quotes.iter().any(|q| matches_quote(&tn, q)) {
                continue; // another source's sentence in the same text
            }
            // Only the first key of a shared text reports uncovered sentences, unless the
            // source names its own part of the text.
            if own || sharing.first() == Some(&key) {
                ordered.push(SentenceCoverage {
                    sentence: ts,
                    status: String::new(),
                    rules: Vec::new(),
                    reason: None,
                });
            }
            continue;
        }
        for i in mine {
            if !used[i] {
                used[i] = true;
                ordered.push(sentences[i].clone());
            }
        }
    }
    for (i, s) in sentences.into_iter().enumerate() {
        if !used[i] {
            ordered.push(s);
        }
    }
    ordered
}

/// Where a source's sentences are looked for: the text given for it, or the part of it the
/// source declares with `text-begins` / `text-ends` (`own`: that part is the source's alone).
#[derive(Clone, Copy)]
struct TextPlace<'a> {
    path: &'a str,
    body: &'a str,
    own: bool,
}

/// The part of `body` a source declares as its quotation: from the first occurrence of its
/// `text-begins` words to the end of the first occurrence of its `text-ends` words after
/// them (either may be absent: the text's start or end). `None` when it declares neither.
fn excerpt<'a>(body: &'a str, fields: &[(String, String)]) -> Result<Option<&'a str>, String> {
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let (begins, ends) = (field("text-begins"), field("text-ends"));
    if begins.is_none() && ends.is_none() {
        return Ok(None);
    }
    let start = match begins {
        Some(b) => body
            .find(b)
            .ok_or_else(|| format!("its text-begins \"{b}\" is not in the text"))?,
        None => 0,
    };
    let rest = body.get(start..).unwrap_or_default();
    let len = match ends {
        Some(e) => rest
            .find(e)
            .map(|at| at + e.len())
            .ok_or_else(|| format!("its text-ends \"{e}\" is not in the text after text-begins"))?,
        None => rest.len(),
    };
    Ok(rest.get(..len))
}

/// The readings, each with the rules whose statements test it.
fn reading_views(l: &Loaded) -> Vec<ReadingView> {
    let ir = &l.ir;
    ir.readings
        .iter()
        .enumerate()
        .map(|(i, r)| ReadingView {
            id: r.id.clone(),
            question: r.question.clone(),
            options: r.options.clone(),
            default: r.options[r.default].0.clone(),
            chosen: r.options[r.chosen].0.clone(),
            rules: ir
                .rules
                .iter()
                .filter(|rule| rule.readings_tested.contains(&i))
                .map(|rule| rule.id.clone())
                .collect(),
        })
        .collect()
}

fn quote(s: &str) -> String {
    format!("\"{s}\"")
}

/// The coverage report as text for people. Its problems are not in it: the command line
/// words them with its one `error: ` line.
pub fn render(c: &Coverage) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "Coverage of {} — {}", c.file, c.game);
    for s in &c.sources {
        let _ = writeln!(o);
        let mut head = format!("source {} — {}", s.key, s.title);
        let extra: Vec<String> = s
            .fields
            .iter()
            .filter(|(k, _)| k == "author" || k == "year" || k == "evidence")
            .map(|(_, v)| v.clone())
            .collect();
        if !extra.is_empty() {
            head.push_str(&format!(" ({})", extra.join(", ")));
        }
        let _ = writeln!(o, "{head}");
        if let Some(t) = &s.text {
            let _ = writeln!(o, "  text: {t}");
        }
        for (i, sc) in s.sentences.iter().enumerate() {
            let who = if !sc.rules.is_empty() {
                let names: Vec<String> = sc
                    .rules
                    .iter()
                    .map(|r| {
                        format!(
                            "{} ({}{})",
                            r.id,
                            r.status,
                            if r.active {
                                ""
                            } else {
                                ", off under these readings"
                            }
                        )
                    })
                    .collect();
                format!("cited by {}", names.join(", "))
            } else if let Some(reason) = &sc.reason {
                format!("set aside: {reason}")
            } else {
                "NOT COVERED".to_string()
            };
            let _ = writeln!(o, "  {:>3}. {who}", i + 1);
            if !sc.rules.is_empty()
                && let Some(reason) = &sc.reason
            {
                let _ = writeln!(o, "       also set aside: {reason}");
            }
            let _ = writeln!(o, "       {}", quote(&sc.sentence));
        }
        let _ = write!(
            o,
            "  {} sentence(s): {} cited, {} set aside",
            s.sentences.len(),
            s.cited,
            s.set_aside
        );
        if s.text.is_some() {
            let _ = write!(o, ", {} not covered", s.not_covered);
        }
        let _ = writeln!(o);
        for q in &s.quotes_not_in_text {
            let _ = writeln!(o, "  quote not found in the text: {}", quote(q));
        }
    }
    let _ = writeln!(o);
    if c.uncited_rules.is_empty() {
        let _ = writeln!(o, "rules without a citation: none");
    } else {
        let _ = writeln!(
            o,
            "rules without a citation: {}",
            c.uncited_rules.join(", ")
        );
    }
    if !c.inactive_rules.is_empty() {
        let _ = writeln!(
            o,
            "rules with no statement under the readings in force: {}",
            c.inactive_rules.join(", ")
        );
    }
    let _ = writeln!(o);
    let _ = writeln!(o, "readings ({}):", c.readings.len());
    for r in &c.readings {
        let _ = writeln!(o, "  {} {}", r.id, r.question);
        for (name, doc) in &r.options {
            let mut tags = Vec::new();
            if *name == r.default {
                tags.push("default");
            }
            if *name == r.chosen {
                tags.push("in force");
            }
            let mark = if *name == r.chosen { '*' } else { ' ' };
            let tags = if tags.is_empty() {
                String::new()
            } else {
                format!(" ({})", tags.join(", "))
            };
            let _ = writeln!(o, "    {mark} {name}{tags}: {doc}");
        }
        if !r.rules.is_empty() {
            let _ = writeln!(o, "      used by {}", r.rules.join(", "));
        } else {
            let _ = writeln!(o, "      used by no rule");
        }
    }
    let _ = writeln!(o);
    for w in &c.warnings {
        let _ = writeln!(o, "warning: {w}");
    }
    if c.problems.is_empty() {
        let _ = writeln!(
            o,
            "ok: every sentence declared{} is cited or set aside",
            if c.sources.iter().any(|s| s.text.is_some()) {
                " or found in the texts given"
            } else {
                ""
            }
        );
    }
    // The problems are worded by the command line's one `error: ` line, not here.
    o
}
