//! Byte offsets of the library to the editor's positions (line, UTF-16 column) and back,
//! and the library's data to `lsp-types`.

use crate::lang::diag::{Diagnostic, Severity, Span};
use crate::lang::symbols::SymbolKind as Sk;
use crate::tools::editor::{Completion, CompletionKind, OutlineItem, OutlineKind};
use lsp_types as lt;

/// Where each line starts in a text, to turn offsets into positions.
pub struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// Indexes `text`'s lines.
    pub fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { text, starts }
    }

    /// The position of byte `offset` (clamped to the text, and back to a char boundary).
    pub fn position(&self, offset: usize) -> lt::Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let col: usize = self
            .text
            .get(start..offset)
            .unwrap_or_default()
            .chars()
            .map(char::len_utf16)
            .sum();
        lt::Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        )
    }

    /// The byte offset of a position (a column past the line's end means its end; a line
    /// past the text's end means the end of the text).
    pub fn offset(&self, p: lt::Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else {
            return self.text.len();
        };
        let line = self.text.get(start..).unwrap_or_default();
        let line = line.split('\n').next().unwrap_or_default();
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.trim_end_matches('\r').len()
    }

    /// The range of a span.
    pub fn range(&self, s: Span) -> lt::Range {
        lt::Range::new(self.position(s.start), self.position(s.end))
    }

    /// The whole text.
    pub fn all(&self) -> lt::Range {
        self.range(Span {
            start: 0,
            end: self.text.len(),
        })
    }
}

/// A diagnostic for the editor: message, label, help and notes in one text; the places
/// that explain it as related information.
pub fn diagnostic(lines: &Lines, uri: &lt::Uri, d: &Diagnostic) -> lt::Diagnostic {
    let mut message = d.message.clone();
    if !d.label.is_empty() && d.label != d.message {
        message.push_str(&format!("\n{}", d.label));
    }
    if let Some(h) = &d.help {
        message.push_str(&format!("\nhelp: {h}"));
    }
    for n in &d.notes {
        message.push_str(&format!("\nnote: {n}"));
    }
    let related: Vec<lt::DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .map(|(s, label)| lt::DiagnosticRelatedInformation {
            location: lt::Location::new(uri.clone(), lines.range(*s)),
            message: label.clone(),
        })
        .collect();
    lt::Diagnostic {
        range: lines.range(d.span.unwrap_or_default()),
        severity: Some(match d.severity {
            Severity::Error => lt::DiagnosticSeverity::ERROR,
            Severity::Warning => lt::DiagnosticSeverity::WARNING,
        }),
        code: Some(lt::NumberOrString::String(d.code.as_str().to_string())),
        source: Some("seig".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..lt::Diagnostic::default()
    }
}

/// An outline entry as a document symbol.
pub fn symbol(lines: &Lines, item: &OutlineItem) -> lt::DocumentSymbol {
    let kind = match item.kind {
        OutlineKind::Game => lt::SymbolKind::FILE,
        OutlineKind::Source => lt::SymbolKind::MODULE,
        OutlineKind::Param => lt::SymbolKind::CONSTANT,
        OutlineKind::Reading => lt::SymbolKind::ENUM,
        OutlineKind::ReadingOption => lt::SymbolKind::ENUM_MEMBER,
        OutlineKind::SetAside => lt::SymbolKind::STRING,
        OutlineKind::Rule => lt::SymbolKind::FUNCTION,
    };
    let children: Vec<lt::DocumentSymbol> =
        item.children.iter().map(|c| symbol(lines, c)).collect();
    #[expect(
        deprecated,
        reason = "the protocol's struct still has the field; `tags` replaces it"
    )]
    lt::DocumentSymbol {
        name: item.name.clone(),
        detail: item.detail.clone(),
        kind,
        tags: None,
        deprecated: None,
        range: lines.range(item.span),
        selection_range: lines.range(item.name_span),
        children: (!children.is_empty()).then_some(children),
    }
}

/// A completion as a completion item.
pub fn completion(c: &Completion) -> lt::CompletionItem {
    let kind = match c.kind {
        CompletionKind::Keyword => lt::CompletionItemKind::KEYWORD,
        CompletionKind::Name(k) => match k {
            Sk::Rule => lt::CompletionItemKind::FUNCTION,
            Sk::Reading => lt::CompletionItemKind::ENUM,
            Sk::ReadingOption => lt::CompletionItemKind::ENUM_MEMBER,
            Sk::Row | Sk::RowKind | Sk::Segment => lt::CompletionItemKind::FIELD,
            Sk::Param => lt::CompletionItemKind::CONSTANT,
            Sk::Team => lt::CompletionItemKind::CLASS,
            Sk::Phase => lt::CompletionItemKind::EVENT,
            Sk::Class | Sk::Face => lt::CompletionItemKind::VALUE,
            Sk::Source => lt::CompletionItemKind::MODULE,
        },
    };
    lt::CompletionItem {
        label: c.label.clone(),
        kind: Some(kind),
        detail: Some(c.detail.clone()),
        ..lt::CompletionItem::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let text = "ab\nçé𝄞x\n";
        let lines = Lines::new(text);
        let x = text.find('x').unwrap_or_default();
        assert_eq!(lines.position(x), lt::Position::new(1, 4));
        assert_eq!(lines.offset(lt::Position::new(1, 4)), x);
        assert_eq!(lines.offset(lt::Position::new(0, 99)), 2);
        assert_eq!(lines.offset(lt::Position::new(9, 0)), text.len());
        assert_eq!(lines.position(text.len()), lt::Position::new(2, 0));
        // Inside a multi-byte char: back to its start.
        assert_eq!(lines.position(4), lt::Position::new(1, 0));
    }
}
