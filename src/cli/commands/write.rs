//! Replacing a file's content for `--write` and `test --update` (and any later command that
//! edits files in place): atomically, never over an edit made since the file was read, and
//! without surprises about what the file was (README, "Writing files in place", states the
//! same choices for users).
//!
//! - The new text goes to a temporary file beside the real one, created by `tempfile` with a
//!   random name and `O_EXCL` (so a symlink or file planted there is never followed or
//!   truncated), mode bits copied before any byte is written, synced, then renamed over the
//!   original: a reader or a crash sees either the old text or the new one.
//! - Just before the rename the file is read again and compared with the text the run read
//!   (issue #26: a run over 10,000 files read them all first and renamed over them seconds
//!   later, losing edits made meanwhile). A file that changed is left alone: its new content
//!   wins, the caller reports it and exits 2. What is left is the window between that last
//!   read and the rename (microseconds, against the seconds of a whole run); closing it needs
//!   a lock every editor honours, which files do not have.
//! - The directory of each replaced file is synced once, after all renames ([`Replacer::finish`]),
//!   not once per file: a directory of 10,000 files cost 10,000 directory syncs. Each file is
//!   still replaced atomically; a crash before `finish` can lose renames (the old text stays),
//!   never mix texts.
//! - A symbolic link is written through, as editors do: the file it points to is replaced and
//!   the link stays a link.
//! - A file with several hard links is refused: a rename would leave the other names with the
//!   old text, and writing in place would not be atomic.
//! - A read-only file (no write bit for anyone) is refused: someone meant it not to change.
//! - Owner and group are carried over; when they cannot be (another user's file, not root),
//!   the file is refused rather than silently changing hands.
//! - Extended attributes and ACLs are not carried over (documented; std has no portable way).

use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Why a file was not replaced: it changed after the run read it (leave it; run again), or
/// another I/O reason.
#[derive(Debug)]
pub enum NotReplaced {
    Changed,
    Io(io::Error),
}

impl std::fmt::Display for NotReplaced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotReplaced::Changed => f.write_str(
                "the file changed after crdlint read it; its new content was kept (run again)",
            ),
            NotReplaced::Io(e) => e.fmt(f),
        }
    }
}

impl From<io::Error> for NotReplaced {
    fn from(e: io::Error) -> Self {
        NotReplaced::Io(e)
    }
}

/// Replaces files one by one and syncs their directories once at the end.
#[derive(Default)]
pub struct Replacer {
    dirs: BTreeSet<PathBuf>,
}

impl Replacer {
    pub fn new() -> Replacer {
        Replacer::default()
    }

    /// Replaces the content of the file at `path` by `text`, provided it still holds `read`,
    /// the text the run read from that very path.
    pub fn replace(&mut self, path: &Path, read: &str, text: &str) -> Result<(), NotReplaced> {
        let prepared = prepare(path, text)?;
        self.commit(prepared, read)
    }

    /// [`Replacer::replace`] for many files, in their order, with the same result for each.
    /// The temporary files of a batch are written and synced on several threads at once
    /// (waiting on the disk, not on a core: the filesystem's journal commits concurrent
    /// syncs together), then checked and renamed one by one in order; a batch bounds the
    /// temporary files (and descriptors) in flight.
    pub fn replace_all(&mut self, jobs: &[Job<'_>]) -> Vec<Result<(), NotReplaced>> {
        let mut results = Vec::with_capacity(jobs.len());
        for batch in jobs.chunks(BATCH) {
            let next = std::sync::atomic::AtomicUsize::new(0);
            let slots: Vec<std::sync::Mutex<Option<Result<Prepared, NotReplaced>>>> =
                batch.iter().map(|_| std::sync::Mutex::new(None)).collect();
            std::thread::scope(|scope| {
                for _ in 0..WRITERS.min(batch.len()) {
                    scope.spawn(|| loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(job) = batch.get(i) else { break };
                        let prepared = prepare(job.path, job.text);
                        *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(prepared);
                    });
                }
            });
            for (job, slot) in batch.iter().zip(slots) {
                let prepared = slot.into_inner().unwrap_or_else(|e| e.into_inner());
                results.push(match prepared {
                    Some(Ok(p)) => self.commit(p, job.read),
                    Some(Err(e)) => Err(e),
                    None => Err(NotReplaced::Io(io::Error::other("not written"))),
                });
            }
        }
        results
    }

