//! `--old PATH` and `--old-ref GIT_REF`: the previous versions of the resources, so that
//! transition rules (`oldSelf`) run as on an update. Old objects are matched to resources by
//! apiVersion, kind, namespace and name ([`OldObjects`]); a resource without one is validated
//! as a create.
//!
//! `--old-ref` reads the YAML and JSON files of the given commit from git (what a pre-commit
//! hook compares against) in every repository that holds a checked file: one `git ls-tree`
//! and one `git cat-file --batch` per repository, not one process per file. Old objects are
//! matched by apiVersion, kind, namespace and name across all of them, as `--old` does, so a
//! file renamed or split since the commit (`git mv`) still finds its old objects. The checked
//! files' own paths are read first: when two files at the commit hold the same object, the
//! one at the same path wins. No file has old objects when the ref is `HEAD` in a repository
//! without commits yet (a pre-commit hook running `--old-ref HEAD` on the first commit:
//! everything in it is created).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::gather;
use crate::cli::args::ValidationArgs;
use crate::cli::input::{Loaded, Origin, Role};
use crate::cli::settings::Settings;
use crate::cli::Failure;
use crate::validate::OldObjects;

/// The old objects the flags name, or `None` when neither flag is given.
pub(crate) fn load(
    settings: &Settings,
    v: &ValidationArgs,
    loaded: &[Loaded],
) -> Result<Option<OldObjects>, Failure> {
    if v.old.is_empty() && v.old_ref.is_none() {
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
    if let Some(r) = &v.old_ref {
        // Files by repository (top-level directory), with their paths inside it.
        let mut repos: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
        let mut tops: BTreeMap<PathBuf, PathBuf> = BTreeMap::new();
        for l in loaded.iter().filter(|l| l.input.role == Role::Target) {
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
                let rel = rel.to_string_lossy().replace('\\', "/");
                repos.entry(top).or_default().push(rel);
            }
        }
        for (top, files) in &repos {
            if !verify_ref(top, r)? {
                continue;
            }
            let mut paths = files.clone();
            for f in manifests_at(top, r)? {
                if !files.contains(&f) {
                    paths.push(f);
                }
            }
            for (_, text) in cat_files(top, r, &paths)? {
                old.add_text(&text);
            }
        }
    }
    Ok(Some(old))
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

/// The paths of the YAML and JSON files in the tree of `r` (sorted, as git lists them).
fn manifests_at(top: &Path, r: &str) -> Result<Vec<String>, Failure> {
    let out = git(top)
        .args(["ls-tree", "-r", "-z", "--name-only", r])
        .stderr(Stdio::null())
        .output()
        .map_err(|e| Failure::Usage(format!("--old-ref {r}: git: {e}")))?;
    if !out.status.success() {
        return Err(Failure::Usage(format!(
            "--old-ref {r}: git ls-tree failed in {}",
            top.display()
        )));
    }
    Ok(out
        .stdout
        .split(|b| *b == 0)
        .filter_map(|p| std::str::from_utf8(p).ok())
        .filter(|p| {
            let l = p.to_ascii_lowercase();
            l.ends_with(".yaml") || l.ends_with(".yml") || l.ends_with(".json")
        })
        .map(str::to_string)
        .collect())
}

/// The contents of `files` (paths inside the repository) at `r`, with their paths; missing
/// files are left out.
pub(super) fn cat_files(
    top: &Path,
    r: &str,
    files: &[String],
) -> Result<Vec<(String, String)>, Failure> {
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
    let asked: Vec<&String> = files.iter().filter(|f| !f.contains('\n')).collect();
    let requests: String = asked.iter().map(|f| format!("{r}:{f}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| io(std::io::ErrorKind::BrokenPipe.into()))?;
    let mut out = BufReader::new(stdout);
    let mut texts = Vec::new();
    let mut header = String::new();
    // One response per request, in order (`<object> missing` for an absent file).
    let mut answered = 0usize;
    loop {
        header.clear();
        if out.read_line(&mut header).map_err(io)? == 0 {
            break;
        }
        let path = asked
            .get(answered)
            .map(|s| s.to_string())
            .unwrap_or_default();
        answered += 1;
        let size = match parse_header(&header) {
            // An old version over the input cap is left out, as a file that large would be.
            Header::Blob(n) if n as u64 <= crate::cli::input::MAX_FILE_BYTES => Some(n),
            Header::Blob(n) | Header::Other(n) => {
                // Too large, or a tree or another object type: skip its content.
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
        if let Some(n) = size {
            let mut buf = vec![0u8; n + 1];
            out.read_exact(&mut buf).map_err(io)?;
            buf.truncate(n);
            if let Ok(t) = String::from_utf8(buf) {
                texts.push((path, t));
            }
        }
    }
    let _ = writer.join();
    let _ = child.wait();
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
