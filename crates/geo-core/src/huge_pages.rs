//! Large lookup tables backed by transparent huge pages, so random lookups miss the TLB far less.

/// Huge page size on x86-64 and aarch64 Linux.
const HUGE: usize = 2 << 20;

/// A vector with capacity for `len` items whose pages the kernel is asked, before first touch, to back
/// with transparent huge pages (a no-op where unsupported).
pub fn with_huge_capacity<T>(len: usize) -> Vec<T> {
    let table: Vec<T> = Vec::with_capacity(len);
    let start = table.as_ptr() as usize;
    let end = start + len * std::mem::size_of::<T>();
    let aligned = start.next_multiple_of(HUGE);
    if end > aligned + HUGE {
        // SAFETY: the range lies inside the allocation just reserved; MADV_HUGEPAGE is advice that never changes contents.
        unsafe {
            libc::madvise(
                aligned as *mut libc::c_void,
                (end - aligned) / HUGE * HUGE,
                libc::MADV_HUGEPAGE,
            );
        }
    }
    table
}

/// Copies `items` into a huge-page-backed vector.
pub fn copy_to_huge_pages<T: Copy>(items: &[T]) -> Vec<T> {
    let mut table = with_huge_capacity(items.len());
    table.extend_from_slice(items);
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_exactly() {
        let items: Vec<u32> = (0..3_000_000).collect();
        assert_eq!(copy_to_huge_pages(&items), items);
        assert!(with_huge_capacity::<u64>(10).capacity() >= 10);
    }
}
