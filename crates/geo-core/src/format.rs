//! The versioned boundary binary (v2): a 128-byte header, the geometry's offset tables, then the prepared grid
//! and bands, each section 64-byte aligned so the file is read in place (mapped), with no decoding.
//!
//! ```text
//! 0  magic "GEOPINBD"     8  u32 version (2)     12 u32 polygons        16 u32 parts
//! 20 u32 rings            24 u32 vertices        28 u32 band starts     32 u32 band edges
//! 36 u32 grid cols        40 u32 grid rows       44 u32 grid lists      48 u32 grid candidates
//! 52 u32 grid block shift 56 f64 grid min lon    64 f64 grid min lat    72 f64 grid cell size (degrees)
//! 80 u64 XXH3-64 of the whole file with these 8 bytes zeroed            88..128 zero
//! sections: u32 polygon_parts[polygons+1]  u32 part_rings[parts+1]  u32 ring_vertices[rings+1]
//!   i32 coords[vertices*2] (lon, lat in 1e-6 degrees; rings stored open, the closing vertex implied)
//!   u32 part_polygon[parts]  PartHeader[parts] (f64 min lon, min lat, max lon, max lat, band height; u32 first band, bands)
//!   u32 band_start[band starts]  i32 band_edges[band edges][4]
//!   u32 blocks[ceil(rows/2^shift) * ceil(cols/2^shift)]  u32 cells[cols*rows]
//!   u32 candidate_start[lists+1]  u32 candidates[grid candidates]
//! ```
//! All numbers are little-endian; zero padding between sections. Polygon ids are positions in the file.
use crate::error::GeoError;
use crate::grid::GridShape;
use crate::pip::{EdgeE6, PartHeader};
use crate::prepare::prepare;
use bytemuck::Pod;
use std::ops::Range;

mod checksum;
mod tables;
pub use checksum::{checksum, Checksum};
pub use tables::BoundaryData;

/// File magic.
pub const MAGIC: &[u8; 8] = b"GEOPINBD";
/// Format version this build reads and writes. Bump it when the layout or the meaning of a stored table changes:
/// a server refuses other versions, and `npm start`/`npm test` rebuild a dataset of another version.
pub const VERSION: u32 = 2;
/// Header length in bytes.
pub const HEADER_LEN: usize = 128;
/// Where the checksum sits in the header.
pub(crate) const CHECKSUM_AT: usize = 80;
/// Every section starts at a multiple of this (a cache line; also keeps f64 fields aligned).
const SECTION_ALIGN: usize = 64;

/// The parsed header: counts, the grid's placement and the checksum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Header {
    pub polygons: u32,
    pub parts: u32,
    pub rings: u32,
    pub vertices: u32,
    pub band_starts: u32,
    pub band_edges: u32,
    pub grid_lists: u32,
    pub grid_candidates: u32,
    pub grid: GridShape,
    pub checksum: u64,
}

/// Byte ranges of the sections inside the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Sections {
    pub polygon_parts: Range<usize>,
    pub part_rings: Range<usize>,
    pub ring_vertices: Range<usize>,
    pub coords_e6: Range<usize>,
    pub part_polygon: Range<usize>,
    pub part_headers: Range<usize>,
    pub band_start: Range<usize>,
    pub band_edges: Range<usize>,
    pub blocks: Range<usize>,
    pub cells: Range<usize>,
    pub candidate_start: Range<usize>,
    pub candidates: Range<usize>,
    /// File length: the end of the last section.
    pub end: usize,
}

