// Single-ring parts are the point of these fixtures, not a mistaken range-to-vec.
#![allow(clippy::single_range_in_vec_init)]
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
        let y =
            degrees(base as i32) + [0.0, 1e-7, -1e-7, 5e-7, 1e-12, -1e-12][(next() % 6) as usize];
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
