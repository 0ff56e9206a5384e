//! A uniform grid over all parts that answers most lookups with one array read: each cell is either
//! empty, wholly inside known polygons (no edge crosses it), or a boundary cell that needs a real test.
//! `npm run data:build` builds it ([`Grid`]); lookups read the stored tables in place ([`GridView`]).
//! A block table summarises 16 x 16 cells: a block whose cells all say the same (sea, or inside one polygon)
//! answers from that small table, which stays in cache, so two thirds of random points never touch the cells.
use crate::pip::BBox;
use std::ops::Range;

/// Cell value: no polygon covers the cell.
const EMPTY: u32 = u32::MAX;
/// Cell value flag: an edge may cross the cell; the low bits index its candidate-part list.
const BOUNDARY: u32 = 1 << 31;
/// Widening (in cells) when marking cells an edge touches, so float rounding never hides an edge.
const MARK_SLACK: f64 = 1e-7;
/// Block value: the block's cells differ; read the cell. (A boundary value no list reaches.)
const MIXED: u32 = u32::MAX - 1;
/// Blocks are `1 << BLOCK_SHIFT` cells on a side.
pub const BLOCK_SHIFT: u32 = 4;

/// What the grid knows about a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell<'a> {
    /// Outside every polygon.
    Empty,
    /// Inside this polygon (the lowest id covering the whole cell).
    Inside(u32),
    /// Near an edge: test these candidate parts (indices into the builder's part list, ascending).
    Boundary(&'a [u32]),
}

/// One part as the grid builder sees it.
pub struct GridPart<'a> {
    pub polygon: u32,
    pub bbox: BBox,
    pub rings: &'a [Range<u32>],
}

/// Where the grid lies: row-major cells of `cell_size` degrees starting at (`min_x`, `min_y`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridShape {
    pub min_x: f64,
    pub min_y: f64,
    pub cell_size: f64,
    pub cols: usize,
    pub rows: usize,
    /// Blocks are `1 << block_shift` cells on a side.
    pub block_shift: u32,
}

/// The built grid, owned; [`Grid::view`] is what lookups use.
pub struct Grid {
    pub shape: GridShape,
    /// Row-major blocks: the value all their cells share, or `MIXED`.
    pub blocks: Vec<u32>,
    pub cells: Vec<u32>,
    /// `candidate_start[k]..candidate_start[k+1]` index `candidates` for boundary list k.
    pub candidate_start: Vec<u32>,
    /// Parts whose bounding box overlaps the boundary cell.
    pub candidates: Vec<u32>,
}

/// The grid as lookups read it, borrowed from the file image.
#[derive(Debug, Clone, Copy)]
pub struct GridView<'a> {
    pub shape: GridShape,
    pub blocks: &'a [u32],
    pub cells: &'a [u32],
    pub candidate_start: &'a [u32],
    pub candidates: &'a [u32],
}

impl GridShape {
    /// Blocks per row and per column.
    pub fn block_dims(&self) -> (usize, usize) {
        let side = 1usize << self.block_shift;
        (self.cols.div_ceil(side), self.rows.div_ceil(side))
    }

    fn col_of(&self, x: f64) -> f64 {
        (x - self.min_x) / self.cell_size
    }

    fn row_of(&self, y: f64) -> f64 {
        (y - self.min_y) / self.cell_size
    }

    fn clamp_col(&self, c: f64) -> usize {
        c.max(0.0).min((self.cols - 1) as f64) as usize
    }

    fn clamp_row(&self, r: f64) -> usize {
        r.max(0.0).min((self.rows - 1) as f64) as usize
    }

    /// Cell index ranges (rows, cols) covered by a box.
    fn cells_of(
        &self,
        b: &BBox,
        slack: f64,
    ) -> (
        std::ops::RangeInclusive<usize>,
        std::ops::RangeInclusive<usize>,
    ) {
        let c0 = self.clamp_col((self.col_of(b.min_x) - slack).floor());
        let c1 = self.clamp_col((self.col_of(b.max_x) + slack).floor());
        let r0 = self.clamp_row((self.row_of(b.min_y) - slack).floor());
        let r1 = self.clamp_row((self.row_of(b.max_y) + slack).floor());
        (r0..=r1, c0..=c1)
    }

