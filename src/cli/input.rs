//! Finding and reading input files.
//!
//! Paths on the command line are files, directories or `-` (standard input). Directories are
//! walked with the `ignore` crate, as ripgrep does: `.gitignore`, `.ignore` and
//! `.git/info/exclude` are honoured even outside a git repository, hidden files and directories
//! are skipped, and only `.yaml`, `.yml` and `.json` files are read. A file named explicitly is
//! always read, whatever its extension. The result is sorted by name and free of duplicates, so
//! everything downstream is in a deterministic order whatever the number of threads.
//!
//! Only regular files and standard input are read: opening a FIFO would block until some other
//! process writes to it, and a device such as `/dev/zero` never ends. Every read is bounded by
//! [`MAX_FILE_BYTES`]; a file over it is reported (an `io/read` finding, exit 2) and the rest of
//! the run goes on.
//!
//! A run's files are [`pending`]: named, not read. The run driver reads each file when a step
//! needs its text and keeps the text only of files it has something to print from, so a run's
//! memory does not grow with the size of its input. Standard input can be read only once: it
//! is read up front. Commands that need every text at hand ([`read_all`]) read them first.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diag::SourceFile;

/// The largest input crdlint reads: 32 MiB. The API server refuses a request body over 3 MiB,
/// so a single manifest is far smaller; the cap leaves room for bundles of many CRDs (the largest
/// in the test corpus is 1.4 MB) while keeping a run's memory proportional to what it reads.
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// Why a file is in the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// Named with `--crd` only: its CRDs are schemas, not checked themselves.
    SchemaOnly,
    /// Found among the paths: checked.
    Target,
}

/// Where a file's bytes come from.
#[derive(Clone, Debug)]
pub enum Origin {
    Path(PathBuf),
    Stdin,
}

/// One file to read.
#[derive(Clone, Debug)]
pub struct Input {
    /// The path as given or found, or the `--stdin-filename` name.
    pub name: String,
    pub origin: Origin,
    pub role: Role,
    /// Reached through `--crd` (or the config's `crds`), even when also found among the paths:
    /// its CRDs win over walked ones for the same kind.
    pub named_crd: bool,
    /// Found by walking a directory, whose entry said a regular file (a walk does not follow
    /// symlinks): it is merged with other names of the same file without an `lstat`, and
    /// opened without a look first ([`read_bounded`]). False for a path named explicitly.
    pub walked: bool,
}

impl Input {
    /// A schema file whose `lstat` said a regular file (not a symlink), as a walk finds one
    /// (`walked`): neither discovery nor the read looks at it again (`cli/vendored.rs`).
    pub(crate) fn looked_at_schema(path: PathBuf) -> Input {
        Input {
            name: display_name(&path),
            origin: Origin::Path(path),
            role: Role::SchemaOnly,
            named_crd: true,
            walked: true,
        }
    }
}

/// A file of a run: read, or the reason it could not be, or (when [`Loaded::pending`]) not
/// read yet.
pub struct Loaded {
    pub input: Input,
    /// The name and text (empty while pending or when the file could not be read).
    pub source: SourceFile,
    pub error: Option<String>,
    /// Not read yet: [`Loaded::text`] reads it from its path, each time it is asked.
    pending: bool,
    /// Standard input read a chunk at a time ([`pending_streamed`]): the text is its first
    /// chunk, and these are the rest, still to be read.
    rest: Option<Box<DocumentChunks<std::io::Stdin>>>,
}

impl Loaded {
    /// A file whose text is already at hand.
    pub fn with_text(input: Input, text: String) -> Loaded {
        Loaded {
            source: SourceFile::new(input.name.clone(), text),
            input,
            error: None,
            pending: false,
            rest: None,
        }
    }

    /// A file that cannot be read, and why.
    pub fn failed(input: Input, error: String) -> Loaded {
        Loaded {
            source: SourceFile::new(input.name.clone(), String::new()),
            input,
            error: Some(error),
            pending: false,
            rest: None,
        }
    }

    /// Reads the file now.
    pub fn read(input: Input) -> Loaded {
        match read_text(&input) {
            Ok(text) => Loaded::with_text(input, text),
            Err(e) => Loaded::failed(input, e),
        }
    }

    /// True while the text has not been read ([`pending`]).
    pub fn is_pending(&self) -> bool {
        self.pending
    }

    /// The file's text, read now if it is pending, or why it cannot be read.
    pub fn text(&self) -> Result<std::borrow::Cow<'_, str>, String> {
        if self.pending {
            return read_text(&self.input).map(std::borrow::Cow::Owned);
        }
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(std::borrow::Cow::Borrowed(&self.source.text)),
        }
    }
}

/// What discovery needs from the command line.
pub struct Discovery<'a> {
    pub excludes: &'a [String],
    /// The config's globs with a slash, anchored at its directory.
    pub anchored: Option<&'a std::sync::Arc<Anchored>>,
    pub stdin_name: &'a str,
}

/// Exclude globs anchored at one directory, in `.gitignore` syntax (a glob with a slash is
/// relative to that directory, one without matches a name at any depth), matched against
/// paths relative to the working directory or absolute.
pub struct Anchored {
    /// The working directory, to make paths absolute without asking for it each time.
    cwd: PathBuf,
    root: PathBuf,
    set: ignore::overrides::Override,
}

impl Anchored {
    /// `globs` anchored at `base` (relative to the working directory, or absolute); `None`
    /// when there are none.
    pub fn new(base: &Path, globs: &[String]) -> Result<Option<Anchored>, String> {
        if globs.is_empty() {
            return Ok(None);
        }
        let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
        let root = normalize(&cwd.join(base));
        let mut b = ignore::overrides::OverrideBuilder::new(&root);
        for glob in globs {
            b.add(&format!("!{glob}"))
                .map_err(|e| format!("invalid exclude glob {glob:?}: {e}"))?;
        }
        let set = b
            .build()
            .map_err(|e| format!("invalid exclude glob: {e}"))?;
        Ok(Some(Anchored { cwd, root, set }))
    }

    /// True when a glob excludes `path` itself.
    fn matches(&self, abs: &Path, is_dir: bool) -> bool {
        abs.starts_with(&self.root) && abs != self.root && self.set.matched(abs, is_dir).is_ignore()
    }

