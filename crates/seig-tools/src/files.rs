//! Files seig reads and writes: one reader with a size cap for rule files, shards and source
//! texts (game records, which may be longer, are read by `record` with a cap of their own), one atomic
//! writer for every output (records, formatted rule files, study shards, reports), and the
//! one hash that identifies a file (SHA-256).

use std::io::Write;
use std::path::{Path, PathBuf};

/// Largest rule file, shard or source text accepted.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// A file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Opening or reading failed (missing, permission, I/O).
    Io(PathBuf, std::io::Error),
    /// Not a regular file: a folder, FIFO, device or socket (what it is).
    NotRegular(PathBuf, &'static str),
    /// Longer than the limit (in bytes).
    TooLarge(PathBuf, u64),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(p, e) => {
                let why = match e.kind() {
                    std::io::ErrorKind::NotFound => "no such file".to_string(),
                    std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                    _ => e.to_string(),
                };
                write!(f, "cannot read {}: {why}", p.display())
            }
            ReadError::NotRegular(p, what) => write!(
                f,
                "cannot read {}: it is {what}, not a regular file; give the path of a file",
                p.display()
            ),
            ReadError::TooLarge(p, limit) => write!(
                f,
                "{} is larger than {limit} bytes; seig reads files of at most {limit} bytes",
                p.display()
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads a file whole, refusing one over [`MAX_FILE_BYTES`]; the error names the file
/// (the command line adds its `error: `).
pub fn read(path: &Path) -> Result<Vec<u8>, ReadError> {
    read_limited(path, MAX_FILE_BYTES)
}

/// Reads a regular file of at most `limit` bytes.
///
/// The file is opened without blocking (a FIFO with no writer would otherwise wait for
/// ever), the opened file is checked to be a regular file (a folder, FIFO, device or socket
/// is refused at once), and at most `limit + 1` bytes are read, so the limit holds whatever
/// the size the file system reports.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let io = |e| ReadError::Io(path.to_path_buf(), e);
    // Look before opening: opening a device can itself do something (a tape rewinds).
    let meta = std::fs::metadata(path).map_err(io)?;
    if let Some(what) = not_regular(meta.file_type()) {
        return Err(ReadError::NotRegular(path.to_path_buf(), what));
    }
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK);
    }
    let file = opts.open(path).map_err(io)?;
    // And again on what was opened, in case the path was swapped in between.
    let meta = file.metadata().map_err(io)?;
    if let Some(what) = not_regular(meta.file_type()) {
        return Err(ReadError::NotRegular(path.to_path_buf(), what));
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge(path.to_path_buf(), limit));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(path.to_path_buf(), limit));
    }
    Ok(bytes)
}

/// SHA-256 of bytes, lower-case hex: how records and reports identify a rule file.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    let d = sha2::Sha256::digest(bytes);
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// A file could not be written; nothing was changed.
#[derive(Debug)]
pub struct WriteError {
    /// The path as given.
    pub path: PathBuf,
    /// What went wrong.
    pub error: std::io::Error,
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // An error the writer made itself (`get_ref`) already says what is wrong.
        let why = match self.error.kind() {
            _ if self.error.get_ref().is_some() => self.error.to_string(),
            std::io::ErrorKind::NotFound => "no such folder".to_string(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            _ => self.error.to_string(),
        };
        write!(f, "cannot write {}: {why}", self.path.display())
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Symlinks followed before giving up (as the kernel does).
const MAX_LINKS: usize = 40;

/// The file a write to `path` lands in: `path` itself, or the end of its chain of
/// symlinks (which may not exist yet).
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(_) => return Ok(p),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(p),
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

fn not_regular(ft: std::fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if ft.is_char_device() {
            return Some("a character device");
        }
        if ft.is_block_device() {
            return Some("a block device");
        }
        if ft.is_socket() {
            return Some("a socket");
        }
    }
    if ft.is_dir() {
        return Some("a folder");
    }
    if !ft.is_file() {
        return Some("not a regular file");
    }
    None
}

/// An unpredictable name, so that nobody can place a file or link where the temporary
/// file will be (`create_new` refuses it anyway): std's hasher keys come from the OS.
fn random_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    h.finish()
}

