//! `seig lsp`: a language server on standard input and output. Diagnostics as the file is
//! typed (whole-document sync), hover, go to definition, references, the outline,
//! formatting and completion; the answers are `tools::editor`'s, turned into the
//! protocol's types here. One thread: each message is answered before the next is read.

mod convert;
mod transport;

use crate::cli::error::{CliError, Status};
use crate::tools::editor::Document;
use convert::Lines;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lt;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::io::Write;

/// An open document and the names of its last version that parsed (for completion while
/// the text does not parse).
struct Open {
    doc: Document,
    version: Option<i32>,
    last_names: Option<crate::lang::symbols::Index>,
}

#[derive(Default)]
struct Server {
    initialized: bool,
    shut_down: bool,
    docs: HashMap<String, Open>,
}

/// What the loop does after a message.
enum Flow {
    Go,
    Exit(Status),
}

/// Runs the server until `exit`: 0 after `shutdown`, 1 otherwise (the protocol's rule), 1
/// when the input ends or breaks off without `exit` or cannot be read.
pub fn run() -> Result<Status, CliError> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    let mut server = Server::default();
    loop {
        let msg = match transport::read(&mut input) {
            Ok(Some(m)) => m,
            Ok(None) => {
                eprintln!("seig lsp: the input ended without an `exit` notification");
                return Ok(Status::Failure);
            }
            Err(e) if e.recoverable() => {
                eprintln!("seig lsp: {e} (message ignored)");
                continue;
            }
            Err(e) => {
                eprintln!("seig lsp: {e}; stopping");
                return Ok(Status::Failure);
            }
        };
        let (replies, flow) = server.handle(msg);
        for r in replies {
            if let Err(e) = r.write(&mut output).and_then(|()| output.flush()) {
                eprintln!("seig lsp: cannot write to the client: {e}");
                return Ok(Status::Failure);
            }
        }
        if let Flow::Exit(code) = flow {
            return Ok(code);
        }
    }
}