    /// True when a glob excludes the walked entry `path` (its folders were looked at first).
    pub fn excludes_entry(&self, path: &Path, is_dir: bool) -> bool {
        self.matches(&normalize(&self.cwd.join(path)), is_dir)
    }

    /// True when a glob excludes `path` or a folder it is in (a file named on the command
    /// line, which no walk reached through its folders).
    pub fn excludes_named(&self, path: &Path) -> bool {
        let abs = normalize(&self.cwd.join(path));
        abs.ancestors()
            .enumerate()
            .take_while(|(_, p)| p.starts_with(&self.root))
            .any(|(i, p)| self.matches(p, i > 0))
    }
}

/// `a/./b/../c` as `a/c`, without touching the file system: the one lexical normalisation
/// behind every path comparison of `cli` (excludes, per-file globs, referenced inputs).
pub(crate) fn normalize(path: &Path) -> PathBuf {
    if is_normal(path) {
        // Already in the form the loop below would build: a copy (taking each component apart
        // and pushing it back was 7% of a vendored run's start, issue 34).
        return path.to_path_buf();
    }
    normalize_components(path)
}

/// [`normalize`] without its shortcut: the path taken apart and put together again.
fn normalize_components(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether [`normalize`] would give `path` back unchanged: `/`-separated parts, none of them
/// empty (a doubled or trailing `/`), `.` or `..`; a leading `/` is the root.
fn is_normal(path: &Path) -> bool {
    let bytes = path.as_os_str().as_encoded_bytes();
    let rest = bytes.strip_prefix(b"/").unwrap_or(bytes);
    // (Elsewhere a prefix or `\\` separators take the loop.)
    cfg!(unix)
        && !rest.is_empty()
        && rest
            .split(|&b| b == b'/')
            .all(|part| !part.is_empty() && part != b"." && part != b"..")
}

/// A path that could not be walked.
pub struct WalkError {
    pub name: String,
    pub message: String,
}

/// Expands `paths` (with `role`) into files, appending to `out`.
pub fn discover(
    paths: &[PathBuf],
    role: Role,
    opts: &Discovery<'_>,
    out: &mut Vec<Input>,
    errors: &mut Vec<WalkError>,
) {
    for path in paths {
        if path.as_os_str() == "-" {
            out.push(Input {
                name: opts.stdin_name.to_string(),
                origin: Origin::Stdin,
                role,
                named_crd: role == Role::SchemaOnly,
                walked: false,
            });
        } else if path.is_dir() {
            walk(path, role, opts, out, errors);
        } else {
            // Files named explicitly are read whatever their extension; a missing one becomes
            // an `io/read` finding when it is read.
            out.push(Input {
                name: display_name(path),
                origin: Origin::Path(path.clone()),
                role,
                named_crd: role == Role::SchemaOnly,
                walked: false,
            });
        }
    }
}

/// Walks one directory. The files found are sorted by name later, so the walk does not sort
/// each directory's entries (`walkdir` works out both names from their paths at every
/// comparison: 40% of finding 10,000 files); the errors keep the walk's order, so a walk that
/// meets one is done again, sorted, for the errors to come in the same order on every file
/// system.
fn walk(
    root: &Path,
    role: Role,
    opts: &Discovery<'_>,
    out: &mut Vec<Input>,
    errors: &mut Vec<WalkError>,
) {
    let (files, errors_before) = (out.len(), errors.len());
    walk_sorted(root, role, opts, out, errors, false);
    if errors.len() > errors_before {
        out.truncate(files);
        errors.truncate(errors_before);
        walk_sorted(root, role, opts, out, errors, true);
    }
}

fn walk_sorted(
    root: &Path,
    role: Role,
    opts: &Discovery<'_>,
    out: &mut Vec<Input>,
    errors: &mut Vec<WalkError>,
    sorted: bool,
) {
    let mut builder = ignore::WalkBuilder::new(root);
    builder.require_git(false).hidden(true);
    if sorted {
        builder.sort_by_file_name(|a, b| a.cmp(b));
    }
    if !opts.excludes.is_empty() {
        let mut overrides = ignore::overrides::OverrideBuilder::new(root);
        for glob in opts.excludes {
            if let Err(e) = overrides.add(&format!("!{glob}")) {
                errors.push(WalkError {
                    name: glob.clone(),
                    message: format!("invalid --exclude glob: {e}"),
                });
            }
        }
        match overrides.build() {
            Ok(o) => {
                builder.overrides(o);
            }
            Err(e) => errors.push(WalkError {
                name: root.display().to_string(),
                message: format!("invalid --exclude glob: {e}"),
            }),
        }
    }
    if let Some(anchored) = opts.anchored {
        let anchored = std::sync::Arc::clone(anchored);
        builder.filter_entry(move |e| {
            let is_dir = e.file_type().is_some_and(|t| t.is_dir());
            !anchored.excludes_entry(e.path(), is_dir)
        });
    }
    for entry in builder.build() {
        match entry {
            Ok(entry) => {
                // The entry's own type (symlinks are not followed): a regular file, never a
                // symlink, a FIFO or a device.
                let is_file = entry.file_type().is_some_and(|t| t.is_file());
                if is_file && has_manifest_extension(entry.path()) {
                    out.push(Input {
                        name: display_name(entry.path()),
                        origin: Origin::Path(entry.path().to_path_buf()),
                        role,
                        named_crd: role == Role::SchemaOnly,
                        walked: true,
                    });
                }
            }
            Err(e) => errors.push(WalkError {
                name: root.display().to_string(),
                message: e.to_string(),
            }),
        }
    }
}

fn has_manifest_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e, "yaml" | "yml" | "json"))
}

/// The path as the user would write it: without a leading `./` (nor `.//`). Only for
/// display: files are read and written through the `PathBuf` they were found as.
fn display_name(path: &Path) -> String {
    let s = path.to_string_lossy();
    let mut s: &str = &s;
    while let Some(rest) = s.strip_prefix("./") {
        let rest = rest.trim_start_matches('/');
        if rest.is_empty() {
            break;
        }
        s = rest;
    }
    s.to_string()
}