impl Header {
    /// Checks magic, version (first, so an old file says "Got v1, expected v2"), reserved bytes and that
    /// `file_len` is exactly what the counts describe. `head` is the start of the file (at least the header).
    pub fn parse(head: &[u8], file_len: u64) -> Result<Header, GeoError> {
        if head.len() < 12 || &head[..8] != MAGIC {
            return Err(GeoError::BadData("not a boundary file (bad magic)".into()));
        }
        let found = u32_at(head, 8);
        if found != VERSION {
            return Err(GeoError::VersionMismatch {
                found,
                expected: VERSION,
            });
        }
        if head.len() < HEADER_LEN {
            return Err(GeoError::BadData(format!(
                "file shorter than its {HEADER_LEN}-byte header"
            )));
        }
        if head[88..HEADER_LEN].iter().any(|&b| b != 0) {
            return Err(GeoError::BadData(
                "reserved header bytes are not zero".into(),
            ));
        }
        let f64_at = |at: usize| f64::from_bits(u64_at(head, at));
        let header = Header {
            polygons: u32_at(head, 12),
            parts: u32_at(head, 16),
            rings: u32_at(head, 20),
            vertices: u32_at(head, 24),
            band_starts: u32_at(head, 28),
            band_edges: u32_at(head, 32),
            grid_lists: u32_at(head, 44),
            grid_candidates: u32_at(head, 48),
            grid: GridShape {
                min_x: f64_at(56),
                min_y: f64_at(64),
                cell_size: f64_at(72),
                cols: u32_at(head, 36) as usize,
                rows: u32_at(head, 40) as usize,
                block_shift: u32_at(head, 52),
            },
            checksum: u64_at(head, CHECKSUM_AT),
        };
        let g = header.grid;
        if !(g.min_x.is_finite()
            && g.min_y.is_finite()
            && g.cell_size > 0.0
            && g.cell_size.is_finite())
            || g.cols == 0
            || g.rows == 0
            || g.block_shift > 16
        {
            return Err(GeoError::BadData("grid placement is invalid".into()));
        }
        let expected = header.sections()?.end;
        if file_len != expected as u64 {
            return Err(GeoError::BadData(format!(
                "expected {expected} bytes, got {file_len}"
            )));
        }
        Ok(header)
    }

    /// Section ranges implied by the counts (u128 arithmetic: absurd counts give a length no file has).
    pub fn sections(&self) -> Result<Sections, GeoError> {
        let n = |v: u32| v as u128;
        let (block_cols, block_rows) = self.grid.block_dims();
        let sizes: [u128; 12] = [
            (n(self.polygons) + 1) * 4,
            (n(self.parts) + 1) * 4,
            (n(self.rings) + 1) * 4,
            n(self.vertices) * 8,
            n(self.parts) * 4,
            n(self.parts) * size_of::<PartHeader>() as u128,
            n(self.band_starts) * 4,
            n(self.band_edges) * size_of::<EdgeE6>() as u128,
            block_cols as u128 * block_rows as u128 * 4,
            self.grid.cols as u128 * self.grid.rows as u128 * 4,
            (n(self.grid_lists) + 1) * 4,
            n(self.grid_candidates) * 4,
        ];
        let mut at = HEADER_LEN as u128;
        let ranges = sizes.map(|size| {
            let start = at.next_multiple_of(SECTION_ALIGN as u128);
            at = start + size;
            start..at
        });
        let end = usize::try_from(at)
            .map_err(|_| GeoError::BadData("counts describe a file too large".into()))?;
        // Every bound is at most `end`, which fits.
        let r = |i: usize| ranges[i].start as usize..ranges[i].end as usize;
        Ok(Sections {
            polygon_parts: r(0),
            part_rings: r(1),
            ring_vertices: r(2),
            coords_e6: r(3),
            part_polygon: r(4),
            part_headers: r(5),
            band_start: r(6),
            band_edges: r(7),
            blocks: r(8),
            cells: r(9),
            candidate_start: r(10),
            candidates: r(11),
            end,
        })
    }
}

