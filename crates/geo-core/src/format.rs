//! The versioned boundary binary: a 40-byte header, then offset tables and integer microdegree coordinates.
//!
//! ```text
//! 0  magic "GEOPINBD"        8  u32 version        12 u32 polygons   16 u32 parts
//! 20 u32 rings              24 u32 vertices       28 u32 reserved   32 u64 FNV-1a of the body
//! 40 u32 polygon_parts[polygons+1]  u32 part_rings[parts+1]  u32 ring_vertices[rings+1]
//!    i32 coords[vertices*2] (lon, lat in 1e-6 degrees; rings are stored open, the closing vertex implied)
//! ```
//! All integers are little-endian. Polygon ids are positions in the file.
use crate::error::GeoError;

/// File magic.
pub const MAGIC: &[u8; 8] = b"GEOPINBD";
/// Format version this build reads and writes.
pub const VERSION: u32 = 1;
/// Header length in bytes.
pub const HEADER_LEN: usize = 40;

/// Boundary geometry as flat offset tables, the in-memory twin of the file.
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
            if pair[0].abs() > 180_000_000 || pair[1].abs() > 90_000_000 {
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

/// FNV-1a 64 over the body; cheap and enough to catch truncation and bit rot.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Serialises validated data to the file layout.
pub fn encode(data: &BoundaryData) -> Result<Vec<u8>, GeoError> {
    data.validate()?;
    let mut body = Vec::with_capacity(
        4 * (data.polygon_parts.len()
            + data.part_rings.len()
            + data.ring_vertices.len()
            + data.coords_e6.len()),
    );
    for table in [&data.polygon_parts, &data.part_rings, &data.ring_vertices] {
        table
            .iter()
            .for_each(|v| body.extend_from_slice(&v.to_le_bytes()));
    }
    data.coords_e6
        .iter()
        .for_each(|v| body.extend_from_slice(&v.to_le_bytes()));
    let counts = [
        data.polygon_count(),
        data.part_rings.len() - 1,
        data.ring_vertices.len() - 1,
        data.coords_e6.len() / 2,
    ];
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    for count in counts {
        let count = u32::try_from(count).map_err(|_| GeoError::BadData("too many items".into()))?;
        out.extend_from_slice(&count.to_le_bytes());
    }
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

fn read_u32(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

/// Parses and verifies a file image: magic, version, sizes, checksum, then offset consistency.
pub fn decode(bytes: &[u8]) -> Result<BoundaryData, GeoError> {
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return Err(GeoError::BadData("not a boundary file (bad magic)".into()));
    }
    let found = read_u32(bytes, 8);
    if found != VERSION {
        return Err(GeoError::VersionMismatch {
            found,
            expected: VERSION,
        });
    }
    let [polygons, parts, rings, vertices] =
        [12, 16, 20, 24].map(|at| read_u32(bytes, at) as usize);
    let words = (polygons + 1) + (parts + 1) + (rings + 1) + vertices * 2;
    if bytes.len() != HEADER_LEN + words * 4 {
        return Err(GeoError::BadData(format!(
            "expected {} bytes, got {}",
            HEADER_LEN + words * 4,
            bytes.len()
        )));
    }
    let mut stored = [0u8; 8];
    stored.copy_from_slice(&bytes[32..40]);
    if checksum(&bytes[HEADER_LEN..]) != u64::from_le_bytes(stored) {
        return Err(GeoError::BadData("checksum mismatch".into()));
    }
    let mut words = bytes[HEADER_LEN..]
        .chunks_exact(4)
        .map(|w| [w[0], w[1], w[2], w[3]]);
    let mut take_u32 = |n: usize| {
        words
            .by_ref()
            .take(n)
            .map(u32::from_le_bytes)
            .collect::<Vec<_>>()
    };
    let polygon_parts = take_u32(polygons + 1);
    let part_rings = take_u32(parts + 1);
    let ring_vertices = take_u32(rings + 1);
    let coords_e6 = take_u32(vertices * 2)
        .into_iter()
        .map(|v| v as i32)
        .collect();
    let data = BoundaryData {
        polygon_parts,
        part_rings,
        ring_vertices,
        coords_e6,
    };
    data.validate()?;
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn square() -> BoundaryData {
        BoundaryData {
            polygon_parts: vec![0, 1],
            part_rings: vec![0, 1],
            ring_vertices: vec![0, 4],
            coords_e6: vec![0, 0, 1_000_000, 0, 1_000_000, 1_000_000, 0, 1_000_000],
        }
    }

    #[test]
    fn round_trips_through_bytes() {
        let bytes = encode(&square()).expect("encodes");
        assert_eq!(decode(&bytes), Ok(square()));
    }

    #[test]
    fn rejects_other_versions_with_both_numbers() {
        let mut bytes = encode(&square()).expect("encodes");
        bytes[8] = 7;
        assert_eq!(
            decode(&bytes).map_err(|e| e.to_string()),
            Err("Got v7, expected v1".into())
        );
    }

    #[test]
    fn rejects_corruption_and_truncation() {
        let mut bytes = encode(&square()).expect("encodes");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        assert!(matches!(decode(&bytes), Err(GeoError::BadData(m)) if m.contains("checksum")));
        assert!(matches!(decode(&bytes[..last]), Err(GeoError::BadData(_))));
        assert!(matches!(decode(b"nonsense"), Err(GeoError::BadData(_))));
    }

    #[test]
    fn rejects_rings_with_fewer_than_three_vertices() {
        let mut data = square();
        data.ring_vertices = vec![0, 2];
        data.coords_e6.truncate(4);
        assert!(encode(&data).is_err());
    }
}
