//! The LSP base protocol on a byte stream: `Content-Length` headers, then a JSON-RPC
//! message. Read here with bounds (a header line, a message's size) so that no input can
//! make the server allocate without limit; `lsp-server` gives the message types and writes
//! them.

use lsp_server::Message;
use std::io::{self, BufRead, Read};

/// Largest message accepted, in bytes (a rule file is a few tens of kilobytes).
pub const MAX_MESSAGE: usize = 64 << 20;
/// Longest header line accepted, in bytes.
const MAX_HEADER_LINE: u64 = 1024;

/// Why a message could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The stream failed.
    #[error("cannot read the input: {0}")]
    Io(#[from] io::Error),
    /// The headers are not `Name: value` lines ended by an empty line.
    #[error("malformed header {0:?} (expected `Content-Length: N` then an empty line)")]
    Header(String),
    /// No `Content-Length` header.
    #[error("a message has no Content-Length header")]
    NoLength,
    /// The message is larger than [`MAX_MESSAGE`].
    #[error("a message of {0} bytes is larger than the {MAX_MESSAGE} accepted")]
    TooLarge(usize),
    /// The stream ended inside a message.
    #[error("the input ended inside a message")]
    Truncated,
    /// The body is not a JSON-RPC message (the stream is still in step: the next message
    /// can be read).
    #[error("a message is not JSON-RPC: {0}")]
    Json(String),
}

impl ReadError {
    /// Can the server go on reading after this error?
    pub fn recoverable(&self) -> bool {
        matches!(self, ReadError::Json(_))
    }
}

/// Reads one message; `Ok(None)` at the end of the input between messages.
pub fn read(input: &mut impl BufRead) -> Result<Option<Message>, ReadError> {
    let mut size = None;
    let mut first = true;
    loop {
        let mut line = String::new();
        let n = input.by_ref().take(MAX_HEADER_LINE).read_line(&mut line)?;
        if n == 0 {
            return if first {
                Ok(None)
            } else {
                Err(ReadError::Truncated)
            };
        }
        first = false;
        let Some(line) = line.strip_suffix("\r\n") else {
            return Err(ReadError::Header(line));
        };
        if line.is_empty() {
            break;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(ReadError::Header(line.to_string()));
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let v = value.trim();
            let n: usize = v.parse().map_err(|_| ReadError::Header(line.to_string()))?;
            size = Some(n);
        }
    }
    let size = size.ok_or(ReadError::NoLength)?;
    if size > MAX_MESSAGE {
        return Err(ReadError::TooLarge(size));
    }
    let mut body = vec![0; size];
    input.read_exact(&mut body).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => ReadError::Truncated,
        _ => ReadError::Io(e),
    })?;
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|e| ReadError::Json(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(body: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    #[test]
    fn reads_a_message_then_the_end() {
        let bytes = framed(r#"{"jsonrpc":"2.0","method":"exit"}"#);
        let mut input = &bytes[..];
        assert!(
            matches!(read(&mut input), Ok(Some(Message::Notification(n))) if n.method == "exit")
        );
        assert!(matches!(read(&mut input), Ok(None)));
    }

    #[test]
    fn bad_json_keeps_the_stream_in_step() {
        let mut bytes = framed("{not json");
        bytes.extend(framed(r#"{"jsonrpc":"2.0","method":"exit"}"#));
        let mut input = &bytes[..];
        let e = read(&mut input).err();
        assert!(matches!(&e, Some(ReadError::Json(_))), "{e:?}");
        assert!(e.is_some_and(|e| e.recoverable()));
        assert!(matches!(
            read(&mut input),
            Ok(Some(Message::Notification(_)))
        ));
    }

    #[test]
    fn bounds_and_malformed_headers_are_errors() {
        let huge = format!("Content-Length: {}\r\n\r\n", usize::MAX);
        assert!(matches!(
            read(&mut huge.as_bytes()),
            Err(ReadError::TooLarge(_))
        ));
        assert!(matches!(
            read(&mut &b"Content-Length: 5\n\n"[..]),
            Err(ReadError::Header(_))
        ));
        assert!(matches!(
            read(&mut &b"X: 1\r\n\r\n"[..]),
            Err(ReadError::NoLength)
        ));
        assert!(matches!(
            read(&mut &b"Content-Length: 9\r\n\r\n{}"[..]),
            Err(ReadError::Truncated)
        ));
        assert!(matches!(
            read(&mut &b"Content-Length: x\r\n\r\n"[..]),
            Err(ReadError::Header(_))
        ));
        let long = "A".repeat(5000);
        assert!(matches!(
            read(&mut long.as_bytes()),
            Err(ReadError::Header(_))
        ));
    }
}