    /// Column and row of the cell holding (x, y); None outside the grid and for NaN.
    #[inline]
    fn cell_at(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        let (c, r) = (self.col_of(x), self.row_of(y));
        // Checked before truncating, so `as usize` (truncation = floor for non-negatives) is exact here.
        (c >= 0.0 && r >= 0.0 && c < self.cols as f64 && r < self.rows as f64)
            .then_some((c as usize, r as usize))
    }
}

impl Grid {
    /// Builds the grid: mark every cell an edge touches, then fill interior cells by scanlines at cell centres.
    pub fn build(coords: &[[f64; 2]], parts: &[GridPart<'_>], cell_size: f64) -> Grid {
        let mut extent = BBox::EMPTY;
        for p in parts {
            extent.extend(p.bbox.min_x, p.bbox.min_y);
            extent.extend(p.bbox.max_x, p.bbox.max_y);
        }
        if parts.is_empty() {
            extent = BBox {
                min_x: 0.0,
                min_y: 0.0,
                max_x: 0.0,
                max_y: 0.0,
            };
        }
        let cols = (((extent.max_x - extent.min_x) / cell_size).floor() as usize) + 1;
        let rows = (((extent.max_y - extent.min_y) / cell_size).floor() as usize) + 1;
        let mut grid = Grid {
            shape: GridShape {
                min_x: extent.min_x,
                min_y: extent.min_y,
                cell_size,
                cols,
                rows,
                block_shift: BLOCK_SHIFT,
            },
            blocks: Vec::new(),
            cells: vec![EMPTY; cols * rows],
            candidate_start: Vec::new(),
            candidates: Vec::new(),
        };
        for part in parts {
            for_each_edge(coords, part.rings, |a, b| grid.mark_edge(a, b));
        }
        let mut crossings = Vec::new();
        for part in parts {
            grid.fill_part(coords, part, &mut crossings);
        }
        grid.build_candidates(parts);
        grid.build_blocks();
        grid
    }

    /// Borrowed view for lookups.
    pub fn view(&self) -> GridView<'_> {
        GridView {
            shape: self.shape,
            blocks: &self.blocks,
            cells: &self.cells,
            candidate_start: &self.candidate_start,
            candidates: &self.candidates,
        }
    }

