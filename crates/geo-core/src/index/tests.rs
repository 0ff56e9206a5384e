use super::*;

/// Polygon 0: square 0..2 x 0..2; polygon 1: square 2..4 x 0..2 (shares x=2) with a
/// second part 10..11; polygon 2: square 1..3 x 1..3 overlapping both.
fn fixture_data() -> BoundaryData {
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
    BoundaryData {
        polygon_parts: vec![0, 1, 3, 4],
        part_rings: vec![0, 1, 2, 3, 4],
        ring_vertices: vec![0, 4, 8, 12, 16],
        coords_e6,
    }
}

fn fixture() -> BoundaryIndex {
    BoundaryIndex::from_data(&fixture_data()).expect("valid fixture")
}

/// A file the test owns, removed when dropped.
pub(crate) struct TempFile(pub std::path::PathBuf);

impl TempFile {
    pub(crate) fn with(name: &str, bytes: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("geo-core-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).expect("writes a temp file");
        TempFile(path)
    }

    pub(crate) fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

pub(crate) fn fixture_file(name: &str) -> TempFile {
    TempFile::with(name, &format::encode(&fixture_data()).expect("encodes"))
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

#[test]
fn an_opened_file_answers_like_the_in_memory_index_without_copying_it_to_the_heap() {
    let file = fixture_file("open");
    let opened = BoundaryIndex::open(file.path()).expect("opens");
    let built = fixture();
    for i in 0..5_000 {
        let (x, y) = ((i % 100) as f64 / 8.0 - 0.5, (i / 100) as f64 / 14.0 - 0.2);
        assert_eq!(opened.lookup(x, y), built.lookup(x, y), "({x},{y})");
    }
    assert_eq!((opened.len(), opened.vertex_count()), (3, 16));
    assert_eq!(opened.heap_bytes(), 0);
    assert_eq!(opened.byte_len(), built.heap_bytes());
    assert_ne!(opened.instance_id(), built.instance_id());
}

#[test]
fn opening_rejects_a_corrupt_a_truncated_and_a_missing_file() {
    let mut bytes = format::encode(&fixture_data()).expect("encodes");
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    let corrupt = TempFile::with("corrupt", &bytes);
    assert!(
        matches!(BoundaryIndex::open(corrupt.path()), Err(GeoError::BadData(m)) if m.contains("checksum"))
    );
    let truncated = TempFile::with("truncated", &bytes[..last]);
    assert!(matches!(
        BoundaryIndex::open(truncated.path()),
        Err(GeoError::BadData(_))
    ));
    bytes[8] = 1;
    let old = TempFile::with("old", &bytes);
    assert!(matches!(
        BoundaryIndex::open(old.path()),
        Err(GeoError::VersionMismatch {
            found: 1,
            expected: 2
        })
    ));
    assert!(matches!(
        BoundaryIndex::open("/nonexistent/boundaries.bin"),
        Err(GeoError::Io(_))
    ));
}

#[test]
fn outlines_come_back_as_stored_and_boxes_find_their_polygons() {
    let index = fixture();
    let data = fixture_data();
    let second = index.outline(1).expect("polygon 1 exists");
    assert_eq!(second.ring_counts, vec![1, 1]);
    assert_eq!(second.vertex_counts, vec![4, 4]);
    assert_eq!(second.coords_e6, data.coords_e6[8..24].to_vec());
    assert_eq!(index.outline(4), None);
    assert_eq!(index.polygons_in_box(10.2, 0.2, 10.4, 0.4), vec![1]);
    assert_eq!(index.polygons_in_box(1.5, 1.5, 2.5, 1.8), vec![0, 1, 2]);
    assert!(index.polygons_in_box(50.0, 50.0, 51.0, 51.0).is_empty());
}
