//! The boundary index: a classification grid over prepared polygon parts, and lookups by polygon id.
use crate::error::GeoError;
use crate::format::{self, BoundaryData};
use crate::grid::{Cell, Grid, GridPart};
use crate::pip::{BBox, PreparedParts};
#[cfg(feature = "oracle")]
use rstar::{
    primitives::{GeomWithData, Rectangle},
    RTree, AABB,
};
use std::ops::Range;

#[cfg(feature = "oracle")]
type PartBox = GeomWithData<Rectangle<[f64; 2]>, u32>;

/// Grid cell edge in degrees (about 1.1 km): small enough that most land cells hold no edge.
pub const GRID_CELL_DEGREES: f64 = 0.01;

/// Loaded boundaries. Polygon ids are file positions; `lookup` returns the lowest id containing the point.
///
/// A lookup reads the grid first: sea and polygon interiors answer there. Points in cells an edge
/// crosses test the cell's candidate parts with the banded point-in-polygon test. With the `oracle`
/// feature (tests only) an R-tree over part boxes answers the same question without the grid.
pub struct BoundaryIndex {
    grid: Grid,
    parts: PreparedParts,
    part_polygon: Vec<u32>,
    #[cfg(feature = "oracle")]
    tree: RTree<PartBox>,
    polygon_count: usize,
    vertex_count: usize,
}

/// Builds the classification grid; part boxes are recomputed here so the grid does not wait for the bands.
fn grid_for(coords: &[[f64; 2]], part_rings: &[Vec<Range<u32>>], part_polygon: &[u32]) -> Grid {
    let grid_parts: Vec<GridPart<'_>> = part_rings
        .iter()
        .zip(part_polygon)
        .map(|(rings, &polygon)| {
            let mut bbox = BBox::EMPTY;
            rings
                .iter()
                .flat_map(|r| r.clone())
                .for_each(|v| bbox.extend(coords[v as usize][0], coords[v as usize][1]));
            GridPart {
                polygon,
                bbox,
                rings,
            }
        })
        .collect();
    Grid::build(coords, &grid_parts, GRID_CELL_DEGREES)
}

impl BoundaryIndex {
    /// Reads, verifies and prepares a boundary file.
    pub fn open(path: &str) -> Result<BoundaryIndex, GeoError> {
        let bytes = std::fs::read(path).map_err(|e| GeoError::Io(format!("{path}: {e}")))?;
        Self::from_data(&format::decode(&bytes)?)
    }

    /// Prepares validated tables (microdegrees become f64 degrees once, here).
    pub fn from_data(data: &BoundaryData) -> Result<BoundaryIndex, GeoError> {
        data.validate()?;
        let coords: Vec<[f64; 2]> = data
            .coords_e6
            .chunks_exact(2)
            .map(|p| [p[0] as f64 / 1e6, p[1] as f64 / 1e6])
            .collect();
        let rings = &data.ring_vertices;
        let mut part_rings = Vec::with_capacity(data.part_rings.len() - 1);
        let mut part_polygon = Vec::with_capacity(part_rings.capacity());
        for (polygon, span) in data.polygon_parts.windows(2).enumerate() {
            for part in span[0]..span[1] {
                let ring_ids = data.part_rings[part as usize]..data.part_rings[part as usize + 1];
                part_rings.push(
                    ring_ids
                        .map(|r| rings[r as usize]..rings[r as usize + 1])
                        .collect::<Vec<_>>(),
                );
                part_polygon.push(polygon as u32);
            }
        }
        // Bands and grid are independent; build them on two threads (start-up is what they cost).
        let (parts, grid) = std::thread::scope(|scope| {
            let parts = scope.spawn(|| PreparedParts::new(&coords, &part_rings));
            let grid = grid_for(&coords, &part_rings, &part_polygon);
            (parts.join(), grid)
        });
        let parts =
            parts.map_err(|_| GeoError::BadData("preparing polygon parts failed".into()))?;
        let (polygon_count, vertex_count) = (data.polygon_count(), coords.len());
        Ok(BoundaryIndex {
            grid,
            #[cfg(feature = "oracle")]
            tree: part_tree(&parts),
            parts,
            part_polygon,
            polygon_count,
            vertex_count,
        })
    }

    /// Lowest polygon id containing (lon, lat), or None (also for non-finite input).
    pub fn lookup(&self, lon: f64, lat: f64) -> Option<u32> {
        if !lon.is_finite() || !lat.is_finite() {
            return None;
        }
        match self.grid.cell(lon, lat) {
            Cell::Empty => None,
            Cell::Inside(id) => Some(id),
            // Candidate lists are in part order, hence ascending polygon id: the first hit is the lowest.
            Cell::Boundary(candidates) => candidates
                .iter()
                .find(|&&p| self.parts.contains(p as usize, lon, lat))
                .map(|&p| self.part_polygon[p as usize]),
        }
    }

    /// The same answer as `lookup` without the grid: R-tree candidates, then point-in-polygon.
    #[cfg(feature = "oracle")]
    pub fn lookup_exact(&self, lon: f64, lat: f64) -> Option<u32> {
        if !lon.is_finite() || !lat.is_finite() {
            return None;
        }
        let point = AABB::from_point([lon, lat]);
        self.first_containing(
            self.tree
                .locate_in_envelope_intersecting(&point)
                .map(|b| b.data as usize),
            lon,
            lat,
        )
    }

    #[cfg(feature = "oracle")]
    fn first_containing(
        &self,
        parts: impl Iterator<Item = usize>,
        lon: f64,
        lat: f64,
    ) -> Option<u32> {
        parts
            .filter(|&p| self.parts.contains(p, lon, lat))
            .map(|p| self.part_polygon[p])
            .min()
    }