/// A temporary file older than this is one a killed write left behind.
pub(crate) const STALE_TEMPORARY: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// The name of a temporary file of a write to `base`: `.BASE.` + 16 hex digits + `.tmp`.
fn is_temporary_of(name: &str, base: &str) -> bool {
    name.strip_prefix('.')
        .and_then(|n| n.strip_prefix(base))
        .and_then(|n| n.strip_prefix('.'))
        .and_then(|n| n.strip_suffix(".tmp"))
        .is_some_and(|hex| hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Removes the temporary files of earlier writes to `base` in `dir` that were killed before
/// they could clean up (a regular file of our naming, untouched for [`STALE_TEMPORARY`]);
/// a write in progress elsewhere touches its file far more recently than that.
fn remove_stale_temporaries(dir: &Path, base: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = std::time::SystemTime::now();
    for e in entries.flatten() {
        let name = e.file_name();
        if !is_temporary_of(&name.to_string_lossy(), base) {
            continue;
        }
        let old = e
            .metadata()
            .ok()
            .filter(|m| m.file_type().is_file())
            .and_then(|m| {
                let age = now.duration_since(m.modified().ok()?).ok()?;
                Some(age >= STALE_TEMPORARY)
            });
        if old == Some(true) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Replaces the file at `path` with `bytes` so that a reader, or a crash, sees the old file
/// or the new one, never a mix.
///
/// The bytes go to a new temporary file in the target's folder (an unpredictable name,
/// created with `O_EXCL`), which is given the target's permissions, written, synced, and
/// renamed over the target; then the folder is synced. A symlink is followed: the file it
/// points to is replaced and the link kept. A target that is not a regular file (a folder,
/// FIFO, device or socket) or is read-only is refused, and on every error the temporary
/// file is removed and the target left as it was. Temporary files of killed writes to the
/// same target, older than `STALE_TEMPORARY`, are removed first.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// [`write_atomic`] of what `fill` writes, as it writes it (buffered): the contents are
/// never held in memory whole. An error from `fill` is a failed write like any other: the
/// temporary file is removed and the target left as it was.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    let err = |error: std::io::Error| WriteError {
        path: path.to_path_buf(),
        error,
    };
    let target = resolve(path).map_err(err)?;
    let perms = match std::fs::metadata(&target) {
        Ok(m) => {
            if let Some(what) = not_regular(m.file_type()) {
                return Err(err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!("it is {what}, not a regular file; give the path of a file"),
                )));
            }
            if m.permissions().readonly() {
                return Err(err(std::io::Error::new(
                    std::io::ErrorKind::PermissionDenied,
                    "the file is read-only",
                )));
            }
            Some(m.permissions())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(err(e)),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let base = target
        .file_name()
        .ok_or_else(|| err(std::io::Error::other("the path names no file")))?
        .to_string_lossy()
        .into_owned();
    remove_stale_temporaries(&dir, &base);
    let (tmp, file) = {
        let mut tries = 0;
        loop {
            let tmp = dir.join(format!(".{base}.{:016x}.tmp", random_suffix()));
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
            {
                Ok(f) => break (tmp, f),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && tries < 16 => tries += 1,
                Err(e) => return Err(err(e)),
            }
        }
    };
    let filled = (|| {
        let mut file = file;
        // Permissions first, so that the bytes are never readable more widely than the
        // target's are.
        if let Some(p) = perms {
            file.set_permissions(p)?;
        }
        let mut buffered = std::io::BufWriter::new(&mut file);
        fill(&mut buffered)?;
        buffered.flush()?;
        drop(buffered);
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, &target)
    })();
    if let Err(e) = filled {
        let _ = std::fs::remove_file(&tmp);
        return Err(err(e));
    }
    // Make the rename itself durable. Some file systems cannot sync a folder; the file is
    // in place by now, so only a real I/O failure is reported.
    if let Ok(d) = std::fs::File::open(&dir)
        && let Err(e) = d.sync_all()
        && !matches!(
            e.kind(),
            std::io::ErrorKind::InvalidInput | std::io::ErrorKind::Unsupported
        )
    {
        return Err(err(e));
    }
    Ok(())
}

/// Does a write to `output` land on the file `input` names? The same path once both are
/// made canonical (symlinks and `..` resolved), or the same device and inode (a hard link,
/// or another path to it). An output that does not exist yet is no input.
pub(crate) fn same_file(output: &Path, input: &Path) -> bool {
    let canonical = |p: &Path| std::fs::canonicalize(p).ok();
    if let (Some(a), Some(b)) = (canonical(output), canonical(input))
        && a == b
    {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(output), std::fs::metadata(input)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    false
}

/// Why a command's outputs were refused ([`refuse_replacing_inputs`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplaceError {
    /// An output names a file the command reads.
    #[error(
        "{flag} {} would replace {}, which this command reads; write to another file",
        out.display(),
        input.display()
    )]
    Input {
        /// The flag that names the output (`--out`).
        flag: String,
        /// The output's path.
        out: PathBuf,
        /// The input it would replace.
        input: PathBuf,
    },
    /// Two outputs name one file.
    #[error("{flag} and {other} both name {}; give each its own file", out.display())]
    Twice {
        /// The first flag.
        flag: String,
        /// The other flag naming the same file.
        other: String,
        /// The path both name.
        out: PathBuf,
    },
}

/// Refuses a command whose outputs (each with the flag that names it, such as `--out`)
/// would replace one of the files it reads, or each other: an output never replaces an
/// input. The error names the flag, the path and the file it would replace.
pub fn refuse_replacing_inputs(
    outputs: &[(&str, &Path)],
    inputs: &[&Path],
) -> Result<(), ReplaceError> {
    for (i, (flag, out)) in outputs.iter().enumerate() {
        if let Some(input) = inputs.iter().find(|input| same_file(out, input)) {
            return Err(ReplaceError::Input {
                flag: (*flag).to_string(),
                out: out.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
        if let Some((other, _)) = outputs
            .iter()
            .skip(i + 1)
            .find(|(_, o)| o == out || same_file(o, out))
        {
            return Err(ReplaceError::Twice {
                flag: (*flag).to_string(),
                other: (*other).to_string(),
                out: out.to_path_buf(),
            });
        }
    }
    Ok(())
}
