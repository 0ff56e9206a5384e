//! The geometry's offset tables (polygons -> parts -> rings -> vertices), the in-memory twin of the file's first sections.
use crate::error::GeoError;

/// Boundary geometry as flat offset tables.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BoundaryData {
    /// `polygon_parts[i]..polygon_parts[i+1]` are the parts (outer ring + holes) of polygon i.
    pub polygon_parts: Vec<u32>,
    /// `part_rings[j]..part_rings[j+1]` are the rings of part j; the first is the outer ring.
    pub part_rings: Vec<u32>,
    /// `ring_vertices[k]..ring_vertices[k+1]` are the vertices of ring k.
    pub ring_vertices: Vec<u32>,
    /// Interleaved lon, lat in microdegrees.
    pub coords_e6: Vec<i32>,
}

impl BoundaryData {
    /// Number of polygons (features).
    pub fn polygon_count(&self) -> usize {
        self.polygon_parts.len().saturating_sub(1)
    }

    /// Checks that every offset table is monotonic, starts at 0 and ends at the next table's length.
    pub fn validate(&self) -> Result<(), GeoError> {
        check_offsets(
            "polygon_parts",
            &self.polygon_parts,
            self.part_rings.len().saturating_sub(1),
            1,
        )?;
        check_offsets(
            "part_rings",
            &self.part_rings,
            self.ring_vertices.len().saturating_sub(1),
            1,
        )?;
        if !self.coords_e6.len().is_multiple_of(2) {
            return Err(GeoError::BadData("odd coordinate count".into()));
        }
        check_offsets(
            "ring_vertices",
            &self.ring_vertices,
            self.coords_e6.len() / 2,
            3,
        )?;
        for pair in self.coords_e6.chunks_exact(2) {
            if pair[0].unsigned_abs() > 180_000_000 || pair[1].unsigned_abs() > 90_000_000 {
                return Err(GeoError::BadData(format!(
                    "coordinate {},{} out of range",
                    pair[0], pair[1]
                )));
            }
        }
        Ok(())
    }
}

/// Each span between consecutive offsets must hold at least `min_span` items.
fn check_offsets(name: &str, offsets: &[u32], total: usize, min_span: u32) -> Result<(), GeoError> {
    if offsets.first() != Some(&0) || offsets.last().map(|&v| v as usize) != Some(total) {
        return Err(GeoError::BadData(format!(
            "{name} must run from 0 to {total}"
        )));
    }
    if let Some(i) = offsets
        .windows(2)
        .position(|w| w[1] < w[0].saturating_add(min_span))
    {
        return Err(GeoError::BadData(format!(
            "{name}[{i}] spans fewer than {min_span} items"
        )));
    }
    Ok(())
}
