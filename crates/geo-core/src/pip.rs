//! Point-in-polygon for one prepared part (outer ring + holes), with horizontal bands of edges so a
//! test touches only the edges whose latitude span covers the point, never the whole ring.
//!
//! Boundary rule (half-open crossing test with exact orientation): a point on an edge shared by two
//! polygons belongs to the one east of it; on an east-west edge, to the one north of it.
use robust::{orient2d, Coord};

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

/// One polygon part ready for fast tests: edges as vertex index pairs, bucketed by latitude band.
#[derive(Debug, Clone)]
pub struct PreparedPart {
    pub bbox: BBox,
    band_height: f64,
    /// `band_start[b]..band_start[b+1]` index `band_edges` for band b.
    band_start: Vec<u32>,
    /// Edges as (from, to) indices into the shared vertex array.
    band_edges: Vec<[u32; 2]>,
}

impl PreparedPart {
    /// Builds the part from its rings, each a vertex index range into `coords` (rings are open; the closing edge is implied).
    pub fn new(coords: &[[f64; 2]], rings: &[std::ops::Range<u32>]) -> PreparedPart {
        let mut bbox = BBox::EMPTY;
        let mut edges: Vec<[u32; 2]> = Vec::new();
        for ring in rings {
            for i in ring.clone() {
                let next = if i + 1 == ring.end { ring.start } else { i + 1 };
                let [x, y] = coords[i as usize];
                bbox.extend(x, y);
                // Horizontal edges never cross a horizontal ray, so they need no band.
                if y != coords[next as usize][1] {
                    edges.push([i, next]);
                }
            }
        }
        let bands = (edges.len() / EDGES_PER_BAND).clamp(1, MAX_BANDS);
        let band_height = (bbox.max_y - bbox.min_y) / bands as f64;
        let mut part = PreparedPart {
            bbox,
            band_height,
            band_start: vec![0; bands + 1],
            band_edges: Vec::new(),
        };
        part.fill_bands(coords, &edges, bands);
        part
    }

    fn band_range(&self, y0: f64, y1: f64, bands: usize) -> std::ops::RangeInclusive<usize> {
        self.band_of(y0.min(y1), bands)..=self.band_of(y0.max(y1), bands)
    }

    fn band_of(&self, y: f64, bands: usize) -> usize {
        if self.band_height <= 0.0 {
            return 0;
        }
        (((y - self.bbox.min_y) / self.band_height) as usize).min(bands - 1)
    }

    /// Counting sort of edges into every band their latitude span touches.
    fn fill_bands(&mut self, coords: &[[f64; 2]], edges: &[[u32; 2]], bands: usize) {
        let span = |e: &[u32; 2]| (coords[e[0] as usize][1], coords[e[1] as usize][1]);
        let mut counts = vec![0u32; bands + 1];
        for e in edges {
            let (y0, y1) = span(e);
            for b in self.band_range(y0, y1, bands) {
                counts[b + 1] += 1;
            }
        }
        for b in 0..bands {
            counts[b + 1] += counts[b];
        }
        self.band_start.copy_from_slice(&counts);
        let mut cursor = counts;
        self.band_edges = vec![[0, 0]; self.band_start[bands] as usize];
        for e in edges {
            let (y0, y1) = span(e);
            for b in self.band_range(y0, y1, bands) {
                self.band_edges[cursor[b] as usize] = *e;
                cursor[b] += 1;
            }
        }
    }

    /// Even-odd test over all rings: holes subtract, nested parts do not matter here.
    pub fn contains(&self, coords: &[[f64; 2]], x: f64, y: f64) -> bool {
        if !self.bbox.contains(x, y) {
            return false;
        }
        let bands = self.band_start.len() - 1;
        let b = self.band_of(y, bands);
        let edges = &self.band_edges[self.band_start[b] as usize..self.band_start[b + 1] as usize];
        let p = Coord { x, y };
        let mut inside = false;
        for &[from, to] in edges {
            let [ax, ay] = coords[from as usize];
            let [bx, by] = coords[to as usize];
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

    /// Heap bytes held by the band tables.
    pub fn heap_bytes(&self) -> usize {
        self.band_start.capacity() * 4 + self.band_edges.capacity() * 8
    }
}

#[cfg(test)]
// Single-ring parts are the point of these fixtures, not a mistaken range-to-vec.
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    /// A 0..4 square with a 1..2 square hole, as open rings.
    fn square_with_hole() -> (Vec<[f64; 2]>, Vec<std::ops::Range<u32>>) {
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
        let part = PreparedPart::new(&coords, &rings);
        assert!(part.contains(&coords, 3.0, 3.0));
        assert!(!part.contains(&coords, 1.5, 1.5));
        assert!(!part.contains(&coords, 5.0, 1.0));
        assert!(!part.contains(&coords, -0.1, 2.0));
    }

    #[test]
    fn edges_belong_to_the_west_and_south_sides_of_a_polygon() {
        let (coords, rings) = square_with_hole();
        let part = PreparedPart::new(&coords, &rings);
        assert!(part.contains(&coords, 0.0, 3.0), "west edge is inside");
        assert!(!part.contains(&coords, 4.0, 3.0), "east edge is outside");
        assert!(part.contains(&coords, 3.0, 0.0), "south edge is inside");
        assert!(!part.contains(&coords, 3.0, 4.0), "north edge is outside");
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
        let east = PreparedPart::new(&coords, &[0..3]);
        let west = PreparedPart::new(&coords, &[3..6]);
        for t in [0.1, 0.25, 0.5, 0.7, 0.9] {
            assert!(east.contains(&coords, t, t), "east triangle owns ({t},{t})");
            assert!(
                !west.contains(&coords, t, t),
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
        let part = PreparedPart::new(&coords, &[0..n as u32]);
        assert!(part.band_start.len() > 2);
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
            assert_eq!(part.contains(&coords, x, y), inside, "({x},{y})");
        }
    }
}
