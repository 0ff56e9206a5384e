//! The stored outlines read back: a polygon's parts and rings in microdegrees (for maps), and the polygons near a box.
use crate::pip::{BBox, PartsView};

/// The geometry tables of a boundary file, borrowed in place.
#[derive(Clone, Copy)]
pub struct OutlineView<'a> {
    pub polygon_parts: &'a [u32],
    pub part_rings: &'a [u32],
    pub ring_vertices: &'a [u32],
    /// lon, lat pairs in 1e-6 degrees; rings are stored open (the closing vertex is implied).
    pub coords_e6: &'a [i32],
}

/// One polygon's outline: part p has `ring_counts[p]` rings (outer first, then holes), ring r has
/// `vertex_counts[r]` vertices, and `coords_e6` holds them all as lon, lat pairs in 1e-6 degrees, rings open.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outline {
    pub ring_counts: Vec<u32>,
    pub vertex_counts: Vec<u32>,
    pub coords_e6: Vec<i32>,
}

impl OutlineView<'_> {
    /// The outline of polygon `id`, or None when there is no such polygon.
    pub fn outline(&self, id: u32) -> Option<Outline> {
        let id = id as usize;
        let parts = span(self.polygon_parts, id)?;
        let mut out = Outline::default();
        for part in parts {
            let rings = span(self.part_rings, part)?;
            out.ring_counts.push(rings.len() as u32);
            for ring in rings {
                let vertices = span(self.ring_vertices, ring)?;
                out.vertex_counts.push(vertices.len() as u32);
                out.coords_e6
                    .extend_from_slice(self.coords_e6.get(vertices.start * 2..vertices.end * 2)?);
            }
        }
        Some(out)
    }
}

/// `offsets[i]..offsets[i+1]` as indexes, or None past the end.
fn span(offsets: &[u32], i: usize) -> Option<std::ops::Range<usize>> {
    Some(*offsets.get(i)? as usize..*offsets.get(i + 1)? as usize)
}

/// Ids of the polygons one of whose parts' boxes meets `area`, ascending, each once.
pub fn polygons_meeting(parts: &PartsView<'_>, part_polygon: &[u32], area: &BBox) -> Vec<u32> {
    let mut ids: Vec<u32> = (0..parts.len())
        .filter(|&p| {
            let b = parts.bbox(p);
            b.min_x <= area.max_x
                && b.max_x >= area.min_x
                && b.min_y <= area.max_y
                && b.max_y >= area.min_y
        })
        .map(|p| part_polygon[p])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_parts_rings_and_vertices_of_one_polygon() {
        // Polygon 0: one part with an outer ring (3 vertices) and a hole (3); polygon 1: one ring of 4.
        let coords: Vec<i32> = (0..20).collect();
        let view = OutlineView {
            polygon_parts: &[0, 1, 2],
            part_rings: &[0, 2, 3],
            ring_vertices: &[0, 3, 6, 10],
            coords_e6: &coords,
        };
        let first = view.outline(0).expect("polygon 0");
        assert_eq!(first.ring_counts, vec![2]);
        assert_eq!(first.vertex_counts, vec![3, 3]);
        assert_eq!(first.coords_e6, (0..12).collect::<Vec<_>>());
        assert_eq!(
            view.outline(1).expect("polygon 1").coords_e6,
            (12..20).collect::<Vec<_>>()
        );
        assert_eq!(view.outline(2), None);
    }
}
