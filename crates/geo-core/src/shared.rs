//! One loaded index (or mapping) per file per process: every thread that opens the same file gets the same
//! instance, held weakly here so it is unmapped once no thread uses it.
use crate::error::GeoError;
use crate::index::BoundaryIndex;
use crate::mapped_file::MappedFile;
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

/// Values loaded from files, one per file identity per process, held weakly: freed once no caller holds one.
pub struct SharedFiles<T> {
    open: Mutex<Vec<(FileKey, Weak<T>)>>,
}

impl<T> SharedFiles<T> {
    pub const fn new() -> SharedFiles<T> {
        SharedFiles {
            open: Mutex::new(Vec::new()),
        }
    }

    /// The live value for `path`'s current file, or a new one from `load`. Concurrent first calls wait for one
    /// load instead of each loading.
    pub fn get_or_load(
        &self,
        path: &str,
        load: impl FnOnce(&str) -> Result<T, GeoError>,
    ) -> Result<Arc<T>, GeoError> {
        let key = key_of(path)?;
        // A panic while loading (a bug) must not disable every later open: the list stays usable after poisoning.
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        open.retain(|(_, weak)| weak.strong_count() > 0);
        if let Some(value) = open
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, w)| w.upgrade())
        {
            return Ok(value);
        }
        let value = Arc::new(load(path)?);
        open.push((key, Arc::downgrade(&value)));
        Ok(value)
    }
}

impl<T> Default for SharedFiles<T> {
    fn default() -> Self {
        SharedFiles::new()
    }
}

static INDEXES: SharedFiles<BoundaryIndex> = SharedFiles::new();
static MAPPINGS: SharedFiles<MappedFile> = SharedFiles::new();

/// The index of `path`, shared with every other open of the same file in this process (any thread).
pub fn open_shared(path: &str) -> Result<Arc<BoundaryIndex>, GeoError> {
    INDEXES.get_or_load(path, BoundaryIndex::open)
}

/// The mapping of `path`, shared with every other caller in this process (any thread).
pub fn map_shared(path: &str) -> Result<Arc<MappedFile>, GeoError> {
    MAPPINGS.get_or_load(path, MappedFile::open)
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

    #[test]
    fn a_file_is_mapped_once_while_anyone_holds_the_mapping() {
        let file = TempFile::with("shared-map", b"places");
        let first = map_shared(file.path()).expect("maps");
        let second = map_shared(file.path()).expect("maps again");
        assert!(Arc::ptr_eq(&first, &second));
        assert_eq!(first.len(), 6);
        drop((first, second));
        assert!(MAPPINGS
            .open
            .lock()
            .expect("lock")
            .iter()
            .all(|(_, w)| w.strong_count() == 0));
    }
}
