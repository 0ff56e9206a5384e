//! A whole file mapped copy-on-write, for handing to JavaScript: its pages come from the page cache (shared
//! with every other mapping of the file, loaded on first touch), and a write lands in a private copy, never in
//! the file. Rust never reads it; the bytes belong to whoever holds the pointer.
use crate::error::GeoError;
use memmap2::{MmapMut, MmapOptions, MmapRaw};
use std::fs::File;

/// A mapped file; unmapped when dropped.
pub struct MappedFile {
    map: MmapRaw,
}

impl MappedFile {
    /// Maps `path`; an empty file is refused (there is nothing to map).
    pub fn open(path: &str) -> Result<MappedFile, GeoError> {
        let io = |e: std::io::Error| GeoError::Io(format!("{path}: {e}"));
        let file = File::open(path).map_err(io)?;
        if file.metadata().map_err(io)?.len() == 0 {
            return Err(GeoError::Io(format!("{path}: empty file")));
        }
        // SAFETY: a private copy-on-write mapping; the file changes under it only if modified in place while
        // mapped, which the data contract forbids (builds replace files by rename; docs/data-format.md).
        let map: MmapMut = unsafe { MmapOptions::new().map_copy(&file) }.map_err(io)?;
        Ok(MappedFile { map: map.into() })
    }

    /// Start of the mapping; valid for `len()` bytes, readable and (copy-on-write) writable, while `self` lives.
    pub fn as_mut_ptr(&self) -> *mut u8 {
        self.map.as_mut_ptr()
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Always false: empty files are not mapped.
    pub fn is_empty(&self) -> bool {
        self.map.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::tests::TempFile;

    #[test]
    fn maps_the_contents_and_keeps_writes_private() {
        let file = TempFile::with("mapped", b"places");
        let map = MappedFile::open(file.path()).expect("maps");
        // SAFETY: the mapping is live for `map`'s lifetime and nothing else touches it in this test.
        let bytes = unsafe { std::slice::from_raw_parts_mut(map.as_mut_ptr(), map.len()) };
        assert_eq!(bytes, b"places");
        bytes[0] = b'P';
        assert_eq!(bytes, b"Places");
        assert_eq!(std::fs::read(file.path()).expect("reads"), b"places");
        let empty = TempFile::with("mapped-empty", b"");
        assert!(
            matches!(MappedFile::open(empty.path()), Err(GeoError::Io(m)) if m.contains("empty"))
        );
        assert!(matches!(
            MappedFile::open("/nonexistent/places.bin"),
            Err(GeoError::Io(_))
        ));
    }
}