/// Sorts by name and merges duplicates (the same file reached twice keeps the stronger role).
pub fn sort_and_dedup(inputs: Vec<Input>) -> Vec<Input> {
    // Keyed by the real path, not its (lossy) display: `a\xff.yaml` and `a\xfe.yaml` are two
    // files. `None` is standard input.
    // foldhash: SipHash over every path was most of this function's time on 10,000 files.
    // Keyed by the path's bytes: hashing a `Path` takes it apart into components (7% of a
    // vendored run's start, issue 34); a resolved path is in normal form, one spelling each.
    let mut by_key: HashMap<Option<std::ffi::OsString>, Input, foldhash::fast::RandomState> =
        HashMap::default();
    let mut dirs = Dirs::default();
    for input in inputs {
        let key = match &input.origin {
            Origin::Stdin => None,
            Origin::Path(p) => Some(real_path(p, input.walked, &mut dirs).into_os_string()),
        };
        match by_key.get_mut(&key) {
            Some(existing) => {
                if input.role > existing.role {
                    existing.role = input.role;
                }
                existing.named_crd |= input.named_crd;
                // Named as well as walked is named (`crdlint test` says so of a named file
                // that holds nothing it reads), whatever the order; its open then looks at
                // the path first, as a named file's does.
                let walked = existing.walked && input.walked;
                // Keep the shorter name for the same file, so reports are stable whichever
                // way it was reached first.
                if (input.name.len(), &input.name) < (existing.name.len(), &existing.name) {
                    existing.name = input.name;
                    existing.origin = input.origin;
                }
                existing.walked = walked;
            }
            None => {
                by_key.insert(key, input);
            }
        }
    }
    let mut inputs: Vec<Input> = by_key.into_values().collect();
    inputs.sort_by(|a, b| a.name.cmp(&b.name));
    inputs
}

/// Each directory's resolved path (`None` when it does not resolve), by the directory's bytes.
type Dirs = HashMap<std::ffi::OsString, Option<PathBuf>, foldhash::fast::RandomState>;

/// A path ending in a plain name (not `..`, `.`, `/` or a trailing slash, which
/// `canonicalize` refuses on a file), as its folder and that name.
fn split_name(p: &Path) -> Option<(&Path, &std::ffi::OsStr)> {
    #[cfg(unix)]
    if is_normal(p) {
        // Split at the last `/`: `Path::parent` and `file_name` take the path apart from its
        // end, which was most of this function's time on 500 files (issue 34).
        use std::os::unix::ffi::OsStrExt;
        let bytes = p.as_os_str().as_bytes();
        let (parent, name) = match memchr::memrchr(b'/', bytes) {
            Some(0) => (&bytes[..1], &bytes[1..]),
            Some(i) => (&bytes[..i], &bytes[i + 1..]),
            None => (&bytes[..0], bytes),
        };
        let os = std::ffi::OsStr::from_bytes;
        return Some((Path::new(os(parent)), os(name)));
    }
    let ends_in_name = matches!(
        p.components().next_back(),
        Some(std::path::Component::Normal(_))
    ) && !p.as_os_str().as_encoded_bytes().ends_with(b"/");
    match (p.parent(), p.file_name(), ends_in_name) {
        (Some(parent), Some(name), true) => Some((parent, name)),
        _ => None,
    }
}

/// The path `p` resolves to, as `fs::canonicalize` gives it (`p` itself when it does not
/// resolve), with each directory resolved once: `canonicalize` checks every component of every
/// path for a symlink (a failing `readlink` each: 50,000 system calls for 10,000 files five
/// levels deep). A file that is not itself a symlink resolves to its resolved directory joined
/// with its name; one `lstat` tells which, unless the walk that found it (`walked`) already
/// said it is a regular file.
fn real_path(p: &Path, walked: bool, dirs: &mut Dirs) -> PathBuf {
    // A path that does not resolve is taken lexically (`a//b` and `a/b` are one file).
    let canonical = || std::fs::canonicalize(p).unwrap_or_else(|_| p.components().collect());
    // Only a path ending in a plain name (not `..`, `.`, `/` or a trailing slash, which
    // `canonicalize` refuses on a file) can be split.
    let Some((parent, name)) = split_name(p) else {
        return canonical();
    };
    if !walked {
        match std::fs::symlink_metadata(p) {
            Ok(meta) if !meta.file_type().is_symlink() => {}
            _ => return canonical(),
        }
    }
    if !dirs.contains_key(parent.as_os_str()) {
        let resolved = std::fs::canonicalize(if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        })
        .ok();
        dirs.insert(parent.as_os_str().to_os_string(), resolved);
    }
    match dirs.get(parent.as_os_str()).and_then(Option::as_ref) {
        Some(dir) => dir.join(name),
        None => canonical(),
    }
}

/// Reads every input in parallel, keeping the input order. Standard input is read once.
pub fn read_all(inputs: Vec<Input>) -> Vec<Loaded> {
    inputs.into_par_iter().map(Loaded::read).collect()
}

/// The inputs as files to read later, in the same order; standard input is read now (it can
/// be read only once).
pub fn pending(inputs: Vec<Input>) -> Vec<Loaded> {
    inputs
        .into_iter()
        .map(|input| match input.origin {
            Origin::Stdin => Loaded::read(input),
            Origin::Path(_) => unread(input),
        })
        .collect()
}

/// A file to read later ([`Loaded::is_pending`]).
fn unread(input: Input) -> Loaded {
    Loaded {
        source: SourceFile::new(input.name.clone(), String::new()),
        input,
        error: None,
        pending: true,
        rest: None,
    }
}

