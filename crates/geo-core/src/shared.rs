//! One loaded index per file per process: every thread that opens the same file gets the same instance,
//! held weakly here so it is unmapped once no thread uses it.
use crate::error::GeoError;
use crate::index::BoundaryIndex;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::SystemTime;

/// A file's identity: where it is and which version of it (a rebuilt file is a new inode, size or mtime).
#[derive(Debug, Clone, PartialEq, Eq)]
struct FileKey {
    path: PathBuf,
    device: u64,
    inode: u64,
    len: u64,
    modified: Option<SystemTime>,
}

static OPEN: Mutex<Vec<(FileKey, Weak<BoundaryIndex>)>> = Mutex::new(Vec::new());

/// The index of `path`, shared with every other open of the same file in this process; loads it when no
/// live instance exists. Concurrent first opens wait for one load instead of each loading.
pub fn open_shared(path: &str) -> Result<Arc<BoundaryIndex>, GeoError> {
    let key = key_of(path)?;
    // A panic while loading (a bug) must not disable every later open: the list stays usable after poisoning.
    let mut open = OPEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    open.retain(|(_, weak)| weak.strong_count() > 0);
    if let Some(index) = open
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, w)| w.upgrade())
    {
        return Ok(index);
    }
    let index = Arc::new(BoundaryIndex::open(path)?);
    open.push((key, Arc::downgrade(&index)));
    Ok(index)
}

fn key_of(path: &str) -> Result<FileKey, GeoError> {
    let io = |e: std::io::Error| GeoError::Io(format!("{path}: {e}"));
    let canonical = std::fs::canonicalize(path).map_err(io)?;
    let meta = std::fs::metadata(&canonical).map_err(io)?;
    #[cfg(unix)]
    let (device, inode) = {
        use std::os::unix::fs::MetadataExt;
        (meta.dev(), meta.ino())
    };
    #[cfg(not(unix))]
    let (device, inode) = (0, 0);
    Ok(FileKey {
        path: canonical,
        device,
        inode,
        len: meta.len(),
        modified: meta.modified().ok(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::tests::{fixture_file, TempFile};

    #[test]
    fn threads_opening_the_same_file_share_one_instance() {
        let file = fixture_file("shared");
        let first = open_shared(file.path()).expect("opens");
        let ids: Vec<u64> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| open_shared(file.path()).map(|i| i.instance_id())))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("thread").expect("opens"))
                .collect()
        });
        assert!(ids.iter().all(|&id| id == first.instance_id()), "{ids:?}");
        assert_eq!(
            Arc::strong_count(&first),
            1,
            "the threads' handles are gone"
        );
    }

    #[test]
    fn a_released_or_replaced_file_is_loaded_again() {
        let file = fixture_file("reload");
        let first_id = open_shared(file.path()).expect("opens").instance_id();
        let again = open_shared(file.path()).expect("opens again");
        assert_ne!(
            again.instance_id(),
            first_id,
            "no handle was alive, so it loaded anew"
        );
        // Replacing the file by rename (as data:build does) gives a new inode: a new instance, the old one intact.
        let bytes = std::fs::read(file.path()).expect("reads");
        let next = TempFile::with("reload-next", &bytes);
        std::fs::rename(&next.0, &file.0).expect("renames");
        let replaced = open_shared(file.path()).expect("opens the new file");
        assert_ne!(replaced.instance_id(), again.instance_id());
        assert_eq!(again.lookup(0.5, 0.5), Some(0));
        assert!(open_shared("/nonexistent/boundaries.bin").is_err());
    }
}
