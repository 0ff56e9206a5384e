//! Point-in-polygon for one prepared part (outer ring + holes), with horizontal bands of edges so a
//! test touches only the edges whose latitude span covers the point, never the whole ring.
//!
//! Boundary rule (half-open crossing test with exact orientation): a point on an edge shared by two
//! polygons belongs to the one east of it; on an east-west edge, to the one north of it.
use crate::huge_pages::copy_to_huge_pages;
use robust::{orient2d, Coord};
use std::ops::Range;

/// Upper bound on bands per part; beyond this the band table costs more memory than it saves time.
const MAX_BANDS: usize = 4096;
/// Target number of edges per band.
const EDGES_PER_BAND: usize = 8;

/// Axis-aligned box in lon/lat degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BBox {
    pub min_x: f64,
    pub min_y: f64,
    pub max_x: f64,
    pub max_y: f64,
}

impl BBox {
    /// The empty box, neutral for `extend`.
    pub const EMPTY: BBox = BBox {
        min_x: f64::INFINITY,
        min_y: f64::INFINITY,
        max_x: f64::NEG_INFINITY,
        max_y: f64::NEG_INFINITY,
    };

    /// Grows the box to cover (x, y).
    pub fn extend(&mut self, x: f64, y: f64) {
        self.min_x = self.min_x.min(x);
        self.min_y = self.min_y.min(y);
        self.max_x = self.max_x.max(x);
        self.max_y = self.max_y.max(y);
    }

    /// Inclusive containment.
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.min_x && x <= self.max_x && y >= self.min_y && y <= self.max_y
    }
}

/// Per-part header: its box and where its bands live in the shared tables.
#[derive(Debug, Clone, Copy)]
struct PartHeader {
    bbox: BBox,
    band_height: f64,
    /// First entry of this part in `band_start`; the part has `bands + 1` entries there.
    first_band: u32,
    bands: u32,
}

/// All polygon parts ready for fast tests. Each part's edges are bucketed by latitude band; every
/// part's bands share two contiguous tables, so nearby parts (adjacent ids) sit close in memory.
#[derive(Debug, Clone, Default)]
pub struct PreparedParts {
    parts: Vec<PartHeader>,
    /// Absolute offsets into `band_edges`, one run of `bands + 1` per part.
    band_start: Vec<u32>,
    /// Edges inline as [ax, ay, bx, by]: a test streams one contiguous slice instead of chasing vertex indices.
    band_edges: Vec<[f64; 4]>,
}

impl PreparedParts {
    /// Prepares parts; each is a list of rings, each ring a vertex range into `coords` (open rings, closing edge implied).
    pub fn new(coords: &[[f64; 2]], parts: &[Vec<Range<u32>>]) -> PreparedParts {
        let mut prepared = PreparedParts::default();
        let mut edges: Vec<[f64; 4]> = Vec::new();
        for rings in parts {
            edges.clear();
            let mut bbox = BBox::EMPTY;
            for ring in rings {
                for i in ring.clone() {
                    let next = if i + 1 == ring.end { ring.start } else { i + 1 };
                    let ([ax, ay], [bx, by]) = (coords[i as usize], coords[next as usize]);
                    bbox.extend(ax, ay);
                    // Horizontal edges never cross a horizontal ray, so they need no band.
                    if ay != by {
                        edges.push([ax, ay, bx, by]);
                    }
                }
            }
            prepared.push_part(bbox, &edges);
        }
        prepared.band_edges = copy_to_huge_pages(&prepared.band_edges);
        prepared
    }

    /// Counting sort of a part's edges into every band their latitude span touches.
    fn push_part(&mut self, bbox: BBox, edges: &[[f64; 4]]) {
        let bands = (edges.len() / EDGES_PER_BAND).clamp(1, MAX_BANDS);
        let header = PartHeader {
            bbox,
            band_height: (bbox.max_y - bbox.min_y) / bands as f64,
            first_band: self.band_start.len() as u32,
            bands: bands as u32,
        };
        let base = self.band_edges.len() as u32;
        let mut counts = vec![0u32; bands + 1];
        let span = |e: &[f64; 4]| header.band_range(e[1], e[3]);
        for e in edges {
            for b in span(e) {
                counts[b + 1] += 1;
            }
        }
        for b in 0..bands {
            counts[b + 1] += counts[b];
        }
        self.band_start.extend(counts.iter().map(|c| base + c));
        self.band_edges
            .resize(base as usize + counts[bands] as usize, [0.0; 4]);
        for e in edges {
            for b in span(e) {
                self.band_edges[(base + counts[b]) as usize] = *e;
                counts[b] += 1;
            }
        }
        self.parts.push(header);
    }

    /// Number of parts.
    pub fn len(&self) -> usize {
        self.parts.len()
    }

    /// True when there are no parts.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Bounding box of a part.
    pub fn bbox(&self, part: usize) -> BBox {
        self.parts[part].bbox
    }

