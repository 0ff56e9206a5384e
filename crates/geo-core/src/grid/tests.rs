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