    /// Renames a prepared file over its target if the target still holds `read`.
    fn commit(&mut self, p: Prepared, read: &str) -> Result<(), NotReplaced> {
        test_hook::edit_before_check(&p.target);
        if !still_holds(&p.target, read)? {
            // The temporary file is removed when it drops.
            return Err(NotReplaced::Changed);
        }
        p.tmp.persist(&p.target).map_err(|e| e.error)?;
        self.dirs.insert(p.dir);
        Ok(())
    }

    /// Makes the renames durable: one sync per directory. A failure here leaves correct files
    /// (the rename happened; only its durability across a crash is in doubt), so it is ignored.
    pub fn finish(self) {
        for dir in self.dirs {
            if let Ok(d) = fs::File::open(&dir) {
                let _ = d.sync_all();
            }
        }
    }
}

/// One file for [`Replacer::replace_all`]: where, what the run read there, the new text.
pub struct Job<'a> {
    pub path: &'a Path,
    pub read: &'a str,
    pub text: &'a str,
}

/// Files written at once by [`Replacer::replace_all`]: syncs are waits, not work, so more
/// than the cores. `prune --write` of 10,000 one-object files (debug build, a loaded 2-core
/// machine): 25.8 s with one writer, 14.0 s with 8; 2,000 synced writes alone: 1.0 s with one
/// thread, 0.55 s with 8, 0.86 s with 32 (RELIABILITY.md).
const WRITERS: usize = 8;

/// Files prepared before they are renamed, at most.
const BATCH: usize = 256;

/// A temporary file beside its target, holding the new text, synced.
struct Prepared {
    tmp: tempfile::NamedTempFile,
    target: PathBuf,
    dir: PathBuf,
}

fn prepare(path: &Path, text: &str) -> Result<Prepared, NotReplaced> {
    // Through symbolic links, to the file itself, so the temporary file is on its filesystem.
    let target = fs::canonicalize(path)?;
    let meta = fs::metadata(&target)?;
    check_replaceable(&meta)?;
    let dir = target
        .parent()
        .ok_or_else(|| io::Error::other("the file has no parent directory"))?
        .to_path_buf();
    let mut tmp = tempfile::Builder::new()
        .prefix(".crdlint-")
        .suffix(".tmp")
        .tempfile_in(&dir)?;
    tmp.as_file().set_permissions(meta.permissions())?;
    keep_owner(tmp.as_file(), &meta)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    Ok(Prepared { tmp, target, dir })
}

/// True when the file at `path` holds exactly `read`: same length, then same bytes (read at
/// most one byte past `read`'s length, so a file grown huge meanwhile costs nothing).
fn still_holds(path: &Path, read: &str) -> io::Result<bool> {
    let f = fs::File::open(path)?;
    if f.metadata()?.len() != read.len() as u64 {
        return Ok(false);
    }
    let mut now = Vec::with_capacity(read.len() + 1);
    f.take(read.len() as u64 + 1).read_to_end(&mut now)?;
    Ok(now == read.as_bytes())
}

/// A deterministic stand-in for a user editing a file during a run, for the CLI tests: in
/// debug builds only, `CRDLINT_TEST_EDIT_BEFORE_REPLACE=NAME` appends a comment line to every
/// file whose name ends with `NAME` just before the check above, as an editor saving it at
/// that moment would. Release builds have no such hook.
mod test_hook {
    #[cfg(debug_assertions)]
    pub fn edit_before_check(target: &std::path::Path) {
        use std::io::Write;
        let Some(name) = std::env::var_os("CRDLINT_TEST_EDIT_BEFORE_REPLACE") else {
            return;
        };
        if target
            .as_os_str()
            .to_string_lossy()
            .ends_with(&*name.to_string_lossy())
        {
            if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(target) {
                let _ = f.write_all(b"# edited during the run\n");
            }
        }
    }

    #[cfg(not(debug_assertions))]
    pub fn edit_before_check(_: &std::path::Path) {}
}

