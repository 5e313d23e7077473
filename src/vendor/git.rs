//! `git:` sources, read with the `git` command (as `check --old-ref` is): any address git
//! accepts (https, ssh, a local path or `file://`). The ref (tag, branch or commit) is fetched
//! into a temporary bare repository, shallow when the server allows it, and the files the
//! globs match are read from the commit's tree; the lock records the commit.

use std::path::Path;
use std::process::{Command, Stdio};

/// A commit and the files of it that the globs matched, by path.
pub struct Files {
    pub commit: String,
    pub files: Vec<(String, Vec<u8>)>,
}

/// The files of `repo` at `reference` matched by `globs` (`*` within a folder, `**` across).
/// A relative local path is relative to `base` (the config file's directory).
pub fn files(repo: &str, reference: &str, globs: &[String], base: &Path) -> Result<Files, String> {
    if repo.starts_with('-') || reference.starts_with('-') {
        return Err(format!(
            "`{repo}` at `{reference}`: an address or ref cannot start with `-`"
        ));
    }
    let mut set = globset::GlobSetBuilder::new();
    for g in globs {
        let glob = globset::GlobBuilder::new(g.trim_start_matches("./"))
            .literal_separator(true)
            .build()
            .map_err(|e| format!("invalid glob `{g}`: {}", e.kind()))?;
        set.add(glob);
    }
    let set = set.build().map_err(|e| e.to_string())?;
    let address = local_address(repo, base);
    let tmp = tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let dir = tmp.path();
    run(dir, &["init", "-q", "--bare"]).map_err(|e| format!("git init: {e}"))?;
    let shallow = run(
        dir,
        &["fetch", "-q", "--depth=1", "--no-tags", &address, reference],
    );
    let commit = match shallow {
        Ok(_) => text(run(dir, &["rev-parse", "--verify", "FETCH_HEAD^{commit}"])?),
        Err(_) => {
            // A server that refuses a shallow fetch of this ref (a commit id not advertised):
            // every branch and tag, and the ref looked up among them.
            run(
                dir,
                &[
                    "fetch",
                    "-q",
                    "--no-tags",
                    &address,
                    "+refs/heads/*:refs/heads/*",
                    "+refs/tags/*:refs/tags/*",
                ],
            )
            .map_err(|e| format!("git fetch {repo}: {e}"))?;
            text(
                run(
                    dir,
                    &[
                        "rev-parse",
                        "--verify",
                        "--quiet",
                        &format!("{reference}^{{commit}}"),
                    ],
                )
                .map_err(|_| format!("{repo} has no tag, branch or commit `{reference}`"))?,
            )
        }
    }?;
    let listing = run(dir, &["ls-tree", "-r", "-z", "--name-only", &commit])
        .map_err(|e| format!("git ls-tree {commit}: {e}"))?;
    let mut paths: Vec<String> = listing
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .filter(|p| set.is_match(p))
        .collect();
    paths.sort();
    let mut files = Vec::new();
    for p in paths {
        let bytes = run(dir, &["cat-file", "blob", &format!("{commit}:{p}")])
            .map_err(|e| format!("git cat-file {p}: {e}"))?;
        if bytes.len() as u64 > super::http::MAX_BYTES {
            return Err(format!(
                "{p}: over the {} MiB limit",
                super::http::MAX_BYTES >> 20
            ));
        }
        files.push((
            format!("{repo}@{}:{p}", &commit[..12.min(commit.len())]),
            bytes,
        ));
    }
    Ok(Files { commit, files })
}

/// A relative address that names a local folder, made absolute from `base`; anything else is
/// given to git as written.
fn local_address(repo: &str, base: &Path) -> String {
    if repo.contains("://") || Path::new(repo).is_absolute() {
        return repo.to_string();
    }
    let local = base.join(repo);
    if local.exists() {
        if let Ok(abs) = std::fs::canonicalize(&local) {
            return abs.to_string_lossy().into_owned();
        }
    }
    repo.to_string()
}

/// Runs git in `dir` without a terminal prompt; its stdout, or its stderr's last line.
fn run(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        return Ok(out.stdout);
    }
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("git failed");
    Err(line.trim().to_string())
}

fn text(bytes: Vec<u8>) -> Result<String, String> {
    Ok(String::from_utf8_lossy(&bytes).trim().to_string())
}
