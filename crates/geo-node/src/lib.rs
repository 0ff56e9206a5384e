//! geo-node: napi bindings over geo-core. Each export converts types and calls one core function.
mod boundary_index;
mod error;
mod hot;

/// Adds the hand-written hot exports (napi-rs calls it at load; re-exported so test builds, which skip that, see it used).
pub use hot::register_hot_exports;

use error::{bad_batch, internal, NodeError, Result};
use geo_core::format::{self, BoundaryData};
use geo_core::{digipin, GeoError};
use napi::bindgen_prelude::{ArrayBuffer, BufferSlice, Float64ArraySlice, Int32Array, Uint32Array};
use napi::Env;
use napi_derive::napi;

/// Decodes a DIGIPIN to the centre of its cell as `[lat, lon]`.
#[napi(catch_unwind)]
pub fn decode(code: String) -> Result<Vec<f64>> {
    let (lat, lon) = digipin::decode(&code).map_err(NodeError::from)?;
    Ok(vec![lat, lon])
}

/// Encodes pairs `[lon0, lat0, lon1, lat1, …]` to 12 ASCII bytes per code, hyphenated (`XXX-XXX-XXXX`, what answers
/// show); an invalid point gives 12 zero bytes.
#[napi(catch_unwind)]
pub fn encode_many<'env>(env: &'env Env, lon_lat: &[f64]) -> Result<BufferSlice<'env>> {
    if !lon_lat.len().is_multiple_of(2) {
        return Err(bad_batch(format!("lonLat length {} is odd", lon_lat.len())));
    }
    let bare = digipin::encode_many(lon_lat);
    let mut out = vec![0u8; bare.len() / digipin::CODE_LEN * HYPHENATED_LEN];
    for (code, slot) in bare
        .chunks_exact(digipin::CODE_LEN)
        .zip(out.chunks_exact_mut(HYPHENATED_LEN))
    {
        if code[0] != 0 {
            slot[..3].copy_from_slice(&code[..3]);
            slot[3] = b'-';
            slot[4..7].copy_from_slice(&code[3..6]);
            slot[7] = b'-';
            slot[8..].copy_from_slice(&code[6..]);
        }
    }
    BufferSlice::copy_from(env, out).map_err(internal)
}

/// `XXX-XXX-XXXX`: a code's length with its two hyphens.
const HYPHENATED_LEN: usize = digipin::CODE_LEN + 2;

/// Decodes 10 ASCII bytes per code to `[lon, lat]` cell centres; an invalid code gives `NaN, NaN`.
#[napi(catch_unwind)]
pub fn decode_many<'env>(env: &'env Env, codes: &[u8]) -> Result<Float64ArraySlice<'env>> {
    if !codes.len().is_multiple_of(digipin::CODE_LEN) {
        return Err(bad_batch(format!(
            "codes length {} is not a multiple of 10",
            codes.len()
        )));
    }
    Float64ArraySlice::copy_from(env, digipin::decode_many(codes)).map_err(internal)
}

/// The boundary file format version this addon reads and writes.
#[napi]
pub const BOUNDARY_FORMAT_VERSION: u32 = format::VERSION;

/// Writes a versioned boundary file from flat offset tables (see geo-core `format`): validates them, then
/// prepares and stores the lookup grid and bands, so opening the file later does no geometry work.
#[napi(catch_unwind)]
pub fn write_boundary_file(
    path: String,
    polygon_parts: Uint32Array,
    part_rings: Uint32Array,
    ring_vertices: Uint32Array,
    coords_e6: Int32Array,
) -> Result<()> {
    let data = BoundaryData {
        polygon_parts: polygon_parts.to_vec(),
        part_rings: part_rings.to_vec(),
        ring_vertices: ring_vertices.to_vec(),
        coords_e6: coords_e6.to_vec(),
    };
    let bytes = format::encode(&data).map_err(NodeError::from)?;
    std::fs::write(&path, bytes).map_err(|e| NodeError::from(GeoError::from(e)))?;
    Ok(())
}

/// The offset tables of a boundary file, as typed arrays (for oracles and tools, not the hot path).
#[napi(object)]
pub struct BoundaryTables {
    pub polygon_parts: Uint32Array,
    pub part_rings: Uint32Array,
    pub ring_vertices: Uint32Array,
    pub coords_e6: Int32Array,
}

/// Reads and verifies a boundary file into its offset tables.
#[napi(catch_unwind)]
pub fn read_boundary_file(path: String) -> Result<BoundaryTables> {
    let bytes =
        std::fs::read(&path).map_err(|e| NodeError::from(GeoError::Io(format!("{path}: {e}"))))?;
    let data = format::decode(&bytes).map_err(NodeError::from)?;
    Ok(BoundaryTables {
        polygon_parts: data.polygon_parts.into(),
        part_rings: data.part_rings.into(),
        ring_vertices: data.ring_vertices.into(),
        coords_e6: data.coords_e6.into(),
    })
}

/// Maps a whole file copy-on-write into an ArrayBuffer: no copy; pages come from the page cache, load on first touch,
/// and are mapped once per process (every thread mapping the file gets the same memory). Writes stay out of the file
/// but are seen by every thread. Unmapped once every such ArrayBuffer has been collected.
#[napi(catch_unwind)]
pub fn map_file<'env>(env: &'env Env, path: String) -> Result<ArrayBuffer<'env>> {
    let file = geo_core::shared::map_shared(&path).map_err(NodeError::from)?;
    let (data, len) = (file.as_mut_ptr(), file.len());
    // SAFETY: `data..data+len` stays mapped while any clone of `file` lives; this clone moves into the finalizer and
    // is dropped only when V8 collects the buffer.
    unsafe { ArrayBuffer::from_external(env, data, len, file, |_, file| drop(file)) }
        .map_err(internal)
}