/// [`pending`], with standard input read a chunk of whole documents at a time
/// ([`DocumentChunks`]): its [`Loaded`] holds the first chunk, and [`take_stream`] hands over
/// the rest. A stream that fits in one chunk is read whole, as [`pending`] reads it.
pub fn pending_streamed(inputs: Vec<Input>) -> Vec<Loaded> {
    inputs
        .into_iter()
        .map(|input| match input.origin {
            // `--crd -`: every CRD of the stream is a schema of the run, so it is read whole.
            Origin::Stdin if input.role == Role::SchemaOnly => Loaded::read(input),
            Origin::Stdin => {
                let mut chunks = DocumentChunks::with_sizes(
                    std::io::stdin(),
                    stream_chunk_bytes(),
                    MAX_FILE_BYTES as usize,
                );
                match chunks.next() {
                    None => Loaded::with_text(input, String::new()),
                    Some(Err(e)) => Loaded::failed(input, e),
                    Some(Ok(first)) => {
                        let mut l = Loaded::with_text(input, first.text);
                        l.rest = (!chunks.ended).then(|| Box::new(chunks));
                        l
                    }
                }
            }
            Origin::Path(_) => unread(input),
        })
        .collect()
}

/// The rest of standard input when it is read a chunk at a time ([`pending_streamed`]): its
/// file id, and the chunks after the first (each chunk's offsets and line count are the
/// stream's).
pub fn take_stream(loaded: &mut [Loaded]) -> Option<(usize, Box<DocumentChunks<std::io::Stdin>>)> {
    loaded
        .iter_mut()
        .enumerate()
        .find_map(|(f, l)| l.rest.take().map(|rest| (f, rest)))
}

/// How many bytes of standard input a chunk holds at least: [`STREAM_CHUNK_BYTES`], or
/// `CRDLINT_STREAM_CHUNK_BYTES` (for tests that compare a stream of many chunks with the same
/// text read whole, without megabytes of input).
fn stream_chunk_bytes() -> usize {
    std::env::var("CRDLINT_STREAM_CHUNK_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(STREAM_CHUNK_BYTES)
}

/// The text of a file crdlint reads besides its inputs (the config file), under the inputs'
/// rules: a regular file only (a FIFO would block, `/dev/zero` never ends), at most
/// [`MAX_FILE_BYTES`], UTF-8.
pub fn read_regular_file(path: &Path) -> Result<String, String> {
    text_of(read_bounded(&Origin::Path(path.to_path_buf()), false)?)
}

/// The text of one input, or why it cannot be had.
fn read_text(input: &Input) -> Result<String, String> {
    text_of(read_bounded(&input.origin, input.walked)?)
}

/// `bytes` as text, or where they stop being UTF-8. simdutf8 checks the common case (every
/// byte of every file a run reads) 32 bytes at a time: std's check was 0.6% of a
/// 10,000-resource run's instructions. std's then words a failure with its offset.
fn text_of(bytes: Vec<u8>) -> Result<String, String> {
    if let Some(why) = not_text(&bytes) {
        return Err(why);
    }
    if simdutf8::basic::from_utf8(&bytes).is_ok() {
        // SAFETY: simdutf8 has just checked that `bytes` are UTF-8.
        return Ok(unsafe { String::from_utf8_unchecked(bytes) });
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(e.utf8_error().valid_up_to() as u64))
}

/// Why an input that starts as no text does is not read, said as what it is rather than as a
/// bad byte at offset 0: git-crypt's ciphertext (checked first: its nonce may happen to be
/// UTF-8), or UTF-16 (Windows PowerShell's `>` writes it: `kubectl get ... -o yaml > x.yaml`).
fn not_text(start: &[u8]) -> Option<String> {
    if start.starts_with(GIT_CRYPT_HEADER) {
        return Some(GIT_CRYPT_LOCKED.to_string());
    }
    if start.starts_with(&[0xff, 0xfe]) || start.starts_with(&[0xfe, 0xff]) {
        return Some("not UTF-8 text: UTF-16 (it starts with a UTF-16 byte-order mark, as Windows PowerShell's `>` writes); save it as UTF-8 (`Out-File -Encoding utf8`)".to_string());
    }
    None
}

/// What git-crypt writes before the ciphertext of every file it encrypts: a checkout whose
/// repository is not unlocked holds these bytes instead of the text.
const GIT_CRYPT_HEADER: &[u8] = b"\0GITCRYPT\0";

/// Why a file encrypted by git-crypt is not read; the driver tells it from other read failures
/// by this text and, when the run recognises it (`recognize: git-crypt`), skips the file with
/// a note instead.
pub const GIT_CRYPT_LOCKED: &str =
    "git-crypt ciphertext: the repository is locked; run `git-crypt unlock` to read it";

/// The bytes of one input, at most [`MAX_FILE_BYTES`] of them, or why they cannot be had.
///
/// Only a regular file is opened: opening a FIFO would wait for a writer, and opening a device
/// may do something. A path named explicitly is looked at first; a walked one's directory
/// entry already said regular file (`walked`), so it costs one `open`, one `fstat` and, in
/// the common case, one `read` (10,000 files in one directory were 5 `statx`, 2 `openat` and
/// 4 `read` each, with the driver's second read). Either way the file is opened non-blocking
/// (and a walked one without following a symlink), so that a FIFO or a link swapped in since
/// the look does not block the run, and what was opened is checked.
fn read_bounded(origin: &Origin, walked: bool) -> Result<Vec<u8>, String> {
    match origin {
        Origin::Path(p) => {
            if !walked {
                let meta = std::fs::metadata(p).map_err(|e| io_message(&e))?;
                regular_file(&meta)?;
            }
            let file = open_for_reading(p, walked).map_err(|e| io_message(&e))?;
            let meta = file.metadata().map_err(|e| io_message(&e))?;
            regular_file(&meta)?;
            let expected = meta.len().min(MAX_FILE_BYTES) as usize;
            read_capped_into(file, expected)
        }
        Origin::Stdin => read_capped(std::io::stdin().lock(), 0),
    }
}

/// Opens a file to read without blocking on a FIFO (`O_NONBLOCK` changes nothing for a
/// regular file), and, for a walked file, without following a symlink put in its place.
#[cfg(unix)]
fn open_for_reading(p: &Path, walked: bool) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut flags = libc::O_NONBLOCK;
    if walked {
        flags |= libc::O_NOFOLLOW;
    }
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(p)
}

#[cfg(not(unix))]
fn open_for_reading(p: &Path, _walked: bool) -> std::io::Result<std::fs::File> {
    std::fs::File::open(p)
}

/// Refuses anything but a regular file, naming what it is.
fn regular_file(meta: &std::fs::Metadata) -> Result<(), String> {
    if meta.is_file() {
        return Ok(());
    }
    let what = special_file_kind(&meta.file_type());
    Err(format!(
        "not a regular file ({what}); crdlint reads only regular files, and standard input as `-`"
    ))
}

