//! The boundary index: the prepared grid and bands of a boundary file, read in place, and lookups by polygon id.
use crate::error::GeoError;
use crate::format::{self, BoundaryData, Header, Sections};
use crate::grid::{Cell, GridView};
use crate::image::Image;
use crate::outline::{polygons_meeting, Outline, OutlineView};
use crate::pip::{BBox, PartsView, Probe};
#[cfg(feature = "oracle")]
use rstar::{
    primitives::{GeomWithData, Rectangle},
    RTree, AABB,
};
use std::sync::atomic::{AtomicU64, Ordering};

pub use crate::prepare::GRID_CELL_DEGREES;

#[cfg(feature = "oracle")]
type PartBox = GeomWithData<Rectangle<[f64; 2]>, u32>;

/// Numbers the indexes a process loads, so callers can tell a shared instance from a second load.
static NEXT_INSTANCE: AtomicU64 = AtomicU64::new(1);

/// Loaded boundaries. Polygon ids are file positions; `lookup` returns the lowest id containing the point.
///
/// A lookup reads the grid first: sea and polygon interiors answer there. Points in cells an edge
/// crosses test the cell's candidate parts with the banded point-in-polygon test. With the `oracle`
/// feature (tests only) an R-tree over part boxes answers the same question without the grid.
pub struct BoundaryIndex {
    /// The tables, borrowed from `image`. Declared before it, so it is dropped first; `view()` hands it out
    /// only for the lifetime of `&self`.
    view: View<'static>,
    image: Image,
    header: Header,
    instance_id: u64,
    #[cfg(feature = "oracle")]
    tree: RTree<PartBox>,
}

/// The tables a lookup reads, borrowed from the image.
#[derive(Clone, Copy)]
struct View<'a> {
    grid: GridView<'a>,
    parts: PartsView<'a>,
    part_polygon: &'a [u32],
    outlines: OutlineView<'a>,
}

impl BoundaryIndex {
    /// Maps and verifies a boundary file (magic, version, length, checksum); nothing is decoded or built.
    pub fn open(path: &str) -> Result<BoundaryIndex, GeoError> {
        let (image, header) = Image::open(path)?;
        Self::from_image(image, header)
    }

    /// An index over a file image held in memory (verified like a file).
    pub fn from_bytes(bytes: &[u8]) -> Result<BoundaryIndex, GeoError> {
        let (image, header) = Image::from_bytes(bytes)?;
        Self::from_image(image, header)
    }

    /// Prepares validated tables in memory, exactly as `npm run data:build` writes them.
    pub fn from_data(data: &BoundaryData) -> Result<BoundaryIndex, GeoError> {
        Self::from_bytes(&format::encode(data)?)
    }

    fn from_image(image: Image, header: Header) -> Result<BoundaryIndex, GeoError> {
        let bytes = image.bytes();
        // SAFETY: the slice points into `image`'s mapping, which is read-only, never moves (moving `Image` moves
        // only the handle) and is unmapped only when `image` drops — after `view`, by field order. The 'static
        // lifetime never escapes: `view()` narrows it to the borrow of `self`.
        let bytes: &'static [u8] =
            unsafe { std::slice::from_raw_parts(bytes.as_ptr(), bytes.len()) };
        let view = View::of(bytes, &header, &header.sections()?)?;
        Ok(BoundaryIndex {
            #[cfg(feature = "oracle")]
            tree: part_tree(&view.parts),
            view,
            image,
            header,
            instance_id: NEXT_INSTANCE.fetch_add(1, Ordering::Relaxed),
        })
    }