fn capabilities() -> lt::ServerCapabilities {
    lt::ServerCapabilities {
        text_document_sync: Some(lt::TextDocumentSyncCapability::Kind(
            lt::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lt::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lt::OneOf::Left(true)),
        references_provider: Some(lt::OneOf::Left(true)),
        document_symbol_provider: Some(lt::OneOf::Left(true)),
        document_formatting_provider: Some(lt::OneOf::Left(true)),
        completion_provider: Some(lt::CompletionOptions::default()),
        ..lt::ServerCapabilities::default()
    }
}

fn ok(id: RequestId, v: impl serde::Serialize) -> Message {
    match serde_json::to_value(v) {
        Ok(v) => Message::Response(Response {
            id,
            response_result: Ok(v),
        }),
        Err(e) => err(id, ErrorCode::InternalError, e.to_string()),
    }
}

fn err(id: RequestId, code: ErrorCode, message: String) -> Message {
    Message::Response(Response::new_err(id, code as i32, message))
}

fn params<P: DeserializeOwned>(req: &Request) -> Result<P, Message> {
    serde_json::from_value(req.params.clone()).map_err(|e| {
        err(
            req.id.clone(),
            ErrorCode::InvalidParams,
            format!("invalid params for {}: {e}", req.method),
        )
    })
}

impl Server {
    fn handle(&mut self, msg: Message) -> (Vec<Message>, Flow) {
        match msg {
            Message::Request(req) => (vec![self.request(req)], Flow::Go),
            Message::Notification(n) if n.method == lt::notification::Exit::METHOD => (
                Vec::new(),
                Flow::Exit(if self.shut_down {
                    Status::Success
                } else {
                    Status::Failure
                }),
            ),
            Message::Notification(n) => (self.notification(n), Flow::Go),
            // The server sends no requests, so a response answers nothing.
            Message::Response(_) => (Vec::new(), Flow::Go),
        }
    }

    fn request(&mut self, req: Request) -> Message {
        let id = req.id.clone();
        if req.method == lt::request::Initialize::METHOD {
            self.initialized = true;
            return ok(
                id,
                lt::InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(lt::ServerInfo {
                        name: "seig".to_string(),
                        version: Some(env!("CARGO_PKG_VERSION").to_string()),
                    }),
                },
            );
        }
        if !self.initialized {
            return err(
                id,
                ErrorCode::ServerNotInitialized,
                format!("{} before initialize", req.method),
            );
        }
        if self.shut_down {
            return err(
                id,
                ErrorCode::InvalidRequest,
                format!("{} after shutdown", req.method),
            );
        }
        match self.answer(&req) {
            Ok(m) | Err(m) => m,
        }
    }

    /// The answer to a request after `initialize`; `Err` holds an error response.
    fn answer(&mut self, req: &Request) -> Result<Message, Message> {
        use lt::request as r;
        let id = req.id.clone();
        Ok(match req.method.as_str() {
            r::Shutdown::METHOD => {
                self.shut_down = true;
                ok(id, ())
            }
            r::HoverRequest::METHOD => {
                let p: lt::HoverParams = params(req)?;
                ok(id, self.hover(&p.text_document_position_params))
            }
            r::GotoDefinition::METHOD => {
                let p: lt::GotoDefinitionParams = params(req)?;
                let at = &p.text_document_position_params;
                ok(id, self.locations(at, |d, o| d.definition(o)))
            }
            r::References::METHOD => {
                let p: lt::ReferenceParams = params(req)?;
                let with = p.context.include_declaration;
                ok(
                    id,
                    self.locations(&p.text_document_position, |d, o| d.references(o, with)),
                )
            }
            r::DocumentSymbolRequest::METHOD => {
                let p: lt::DocumentSymbolParams = params(req)?;
                ok(id, self.outline(&p.text_document.uri))
            }
            r::Formatting::METHOD => {
                let p: lt::DocumentFormattingParams = params(req)?;
                self.format(id, &p.text_document.uri)
            }
            r::Completion::METHOD => {
                let p: lt::CompletionParams = params(req)?;
                ok(
                    id,
                    self.complete(&p.text_document_position.text_document.uri),
                )
            }
            other => err(
                id,
                ErrorCode::MethodNotFound,
                format!("seig lsp does not answer {other}"),
            ),
        })
    }

    fn notification(&mut self, n: Notification) -> Vec<Message> {
        use lt::notification as nt;
        match n.method.as_str() {
            nt::DidOpenTextDocument::METHOD => match parsed(&n.params) {
                Ok(lt::DidOpenTextDocumentParams { text_document: d }) => {
                    self.set(d.uri, d.text, Some(d.version))
                }
                Err(e) => bad_notification(&n, &e),
            },
            nt::DidChangeTextDocument::METHOD => {
                match parsed(&n.params) {
                    // Whole-document sync: the last change is the whole text.
                    Ok(lt::DidChangeTextDocumentParams {
                        text_document,
                        content_changes,
                    }) => match content_changes.into_iter().last() {
                        Some(c) => self.set(text_document.uri, c.text, Some(text_document.version)),
                        None => Vec::new(),
                    },
                    Err(e) => bad_notification(&n, &e),
                }
            }
            nt::DidCloseTextDocument::METHOD => match parsed(&n.params) {
                Ok(lt::DidCloseTextDocumentParams { text_document }) => {
                    self.docs.remove(text_document.uri.as_str());
                    publish(text_document.uri, Vec::new(), None)
                }
                Err(e) => bad_notification(&n, &e),
            },
            // `initialized`, `didSave`, `$/cancelRequest`, `$/setTrace`…: nothing to do.
            _ => Vec::new(),
        }
    }

    /// Stores a document's new text and publishes its diagnostics.
    fn set(&mut self, uri: lt::Uri, text: String, version: Option<i32>) -> Vec<Message> {
        let doc = Document::new(text);
        let key = uri.as_str().to_string();
        let last_names = match self.docs.remove(&key) {
            _ if doc.parsed() => Some(doc.index().clone()),
            Some(old) => old.last_names,
            None => None,
        };
        let lines = Lines::new(doc.text());
        let diags = doc
            .diagnostics()
            .iter()
            .map(|d| convert::diagnostic(&lines, &uri, d))
            .collect();
        self.docs.insert(
            key,
            Open {
                doc,
                version,
                last_names,
            },
        );
        let version = self.docs.get(uri.as_str()).and_then(|o| o.version);
        publish(uri, diags, version)
    }

    fn open(&self, uri: &lt::Uri) -> Option<&Open> {
        self.docs.get(uri.as_str())
    }

    fn hover(&self, at: &lt::TextDocumentPositionParams) -> Option<lt::Hover> {
        let open = self.open(&at.text_document.uri)?;
        let lines = Lines::new(open.doc.text());
        let h = open.doc.hover(lines.offset(at.position))?;
        Some(lt::Hover {
            contents: lt::HoverContents::Markup(lt::MarkupContent {
                kind: lt::MarkupKind::Markdown,
                value: h.markdown,
            }),
            range: Some(lines.range(h.span)),
        })
    }

    fn locations(
        &self,
        at: &lt::TextDocumentPositionParams,
        find: impl Fn(&Document, usize) -> Vec<crate::lang::diag::Span>,
    ) -> Vec<lt::Location> {
        let uri = &at.text_document.uri;
        let Some(open) = self.open(uri) else {
            return Vec::new();
        };
        let lines = Lines::new(open.doc.text());
        find(&open.doc, lines.offset(at.position))
            .into_iter()
            .map(|s| lt::Location::new(uri.clone(), lines.range(s)))
            .collect()
    }

    fn outline(&self, uri: &lt::Uri) -> Vec<lt::DocumentSymbol> {
        let Some(open) = self.open(uri) else {
            return Vec::new();
        };
        let lines = Lines::new(open.doc.text());
        open.doc
            .outline()
            .iter()
            .map(|i| convert::symbol(&lines, i))
            .collect()
    }

    fn format(&self, id: RequestId, uri: &lt::Uri) -> Message {
        let Some(open) = self.open(uri) else {
            return ok(id, Vec::<lt::TextEdit>::new());
        };
        match open.doc.formatted() {
            Ok(text) if text == open.doc.text() => ok(id, Vec::<lt::TextEdit>::new()),
            Ok(text) => {
                let all = Lines::new(open.doc.text()).all();
                ok(id, vec![lt::TextEdit::new(all, text)])
            }
            Err(e) => err(id, ErrorCode::RequestFailed, e.to_string()),
        }
    }

    fn complete(&self, uri: &lt::Uri) -> Vec<lt::CompletionItem> {
        let Some(open) = self.open(uri) else {
            return Vec::new();
        };
        open.doc
            .completions(open.last_names.as_ref())
            .iter()
            .map(convert::completion)
            .collect()
    }
}

/// The notification publishing a document's diagnostics; parameters that cannot be
/// serialised are said on standard error and nothing is sent (never an empty
/// notification, which would clear the editor's diagnostics).
fn publish(uri: lt::Uri, diagnostics: Vec<lt::Diagnostic>, version: Option<i32>) -> Vec<Message> {
    let params = lt::PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    match serde_json::to_value(params) {
        Ok(params) => vec![Message::Notification(Notification {
            method: lt::notification::PublishDiagnostics::METHOD.to_string(),
            params,
        })],
        Err(e) => {
            eprintln!("seig lsp: cannot write the diagnostics as JSON: {e} (not sent)");
            Vec::new()
        }
    }
}

/// A notification whose params do not fit: said on standard error (a notification has no
/// answer), the server goes on.
fn parsed<P: DeserializeOwned>(v: &serde_json::Value) -> Result<P, serde_json::Error> {
    serde_json::from_value(v.clone())
}

fn bad_notification(n: &Notification, e: &serde_json::Error) -> Vec<Message> {
    eprintln!("seig lsp: invalid params for {}: {e} (ignored)", n.method);
    Vec::new()
}
