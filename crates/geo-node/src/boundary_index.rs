//! napi class over geo-core's BoundaryIndex: one loaded file per process, shared by every thread that opens it.
//!
//! Each handle lives in its thread's slot table, so the hot single lookup can be `lookupIn(slot, lat, lon)` (hot.rs): a
//! plain function of numbers. A class method costs napi-rs a napi reference and a borrow registration per call, several
//! times the lookup itself.
use crate::error::{bad_batch, closed_index, internal, NodeError, Result};
use napi::bindgen_prelude::Int32ArraySlice;
use napi::Env;
use napi_derive::napi;
use std::cell::RefCell;
use std::sync::Arc;

type Shared = Arc<geo_core::BoundaryIndex>;

thread_local! {
    /// This thread's open handles by slot; a dropped handle leaves its slot empty for the next open.
    static SLOTS: RefCell<Vec<Option<Shared>>> = const { RefCell::new(Vec::new()) };
}

/// `f` of the index in `slot` of this thread, if a live handle holds it.
pub(crate) fn with_slot<R>(slot: u32, f: impl FnOnce(&Shared) -> R) -> Option<R> {
    SLOTS.with_borrow(|slots| match slots.get(slot as usize) {
        Some(Some(index)) => Some(f(index)),
        _ => None,
    })
}

/// Pincode boundary index over a mapped, versioned binary file.
///
/// The file is mapped read-only (page cache, shared by all threads and processes), not copied to the heap,
/// so V8 is told of no external memory: counting it in every worker's isolate would only make each GC harder
/// for memory no isolate can free.
#[napi]
pub struct BoundaryIndex {
    slot: u32,
}

impl Drop for BoundaryIndex {
    fn drop(&mut self) {
        // Finalizers run on the handle's own thread; during thread teardown the table may already be gone.
        let _ = SLOTS.try_with(|slots| {
            if let Ok(mut slots) = slots.try_borrow_mut() {
                if let Some(entry) = slots.get_mut(self.slot as usize) {
                    *entry = None;
                }
            }
        });
    }
}

impl BoundaryIndex {
    fn index<R>(&self, f: impl FnOnce(&Shared) -> R) -> Result<R> {
        with_slot(self.slot, f).ok_or_else(|| closed_index(self.slot))
    }
}

#[napi]
impl BoundaryIndex {
    /// Maps and verifies a boundary file (magic, version, length, checksum). Opening a file this process
    /// already holds open (in any thread) returns the same loaded instance at no cost.
    #[napi(factory, catch_unwind)]
    pub fn open(path: String) -> Result<Self> {
        let index = geo_core::shared::open_shared(&path).map_err(NodeError::from)?;
        let slot = SLOTS.with_borrow_mut(|slots| {
            let free = slots
                .iter()
                .position(Option::is_none)
                .unwrap_or(slots.len());
            if free == slots.len() {
                slots.push(None);
            }
            slots[free] = Some(index);
            free
        });
        Ok(BoundaryIndex { slot: slot as u32 })
    }

    /// This handle's place in its thread's table, for `lookupIn` (hot.rs).
    #[napi(getter)]
    pub fn slot(&self) -> u32 {
        self.slot
    }

    /// Looks up `[lon0, lat0, lon1, lat1, …]` in one call; -1 per miss.
    #[napi(catch_unwind)]
    pub fn lookup_many<'env>(
        &self,
        env: &'env Env,
        lon_lat: &[f64],
    ) -> Result<Int32ArraySlice<'env>> {
        if !lon_lat.len().is_multiple_of(2) {
            return Err(bad_batch(format!("lonLat length {} is odd", lon_lat.len())));
        }
        Int32ArraySlice::copy_from(env, self.index(|index| index.lookup_many(lon_lat))?)
            .map_err(internal)
    }

    /// Number of polygons.
    #[napi(getter)]
    pub fn size(&self) -> Result<u32> {
        self.index(|index| index.len() as u32)
    }

    /// Number of vertices.
    #[napi(getter)]
    pub fn vertex_count(&self) -> Result<u32> {
        self.index(|index| index.vertex_count() as u32)
    }

    /// Size of the index's file image in bytes (mapped: resident only as far as lookups have touched it).
    #[napi(getter)]
    pub fn memory_bytes(&self) -> Result<f64> {
        self.index(|index| index.byte_len() as f64)
    }

    /// Process-unique number of the loaded instance: equal for every handle sharing one load.
    #[napi(getter)]
    pub fn instance_id(&self) -> Result<f64> {
        self.index(|index| index.instance_id() as f64)
    }

    /// Live handles (in any thread of this process) sharing this loaded instance, this one included.
    #[napi(getter)]
    pub fn handle_count(&self) -> Result<u32> {
        self.index(|index| Arc::strong_count(index) as u32)
    }
}
