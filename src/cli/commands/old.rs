//! `--old PATH` and `--old-ref GIT_REF`: the previous versions of the resources, so that
//! transition rules (`oldSelf`) run as on an update, and (`check --old-ref`) of the CRDs, for
//! the `compat/*` comparison. A resource without a previous version is validated as a create.
//!
//! `--old PATH` objects are matched to resources by apiVersion, kind, namespace and name.
//!
//! `--old-ref` reads from git (what a pre-commit hook compares against) only what the run
//! needs, in every repository that holds a checked file ([`read_previous`]): each checked
//! file's own previous version, by path, and the previous versions of the other YAML and JSON
//! files changed since the commit (`git diff --name-only REF`), where objects and CRDs moved
//! out of a file went. Each object is matched in its own file's previous version first, and in
//! the others only when exactly one of them holds it ([`OldObjects`]); the CRDs likewise
//! (`diff::old_ref_findings`). Reading every YAML file of the commit instead took 4.6 GB and
//! 120 s for one checked file in a 1.4 MB repository, and 15 s per commit with 10,000 files
//! (issue 26); and a CRD kept in two variants (standard and experimental channels) was
//! compared with the other variant (issue 27). Everything git says is read NUL-separated
//! (`-z`) and blobs are asked for by object id, so names with newlines, quotes or bytes that
//! are not UTF-8 are matched as they are. The bytes read are capped ([`BUDGET`]); what is left
//! out is reported. No file has old objects when the ref is `HEAD` in a repository without
//! commits yet (a pre-commit hook running `--old-ref HEAD` on the first commit: everything in
//! it is created).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::gather;
use crate::cli::args::ValidationArgs;
use crate::cli::input::{Loaded, Origin, Role};
use crate::cli::settings::Settings;
use crate::cli::Failure;
use crate::diag::FileId;
use crate::validate::OldObjects;

/// The most bytes of previous versions one `--old-ref` run reads, over all repositories: the
/// checked files' own first, then the other changed files'.
pub(crate) const BUDGET: u64 = 4 * crate::cli::input::MAX_FILE_BYTES;

/// The previous versions `--old-ref` read.
#[derive(Default)]
pub(crate) struct Previous {
    /// Each checked file's own previous version: its file id, `REF:path` and text.
    pub own: Vec<(FileId, String, String)>,
    /// The previous versions of the other files changed since REF: `REF:path` and text.
    pub others: Vec<(String, String)>,
    /// What was not read, and why (reported as `compat/not-compared`).
    pub skipped: Vec<String>,
}

impl Previous {
    /// Drops the texts that cannot hold a CRD: once the old objects are built, only the CRD
    /// comparison after the run reads them.
    pub(crate) fn keep_crd_texts(&mut self) {
        const MARK: &str = "CustomResourceDefinition";
        self.own.retain(|(_, _, t)| t.contains(MARK));
        self.others.retain(|(_, t)| t.contains(MARK));
    }
}

/// The old objects the flags name, or `None` when neither flag is given.
pub(crate) fn load(
    settings: &Settings,
    v: &ValidationArgs,
    previous: Option<&Previous>,
) -> Result<Option<OldObjects>, Failure> {
    if v.old.is_empty() && previous.is_none() {
        return Ok(None);
    }
    let mut old = OldObjects::new();
    if !v.old.is_empty() {
        for l in gather(settings, &v.old, &[])? {
            if let Some(e) = &l.error {
                return Err(Failure::Usage(format!("--old {}: {e}", l.input.name)));
            }
            old.add_text(&l.source.text);
        }
    }
    if let Some(p) = previous {
        for (file, _, text) in &p.own {
            old.add_text_in(*file, text);
        }
        for (_, text) in &p.others {
            old.add_text_elsewhere(text);
        }
    }
    Ok(Some(old))
}

/// One blob of the tree at REF.
struct Blob {
    path: Vec<u8>,
    oid: String,
    size: u64,
}

