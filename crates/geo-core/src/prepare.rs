//! The build-time half of the index: classification grid and banded parts computed from the offset tables,
//! once, by `npm run data:build`; the file stores the result so opening it does no geometry work.
use crate::format::BoundaryData;
use crate::grid::{Grid, GridPart};
use crate::pip::{degrees, BBox, PreparedParts};
use std::ops::Range;

/// Grid cell edge in degrees (about 1.1 km): small enough that most land cells hold no edge.
pub const GRID_CELL_DEGREES: f64 = 0.01;

/// Everything a lookup needs besides the raw geometry.
pub struct Prepared {
    /// Polygon id of each part.
    pub part_polygon: Vec<u32>,
    pub parts: PreparedParts,
    pub grid: Grid,
}

/// Prepares validated tables. Grid and bands are independent, so they are built on two threads.
pub fn prepare(data: &BoundaryData) -> Prepared {
    let coords_e6: Vec<[i32; 2]> = data
        .coords_e6
        .chunks_exact(2)
        .map(|p| [p[0], p[1]])
        .collect();
    let rings = &data.ring_vertices;
    let mut part_rings = Vec::with_capacity(data.part_rings.len().saturating_sub(1));
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
    let (parts, grid) = std::thread::scope(|scope| {
        let parts = scope.spawn(|| PreparedParts::new(&coords_e6, &part_rings));
        let coords: Vec<[f64; 2]> = coords_e6.iter().map(|p| p.map(degrees)).collect();
        let grid = grid_for(&coords, &part_rings, &part_polygon);
        // A panic in the band builder is a bug, not an input error: let it propagate like one.
        (
            parts
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            grid,
        )
    });
    Prepared {
        part_polygon,
        parts,
        grid,
    }
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