fn check_replaceable(meta: &fs::Metadata) -> io::Result<()> {
    if !meta.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    if meta.permissions().readonly() {
        return Err(io::Error::other(
            "the file is read-only; make it writable to let --write change it",
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Err(io::Error::other(format!(
                "the file has {} hard links, which replacing it would split; print the result instead",
                meta.nlink()
            )));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn keep_owner(tmp: &fs::File, meta: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let mine = tmp.metadata()?;
    if mine.uid() == meta.uid() && mine.gid() == meta.gid() {
        return Ok(());
    }
    std::os::unix::fs::fchown(tmp, Some(meta.uid()), Some(meta.gid())).map_err(|e| {
        io::Error::other(format!(
            "cannot keep the file's owner and group ({e}); not replaced"
        ))
    })
}

#[cfg(not(unix))]
fn keep_owner(_: &fs::File, _: &fs::Metadata) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One file replaced, its directory synced.
    fn write_atomically(path: &Path, read: &str, text: &str) -> Result<(), NotReplaced> {
        let mut r = Replacer::new();
        let result = r.replace(path, read, text);
        r.finish();
        result
    }

    #[test]
    fn symlinks_are_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.yaml");
        fs::write(&real, "a: 1\n").unwrap();
        #[cfg(unix)]
        {
            let link = dir.path().join("link.yaml");
            std::os::unix::fs::symlink(&real, &link).unwrap();
            write_atomically(&link, "a: 1\n", "a: 2\n").unwrap();
            assert!(fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(fs::read_to_string(&real).unwrap(), "a: 2\n");
        }
        // No temporary file is left behind.
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert!(names.len() <= 2);
    }

    #[cfg(unix)]
    #[test]
    fn modes_are_kept_and_read_only_or_hard_linked_files_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x.yaml");
        fs::write(&f, "a: 1\n").unwrap();
        fs::set_permissions(&f, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&f, "a: 1\n", "a: 2\n").unwrap();
        assert_eq!(
            fs::metadata(&f).unwrap().permissions().mode() & 0o777,
            0o640
        );

        fs::set_permissions(&f, fs::Permissions::from_mode(0o444)).unwrap();
        assert!(write_atomically(&f, "a: 2\n", "a: 3\n").is_err());
        assert_eq!(fs::read_to_string(&f).unwrap(), "a: 2\n");
        fs::set_permissions(&f, fs::Permissions::from_mode(0o644)).unwrap();

        let other = dir.path().join("y.yaml");
        fs::hard_link(&f, &other).unwrap();
        let e = write_atomically(&f, "a: 2\n", "a: 4\n").unwrap_err();
        assert!(e.to_string().contains("hard links"), "{e}");
        assert_eq!(fs::read_to_string(&other).unwrap(), "a: 2\n");
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x.yaml");
        // Edited after the run read "a: 1\n": longer, and the same length with other bytes.
        for now in ["a: 1\n# user edit\n", "a: 9\n", ""] {
            fs::write(&f, now).unwrap();
            let mut r = Replacer::new();
            let e = r.replace(&f, "a: 1\n", "a: 2\n").unwrap_err();
            assert!(matches!(e, NotReplaced::Changed), "{e}");
            r.finish();
            assert_eq!(fs::read_to_string(&f).unwrap(), now);
        }
        // The unchanged file is replaced; no temporary file is left behind either way.
        fs::write(&f, "a: 1\n").unwrap();
        write_atomically(&f, "a: 1\n", "a: 2\n").unwrap();
        assert_eq!(fs::read_to_string(&f).unwrap(), "a: 2\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn many_files_are_replaced_in_batches_each_checked() {
        let dir = tempfile::tempdir().unwrap();
        let n = BATCH + 3;
        let paths: Vec<PathBuf> = (0..n)
            .map(|i| dir.path().join(format!("f{i}.yaml")))
            .collect();
        for p in &paths {
            fs::write(p, "a: 1\n").unwrap();
        }
        // Two files changed after the run read them, one in each batch.
        fs::write(&paths[5], "a: 1\nb: 2\n").unwrap();
        fs::write(&paths[BATCH + 1], "a: 7\n").unwrap();
        let jobs: Vec<Job<'_>> = paths
            .iter()
            .map(|p| Job {
                path: p,
                read: "a: 1\n",
                text: "a: 2\n",
            })
            .collect();
        let mut r = Replacer::new();
        let results = r.replace_all(&jobs);
        r.finish();
        assert_eq!(results.len(), n);
        for (i, (p, result)) in paths.iter().zip(&results).enumerate() {
            let now = fs::read_to_string(p).unwrap();
            if i == 5 || i == BATCH + 1 {
                assert!(matches!(result, Err(NotReplaced::Changed)), "{i}");
                assert_ne!(now, "a: 2\n");
            } else {
                assert!(result.is_ok(), "{i}");
                assert_eq!(now, "a: 2\n");
            }
        }
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), n);
    }
}