/// Reads what `--old-ref r` needs of the repositories of the checked files (`loaded`, file ids
/// their indices): see the module docs.
pub(crate) fn read_previous(r: &str, loaded: &[Loaded]) -> Result<Previous, Failure> {
    // Checked files by repository (top-level directory), with their paths inside it.
    let mut repos: BTreeMap<PathBuf, Vec<(FileId, Vec<u8>)>> = BTreeMap::new();
    let mut tops: HashMap<PathBuf, PathBuf> = HashMap::new();
    for (id, l) in loaded.iter().enumerate() {
        if l.input.role != Role::Target {
            continue;
        }
        let Origin::Path(p) = &l.input.origin else {
            continue;
        };
        let Ok(abs) = p.canonicalize() else { continue };
        let dir = abs.parent().unwrap_or(Path::new("/")).to_path_buf();
        let top = match tops.get(&dir) {
            Some(t) => t.clone(),
            None => {
                let t = toplevel(&dir).ok_or_else(|| {
                    Failure::Usage(format!(
                        "--old-ref {r}: {} is not in a git repository",
                        p.display()
                    ))
                })?;
                tops.insert(dir, t.clone());
                t
            }
        };
        if let Ok(rel) = abs.strip_prefix(&top) {
            repos.entry(top).or_default().push((id, path_bytes(rel)));
        }
    }
    let mut previous = Previous::default();
    let mut budget = BUDGET;
    for (top, files) in &repos {
        if !verify_ref(top, r)? {
            continue;
        }
        let tree = blobs_at(top, r)?;
        let by_path: HashMap<&[u8], &Blob> = tree.iter().map(|b| (b.path.as_slice(), b)).collect();
        let own_paths: HashSet<&[u8]> = files.iter().map(|(_, p)| p.as_slice()).collect();
        let mut wanted: Vec<(Option<FileId>, &Blob)> = files
            .iter()
            .filter_map(|(id, p)| Some((Some(*id), *by_path.get(p.as_slice())?)))
            .collect();
        let mut others: Vec<&Blob> = changed_since(top, r)?
            .iter()
            .filter(|p| !own_paths.contains(p.as_slice()) && is_manifest_name(p))
            .filter_map(|p| by_path.get(p.as_slice()).copied())
            .collect();
        others.sort_by(|a, b| a.path.cmp(&b.path));
        others.dedup_by(|a, b| a.path == b.path);
        wanted.extend(others.into_iter().map(|b| (None, b)));
        // Within the budget, the checked files' own versions first.
        let mut asked = Vec::new();
        for (id, blob) in wanted {
            let name = format!("{r}:{}", String::from_utf8_lossy(&blob.path));
            if blob.size > crate::cli::input::MAX_FILE_BYTES {
                previous.skipped.push(format!(
                    "{name} ({} bytes) is over the {} MiB input cap",
                    blob.size,
                    crate::cli::input::MAX_FILE_BYTES >> 20
                ));
            } else if blob.size > budget {
                previous.skipped.push(format!(
                    "{name} ({} bytes) is past the {} MiB that one --old-ref run reads",
                    blob.size,
                    BUDGET >> 20
                ));
            } else {
                budget -= blob.size;
                asked.push((id, name, blob.oid.as_str()));
            }
        }
        let oids: Vec<&str> = asked.iter().map(|(_, _, oid)| *oid).collect();
        for ((id, name, _), text) in asked.iter().zip(cat_blobs(top, r, &oids)?) {
            let Some(text) = text else {
                previous.skipped.push(format!("{name} is not UTF-8 text"));
                continue;
            };
            match id {
                Some(id) => previous.own.push((*id, name.clone(), text)),
                None => previous.others.push((name.clone(), text)),
            }
        }
    }
    Ok(previous)
}

/// A path as git writes it: its bytes, with `/` separators.
fn path_bytes(p: &Path) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        p.as_os_str().as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        p.to_string_lossy().replace('\\', "/").into_bytes()
    }
}

