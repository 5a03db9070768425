//! Files seig reads and writes: one reader with a size cap for every input.

use std::path::Path;

/// Largest rule file, record, shard or source text accepted.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Reads a file whole, refusing one over [`MAX_FILE_BYTES`]; the message names the file.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path)
        .map_err(|e| format!("error: cannot read {}: {e}", path.display()))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "error: {} is {} bytes; rule files are limited to {MAX_FILE_BYTES} bytes",
            path.display(),
            meta.len()
        ));
    }
    std::fs::read(path).map_err(|e| format!("error: cannot read {}: {e}", path.display()))
}
