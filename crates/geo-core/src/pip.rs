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
mod tests;