/// Validates the tables, prepares grid and bands, and serialises the file.
pub fn encode(data: &BoundaryData) -> Result<Vec<u8>, GeoError> {
    data.validate()?;
    let prepared = prepare(data);
    let count = |n: usize| u32::try_from(n).map_err(|_| GeoError::BadData("too many items".into()));
    let grid = &prepared.grid;
    let header = Header {
        polygons: count(data.polygon_count())?,
        parts: count(data.part_rings.len() - 1)?,
        rings: count(data.ring_vertices.len() - 1)?,
        vertices: count(data.coords_e6.len() / 2)?,
        band_starts: count(prepared.parts.band_start.len())?,
        band_edges: count(prepared.parts.band_edges.len())?,
        grid_lists: count(grid.candidate_start.len() - 1)?,
        grid_candidates: count(grid.candidates.len())?,
        grid: grid.shape,
        checksum: 0,
    };
    count(grid.shape.cols)?;
    count(grid.shape.rows)?;
    let s = header.sections()?;
    let mut out = vec![0u8; s.end];
    write_header(&mut out[..HEADER_LEN], &header);
    let mut put = |range: Range<usize>, bytes: &[u8]| out[range].copy_from_slice(bytes);
    put(s.polygon_parts, bytemuck::cast_slice(&data.polygon_parts));
    put(s.part_rings, bytemuck::cast_slice(&data.part_rings));
    put(s.ring_vertices, bytemuck::cast_slice(&data.ring_vertices));
    put(s.coords_e6, bytemuck::cast_slice(&data.coords_e6));
    put(s.part_polygon, bytemuck::cast_slice(&prepared.part_polygon));
    put(
        s.part_headers,
        bytemuck::cast_slice(&prepared.parts.headers),
    );
    put(
        s.band_start,
        bytemuck::cast_slice(&prepared.parts.band_start),
    );
    put(
        s.band_edges,
        bytemuck::cast_slice(&prepared.parts.band_edges),
    );
    put(s.blocks, bytemuck::cast_slice(&grid.blocks));
    put(s.cells, bytemuck::cast_slice(&grid.cells));
    put(
        s.candidate_start,
        bytemuck::cast_slice(&grid.candidate_start),
    );
    put(s.candidates, bytemuck::cast_slice(&grid.candidates));
    let sum = checksum(&out);
    out[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&sum.to_le_bytes());
    Ok(out)
}

fn write_header(head: &mut [u8], h: &Header) {
    head[..8].copy_from_slice(MAGIC);
    let words = [
        (8, VERSION),
        (12, h.polygons),
        (16, h.parts),
        (20, h.rings),
        (24, h.vertices),
        (28, h.band_starts),
        (32, h.band_edges),
        (36, h.grid.cols as u32),
        (40, h.grid.rows as u32),
        (44, h.grid_lists),
        (48, h.grid_candidates),
        (52, h.grid.block_shift),
    ];
    for (at, v) in words {
        head[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
    for (at, v) in [
        (56, h.grid.min_x),
        (64, h.grid.min_y),
        (72, h.grid.cell_size),
    ] {
        head[at..at + 8].copy_from_slice(&v.to_le_bytes());
    }
}

/// Parses and verifies a whole file image (header, size, checksum) into its offset tables, then checks them.
pub fn decode(bytes: &[u8]) -> Result<BoundaryData, GeoError> {
    let header = verify(bytes)?;
    let s = header.sections()?;
    let data = BoundaryData {
        polygon_parts: read_table(bytes, s.polygon_parts),
        part_rings: read_table(bytes, s.part_rings),
        ring_vertices: read_table(bytes, s.ring_vertices),
        coords_e6: read_table(bytes, s.coords_e6),
    };
    data.validate()?;
    Ok(data)
}

/// Header and checksum of an in-memory image.
pub fn verify(bytes: &[u8]) -> Result<Header, GeoError> {
    let header = Header::parse(bytes, bytes.len() as u64)?;
    if checksum(bytes) != header.checksum {
        return Err(GeoError::BadData("checksum mismatch".into()));
    }
    Ok(header)
}

/// A section as a typed slice, in place. Sections are aligned in the file and the image base is at least
/// 8-aligned (a page for a mapping), so this fails only on a misplaced image, never on file contents.
pub fn table<T: Pod>(bytes: &[u8], range: Range<usize>) -> Result<&[T], GeoError> {
    bytemuck::try_cast_slice(&bytes[range])
        .map_err(|e| GeoError::BadData(format!("section not readable in place: {e}")))
}

/// A section copied out (any alignment), for decoding.
fn read_table<T: Pod>(bytes: &[u8], range: Range<usize>) -> Vec<T> {
    bytemuck::pod_collect_to_vec(&bytes[range])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

#[cfg(test)]
mod tests;