/// Whether a path names a YAML or JSON file.
fn is_manifest_name(p: &[u8]) -> bool {
    let l = p.to_ascii_lowercase();
    l.ends_with(b".yaml") || l.ends_with(b".yml") || l.ends_with(b".json")
}

pub(super) fn git(dir: &Path) -> Command {
    let mut c = Command::new("git");
    c.arg("-C").arg(dir);
    c
}

pub(super) fn toplevel(dir: &Path) -> Option<PathBuf> {
    let out = git(dir)
        .args(["rev-parse", "--show-toplevel"])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let t = String::from_utf8(out.stdout).ok()?;
    PathBuf::from(t.trim_end()).canonicalize().ok()
}

/// Whether `r` names a commit to read from: `Ok(false)` for `HEAD` on a branch with no commits
/// yet, an error for anything else that is not a commit.
pub(super) fn verify_ref(top: &Path, r: &str) -> Result<bool, Failure> {
    let ok = git(top)
        .args([
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{r}^{{commit}}"),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if ok {
        Ok(true)
    } else if r == "HEAD" && head_is_unborn(top) {
        Ok(false)
    } else {
        Err(Failure::Usage(format!(
            "--old-ref {r}: not a commit in the git repository {}",
            top.display()
        )))
    }
}

/// HEAD names a branch (`git symbolic-ref` succeeds) that does not resolve to a commit: the
/// state of a repository before its first commit.
fn head_is_unborn(top: &Path) -> bool {
    git(top)
        .args(["symbolic-ref", "--quiet", "HEAD"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// Runs git in `top` and returns its output, or a usage failure naming `what`.
fn git_output(top: &Path, r: &str, args: &[&str], what: &str) -> Result<Vec<u8>, Failure> {
    let out = git(top)
        .args(args)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| Failure::Usage(format!("--old-ref {r}: git: {e}")))?;
    if !out.status.success() {
        return Err(Failure::Usage(format!(
            "--old-ref {r}: git {what} failed in {}",
            top.display()
        )));
    }
    Ok(out.stdout)
}

/// The blobs of the tree of `r`, with their sizes (`git ls-tree -r -l -z`: a listing of trees,
/// no file is read).
fn blobs_at(top: &Path, r: &str) -> Result<Vec<Blob>, Failure> {
    let out = git_output(top, r, &["ls-tree", "-r", "-l", "-z", r], "ls-tree")?;
    Ok(out
        .split(|b| *b == 0)
        .filter_map(|entry| {
            // `<mode> SP <type> SP <oid> SP+ <size> TAB <path>`
            let tab = entry.iter().position(|b| *b == b'\t')?;
            let head = std::str::from_utf8(&entry[..tab]).ok()?;
            let mut fields = head.split_whitespace();
            let (_, kind, oid, size) = (
                fields.next()?,
                fields.next()?,
                fields.next()?,
                fields.next()?,
            );
            (kind == "blob").then(|| Blob {
                path: entry[tab + 1..].to_vec(),
                oid: oid.to_string(),
                size: size.parse().unwrap_or(u64::MAX),
            })
        })
        .collect())
}

/// The paths that differ between `r` and the working tree (changed, deleted or added since),
/// NUL-separated as git writes them.
fn changed_since(top: &Path, r: &str) -> Result<Vec<Vec<u8>>, Failure> {
    let out = git_output(
        top,
        r,
        &[
            "diff",
            "--name-only",
            "-z",
            "--no-renames",
            "--no-ext-diff",
            r,
            "--",
        ],
        "diff",
    )?;
    Ok(out
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(<[u8]>::to_vec)
        .collect())
}

/// The contents of the blobs `oids` (in order; `None` for one that is not UTF-8 or is missing),
/// through one `git cat-file --batch`.
fn cat_blobs(top: &Path, r: &str, oids: &[&str]) -> Result<Vec<Option<String>>, Failure> {
    if oids.is_empty() {
        return Ok(Vec::new());
    }
    let io = |e: std::io::Error| Failure::Usage(format!("--old-ref {r}: git: {e}"));
    let mut child = git(top)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(io)?;
    // Requests are written from a thread so that a full stdout pipe cannot deadlock us.
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| io(std::io::ErrorKind::BrokenPipe.into()))?;
    let requests: String = oids.iter().map(|o| format!("{o}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| io(std::io::ErrorKind::BrokenPipe.into()))?;
    let mut out = BufReader::new(stdout);
    let mut texts = Vec::with_capacity(oids.len());
    let mut header = String::new();
    // One answer per request, in order (`<oid> missing` for an absent object).
    while texts.len() < oids.len() {
        header.clear();
        if out.read_line(&mut header).map_err(io)? == 0 {
            break;
        }
        let text = match parse_header(&header) {
            Header::Blob(n) if n as u64 <= crate::cli::input::MAX_FILE_BYTES => {
                let mut buf = vec![0u8; n + 1];
                out.read_exact(&mut buf).map_err(io)?;
                buf.truncate(n);
                String::from_utf8(buf).ok()
            }
            Header::Blob(n) | Header::Other(n) => {
                std::io::copy(&mut (&mut out).take(n as u64 + 1), &mut std::io::sink())
                    .map_err(io)?;
                None
            }
            Header::Missing => None,
            Header::Garbled => {
                return Err(io(std::io::Error::other(format!(
                    "unexpected cat-file answer {:?}",
                    header.trim_end()
                ))))
            }
        };
        texts.push(text);
    }
    let _ = writer.join();
    let _ = child.wait();
    texts.resize(oids.len(), None);
    Ok(texts)
}

/// One answer header of `git cat-file --batch`.
#[derive(Debug, PartialEq)]
enum Header {
    /// `<oid> blob <size>`: the content follows.
    Blob(usize),
    /// `<oid> <type> <size>` for a tree, commit or tag: content follows, unused.
    Other(usize),
    /// `<object> missing` or `<object> ambiguous`: nothing follows.
    Missing,
    /// Anything else.
    Garbled,
}

/// Reads a header from the right: the request echoed in a `missing` answer is a path that may
/// hold spaces, while the `<oid> <type> <size>` form never does.
fn parse_header(line: &str) -> Header {
    let line = line.trim_end_matches('\n');
    let mut fields = line.rsplitn(3, ' ');
    let (Some(last), Some(middle), Some(_)) = (fields.next(), fields.next(), fields.next()) else {
        return match line.rsplit_once(' ') {
            Some((_, "missing" | "ambiguous")) => Header::Missing,
            _ => Header::Garbled,
        };
    };
    if matches!(last, "missing" | "ambiguous") {
        return Header::Missing;
    }
    match (middle, last.parse::<usize>()) {
        ("blob", Ok(n)) => Header::Blob(n),
        (_, Ok(n)) => Header::Other(n),
        _ => Header::Garbled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cat_file_headers_are_read_from_the_right() {
        let oid = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
        assert_eq!(parse_header(&format!("{oid} blob 12\n")), Header::Blob(12));
        assert_eq!(parse_header(&format!("{oid} tree 0\n")), Header::Other(0));
        assert_eq!(parse_header("HEAD:a.yaml missing\n"), Header::Missing);
        // A missing path with spaces has as many fields as a real answer.
        assert_eq!(parse_header("HEAD:my file.yaml missing\n"), Header::Missing);
        assert_eq!(parse_header("HEAD:a b c d.yaml missing\n"), Header::Missing);
        assert_eq!(parse_header("HEAD:x ambiguous\n"), Header::Missing);
        assert_eq!(parse_header("nonsense\n"), Header::Garbled);
        assert_eq!(parse_header(&format!("{oid} blob x\n")), Header::Garbled);
    }
}
