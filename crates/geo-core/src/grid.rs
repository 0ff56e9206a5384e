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

mod build;

#[cfg(test)]
mod tests;
