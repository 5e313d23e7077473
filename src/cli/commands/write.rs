//! Replacing a file's content for `--write`: atomically, and without surprises about what the
//! file was (README, "Writing files in place", states the same choices for users).
//!
//! - The new text goes to a temporary file beside the real one, created by `tempfile` with a
//!   random name and `O_EXCL` (so a symlink or file planted there is never followed or
//!   truncated), mode bits copied before any byte is written, synced, then renamed over the
//!   original: a reader or a crash sees either the old text or the new one.
//! - A symbolic link is written through, as editors do: the file it points to is replaced and
//!   the link stays a link.
//! - A file with several hard links is refused: a rename would leave the other names with the
//!   old text, and writing in place would not be atomic.
//! - A read-only file (no write bit for anyone) is refused: someone meant it not to change.
//! - Owner and group are carried over; when they cannot be (another user's file, not root),
//!   the file is refused rather than silently changing hands.
//! - Extended attributes and ACLs are not carried over (documented; std has no portable way).

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Replaces the content of the file at `path` (read earlier from that very path) by `text`.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    // Through symbolic links, to the file itself, so the temporary file is on its filesystem.
    let target = fs::canonicalize(path)?;
    let meta = fs::metadata(&target)?;
    check_replaceable(&meta)?;
    let dir = target
        .parent()
        .ok_or_else(|| io::Error::other("the file has no parent directory"))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".crdlint-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.as_file().set_permissions(meta.permissions())?;
    keep_owner(tmp.as_file(), &meta)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    tmp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable; a failure here leaves a correct file, so it is ignored.
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
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

    #[test]
    fn symlinks_are_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.yaml");
        fs::write(&real, "a: 1\n").unwrap();
        #[cfg(unix)]
        {
            let link = dir.path().join("link.yaml");
            std::os::unix::fs::symlink(&real, &link).unwrap();
            write_atomically(&link, "a: 2\n").unwrap();
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
        write_atomically(&f, "a: 2\n").unwrap();
        assert_eq!(
            fs::metadata(&f).unwrap().permissions().mode() & 0o777,
            0o640
        );

        fs::set_permissions(&f, fs::Permissions::from_mode(0o444)).unwrap();
        assert!(write_atomically(&f, "a: 3\n").is_err());
        assert_eq!(fs::read_to_string(&f).unwrap(), "a: 2\n");
        fs::set_permissions(&f, fs::Permissions::from_mode(0o644)).unwrap();

        let other = dir.path().join("y.yaml");
        fs::hard_link(&f, &other).unwrap();
        let e = write_atomically(&f, "a: 4\n").unwrap_err();
        assert!(e.to_string().contains("hard links"), "{e}");
        assert_eq!(fs::read_to_string(&other).unwrap(), "a: 2\n");
    }
}