#[cfg(unix)]
fn special_file_kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_file_kind(t: &std::fs::FileType) -> &'static str {
    if t.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// Reads to the end, refusing more than [`MAX_FILE_BYTES`] (one byte past the cap is read to
/// tell "exactly at the cap" from "over it"). `expected` is a regular file's size when it was
/// opened (0 when unknown): a read of a regular file comes back short only at its end, so a
/// short read that brings the total to that size is the end, without a last read returning 0.
/// A file that grew meanwhile fills the byte asked past its size and is read on.
fn read_capped(reader: impl Read, expected: usize) -> Result<Vec<u8>, String> {
    read_capped_into(Zeroing(reader), expected)
}

/// [`read_capped`] from anything that reads into a vector's spare capacity.
fn read_capped_into(mut source: impl Fill, expected: usize) -> Result<Vec<u8>, String> {
    const CHUNK: usize = 8 * 1024;
    let limit = (MAX_FILE_BYTES + 1) as usize;
    let first = if expected > 0 {
        expected.saturating_add(1)
    } else {
        CHUNK
    };
    let mut buf = Vec::with_capacity(first.min(limit));
    let mut room = first.min(limit);
    loop {
        if buf.len() == room {
            if room >= limit {
                break;
            }
            room = room.saturating_mul(2).clamp(CHUNK, limit);
            buf.reserve_exact(room - buf.len());
        }
        let asked = room - buf.len();
        match source.fill(&mut buf, asked) {
            Ok(0) => break,
            Ok(n) => {
                if n < asked && expected > 0 && buf.len() == expected {
                    break;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io_message(&e)),
        }
    }
    if buf.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(buf)
}

/// A source of bytes that appends to a vector.
trait Fill {
    /// Appends at most `max` bytes (the vector has room for them), returning how many.
    fn fill(&mut self, buf: &mut Vec<u8>, max: usize) -> std::io::Result<usize>;
}

/// Any reader: the room is zeroed before the read, as [`Read::read`] wants initialised bytes.
struct Zeroing<R>(R);

impl<R: Read> Fill for Zeroing<R> {
    fn fill(&mut self, buf: &mut Vec<u8>, max: usize) -> std::io::Result<usize> {
        let filled = buf.len();
        buf.resize(filled + max, 0);
        let read = self.0.read(&mut buf[filled..]);
        buf.truncate(filled + read.as_ref().map_or(0, |&n| n));
        read
    }
}

/// A file read straight into the vector's spare capacity: zeroing memory that `read(2)`
/// overwrites at once cost 1% of a run's instructions (memset over every byte read).
#[cfg(unix)]
impl Fill for std::fs::File {
    fn fill(&mut self, buf: &mut Vec<u8>, max: usize) -> std::io::Result<usize> {
        use std::os::fd::AsRawFd;
        let spare = &mut buf.spare_capacity_mut()[..max];
        // SAFETY: `read(2)` writes at most `spare.len()` bytes to `spare`, memory the vector
        // owns and does not read until `set_len` below covers only what was written.
        let n = unsafe { libc::read(self.as_raw_fd(), spare.as_mut_ptr().cast(), spare.len()) };
        let Ok(n) = usize::try_from(n) else {
            return Err(std::io::Error::last_os_error());
        };
        // SAFETY: the kernel initialised the first `n` (<= `max`, within the capacity) bytes
        // past the length.
        unsafe { buf.set_len(buf.len() + n) };
        Ok(n)
    }
}

#[cfg(not(unix))]
impl Fill for std::fs::File {
    fn fill(&mut self, buf: &mut Vec<u8>, max: usize) -> std::io::Result<usize> {
        Zeroing(&*self).fill(buf, max)
    }
}

/// How much of a stream [`DocumentChunks`] gathers before it cuts: enough documents that a
/// chunk is worth a parallel step, few enough that a stream of 10^6 documents is held a few
/// megabytes at a time.
pub const STREAM_CHUNK_BYTES: usize = 4 * 1024 * 1024;

/// How many bytes a stream is read by at a time.
const STREAM_READ_BYTES: usize = 64 * 1024;

/// A piece of a stream of YAML documents: whole documents, and where they sit in the stream.
#[derive(Debug, PartialEq, Eq)]
pub struct Chunk {
    pub text: String,
    /// Bytes of the stream before this chunk (a span in `text` is shifted by it).
    pub offset: u64,
    /// Lines of the stream before this chunk (a line number in `text` is shifted by it).
    pub lines_before: u64,
}

/// Reads a stream (standard input) in chunks of whole YAML documents, so that a stream of any
/// length is held a chunk at a time.
///
/// A chunk is cut only where a document boundary is certain without a parse: before a `---`
/// line and after a `...` line. Either marker at the start of a line, followed by a space, a
/// tab or the line's end, cannot be content of a document (YAML 1.2.2 `c-forbidden`: it ends
/// block scalars, quoted and plain multi-line scalars and flow collections alike), so no
/// document is split. A `---` after a `%` line (comments and blank lines between) is not a
/// cut: the `%` line may be a directive of that document, which can follow only a `...`, and
/// that is the cut.
///
/// A chunk holds at least [`STREAM_CHUNK_BYTES`] unless the stream ends. A document longer than
/// [`MAX_FILE_BYTES`] ends the stream with the error a file that large gets.
pub struct DocumentChunks<R> {
    reader: R,
    /// Bytes read and not yet handed out; they start at a document boundary.
    buf: Vec<u8>,
    /// How far `buf` has been looked through for cuts (a line start).
    scanned: usize,
    /// The last cut found in `buf` (0: none yet).
    cut: usize,
    /// The lines just before `scanned` are a `%` line and comments or blank lines.
    after_directive: bool,
    offset: u64,
    lines: u64,
    target: usize,
    limit: usize,
    ended: bool,
}

impl<R: Read> DocumentChunks<R> {
    pub fn new(reader: R) -> Self {
        Self::with_sizes(reader, STREAM_CHUNK_BYTES, MAX_FILE_BYTES as usize)
    }

    /// Chunks of at least `target` bytes, refusing a document over `limit` bytes.
    fn with_sizes(reader: R, target: usize, limit: usize) -> Self {
        DocumentChunks {
            reader,
            buf: Vec::new(),
            scanned: 0,
            cut: 0,
            after_directive: false,
            offset: 0,
            lines: 0,
            target,
            limit,
            ended: false,
        }
    }

    /// Lines of the stream handed out so far (before the next chunk, or before the place
    /// where reading stopped).
    pub fn lines_read(&self) -> u64 {
        self.lines
    }

    /// Looks at every whole line not looked at yet (and, at the end of the stream, the last
    /// unended one) for cuts.
    fn scan(&mut self, at_end: bool) {
        while self.scanned < self.buf.len() {
            let rest = &self.buf[self.scanned..];
            let len = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => i + 1,
                None if at_end => rest.len(),
                None => return,
            };
            let line = &rest[..len];
            if self.scanned > 0 && !self.after_directive && is_document_marker(line, b"---") {
                self.cut = self.scanned;
            }
            let blank_or_comment = line
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_none_or(|&b| b == b'#');
            self.after_directive =
                line.first() == Some(&b'%') || (self.after_directive && blank_or_comment);
            let end_marker = is_document_marker(line, b"...");
            self.scanned += len;
            if end_marker {
                self.cut = self.scanned;
            }
        }
    }

    /// Hands out `buf[..end]` as the next chunk.
    fn take(&mut self, end: usize) -> Result<Chunk, String> {
        let rest = self.buf.split_off(end);
        let bytes = std::mem::replace(&mut self.buf, rest);
        self.scanned -= end;
        self.cut = 0;
        let (offset, lines_before) = (self.offset, self.lines);
        self.offset += end as u64;
        self.lines += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        if let Some(why) = (offset == 0).then(|| not_text(&bytes)).flatten() {
            return Err(why);
        }
        if let Err(e) = std::str::from_utf8(&bytes) {
            // Chunks end at line ends, so a character is never cut in two: the bad byte is
            // one, at its offset in the stream.
            return Err(not_utf8(offset + e.valid_up_to() as u64));
        }
        text_of(bytes).map(|text| Chunk {
            text,
            offset,
            lines_before,
        })
    }
}

