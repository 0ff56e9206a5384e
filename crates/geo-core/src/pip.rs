//! Point-in-polygon for one prepared part (outer ring + holes), with horizontal bands of edges so a
//! test touches only the edges whose latitude span covers the point, never the whole ring.
//!
//! Boundary rule (half-open crossing test with exact orientation): a point on an edge shared by two
//! polygons belongs to the one east of it; on an east-west edge, to the one north of it.
//!
//! Edges keep their integer microdegrees (16 bytes each, read in place from the file). A test compares
//! them with the point's latitude threshold in integers, and converts an edge to degrees (`v / 1e6`,
//! the same f64 the file's coordinates always meant) only when it crosses the point's latitude.
use bytemuck::{Pod, Zeroable};
use robust::{orient2d, Coord};
use std::ops::Range;

/// Upper bound on bands per part; beyond this the band table costs more memory than it saves time.
const MAX_BANDS: usize = 4096;
/// Target number of edges per band.
const EDGES_PER_BAND: usize = 8;

/// An edge as stored: [ax, ay, bx, by] in microdegrees.
pub type EdgeE6 = [i32; 4];

/// Microdegrees to degrees, the one conversion every stage uses (correctly rounded, so monotonic).
#[inline]
pub fn degrees(e6: i32) -> f64 {
    e6 as f64 / 1e6
}

/// Axis-aligned box in lon/lat degrees.
#[repr(C)]
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

/// Per-part header as stored in the file (48 bytes): its box and where its bands live in the shared tables.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PartHeader {
    pub bbox: BBox,
    pub band_height: f64,
    /// First entry of this part in `band_start`; the part has `bands + 1` entries there.
    pub first_band: u32,
    pub bands: u32,
}

// SAFETY: repr(C), only f64 and u32 fields laid out without padding (4*8 + 8 + 4 + 4 = 48), any bit pattern is valid.
unsafe impl Zeroable for PartHeader {}
// SAFETY: as above; Copy and 'static, no padding, no pointers.
unsafe impl Pod for PartHeader {}

/// A query point with its latitude threshold: the largest microdegree value `t` with `degrees(t) <= y`,
/// so `e6 > t` is exactly `degrees(e6) > y` for every stored coordinate.
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    x: f64,
    y: f64,
    y_e6: i32,
}

impl Probe {
    /// A finite point (lon, lat) in degrees.
    #[inline]
    pub fn new(x: f64, y: f64) -> Probe {
        Probe {
            x,
            y,
            y_e6: latitude_threshold(y),
        }
    }
}

/// The largest `t` with `degrees(t) <= y`, clamped to i32. `floor(y * 1e6)` is off by at most one either way
/// (its rounding error is ~1e-8 of a unit), and `degrees` is monotonic: two independent divisions settle it.
#[inline]
fn latitude_threshold(y: f64) -> i32 {
    let c = (y * 1e6).floor();
    if c >= i32::MAX as f64 {
        return i32::MAX;
    }
    if c <= i32::MIN as f64 {
        return i32::MIN;
    }
    let t0 = c as i64;
    let t = if (t0 as f64 / 1e6) > y {
        t0 - 1
    } else if ((t0 + 1) as f64 / 1e6) <= y {
        t0 + 1
    } else {
        t0
    };
    t.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// All polygon parts as the builder (`npm run data:build`) prepares them: each part's edges bucketed by
/// latitude band, every part's bands in two contiguous tables, so nearby parts (adjacent ids) sit close.
#[derive(Debug, Clone, Default)]
pub struct PreparedParts {
    pub headers: Vec<PartHeader>,
    /// Absolute offsets into `band_edges`, one run of `bands + 1` per part.
    pub band_start: Vec<u32>,
    /// Edges inline: a test streams one contiguous slice instead of chasing vertex indices.
    pub band_edges: Vec<EdgeE6>,
}

impl PreparedParts {
    /// Prepares parts; each is a list of rings, each ring a vertex range into `coords` (open rings, closing edge implied).
    pub fn new(coords: &[[i32; 2]], parts: &[Vec<Range<u32>>]) -> PreparedParts {
        let mut prepared = PreparedParts::default();
        let mut edges: Vec<EdgeE6> = Vec::new();
        for rings in parts {
            edges.clear();
            let mut bbox = BBox::EMPTY;
            for ring in rings {
                for i in ring.clone() {
                    let next = if i + 1 == ring.end { ring.start } else { i + 1 };
                    let ([ax, ay], [bx, by]) = (coords[i as usize], coords[next as usize]);
                    bbox.extend(degrees(ax), degrees(ay));
                    // Horizontal edges never cross a horizontal ray, so they need no band.
                    if ay != by {
                        edges.push([ax, ay, bx, by]);
                    }
                }
            }
            prepared.push_part(bbox, &edges);
        }
        prepared
    }

    /// Counting sort of a part's edges into every band their latitude span touches.
    fn push_part(&mut self, bbox: BBox, edges: &[EdgeE6]) {
        let bands = (edges.len() / EDGES_PER_BAND).clamp(1, MAX_BANDS);
        let header = PartHeader {
            bbox,
            band_height: (bbox.max_y - bbox.min_y) / bands as f64,
            first_band: self.band_start.len() as u32,
            bands: bands as u32,
        };
        let base = self.band_edges.len() as u32;
        let mut counts = vec![0u32; bands + 1];
        let span = |e: &EdgeE6| band_range(&header, degrees(e[1]), degrees(e[3]));
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
            .resize(base as usize + counts[bands] as usize, [0; 4]);
        for e in edges {
            for b in span(e) {
                self.band_edges[(base + counts[b]) as usize] = *e;
                counts[b] += 1;
            }
        }
        self.headers.push(header);
    }

    /// Borrowed view for lookups.
    pub fn view(&self) -> PartsView<'_> {
        PartsView {
            headers: &self.headers,
            band_start: &self.band_start,
            band_edges: &self.band_edges,
        }
    }
}