    #[inline]
    fn view(&self) -> &View<'_> {
        &self.view
    }

    /// Lowest polygon id containing (lon, lat), or None (also for non-finite input).
    pub fn lookup(&self, lon: f64, lat: f64) -> Option<u32> {
        self.view().lookup(lon, lat)
    }

    /// The same answer as `lookup` without the grid: R-tree candidates, then point-in-polygon.
    #[cfg(feature = "oracle")]
    pub fn lookup_exact(&self, lon: f64, lat: f64) -> Option<u32> {
        if !lon.is_finite() || !lat.is_finite() {
            return None;
        }
        let view = self.view();
        let probe = Probe::new(lon, lat);
        self.tree
            .locate_in_envelope_intersecting(&AABB::from_point([lon, lat]))
            .map(|b| b.data as usize)
            .filter(|&p| view.parts.contains(p, &probe))
            .map(|p| view.part_polygon[p])
            .min()
    }

    /// Looks up `[lon0, lat0, lon1, lat1, …]`; -1 per miss. Trailing odd values are ignored.
    pub fn lookup_many(&self, lon_lat: &[f64]) -> Vec<i32> {
        // Random points miss the cache on their grid cell; fetching a few points ahead overlaps those misses.
        const AHEAD: usize = 16;
        let view = self.view();
        let mut ahead = lon_lat.chunks_exact(2);
        for p in ahead.by_ref().take(AHEAD) {
            view.grid.prefetch(p[0], p[1]);
        }
        lon_lat
            .chunks_exact(2)
            .map(|p| {
                if let Some(next) = ahead.next() {
                    view.grid.prefetch(next[0], next[1]);
                }
                view.lookup(p[0], p[1]).map_or(-1, |id| id as i32)
            })
            .collect()
    }

    /// The stored outline of polygon `id` (parts, rings, microdegree coordinates), or None for an unknown id.
    pub fn outline(&self, id: u32) -> Option<Outline> {
        self.view().outlines.outline(id)
    }

    /// Polygons one of whose parts' bounding boxes meets the box, ascending (candidates for a map view or neighbours).
    pub fn polygons_in_box(
        &self,
        min_lon: f64,
        min_lat: f64,
        max_lon: f64,
        max_lat: f64,
    ) -> Vec<u32> {
        let area = BBox {
            min_x: min_lon,
            min_y: min_lat,
            max_x: max_lon,
            max_y: max_lat,
        };
        let view = self.view();
        polygons_meeting(&view.parts, view.part_polygon, &area)
    }

    /// Number of polygons.
    pub fn len(&self) -> usize {
        self.header.polygons as usize
    }

    /// True when no polygon is loaded.
    pub fn is_empty(&self) -> bool {
        self.header.polygons == 0
    }

    /// Number of vertices in the file.
    pub fn vertex_count(&self) -> usize {
        self.header.vertices as usize
    }

    /// Process-unique number of this loaded instance (a shared open returns the same one).
    pub fn instance_id(&self) -> u64 {
        self.instance_id
    }

    /// Share of grid cells that need a point-in-polygon test.
    #[cfg(feature = "oracle")]
    pub fn grid_boundary_share(&self) -> f64 {
        self.view().grid.boundary_share()
    }

    /// Size of the file image in bytes (mapped or owned).
    pub fn byte_len(&self) -> usize {
        self.image.bytes().len()
    }

    /// Bytes on the process heap: 0 for a mapped file (its pages belong to the page cache, shared and
    /// reclaimable), the image size when built in memory.
    pub fn heap_bytes(&self) -> usize {
        if self.image.is_file_backed() {
            0
        } else {
            self.byte_len()
        }
    }
}

impl<'a> View<'a> {
    /// Every table cast in place; fails only on a misplaced image, never on file contents.
    fn of(bytes: &'a [u8], header: &Header, s: &Sections) -> Result<View<'a>, GeoError> {
        Ok(View {
            grid: GridView {
                shape: header.grid,
                blocks: format::table(bytes, s.blocks.clone())?,
                cells: format::table(bytes, s.cells.clone())?,
                candidate_start: format::table(bytes, s.candidate_start.clone())?,
                candidates: format::table(bytes, s.candidates.clone())?,
            },
            parts: PartsView {
                headers: format::table(bytes, s.part_headers.clone())?,
                band_start: format::table(bytes, s.band_start.clone())?,
                band_edges: format::table(bytes, s.band_edges.clone())?,
            },
            part_polygon: format::table(bytes, s.part_polygon.clone())?,
            outlines: OutlineView {
                polygon_parts: format::table(bytes, s.polygon_parts.clone())?,
                part_rings: format::table(bytes, s.part_rings.clone())?,
                ring_vertices: format::table(bytes, s.ring_vertices.clone())?,
                coords_e6: format::table(bytes, s.coords_e6.clone())?,
            },
        })
    }

    #[inline]
    fn lookup(&self, lon: f64, lat: f64) -> Option<u32> {
        if !lon.is_finite() || !lat.is_finite() {
            return None;
        }
        match self.grid.cell(lon, lat) {
            Cell::Empty => None,
            Cell::Inside(id) => Some(id),
            // Candidate lists are in part order, hence ascending polygon id: the first hit is the lowest.
            Cell::Boundary(candidates) => {
                let probe = Probe::new(lon, lat);
                candidates
                    .iter()
                    .find(|&&p| self.parts.contains(p as usize, &probe))
                    .map(|&p| self.part_polygon[p as usize])
            }
        }
    }
}

/// The R-tree over part boxes behind `lookup_exact`.
#[cfg(feature = "oracle")]
fn part_tree(parts: &PartsView<'_>) -> RTree<PartBox> {
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
pub(crate) mod tests;