impl<R: Read> Iterator for DocumentChunks<R> {
    type Item = Result<Chunk, String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        loop {
            if self.buf.len() >= self.target && self.cut > 0 {
                return Some(self.take(self.cut));
            }
            if self.buf.len() > self.limit && self.cut == 0 {
                self.ended = true;
                return Some(Err(too_large()));
            }
            let read = Zeroing(&mut self.reader).fill(&mut self.buf, STREAM_READ_BYTES);
            match read {
                Ok(0) => {
                    self.ended = true;
                    self.scan(true);
                    if self.buf.len() > self.limit && self.cut == 0 {
                        return Some(Err(too_large()));
                    }
                    if self.cut > 0 && self.buf.len() - self.cut > self.limit {
                        // The last document alone is over the cap: what precedes it first.
                        self.ended = false;
                        return Some(self.take(self.cut));
                    }
                    return (!self.buf.is_empty()).then(|| self.take(self.buf.len()));
                }
                Ok(_) => self.scan(false),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.ended = true;
                    return Some(Err(io_message(&e)));
                }
            }
        }
    }
}

/// True when `line` starts with the document marker `marker` (`---` or `...`) followed by a
/// space, a tab or the line's end: in YAML, always a document boundary.
pub(crate) fn is_document_marker(line: &[u8], marker: &[u8; 3]) -> bool {
    line.strip_prefix(marker.as_slice()).is_some_and(|rest| {
        rest.first()
            .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    })
}

/// Why an input over [`MAX_FILE_BYTES`] is not read.
fn too_large() -> String {
    format!(
        "larger than {} MiB, the most crdlint reads from one file",
        MAX_FILE_BYTES / (1024 * 1024)
    )
}

/// Why an input that is not UTF-8 is not read.
fn not_utf8(offset: u64) -> String {
    format!("not UTF-8 text (invalid byte at offset {offset})")
}