    /// Numbers the boundary cells and lists, for each, the parts whose box overlaps it (count, then fill).
    fn build_candidates(&mut self, parts: &[GridPart<'_>]) {
        let mut lists = 0u32;
        for cell in self.cells.iter_mut().filter(|c| **c == BOUNDARY) {
            *cell = BOUNDARY | lists;
            lists += 1;
        }
        let mut counts = vec![0u32; lists as usize + 1];
        self.for_each_part_cell(parts, |list, _| counts[list + 1] += 1);
        for k in 0..lists as usize {
            counts[k + 1] += counts[k];
        }
        let mut cursor = counts.clone();
        let mut candidates = vec![0u32; counts[lists as usize] as usize];
        self.for_each_part_cell(parts, |list, part| {
            candidates[cursor[list] as usize] = part;
            cursor[list] += 1;
        });
        self.candidate_start = counts;
        self.candidates = candidates;
    }

    /// A block is uniform when all its cells (inside the grid) hold one value that is not a boundary list.
    fn build_blocks(&mut self) {
        let (shape, side) = (self.shape, 1usize << self.shape.block_shift);
        let (block_cols, block_rows) = shape.block_dims();
        self.blocks = (0..block_rows * block_cols)
            .map(|b| {
                let (r0, c0) = ((b / block_cols) * side, (b % block_cols) * side);
                let first = self.cells[r0 * shape.cols + c0];
                let uniform = (r0..(r0 + side).min(shape.rows)).all(|r| {
                    self.cells[r * shape.cols + c0..r * shape.cols + (c0 + side).min(shape.cols)]
                        .iter()
                        .all(|&v| v == first)
                });
                if uniform && (first == EMPTY || first & BOUNDARY == 0) {
                    first
                } else {
                    MIXED
                }
            })
            .collect();
    }

    fn for_each_part_cell(&self, parts: &[GridPart<'_>], mut f: impl FnMut(usize, u32)) {
        let cols_total = self.shape.cols;
        for (i, part) in parts.iter().enumerate() {
            let (rows, cols) = self.shape.cells_of(&part.bbox, MARK_SLACK);
            for r in rows {
                for &cell in
                    &self.cells[r * cols_total + cols.start()..=r * cols_total + cols.end()]
                {
                    if cell != EMPTY && cell & BOUNDARY != 0 {
                        f((cell & !BOUNDARY) as usize, i as u32);
                    }
                }
            }
        }
    }

    /// Marks every cell the edge's bounding box touches (a conservative superset of the cells it crosses).
    fn mark_edge(&mut self, a: [f64; 2], b: [f64; 2]) {
        let edge_box = BBox {
            min_x: a[0].min(b[0]),
            min_y: a[1].min(b[1]),
            max_x: a[0].max(b[0]),
            max_y: a[1].max(b[1]),
        };
        let (rows, cols) = self.shape.cells_of(&edge_box, MARK_SLACK);
        let cols_total = self.shape.cols;
        for r in rows {
            self.cells[r * cols_total + cols.start()..=r * cols_total + cols.end()].fill(BOUNDARY);
        }
    }

    /// Even-odd scanlines through cell centres: cells between crossing pairs, not crossed by any edge, are inside.
    fn fill_part(
        &mut self,
        coords: &[[f64; 2]],
        part: &GridPart<'_>,
        crossings: &mut Vec<(usize, f64)>,
    ) {
        crossings.clear();
        let shape = self.shape;
        let center_y = |r: usize| shape.min_y + (r as f64 + 0.5) * shape.cell_size;
        for_each_edge(coords, part.rings, |a, b| {
            // One extra row each side: float rounding of the range must not drop a crossing the exact test keeps.
            let r0 = shape.clamp_row((shape.row_of(a[1].min(b[1])) - 0.5).ceil() - 1.0);
            let r1 = shape.clamp_row((shape.row_of(a[1].max(b[1])) - 0.5).floor() + 1.0);
            for r in r0..=r1 {
                let y = center_y(r);
                // Same half-open rule as the point-in-polygon test.
                if (a[1] > y) != (b[1] > y) {
                    crossings.push((r, a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])));
                }
            }
        });
        crossings.sort_unstable_by(|p, q| p.0.cmp(&q.0).then(p.1.total_cmp(&q.1)));
        for pair in crossings.chunks_exact(2) {
            let ((row, x0), (_, x1)) = (pair[0], pair[1]);
            let c0 = (shape.col_of(x0) - 0.5).ceil().max(0.0) as usize;
            let c1 = shape.clamp_col((shape.col_of(x1) - 0.5).floor());
            if c0 > c1 {
                continue;
            }
            for cell in &mut self.cells[row * shape.cols + c0..=row * shape.cols + c1] {
                // Boundary cells hold BOUNDARY (not yet numbered), which no polygon id reaches.
                if *cell != BOUNDARY {
                    *cell = (*cell).min(part.polygon);
                }
            }
        }
    }
}

