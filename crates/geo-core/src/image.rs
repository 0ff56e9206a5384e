//! The bytes of a boundary file: mapped read-only from disk (no copy; pages load on first touch and are
//! shared by every thread and process reading the file), or an anonymous read-only mapping when an index
//! is built in memory. Either way the bytes never move and never change while the image lives.
use crate::error::GeoError;
use crate::format::{Checksum, Header, HEADER_LEN};
use memmap2::{Mmap, MmapMut};
use std::fs::File;
use std::io::Read;

/// Read size while verifying the checksum; the file streams through this buffer, not through the mapping.
const CHUNK: usize = 1 << 20;

/// A verified file image; page-aligned, so every 64-byte aligned section is readable in place.
pub struct Image {
    map: Mmap,
    /// True for a file mapping (page cache), false for anonymous memory (process heap).
    file_backed: bool,
}

impl Image {
    /// Maps `path` and verifies header, length and checksum. The checksum reads the file through a small
    /// buffer, so verifying does not make the whole mapping resident.
    pub fn open(path: &str) -> Result<(Image, Header), GeoError> {
        let io = |e: std::io::Error| GeoError::Io(format!("{path}: {e}"));
        let mut file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let mut head = Vec::with_capacity(HEADER_LEN);
        (&mut file)
            .take(HEADER_LEN as u64)
            .read_to_end(&mut head)
            .map_err(io)?;
        let header = Header::parse(&head, len)?;
        // SAFETY: a private read-only mapping. Its contents change only if the file is modified in place while
        // mapped, which the data contract forbids (builds replace boundaries.bin by rename; docs/data-format.md).
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        if map.len() as u64 != len {
            return Err(GeoError::BadData(format!(
                "{path} changed while it was opened"
            )));
        }
        // Ask for huge pages where the kernel can back file pages with them: lookups jump across ~100 MB.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        let mut sum = Checksum::new();
        sum.update(&head);
        let mut buf = vec![0u8; CHUNK];
        loop {
            let n = file.read(&mut buf).map_err(io)?;
            if n == 0 {
                break;
            }
            sum.update(&buf[..n]);
        }
        if sum.digest() != header.checksum {
            return Err(GeoError::BadData("checksum mismatch".into()));
        }
        Ok((
            Image {
                map,
                file_backed: true,
            },
            header,
        ))
    }

    /// Verifies an in-memory image and keeps a copy in an anonymous read-only mapping.
    pub fn from_bytes(bytes: &[u8]) -> Result<(Image, Header), GeoError> {
        let header = crate::format::verify(bytes)?;
        let mut anon = MmapMut::map_anon(bytes.len())?;
        anon.copy_from_slice(bytes);
        Ok((
            Image {
                map: anon.make_read_only()?,
                file_backed: false,
            },
            header,
        ))
    }

    /// The file's bytes.
    #[inline]
    pub fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// True when the bytes are a file mapping (page cache), not process heap.
    pub fn is_file_backed(&self) -> bool {
        self.file_backed
    }
}