/// An I/O error without Rust's `(os error N)` suffix.
fn io_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of `normalize` gives what taking the path apart gives.
    #[test]
    fn normalize_shortcut_agrees_with_the_components() {
        let slow = normalize_components;
        for p in [
            "a",
            "a/b.yaml",
            "/a/b",
            "/",
            "",
            ".",
            "./a",
            "a/./b",
            "a/../b",
            "a//b",
            "a/b/",
            "//a",
            "..",
            "a/..",
            ".crdlint/vendor/x.yaml",
            "a/.b/c..",
            "a/...",
        ] {
            let p = Path::new(p);
            assert_eq!(normalize(p), slow(p), "{p:?}");
        }
        #[cfg(unix)]
        assert!(is_normal(Path::new("a/.b/c..")) && !is_normal(Path::new("a//b")));
        // The split of a normal path is `Path`'s.
        for p in ["a", "a/b.yaml", "/a", "/a/b/c.json", "x/.y"] {
            let p = Path::new(p);
            assert_eq!(
                split_name(p),
                Some((p.parent().unwrap(), p.file_name().unwrap()))
            );
        }
        for p in ["/", "", ".", "a/..", "a/b/"] {
            assert_eq!(split_name(Path::new(p)), None, "{p}");
        }
    }

    /// A file reached under several names is read once; distinct files (a hard link is a name
    /// of its own, as `canonicalize` sees it) stay apart, and the shortest name wins.
    #[cfg(unix)]
    #[test]
    fn files_named_twice_are_merged_by_real_path() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        std::fs::create_dir(d.join("sub")).unwrap();
        std::fs::write(d.join("x.yaml"), "a: 1\n").unwrap();
        std::fs::write(d.join("y.yaml"), "a: 1\n").unwrap();
        std::fs::hard_link(d.join("y.yaml"), d.join("hard.yaml")).unwrap();
        std::os::unix::fs::symlink("x.yaml", d.join("link.yaml")).unwrap();
        std::os::unix::fs::symlink(d, d.join("sub/up")).unwrap();
        let names = [
            "x.yaml",
            "./x.yaml",
            "sub/../x.yaml",
            "link.yaml",
            "sub/up/x.yaml",
            "sub/up/link.yaml",
            "y.yaml",
            "hard.yaml",
            "missing.yaml",
            "./missing.yaml",
            "x.yaml/",
        ];
        let inputs = names
            .iter()
            .map(|n| {
                let path = d.join(n);
                Input {
                    name: n.to_string(),
                    origin: Origin::Path(path),
                    role: Role::Target,
                    named_crd: false,
                    walked: false,
                }
            })
            .collect();
        let kept: Vec<String> = sort_and_dedup(inputs).into_iter().map(|i| i.name).collect();
        // `missing.yaml` and `./missing.yaml` do not resolve, nor does `x.yaml/`
        // (`canonicalize` refuses it): their keys are the paths as given, which compare equal
        // component by component.
        assert_eq!(kept, ["hard.yaml", "missing.yaml", "x.yaml", "y.yaml"]);
        let mut dirs = Dirs::default();
        for n in names {
            let p = d.join(n);
            let expected = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
            assert_eq!(real_path(&p, false, &mut dirs), expected, "{n}");
        }
        // A walked file (a regular file by its directory entry) gets the same key unlooked.
        for n in ["x.yaml", "sub/up/x.yaml", "hard.yaml"] {
            let p = d.join(n);
            let expected = std::fs::canonicalize(&p).unwrap();
            assert_eq!(real_path(&p, true, &mut dirs), expected, "{n}");
        }
        // Relative paths, `x` against `./x`, through the working directory.
        let here = std::env::current_dir().unwrap();
        for n in [
            "Cargo.toml",
            "./Cargo.toml",
            "src/../Cargo.toml",
            "no-such-file",
        ] {
            let expected = std::fs::canonicalize(n).unwrap_or_else(|_| n.into());
            assert_eq!(real_path(Path::new(n), false, &mut dirs), expected, "{n}");
        }
        assert_eq!(
            real_path(Path::new("Cargo.toml"), false, &mut dirs),
            here.join("Cargo.toml").canonicalize().unwrap()
        );
    }

    #[test]
    fn texts_are_checked_as_utf8_with_the_offset_of_a_bad_byte() {
        let long = "a: b\n".repeat(100);
        for good in ["", "ascii", "ç日本\u{1F600}", long.as_str()] {
            assert_eq!(text_of(good.as_bytes().to_vec()).as_deref(), Ok(good));
        }
        // git-crypt's ciphertext (its header, then bytes that are no text) is told apart.
        let locked = [&b"\0GITCRYPT\0"[..], &[0x8a, 0xff, 0x10]].concat();
        assert_eq!(text_of(locked), Err(GIT_CRYPT_LOCKED.to_string()));
        let utf16: Vec<u8> = [0xfeff_u16]
            .into_iter()
            .chain("kind: Pod\n".encode_utf16())
            .flat_map(u16::to_le_bytes)
            .collect();
        assert!(text_of(utf16).is_err_and(|e| e.contains("UTF-16")));
        let mut bad = long.clone().into_bytes();
        bad[301] = 0xff;
        assert_eq!(
            text_of(bad),
            Err("not UTF-8 text (invalid byte at offset 301)".to_string())
        );
        // A character cut short at the end.
        let cut = "abc\u{e9}".as_bytes();
        assert_eq!(
            text_of(cut[..cut.len() - 1].to_vec()),
            Err("not UTF-8 text (invalid byte at offset 3)".to_string())
        );
    }

    #[test]
    fn names_drop_leading_dot_slash() {
        assert_eq!(display_name(Path::new("./a/b.yaml")), "a/b.yaml");
        assert_eq!(display_name(Path::new("a/b.yaml")), "a/b.yaml");
        assert_eq!(display_name(Path::new(".//x.yaml")), "x.yaml");
        assert_eq!(display_name(Path::new("/x.yaml")), "/x.yaml");
    }

    /// The chunks of `text` cut by a reader with the given sizes, fed `step` bytes a read.
    fn chunks(text: &str, target: usize, limit: usize, step: usize) -> Vec<Result<Chunk, String>> {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        DocumentChunks::with_sizes(Trickle(text.as_bytes(), step), target, limit).collect()
    }

    fn texts(chunks: &[Result<Chunk, String>]) -> Vec<&str> {
        chunks
            .iter()
            .map(|c| c.as_ref().map_or("ERR", |c| c.text.as_str()))
            .collect()
    }

    #[test]
    fn a_stream_is_cut_between_documents_only() {
        let text = "a: 1\n---\nb: |\n  ---\n  x\n--- # c\n---x: 3\n\"q\n ---\"\n";
        // Read a few bytes at a time, every boundary is a cut once the target is met.
        for step in [1, 3, 7] {
            let got = chunks(text, 1, 1 << 20, step);
            assert_eq!(
                texts(&got),
                [
                    "a: 1\n",
                    "---\nb: |\n  ---\n  x\n",
                    "--- # c\n---x: 3\n\"q\n ---\"\n"
                ],
                "step {step}"
            );
            // Offsets and lines add up to the stream's.
            let offsets: Vec<(u64, u64)> = got
                .iter()
                .map(|c| c.as_ref().map(|c| (c.offset, c.lines_before)).unwrap())
                .collect();
            assert_eq!(offsets, [(0, 0), (5, 1), (24, 5)]);
        }
        // Read at once, the last boundary is the cut.
        assert_eq!(
            texts(&chunks(text, 1, 1 << 20, 64)),
            [
                "a: 1\n---\nb: |\n  ---\n  x\n",
                "--- # c\n---x: 3\n\"q\n ---\"\n"
            ]
        );
        // Put back together, the chunks are the stream, whatever the sizes.
        for target in [1, 4, 10, 100] {
            assert_eq!(texts(&chunks(text, target, 1 << 20, 5)).concat(), text);
        }
        assert_eq!(texts(&chunks(text, 1 << 20, 1 << 20, 5)), [text]);
        assert!(chunks("", 1, 10, 1).is_empty());
    }

    #[test]
    fn a_document_end_is_a_cut_and_directives_stay_with_their_document() {
        let text = "a: 1\n...\n%YAML 1.2\n# c\n\n---\nb: 2\n... # e\nc: 3";
        assert_eq!(
            texts(&chunks(text, 1, 1 << 20, 2)),
            [
                "a: 1\n...\n",
                "%YAML 1.2\n# c\n\n---\nb: 2\n... # e\n",
                "c: 3"
            ]
        );
    }

    #[test]
    fn a_document_spanning_many_reads_and_the_target_is_kept_whole() {
        let big = format!("---\nk: |\n{}", "  ---x\n  ...y\n".repeat(100));
        let text = format!("a: 1\n{big}---\nb: 2\n");
        let got = chunks(&text, 8, 1 << 20, 16);
        assert_eq!(texts(&got), ["a: 1\n", big.as_str(), "---\nb: 2\n"]);
        assert_eq!(got[2].as_ref().unwrap().lines_before, 203);
    }

    #[test]
    fn a_document_over_the_cap_ends_the_stream_with_the_files_error() {
        let text = "a: 1\n---\nb: 123456789\n---\nc: 1\n";
        let got = chunks(text, 1, 10, 4);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].as_ref().unwrap().text, "a: 1\n");
        assert_eq!(got[1], Err(too_large()));
        // The last document alone too large: the ones before it come first.
        let got = chunks("a: 1\n---\nb: 123456789\n", 100, 10, 100);
        assert_eq!(texts(&got), ["a: 1\n", "ERR"]);
    }

    #[test]
    fn a_bad_byte_is_placed_in_the_stream() {
        let mut bytes = b"a: 1\n---\nb: ".to_vec();
        bytes.push(0xff);
        let got: Vec<_> = DocumentChunks::with_sizes(&bytes[..], 1, 100).collect();
        assert_eq!(got[1], Err(not_utf8(12)));
    }

    #[test]
    fn markers_need_a_space_or_the_line_end() {
        assert!(is_document_marker(b"---", b"---"));
        assert!(is_document_marker(b"--- |\n", b"---"));
        assert!(is_document_marker(b"...\r\n", b"..."));
        assert!(!is_document_marker(b"----\n", b"---"));
        assert!(!is_document_marker(b"...a\n", b"..."));
        assert!(!is_document_marker(b" ---\n", b"---"));
    }

    #[test]
    fn reads_stop_one_byte_past_the_cap() {
        let endless = std::io::repeat(b'a');
        let err = read_capped(endless, 0).expect_err("over the cap");
        assert!(err.contains("larger than 32 MiB"), "{err}");
        let at_cap = std::io::repeat(b'a').take(MAX_FILE_BYTES);
        assert_eq!(
            read_capped(at_cap, 0).expect("at the cap").len() as u64,
            MAX_FILE_BYTES
        );
    }

    /// A reader over `data` that hands out at most `chunk` bytes a call, and counts the calls.
    struct Chunked<'a> {
        data: &'a [u8],
        chunk: usize,
        calls: usize,
    }

    impl Read for Chunked<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.calls += 1;
            let n = buf.len().min(self.chunk).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_file_is_read_whole_into_unzeroed_room() {
        // Past the first chunk, through several growths, and with the size known or not.
        let data: Vec<u8> = (0..100_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("big.yaml");
        std::fs::write(&path, &data).expect("write");
        for expected in [0, 10, data.len()] {
            let file = std::fs::File::open(&path).expect("open");
            assert_eq!(read_capped_into(file, expected).expect("read"), data);
        }
        std::fs::write(&path, b"").expect("write");
        let file = std::fs::File::open(&path).expect("open");
        assert_eq!(read_capped_into(file, 0).expect("read"), b"");
    }

    #[test]
    fn a_file_of_the_size_it_had_is_read_in_one_call() {
        let data = b"apiVersion: v1\nkind: ConfigMap\n";
        let mut r = Chunked {
            data,
            chunk: usize::MAX,
            calls: 0,
        };
        assert_eq!(read_capped(&mut r, data.len()).expect("read"), data);
        assert_eq!(r.calls, 1);
        // Grown since its size was taken: the byte asked past the size comes back, and the
        // rest is read on.
        let mut r = Chunked {
            data,
            chunk: usize::MAX,
            calls: 0,
        };
        assert_eq!(read_capped(&mut r, 5).expect("read"), data);
        // Short reads before the expected size, or with no size known (standard input), are
        // read on to the end.
        for expected in [0, data.len()] {
            let mut r = Chunked {
                data,
                chunk: 3,
                calls: 0,
            };
            assert_eq!(read_capped(&mut r, expected).expect("read"), data);
        }
        // Shrunk since: read to its end.
        let mut r = Chunked {
            data: &data[..4],
            chunk: usize::MAX,
            calls: 0,
        };
        assert_eq!(read_capped(&mut r, data.len()).expect("read"), &data[..4]);
    }

    /// A walked file is opened without a look first: a FIFO or a symlink put in its place
    /// since the walk is refused, not waited on or followed.
    #[cfg(unix)]
    #[test]
    fn a_walked_file_swapped_for_a_fifo_or_a_link_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        std::fs::write(d.join("x.yaml"), "a: 1\n").unwrap();
        let walked = |name: &str| Input {
            name: name.to_string(),
            origin: Origin::Path(d.join(name)),
            role: Role::Target,
            named_crd: false,
            walked: true,
        };
        assert_eq!(read_text(&walked("x.yaml")).as_deref(), Ok("a: 1\n"));
        std::os::unix::fs::symlink(d.join("x.yaml"), d.join("link.yaml")).unwrap();
        assert!(read_text(&walked("link.yaml")).is_err());
        let fifo = d.join("pipe.yaml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Nobody writes to it: a blocking open would never return.
            let err = read_text(&walked("pipe.yaml")).expect_err("a FIFO");
            assert!(err.contains("not a regular file (a FIFO)"), "{err}");
        }
    }

    #[test]
    fn only_manifest_extensions_are_walked() {
        assert!(has_manifest_extension(Path::new("x.yml")));
        assert!(has_manifest_extension(Path::new("x.json")));
        assert!(!has_manifest_extension(Path::new("x.md")));
        assert!(!has_manifest_extension(Path::new("yaml")));
    }
}