/// The prepared parts as lookups read them, borrowed from the file image.
#[derive(Debug, Clone, Copy)]
pub struct PartsView<'a> {
    pub headers: &'a [PartHeader],
    pub band_start: &'a [u32],
    pub band_edges: &'a [EdgeE6],
}

impl PartsView<'_> {
    /// Number of parts.
    pub fn len(&self) -> usize {
        self.headers.len()
    }

    /// True when there are no parts.
    pub fn is_empty(&self) -> bool {
        self.headers.is_empty()
    }

    /// Bounding box of a part.
    pub fn bbox(&self, part: usize) -> BBox {
        self.headers[part].bbox
    }

    /// Even-odd test over all rings of `part`: holes subtract.
    pub fn contains(&self, part: usize, p: &Probe) -> bool {
        let header = &self.headers[part];
        if !header.bbox.contains(p.x, p.y) {
            return false;
        }
        let b = header.first_band as usize + band_of(header, p.y);
        let edges = &self.band_edges[self.band_start[b] as usize..self.band_start[b + 1] as usize];
        let point = Coord { x: p.x, y: p.y };
        let t = p.y_e6;
        let mut inside = false;
        for &[ax, ay, bx, by] in edges {
            // Half-open in y: an edge counts when exactly one endpoint lies strictly above the ray.
            if (ay > t) != (by > t) {
                let a = Coord {
                    x: degrees(ax),
                    y: degrees(ay),
                };
                let side = orient2d(
                    a,
                    Coord {
                        x: degrees(bx),
                        y: degrees(by),
                    },
                    point,
                );
                // The crossing is strictly east of p when p is left of an upward edge or right of a downward one.
                if (by > ay && side > 0.0) || (by < ay && side < 0.0) {
                    inside = !inside;
                }
            }
        }
        inside
    }
}

fn band_range(header: &PartHeader, y0: f64, y1: f64) -> std::ops::RangeInclusive<usize> {
    band_of(header, y0.min(y1))..=band_of(header, y0.max(y1))
}

fn band_of(header: &PartHeader, y: f64) -> usize {
    if header.band_height <= 0.0 {
        return 0;
    }
    (((y - header.bbox.min_y) / header.band_height) as usize).min(header.bands as usize - 1)
}

