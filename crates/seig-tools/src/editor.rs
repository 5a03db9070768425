//! What an editor shows of a rule file being written: its diagnostics, what a name or a
//! word under the cursor is, where a name is declared and used, the outline, completions and
//! the canonical layout. Offsets are bytes of the text; the language server turns them into
//! the editor's positions.

use seig_lang::diag::{Diagnostic, Span};
use seig_lang::fmt::{FmtError, format_text};
use seig_lang::keywords;
use seig_lang::lower::{Selection, lower};
use seig_lang::symbols::{self, Index, Symbol, SymbolKind};
use seig_lang::syntax::ast::{self, Item};
use seig_lang::syntax::parse;

/// A rule file as last typed, parsed, indexed and checked.
#[derive(Debug, Clone)]
pub struct Document {
    text: String,
    ast: Option<ast::File>,
    index: Index,
    diagnostics: Vec<Diagnostic>,
}

/// What the cursor is on, for a hover.
#[derive(Debug, Clone, PartialEq)]
pub struct Hover {
    /// The word or name hovered.
    pub span: Span,
    /// What to show, in Markdown.
    pub markdown: String,
}

/// What an outline entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutlineKind {
    /// `game "…"`.
    Game,
    /// `source KEY …`.
    Source,
    /// `param NAME …`.
    Param,
    /// `reading ID …`.
    Reading,
    /// An option of a reading.
    ReadingOption,
    /// `set aside KEY …`.
    SetAside,
    /// `rule ID …`.
    Rule,
}

/// One entry of the outline.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineItem {
    /// Its name (a rule or reading ID, a param's name…).
    pub name: String,
    /// A short description (a rule's status, a reading's question).
    pub detail: Option<String>,
    /// What it is.
    pub kind: OutlineKind,
    /// The whole item.
    pub span: Span,
    /// Its name.
    pub name_span: Span,
    /// Entries inside it (a reading's options).
    pub children: Vec<OutlineItem>,
}

/// What a completion offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    /// A word of the language.
    Keyword,
    /// A declared name of this kind.
    Name(SymbolKind),
}

/// One completion.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// The text inserted.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// One line about it.
    pub detail: String,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

