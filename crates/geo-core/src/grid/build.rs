//! Building the grid (at `npm run data:build`): mark the cells edges touch, fill interiors by scanlines, list
//! each boundary cell's candidate parts, and summarise uniform blocks.
use super::*;

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

/// Calls `f(a, b)` for every edge of the rings (rings are open; the closing edge is implied).
fn for_each_edge(coords: &[[f64; 2]], rings: &[Range<u32>], mut f: impl FnMut([f64; 2], [f64; 2])) {
    for ring in rings {
        for i in ring.clone() {
            let next = if i + 1 == ring.end { ring.start } else { i + 1 };
            f(coords[i as usize], coords[next as usize]);
        }
    }
}
