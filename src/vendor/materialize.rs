//! Puts a new vendor folder and lock in place whole, or not at all: the files are written to a
//! temporary folder beside the vendor folder, the lock to a temporary file beside the lock,
//! and both are renamed over the old ones only when everything was written. A run that fails
//! before that leaves the previous lock and folder as they were; a failed rename puts the old
//! folder back.

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
    }
    let mut lock_file = tempfile::Builder::new()
        .prefix(".crdlint.lock.new-")
        .tempfile_in(root)?;
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
        .persist(root.join(FILE_NAME))
        .map_err(|e| restore(e.error))?;
    drop(aside);
    Ok(())
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
}