impl Document {
    /// Parses, indexes and checks `text` (under the file's default readings and params).
    pub fn new(text: String) -> Document {
        match parse(&text) {
            Ok(file) => {
                let diagnostics = lower(&file, &Selection::default()).diagnostics;
                let index = symbols::index(&file);
                Document {
                    text,
                    ast: Some(file),
                    index,
                    diagnostics,
                }
            }
            Err(diagnostics) => Document {
                text,
                ast: None,
                index: Index::default(),
                diagnostics,
            },
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Every diagnostic of the file, in file order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Did the file parse (so that names, the outline and hovers are known)?
    pub fn parsed(&self) -> bool {
        self.ast.is_some()
    }

    /// The names of the file (empty when it does not parse).
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The word (a run of identifier characters) around byte `offset`.
    fn word_at(&self, offset: usize) -> Option<(Span, &str)> {
        let offset = offset.min(self.text.len());
        let before = self.text.get(..offset)?;
        let after = self.text.get(offset..)?;
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| is_word_char(*c))
            .last()
            .map_or(offset, |(i, _)| i);
        let end = offset
            + after
                .find(|c: char| !is_word_char(c))
                .unwrap_or(after.len());
        let word = self.text.get(start..end)?;
        (!word.is_empty()).then_some((Span { start, end }, word))
    }

    /// What the cursor at byte `offset` is on: a rule (its status and citations), a reading
    /// (its question, options and default), another name (where it is declared) or a word
    /// of the language (the forms that use it).
    pub fn hover(&self, offset: usize) -> Option<Hover> {
        if self.index.in_prose(offset) {
            return None;
        }
        if let Some(s) = self.index.at(offset) {
            return Some(Hover {
                span: s.span,
                markdown: self.describe(s),
            });
        }
        let (span, word) = self.word_at(offset)?;
        let forms = keywords::forms_with(word);
        if forms.is_empty() {
            return None;
        }
        let lines: Vec<String> = forms
            .iter()
            .map(|f| format!("- `{}` — {}", f.form, f.doc))
            .collect();
        Some(Hover {
            span,
            markdown: format!("**{word}** (keyword)\n\n{}", lines.join("\n")),
        })
    }

    fn rule(&self, id: &str) -> Option<&ast::Rule> {
        self.ast.as_ref()?.items.iter().find_map(|i| match i {
            Item::Rule(r) if r.id.node == id => Some(r),
            _ => None,
        })
    }

    fn reading(&self, id: &str) -> Option<&ast::Reading> {
        self.ast.as_ref()?.items.iter().find_map(|i| match i {
            Item::Reading(r) if r.id.node == id => Some(r),
            _ => None,
        })
    }

    fn describe(&self, s: &Symbol) -> String {
        match s.kind {
            SymbolKind::Rule => match self.rule(&s.name) {
                Some(r) => describe_rule(r),
                None => format!("rule `{}`", s.name),
            },
            SymbolKind::Reading => match self.reading(&s.name) {
                Some(r) => describe_reading(r),
                None => format!("reading `{}`: not declared", s.name),
            },
            SymbolKind::ReadingOption => {
                let reading = s.owner.as_deref().and_then(|o| self.reading(o));
                match reading {
                    Some(r) => format!(
                        "option `{}` of {}",
                        s.name,
                        describe_reading(r).trim_start_matches("reading ")
                    ),
                    None => format!("option `{}`", s.name),
                }
            }
            _ => {
                let decls: Vec<String> = self
                    .index
                    .definitions(s)
                    .map(|d| format!("- `{}`", self.line_of(d.span).trim()))
                    .collect();
                if decls.is_empty() {
                    format!("{} `{}`: not declared", s.kind.word(), s.name)
                } else {
                    format!(
                        "{} `{}`, declared by\n\n{}",
                        s.kind.word(),
                        s.name,
                        decls.join("\n")
                    )
                }
            }
        }
    }

    /// The line of text that holds `span`'s start.
    fn line_of(&self, span: Span) -> &str {
        let start = self
            .text
            .get(..span.start)
            .and_then(|t| t.rfind('\n'))
            .map_or(0, |i| i + 1);
        let rest = self.text.get(start..).unwrap_or_default();
        rest.split('\n').next().unwrap_or_default()
    }

    /// Where the name at byte `offset` is declared (several places for a kind of row, one
    /// per row of that kind).
    pub fn definition(&self, offset: usize) -> Vec<Span> {
        match self.index.at(offset) {
            Some(s) => self.index.definitions(s).map(|d| d.span).collect(),
            None => Vec::new(),
        }
    }

    /// Where the name at byte `offset` is used, with its declarations when `with_defs`.
    pub fn references(&self, offset: usize, with_defs: bool) -> Vec<Span> {
        match self.index.at(offset) {
            Some(s) => self
                .index
                .references(s, with_defs)
                .into_iter()
                .map(|r| r.span)
                .collect(),
            None => Vec::new(),
        }
    }

    /// The file's items in order: rules, readings (with their options), params, sources.
    pub fn outline(&self) -> Vec<OutlineItem> {
        let Some(file) = &self.ast else {
            return Vec::new();
        };
        file.items.iter().map(outline_item).collect()
    }

    /// Words of the language and the file's declared names (those of `names` when given,
    /// e.g. the last version of the file that parsed).
    pub fn completions(&self, names: Option<&Index>) -> Vec<Completion> {
        let mut out: Vec<Completion> = keywords::words()
            .into_iter()
            .map(|w| Completion {
                label: w.to_string(),
                kind: CompletionKind::Keyword,
                detail: keywords::forms_with(w)
                    .first()
                    .map_or(String::new(), |f| f.form.to_string()),
            })
            .collect();
        let index = names.unwrap_or(&self.index);
        let mut seen = std::collections::HashSet::new();
        for d in &index.defs {
            if seen.insert((d.kind, d.name.as_str())) {
                out.push(Completion {
                    label: d.name.clone(),
                    kind: CompletionKind::Name(d.kind),
                    detail: d.kind.word().to_string(),
                });
            }
        }
        out
    }

    /// The text in canonical layout (`seig fmt`).
    pub fn formatted(&self) -> Result<String, FmtError> {
        format_text(&self.text)
    }
}

fn describe_rule(r: &ast::Rule) -> String {
    let mut out = format!("**rule {}** — {}", r.id.node, r.status.node.as_str());
    if r.citations.is_empty() {
        out.push_str("\n\n(no citation)");
    }
    for c in &r.citations {
        out.push_str(&format!("\n\n{} cites:\n> {}", c.source.node, c.quote.node));
    }
    out
}

fn describe_reading(r: &ast::Reading) -> String {
    let mut out = format!("reading **{}**: {}\n", r.id.node, r.question.node);
    for o in &r.options {
        let default = if o.default { " (default)" } else { "" };
        let doc = o
            .doc
            .as_ref()
            .map_or(String::new(), |d| format!(": {}", d.node));
        out.push_str(&format!("\n- `{}`{default}{doc}", o.name.node));
    }
    out
}

fn outline_item(item: &Item) -> OutlineItem {
    let entry = |name: &ast::Name, kind, span, detail: Option<String>| OutlineItem {
        name: name.node.clone(),
        detail,
        kind,
        span,
        name_span: name.span,
        children: Vec::new(),
    };
    match item {
        Item::Game(t) => OutlineItem {
            name: t.node.clone(),
            detail: Some("game".to_string()),
            kind: OutlineKind::Game,
            span: t.span,
            name_span: t.span,
            children: Vec::new(),
        },
        Item::Source(s) => entry(
            &s.key,
            OutlineKind::Source,
            s.span,
            Some(s.title.node.clone()),
        ),
        Item::Param(p) => entry(
            &p.name,
            OutlineKind::Param,
            p.span,
            Some(format!(
                "= {} in {}..{}",
                p.default.node, p.min.node, p.max.node
            )),
        ),
        Item::Reading(r) => {
            let mut e = entry(
                &r.id,
                OutlineKind::Reading,
                r.span,
                Some(r.question.node.clone()),
            );
            e.children = r
                .options
                .iter()
                .map(|o| {
                    let span = o.doc.as_ref().map_or(o.name.span, |d| Span {
                        start: o.name.span.start,
                        end: d.span.end,
                    });
                    let detail = o.default.then(|| "default".to_string());
                    entry(&o.name, OutlineKind::ReadingOption, span, detail)
                })
                .collect();
            e
        }
        Item::SetAside(s) => entry(
            &s.source,
            OutlineKind::SetAside,
            s.span,
            Some("set aside".to_string()),
        ),
        Item::Rule(r) => entry(
            &r.id,
            OutlineKind::Rule,
            r.span,
            Some(r.status.node.as_str().to_string()),
        ),
    }
}
