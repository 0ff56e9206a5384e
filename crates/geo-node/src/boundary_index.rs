//! napi class over geo-core's BoundaryIndex: one loaded file per process, shared by every thread that opens it.
use crate::error::{bad_batch, NodeError};
use napi::bindgen_prelude::Int32ArraySlice;
use napi::Env;
use napi_derive::napi;
use std::sync::Arc;

/// Pincode boundary index over a mapped, versioned binary file.
///
/// The file is mapped read-only (page cache, shared by all threads and processes), not copied to the heap,
/// so V8 is told of no external memory: counting it in every worker's isolate would only make each GC harder
/// for memory no isolate can free.
#[napi]
pub struct BoundaryIndex {
    inner: Arc<geo_core::BoundaryIndex>,
}

#[napi]
impl BoundaryIndex {
    /// Maps and verifies a boundary file (magic, version, length, checksum). Opening a file this process
    /// already holds open (in any thread) returns the same loaded instance at no cost.
    #[napi(factory, catch_unwind)]
    pub fn open(path: String) -> napi::Result<Self> {
        let inner = geo_core::shared::open_shared(&path).map_err(NodeError::from)?;
        Ok(BoundaryIndex { inner })
    }

    /// Polygon id containing (lat, lon), or -1.
    #[napi(catch_unwind)]
    pub fn lookup(&self, lat: f64, lon: f64) -> i32 {
        self.inner.lookup(lon, lat).map_or(-1, |id| id as i32)
    }

    /// Looks up `[lon0, lat0, lon1, lat1, …]` in one call; -1 per miss.
    #[napi(catch_unwind)]
    pub fn lookup_many<'env>(
        &self,
        env: &'env Env,
        lon_lat: &[f64],
    ) -> napi::Result<Int32ArraySlice<'env>> {
        if !lon_lat.len().is_multiple_of(2) {
            return Err(bad_batch(format!("lonLat length {} is odd", lon_lat.len())));
        }
        Int32ArraySlice::copy_from(env, self.inner.lookup_many(lon_lat))
    }

    /// Number of polygons.
    #[napi(getter)]
    pub fn size(&self) -> u32 {
        self.inner.len() as u32
    }

    /// Number of vertices.
    #[napi(getter)]
    pub fn vertex_count(&self) -> u32 {
        self.inner.vertex_count() as u32
    }

    /// Size of the index's file image in bytes (mapped: resident only as far as lookups have touched it).
    #[napi(getter)]
    pub fn memory_bytes(&self) -> f64 {
        self.inner.byte_len() as f64
    }

    /// Process-unique number of the loaded instance: equal for every handle sharing one load.
    #[napi(getter)]
    pub fn instance_id(&self) -> f64 {
        self.inner.instance_id() as f64
    }

    /// Live handles (in any thread of this process) sharing this loaded instance, this one included.
    #[napi(getter)]
    pub fn handle_count(&self) -> u32 {
        Arc::strong_count(&self.inner) as u32
    }
}