    /// Looks up `[lon0, lat0, lon1, lat1, …]`; -1 per miss. Trailing odd values are ignored.
    pub fn lookup_many(&self, lon_lat: &[f64]) -> Vec<i32> {
        // Random points miss the cache on their grid cell; fetching a few points ahead overlaps those misses.
        const AHEAD: usize = 16;
        let mut ahead = lon_lat.chunks_exact(2);
        for p in ahead.by_ref().take(AHEAD) {
            self.grid.prefetch(p[0], p[1]);
        }
        lon_lat
            .chunks_exact(2)
            .map(|p| {
                if let Some(next) = ahead.next() {
                    self.grid.prefetch(next[0], next[1]);
                }
                self.lookup(p[0], p[1]).map_or(-1, |id| id as i32)
            })
            .collect()
    }

    /// Number of polygons.
    pub fn len(&self) -> usize {
        self.polygon_count
    }

    /// True when no polygon is loaded.
    pub fn is_empty(&self) -> bool {
        self.polygon_count == 0
    }

    /// Number of vertices loaded.
    pub fn vertex_count(&self) -> usize {
        self.vertex_count
    }

    /// Share of grid cells that need a point-in-polygon test.
    #[cfg(feature = "oracle")]
    pub fn grid_boundary_share(&self) -> f64 {
        self.grid.boundary_share()
    }

    /// Approximate heap bytes: band tables, grid, part index.
    pub fn heap_bytes(&self) -> usize {
        self.parts.heap_bytes() + self.grid.heap_bytes() + self.part_polygon.capacity() * 4
    }
}

/// The R-tree over part boxes behind `lookup_exact`.
#[cfg(feature = "oracle")]
fn part_tree(parts: &PreparedParts) -> RTree<PartBox> {
    let boxes = (0..parts.len())
        .map(|i| {
            let b = parts.bbox(i);
            GeomWithData::new(
                Rectangle::from_corners([b.min_x, b.min_y], [b.max_x, b.max_y]),
                i as u32,
            )
        })
        .collect();
    RTree::bulk_load(boxes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Polygon 0: square 0..2 x 0..2; polygon 1: square 2..4 x 0..2 (shares x=2) with a
    /// second part 10..11; polygon 2: square 1..3 x 1..3 overlapping both.
    fn fixture() -> BoundaryIndex {
        let sq = |x0: i32, y0: i32, x1: i32, y1: i32| {
            [x0, y0, x1, y0, x1, y1, x0, y1]
                .map(|v| v * 1_000_000)
                .to_vec()
        };
        let coords_e6 = [
            sq(0, 0, 2, 2),
            sq(2, 0, 4, 2),
            sq(10, 0, 11, 1),
            sq(1, 1, 3, 3),
        ]
        .concat();
        let data = BoundaryData {
            polygon_parts: vec![0, 1, 3, 4],
            part_rings: vec![0, 1, 2, 3, 4],
            ring_vertices: vec![0, 4, 8, 12, 16],
            coords_e6,
        };
        BoundaryIndex::from_data(&data).expect("valid fixture")
    }

    #[test]
    fn finds_polygons_parts_and_misses() {
        let index = fixture();
        assert_eq!(index.lookup(0.5, 0.5), Some(0));
        assert_eq!(index.lookup(3.5, 0.5), Some(1));
        assert_eq!(
            index.lookup(10.5, 0.5),
            Some(1),
            "second part of a MultiPolygon"
        );
        assert_eq!(index.lookup(7.0, 0.5), None);
        assert_eq!(index.lookup(f64::NAN, 0.5), None);
    }

    #[test]
    fn shared_edge_goes_east_and_overlaps_go_to_the_lowest_id() {
        let index = fixture();
        assert_eq!(
            index.lookup(2.0, 0.5),
            Some(1),
            "x=2 is shared by 0 and 1: east wins"
        );
        assert_eq!(
            index.lookup(1.5, 1.5),
            Some(0),
            "0 and 2 overlap: lowest id"
        );
        assert_eq!(index.lookup(2.5, 2.5), Some(2));
    }

    #[test]
    #[cfg(feature = "oracle")]
    fn grid_and_exact_paths_agree_on_a_dense_sweep() {
        let index = fixture();
        for i in 0..12_000 {
            let (x, y) = ((i % 120) as f64 / 10.0 - 0.5, (i / 120) as f64 / 30.0 - 0.2);
            assert_eq!(index.lookup(x, y), index.lookup_exact(x, y), "({x},{y})");
        }
    }

    #[test]
    fn batch_matches_single_lookups() {
        let index = fixture();
        assert_eq!(
            index.lookup_many(&[0.5, 0.5, 7.0, 0.5, 10.5, 0.5, 2.5, 2.5]),
            vec![0, -1, 1, 2]
        );
    }

    #[test]
    fn long_batches_with_prefetching_match_single_lookups_including_invalid_points() {
        let index = fixture();
        let mut lon_lat = Vec::new();
        for i in 0..500 {
            let (x, y) = (
                (i * 37 % 130) as f64 / 10.0 - 0.5,
                (i * 11 % 40) as f64 / 10.0 - 0.5,
            );
            lon_lat.extend_from_slice(&[x, y]);
        }
        lon_lat.extend_from_slice(&[f64::NAN, 0.5, 0.5, f64::INFINITY, -1e308, 1e308]);
        let expected: Vec<i32> = lon_lat
            .chunks_exact(2)
            .map(|p| index.lookup(p[0], p[1]).map_or(-1, |id| id as i32))
            .collect();
        assert_eq!(index.lookup_many(&lon_lat), expected);
        assert!(expected.iter().any(|&id| id >= 0) && expected.iter().any(|&id| id < 0));
    }
}
