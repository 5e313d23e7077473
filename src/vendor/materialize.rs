//! Puts a new vendor folder and lock in place whole, or not at all: the files are written to a
//! temporary folder beside the vendor folder, the lock to a temporary file beside the lock,
//! and both are renamed over the old ones only when everything was written. A run that fails
//! before that leaves the previous lock and folder as they were; a failed rename puts the old
//! folder back.
//!
//! A file that did not exist gets the mode `File::create` would give it (0666 less the umask),
//! as the lock is committed and shared like the CRDs beside it; a file that existed keeps its
//! mode (tempfile's own 0600 is for private scratch files).

use std::io::{self, Write};
use std::path::Path;

use super::lock::{Lock, FILE_NAME, VENDOR_DIR};

/// Writes `files` (paths relative to `root`, each under [`VENDOR_DIR`]) as the whole vendor
/// folder of `root` (the lock's folder), and `lock` as its lock.
pub fn materialize(root: &Path, lock: &Lock, files: &[(String, Vec<u8>)]) -> io::Result<()> {
    let vendor = root.join(VENDOR_DIR);
    let parent = vendor.parent().unwrap_or(root).to_path_buf();
    std::fs::create_dir_all(&parent)?;
    let staging = tempfile::Builder::new()
        .prefix(".vendor.new-")
        .tempdir_in(&parent)?;
    for (rel, bytes) in files {
        let inside = rel
            .strip_prefix(VENDOR_DIR)
            .and_then(|r| r.strip_prefix('/'))
            .filter(|r| !r.split('/').any(|c| c.is_empty() || c == "." || c == ".."))
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{rel}: not a vendor path"),
                )
            })?;
        let path = staging.path().join(inside);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, bytes)?;
        if let Some(mode) = existing_mode(&vendor.join(inside)) {
            std::fs::set_permissions(&path, mode)?;
        }
    }
    let lock_path = root.join(FILE_NAME);
    let mut lock_file = temp_for(root, ".crdlint.lock.new-", &lock_path)?;
    lock_file.write_all(lock.write().as_bytes())?;
    lock_file.as_file().sync_all()?;
    // The swap: the old folder aside, the new one in, the lock over the old lock; any failure
    // puts the old folder back.
    let aside = tempfile::Builder::new()
        .prefix(".vendor.old-")
        .tempdir_in(&parent)?;
    let old = aside.path().join("vendor");
    let had_old = vendor.exists();
    if had_old {
        std::fs::rename(&vendor, &old)?;
    }
    let restore = |e: io::Error| -> io::Error {
        if had_old {
            let _ = std::fs::remove_dir_all(&vendor);
            let _ = std::fs::rename(&old, &vendor);
        }
        e
    };
    std::fs::rename(staging.path(), &vendor).map_err(restore)?;
    // The staging folder is the vendor folder now: nothing of it to remove.
    let _ = staging.keep();
    lock_file
        .persist(&lock_path)
        .map_err(|e| restore(e.error))?;
    drop(aside);
    Ok(())
}

/// A temporary file in `dir` to be renamed over `target`, with the mode `target` must end with:
/// its own when it exists, else that of a new file.
fn temp_for(dir: &Path, prefix: &str, target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Asked for at creation, so the umask applies as it does to `File::create`.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(dir)?;
    if let Some(mode) = existing_mode(target) {
        tmp.as_file().set_permissions(mode)?;
    }
    Ok(tmp)
}

/// The permissions of the regular file at `path` (through a symbolic link), if there is one.
fn existing_mode(path: &Path) -> Option<std::fs::Permissions> {
    std::fs::metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folder_is_replaced_whole_and_a_bad_path_changes_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let lock = Lock::default();
        let a = format!("{VENDOR_DIR}/a/x.example.com.yaml");
        materialize(root, &lock, &[(a.clone(), b"one\n".to_vec())]).expect("first");
        assert_eq!(std::fs::read(root.join(&a)).expect("written"), b"one\n");
        let b = format!("{VENDOR_DIR}/b/y.example.com.yaml");
        materialize(root, &lock, &[(b.clone(), b"two\n".to_vec())]).expect("second");
        assert!(
            !root.join(&a).exists(),
            "a source no longer declared is removed"
        );
        assert!(root.join(&b).exists());
        let before = std::fs::read(root.join(FILE_NAME)).expect("lock");
        let bad = materialize(root, &lock, &[(format!("{VENDOR_DIR}/../x"), Vec::new())]);
        assert!(bad.is_err());
        assert!(root.join(&b).exists());
        assert_eq!(std::fs::read(root.join(FILE_NAME)).expect("lock"), before);
        let leftovers: Vec<_> = std::fs::read_dir(root.join(".crdlint"))
            .expect("dir")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(leftovers, ["vendor"], "no temporary folder is left behind");
    }

    /// A new lock and new vendored files get the mode a plain new file gets in the same folder
    /// (not tempfile's 0600); files that existed keep theirs.
    #[cfg(unix)]
    #[test]
    fn new_files_get_a_new_files_mode_and_old_ones_keep_theirs() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let mode = |p: &Path| std::fs::metadata(p).expect("stat").permissions().mode() & 0o7777;
        let reference = root.join("plain");
        std::fs::write(&reference, "").expect("plain file");
        let plain = mode(&reference);
        let a = format!("{VENDOR_DIR}/a/x.example.com.yaml");
        let lock = Lock::default();
        materialize(root, &lock, &[(a.clone(), b"one\n".to_vec())]).expect("first");
        assert_eq!(mode(&root.join(FILE_NAME)), plain, "a new lock");
        assert_eq!(mode(&root.join(&a)), plain, "a new vendored file");

        for p in [root.join(FILE_NAME), root.join(&a)] {
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        }
        let b = format!("{VENDOR_DIR}/b/y.example.com.yaml");
        let files = [
            (a.clone(), b"two\n".to_vec()),
            (b.clone(), b"three\n".to_vec()),
        ];
        materialize(root, &lock, &files).expect("second");
        assert_eq!(
            mode(&root.join(FILE_NAME)),
            0o640,
            "the lock keeps its mode"
        );
        assert_eq!(
            mode(&root.join(&a)),
            0o640,
            "a vendored file keeps its mode"
        );
        assert_eq!(mode(&root.join(&b)), plain, "a new vendored file beside it");
    }
}
