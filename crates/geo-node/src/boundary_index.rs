//! napi class over geo-core's BoundaryIndex; reports its native size to V8 so GC pressure is honest.
use crate::error::{bad_batch, NodeError};
use napi::bindgen_prelude::Int32ArraySlice;
use napi::Env;
use napi_derive::napi;

/// Pincode boundary index loaded from a versioned binary file.
#[napi]
pub struct BoundaryIndex {
    inner: geo_core::BoundaryIndex,
}

#[napi]
impl BoundaryIndex {
    /// Loads and verifies a boundary file (magic, version, checksum, offsets).
    #[napi(factory, catch_unwind)]
    pub fn open(env: Env, path: String) -> napi::Result<Self> {
        let inner = geo_core::BoundaryIndex::open(&path).map_err(NodeError::from)?;
        env.adjust_external_memory(inner.heap_bytes() as i64)?;
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

    /// Approximate native heap bytes.
    #[napi(getter)]
    pub fn memory_bytes(&self) -> f64 {
        self.inner.heap_bytes() as f64
    }
}