impl<'a> GridView<'a> {
    /// Classifies a finite point.
    #[inline]
    pub fn cell(&self, x: f64, y: f64) -> Cell<'a> {
        let Some((c, r)) = self.shape.cell_at(x, y) else {
            return Cell::Empty;
        };
        let block = self.blocks[self.block_of(c, r)];
        match if block == MIXED {
            self.cells[r * self.shape.cols + c]
        } else {
            block
        } {
            EMPTY => Cell::Empty,
            v if v & BOUNDARY != 0 => {
                let k = (v & !BOUNDARY) as usize;
                Cell::Boundary(
                    &self.candidates
                        [self.candidate_start[k] as usize..self.candidate_start[k + 1] as usize],
                )
            }
            id => Cell::Inside(id),
        }
    }

    #[inline]
    fn block_of(&self, c: usize, r: usize) -> usize {
        let shift = self.shape.block_shift;
        (r >> shift) * self.shape.cols.div_ceil(1 << shift) + (c >> shift)
    }

    /// Asks the CPU to start loading the cell of (x, y) (when its block does not answer), so a batch overlaps
    /// the memory latency of later points.
    #[inline]
    pub fn prefetch(&self, x: f64, y: f64) {
        let Some((c, r)) = self.shape.cell_at(x, y) else {
            return;
        };
        if self.blocks.get(self.block_of(c, r)) != Some(&MIXED) {
            return;
        }
        let Some(cell) = self.cells.get(r * self.shape.cols + c) else {
            return;
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `cell` is a valid reference; a prefetch only hints the cache and never faults.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>((cell as *const u32).cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = cell;
    }

    /// Share of cells that need a real test, for reports.
    pub fn boundary_share(&self) -> f64 {
        (self.candidate_start.len() - 1) as f64 / self.cells.len() as f64
    }
}

/// Calls `f(a, b)` for every edge of the rings (rings are open; the closing edge is implied).
fn for_each_edge(coords: &[[f64; 2]], rings: &[Range<u32>], mut f: impl FnMut([f64; 2], [f64; 2])) {
    for ring in rings {
        for i in ring.clone() {
            let next = if i + 1 == ring.end { ring.start } else { i + 1 };
            f(coords[i as usize], coords[next as usize]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_inside_boundary_and_empty_cells() {
        // Square 0..10 with a 4..6 hole; cells of 1 degree.
        let coords = [
            [0.0, 0.0],
            [10.0, 0.0],
            [10.0, 10.0],
            [0.0, 10.0],
            [4.0, 4.0],
            [4.0, 6.0],
            [6.0, 6.0],
            [6.0, 4.0],
        ];
        let rings = [0..4, 4..8];
        let bbox = BBox {
            min_x: 0.0,
            min_y: 0.0,
            max_x: 10.0,
            max_y: 10.0,
        };
        let built = Grid::build(
            &coords,
            &[GridPart {
                polygon: 3,
                bbox,
                rings: &rings,
            }],
            1.0,
        );
        let grid = built.view();
        assert_eq!(grid.cell(2.5, 2.5), Cell::Inside(3));
        assert_eq!(grid.cell(8.5, 7.5), Cell::Inside(3));
        assert_eq!(grid.cell(0.5, 5.5), Cell::Boundary(&[0]), "outer edge cell");
        assert_eq!(grid.cell(4.5, 4.5), Cell::Boundary(&[0]), "hole edge cell");
        assert_eq!(grid.cell(20.0, 5.0), Cell::Empty);
        assert_eq!(grid.cell(-1.0, 5.0), Cell::Empty);
    }

    #[test]
    fn uniform_blocks_answer_exactly_like_their_cells() {
        // A 0..200 square with a 100..180 hole, cells of 1 degree: 201 x 201 cells, 13 x 13 blocks of 16 x 16.
        let coords = [
            [0.0, 0.0],
            [200.0, 0.0],
            [200.0, 200.0],
            [0.0, 200.0],
            [100.0, 100.0],
            [100.0, 180.0],
            [180.0, 180.0],
            [180.0, 100.0],
        ];
        let rings = [0..4, 4..8];
        let bbox = BBox {
            min_x: 0.0,
            min_y: 0.0,
            max_x: 200.0,
            max_y: 200.0,
        };
        let built = Grid::build(
            &coords,
            &[GridPart {
                polygon: 7,
                bbox,
                rings: &rings,
            }],
            1.0,
        );
        assert_eq!(built.blocks.len(), 169);
        assert_eq!(built.blocks[13 + 1], 7, "block 16..32 x 16..32 is inside");
        assert_eq!(
            built.blocks[7 * 13 + 7],
            EMPTY,
            "block 112..128 x 112..128 is in the hole"
        );
        assert!(built.blocks.contains(&MIXED));
        let grid = built.view();
        let without_blocks = GridView {
            blocks: &[MIXED; 169],
            ..grid
        };
        for i in 0..40_000 {
            let (x, y) = ((i % 200) as f64 * 1.01 - 1.5, (i / 200) as f64 * 1.01 - 1.5);
            assert_eq!(grid.cell(x, y), without_blocks.cell(x, y), "({x},{y})");
        }
    }
}