    /// Even-odd test over all rings of `part`: holes subtract.
    pub fn contains(&self, part: usize, x: f64, y: f64) -> bool {
        let header = &self.parts[part];
        if !header.bbox.contains(x, y) {
            return false;
        }
        let b = header.first_band as usize + header.band_of(y);
        let edges = &self.band_edges[self.band_start[b] as usize..self.band_start[b + 1] as usize];
        let p = Coord { x, y };
        let mut inside = false;
        for &[ax, ay, bx, by] in edges {
            // Half-open in y: an edge counts when exactly one endpoint lies strictly above the ray.
            if (ay > y) != (by > y) {
                let side = orient2d(Coord { x: ax, y: ay }, Coord { x: bx, y: by }, p);
                // The crossing is strictly east of p when p is left of an upward edge or right of a downward one.
                if (by > ay && side > 0.0) || (by < ay && side < 0.0) {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// Heap bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.parts.capacity() * std::mem::size_of::<PartHeader>()
            + self.band_start.capacity() * 4
            + self.band_edges.capacity() * 32
    }
}

impl PartHeader {
    fn band_range(&self, y0: f64, y1: f64) -> std::ops::RangeInclusive<usize> {
        self.band_of(y0.min(y1))..=self.band_of(y0.max(y1))
    }

    fn band_of(&self, y: f64) -> usize {
        if self.band_height <= 0.0 {
            return 0;
        }
        (((y - self.bbox.min_y) / self.band_height) as usize).min(self.bands as usize - 1)
    }
}

#[cfg(test)]
// Single-ring parts are the point of these fixtures, not a mistaken range-to-vec.
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    /// A 0..4 square with a 1..2 square hole, as open rings.
    fn square_with_hole() -> (Vec<[f64; 2]>, Vec<Range<u32>>) {
        let coords = vec![
            [0.0, 0.0],
            [4.0, 0.0],
            [4.0, 4.0],
            [0.0, 4.0],
            [1.0, 1.0],
            [1.0, 2.0],
            [2.0, 2.0],
            [2.0, 1.0],
        ];
        (coords, vec![0..4, 4..8])
    }

    #[test]
    fn inside_outside_and_in_the_hole() {
        let (coords, rings) = square_with_hole();
        let parts = PreparedParts::new(&coords, &[rings]);
        assert!(parts.contains(0, 3.0, 3.0));
        assert!(!parts.contains(0, 1.5, 1.5));
        assert!(!parts.contains(0, 5.0, 1.0));
        assert!(!parts.contains(0, -0.1, 2.0));
    }

    #[test]
    fn edges_belong_to_the_west_and_south_sides_of_a_polygon() {
        let (coords, rings) = square_with_hole();
        let parts = PreparedParts::new(&coords, &[rings]);
        assert!(parts.contains(0, 0.0, 3.0), "west edge is inside");
        assert!(!parts.contains(0, 4.0, 3.0), "east edge is outside");
        assert!(parts.contains(0, 3.0, 0.0), "south edge is inside");
        assert!(!parts.contains(0, 3.0, 4.0), "north edge is outside");
    }

    #[test]
    fn a_point_on_a_shared_slanted_edge_belongs_to_exactly_one_side() {
        // Two triangles sharing the diagonal (0,0)-(1,1) of the unit square.
        let coords = vec![
            [0.0, 0.0],
            [1.0, 0.0],
            [1.0, 1.0],
            [0.0, 0.0],
            [1.0, 1.0],
            [0.0, 1.0],
        ];
        let both = PreparedParts::new(&coords, &[vec![0..3], vec![3..6]]);
        for t in [0.1, 0.25, 0.5, 0.7, 0.9] {
            assert!(both.contains(0, t, t), "east triangle owns ({t},{t})");
            assert!(
                !both.contains(1, t, t),
                "west triangle does not own ({t},{t})"
            );
        }
    }

    #[test]
    fn many_bands_give_the_same_answers_as_one() {
        // A 64-gon: enough edges for several bands.
        let n = 64;
        let coords: Vec<[f64; 2]> = (0..n)
            .map(|i| {
                let a = i as f64 / n as f64 * std::f64::consts::TAU;
                [
                    a.cos() * (1.0 + 0.3 * (5.0 * a).sin()),
                    a.sin() * (1.0 + 0.3 * (5.0 * a).sin()),
                ]
            })
            .collect();
        let parts = PreparedParts::new(&coords, &[vec![0..n as u32]]);
        assert!(parts.parts[0].bands > 1);
        for i in 0..2000 {
            let (x, y) = ((i % 50) as f64 / 20.0 - 1.25, (i / 50) as f64 / 16.0 - 1.25);
            let mut inside = false;
            for k in 0..n {
                let [ax, ay] = coords[k];
                let [bx, by] = coords[(k + 1) % n];
                if (ay > y) != (by > y) && x < ax + (y - ay) * (bx - ax) / (by - ay) {
                    inside = !inside;
                }
            }
            assert_eq!(parts.contains(0, x, y), inside, "({x},{y})");
        }
    }
}
