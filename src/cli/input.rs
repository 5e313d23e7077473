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
}

impl Loaded {
    /// A file whose text is already at hand.
    pub fn with_text(input: Input, text: String) -> Loaded {
        Loaded {
            source: SourceFile::new(input.name.clone(), text),
            input,
            error: None,
            pending: false,
        }
    }

    /// A file that cannot be read, and why.
    pub fn failed(input: Input, error: String) -> Loaded {
        Loaded {
            source: SourceFile::new(input.name.clone(), String::new()),
            input,
            error: Some(error),
            pending: false,
        }
    }

    /// Reads the file now.
    pub fn read(input: Input) -> Loaded {
        match read_text(&input.origin) {
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
            return read_text(&self.input.origin).map(std::borrow::Cow::Owned);
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
    pub stdin_name: &'a str,
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
            });
        }
    }
}

fn walk(
    root: &Path,
    role: Role,
    opts: &Discovery<'_>,
    out: &mut Vec<Input>,
    errors: &mut Vec<WalkError>,
) {
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .require_git(false)
        .hidden(true)
        .sort_by_file_name(|a, b| a.cmp(b));
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
    for entry in builder.build() {
        match entry {
            Ok(entry) => {
                let is_file = entry.file_type().is_some_and(|t| t.is_file());
                if is_file && has_manifest_extension(entry.path()) {
                    out.push(Input {
                        name: display_name(entry.path()),
                        origin: Origin::Path(entry.path().to_path_buf()),
                        role,
                        named_crd: role == Role::SchemaOnly,
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
    let mut by_key: HashMap<Option<PathBuf>, Input> = HashMap::new();
    let mut dirs = HashMap::new();
    for input in inputs {
        let key = match &input.origin {
            Origin::Stdin => None,
            Origin::Path(p) => Some(real_path(p, &mut dirs)),
        };
        match by_key.get_mut(&key) {
            Some(existing) => {
                if input.role > existing.role {
                    existing.role = input.role;
                }
                existing.named_crd |= input.named_crd;
                // Keep the shorter name for the same file, so reports are stable whichever
                // way it was reached first.
                if (input.name.len(), &input.name) < (existing.name.len(), &existing.name) {
                    existing.name = input.name;
                    existing.origin = input.origin;
                }
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

/// The path `p` resolves to, as `fs::canonicalize` gives it (`p` itself when it does not
/// resolve), with each directory resolved once: `canonicalize` checks every component of every
/// path for a symlink (a failing `readlink` each: 50,000 system calls for 10,000 files five
/// levels deep). A file that is not itself a symlink resolves to its resolved directory joined
/// with its name; one `lstat` tells which.
fn real_path(p: &Path, dirs: &mut HashMap<PathBuf, Option<PathBuf>>) -> PathBuf {
    let canonical = || std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    // Only a path ending in a plain name (not `..`, `.`, `/` or a trailing slash, which
    // `canonicalize` refuses on a file) can be split.
    let ends_in_name = matches!(
        p.components().next_back(),
        Some(std::path::Component::Normal(_))
    ) && !p.as_os_str().as_encoded_bytes().ends_with(b"/");
    let (Some(parent), Some(name), true) = (p.parent(), p.file_name(), ends_in_name) else {
        return canonical();
    };
    match std::fs::symlink_metadata(p) {
        Ok(meta) if !meta.file_type().is_symlink() => {}
        _ => return canonical(),
    }
    let dir = dirs.entry(parent.to_path_buf()).or_insert_with(|| {
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        std::fs::canonicalize(parent).ok()
    });
    match dir {
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
            Origin::Path(_) => Loaded {
                source: SourceFile::new(input.name.clone(), String::new()),
                input,
                error: None,
                pending: true,
            },
        })
        .collect()
}

/// The text of one input, or why it cannot be had.
fn read_text(origin: &Origin) -> Result<String, String> {
    let bytes = read_bounded(origin)?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// The bytes of one input, at most [`MAX_FILE_BYTES`] of them, or why they cannot be had.
fn read_bounded(origin: &Origin) -> Result<Vec<u8>, String> {
    match origin {
        Origin::Path(p) => {
            // Look before opening: opening a FIFO blocks until a writer comes.
            let meta = std::fs::metadata(p).map_err(|e| io_message(&e))?;
            regular_file(&meta)?;
            let file = std::fs::File::open(p).map_err(|e| io_message(&e))?;
            // The path may have been swapped in between; what was opened is what counts.
            let meta = file.metadata().map_err(|e| io_message(&e))?;
            regular_file(&meta)?;
            let expected = meta.len().min(MAX_FILE_BYTES) as usize;
            read_capped(file, expected)
        }
        Origin::Stdin => read_capped(std::io::stdin().lock(), 0),
    }
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
/// tell "exactly at the cap" from "over it").
fn read_capped(reader: impl Read, expected: usize) -> Result<Vec<u8>, String> {
    let mut buf = Vec::with_capacity(expected.saturating_add(1));
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut buf)
        .map_err(|e| io_message(&e))?;
    if buf.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "larger than {} MiB, the most crdlint reads from one file",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(buf)
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
                }
            })
            .collect();
        let kept: Vec<String> = sort_and_dedup(inputs).into_iter().map(|i| i.name).collect();
        // `missing.yaml` and `./missing.yaml` do not resolve, nor does `x.yaml/`
        // (`canonicalize` refuses it): their keys are the paths as given, which compare equal
        // component by component.
        assert_eq!(kept, ["hard.yaml", "missing.yaml", "x.yaml", "y.yaml"]);
        let mut dirs = HashMap::new();
        for n in names {
            let p = d.join(n);
            let expected = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
            assert_eq!(real_path(&p, &mut dirs), expected, "{n}");
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
            assert_eq!(real_path(Path::new(n), &mut dirs), expected, "{n}");
        }
        assert_eq!(
            real_path(Path::new("Cargo.toml"), &mut dirs),
            here.join("Cargo.toml").canonicalize().unwrap()
        );
    }

    #[test]
    fn names_drop_leading_dot_slash() {
        assert_eq!(display_name(Path::new("./a/b.yaml")), "a/b.yaml");
        assert_eq!(display_name(Path::new("a/b.yaml")), "a/b.yaml");
        assert_eq!(display_name(Path::new(".//x.yaml")), "x.yaml");
        assert_eq!(display_name(Path::new("/x.yaml")), "/x.yaml");
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

    #[test]
    fn only_manifest_extensions_are_walked() {
        assert!(has_manifest_extension(Path::new("x.yml")));
        assert!(has_manifest_extension(Path::new("x.json")));
        assert!(!has_manifest_extension(Path::new("x.md")));
        assert!(!has_manifest_extension(Path::new("yaml")));
    }
}