#[cfg(test)]
// Single-ring parts are the point of these fixtures, not a mistaken range-to-vec.
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    /// Degrees to the stored microdegrees.
    fn e6(points: &[[f64; 2]]) -> Vec<[i32; 2]> {
        points
            .iter()
            .map(|p| [(p[0] * 1e6).round() as i32, (p[1] * 1e6).round() as i32])
            .collect()
    }

    fn contains(parts: &PreparedParts, part: usize, x: f64, y: f64) -> bool {
        parts.view().contains(part, &Probe::new(x, y))
    }

    /// A 0..4 square with a 1..2 square hole, as open rings.
    fn square_with_hole() -> (Vec<[i32; 2]>, Vec<Range<u32>>) {
        let coords = e6(&[
            [0.0, 0.0],
            [4.0, 0.0],
            [4.0, 4.0],
            [0.0, 4.0],
            [1.0, 1.0],
            [1.0, 2.0],
            [2.0, 2.0],
            [2.0, 1.0],
        ]);
        (coords, vec![0..4, 4..8])
    }

    #[test]
    fn inside_outside_and_in_the_hole() {
        let (coords, rings) = square_with_hole();
        let parts = PreparedParts::new(&coords, &[rings]);
        assert!(contains(&parts, 0, 3.0, 3.0));
        assert!(!contains(&parts, 0, 1.5, 1.5));
        assert!(!contains(&parts, 0, 5.0, 1.0));
        assert!(!contains(&parts, 0, -0.1, 2.0));
    }

    #[test]
    fn edges_belong_to_the_west_and_south_sides_of_a_polygon() {
        let (coords, rings) = square_with_hole();
        let parts = PreparedParts::new(&coords, &[rings]);
        assert!(contains(&parts, 0, 0.0, 3.0), "west edge is inside");
        assert!(!contains(&parts, 0, 4.0, 3.0), "east edge is outside");
        assert!(contains(&parts, 0, 3.0, 0.0), "south edge is inside");
        assert!(!contains(&parts, 0, 3.0, 4.0), "north edge is outside");
    }

    #[test]
    fn a_point_on_a_shared_slanted_edge_belongs_to_exactly_one_side() {
        // Two triangles sharing the diagonal (0,0)-(1,1) of the unit square.
        let coords = e6(&[
            [0.0, 0.0],
            [1.0, 0.0],
            [1.0, 1.0],
            [0.0, 0.0],
            [1.0, 1.0],
            [0.0, 1.0],
        ]);
        let both = PreparedParts::new(&coords, &[vec![0..3], vec![3..6]]);
        for t in [0.1, 0.25, 0.5, 0.7, 0.9] {
            assert!(contains(&both, 0, t, t), "east triangle owns ({t},{t})");
            assert!(
                !contains(&both, 1, t, t),
                "west triangle does not own ({t},{t})"
            );
        }
    }

    #[test]
    fn many_bands_give_the_same_answers_as_a_brute_force_test_on_the_degree_coordinates() {
        // A 64-gon: enough edges for several bands.
        let n = 64;
        let shape: Vec<[f64; 2]> = (0..n)
            .map(|i| {
                let a = i as f64 / n as f64 * std::f64::consts::TAU;
                let r = 1.0 + 0.3 * (5.0 * a).sin();
                [a.cos() * r, a.sin() * r]
            })
            .collect();
        let coords = e6(&shape);
        let parts = PreparedParts::new(&coords, &[vec![0..n as u32]]);
        assert!(parts.headers[0].bands > 1);
        for i in 0..2000 {
            let (x, y) = ((i % 50) as f64 / 20.0 - 1.25, (i / 50) as f64 / 16.0 - 1.25);
            let mut inside = false;
            for k in 0..n {
                let [ax, ay] = coords[k].map(degrees);
                let [bx, by] = coords[(k + 1) % n].map(degrees);
                if (ay > y) != (by > y) && x < ax + (y - ay) * (bx - ax) / (by - ay) {
                    inside = !inside;
                }
            }
            assert_eq!(contains(&parts, 0, x, y), inside, "({x},{y})");
        }
    }

    #[test]
    fn the_latitude_threshold_orders_every_coordinate_exactly_like_its_degrees() {
        let mut seed: u64 = 0x7357;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 11
        };
        for _ in 0..20_000 {
            let base = (next() % 180_000_001) as i64 - 90_000_000;
            // Points on, between and next to microdegree values, the edge cases of the threshold.
            let y = degrees(base as i32)
                + [0.0, 1e-7, -1e-7, 5e-7, 1e-12, -1e-12][(next() % 6) as usize];
            let t = Probe::new(0.0, y).y_e6;
            for v in base - 3..=base + 3 {
                let v = v as i32;
                assert_eq!(v > t, degrees(v) > y, "v {v}, y {y}");
            }
        }
        for _ in 0..20_000 {
            let y = (next() as f64 / (1u64 << 53) as f64) * 180.0 - 90.0;
            let t = Probe::new(0.0, y).y_e6;
            for v in [t - 2, t - 1, t, t + 1, t + 2] {
                assert_eq!(v > t, degrees(v) > y, "v {v}, y {y}");
            }
        }
        assert_eq!(Probe::new(0.0, 1e300).y_e6, i32::MAX);
        assert_eq!(Probe::new(0.0, -1e300).y_e6, i32::MIN);
        assert_eq!(Probe::new(0.0, 2147.483647).y_e6, i32::MAX);
        assert_eq!(Probe::new(0.0, -2147.483648).y_e6, i32::MIN);
    }
}
