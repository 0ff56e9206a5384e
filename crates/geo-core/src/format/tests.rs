use super::*;

pub(crate) fn square() -> BoundaryData {
    BoundaryData {
        polygon_parts: vec![0, 1],
        part_rings: vec![0, 1],
        ring_vertices: vec![0, 4],
        coords_e6: vec![0, 0, 1_000_000, 0, 1_000_000, 1_000_000, 0, 1_000_000],
    }
}

#[test]
fn round_trips_through_bytes() {
    let bytes = encode(&square()).expect("encodes");
    assert_eq!(decode(&bytes), Ok(square()));
}

#[test]
fn encoding_is_deterministic_and_sections_are_aligned() {
    let bytes = encode(&square()).expect("encodes");
    assert_eq!(bytes, encode(&square()).expect("encodes again"));
    let s = verify(&bytes)
        .expect("verifies")
        .sections()
        .expect("sections");
    for range in [
        s.polygon_parts,
        s.coords_e6,
        s.part_headers,
        s.band_edges,
        s.cells,
        s.candidates,
    ] {
        assert_eq!(range.start % SECTION_ALIGN, 0);
    }
    assert_eq!(s.end, bytes.len());
}

#[test]
fn rejects_other_versions_with_both_numbers() {
    let mut bytes = encode(&square()).expect("encodes");
    bytes[8] = 7;
    assert_eq!(
        decode(&bytes).map_err(|e| e.to_string()),
        Err("Got v7, expected v2".into())
    );
    // A version 1 file (40-byte header) is refused by its version, before its length is looked at.
    let mut v1 = b"GEOPINBD".to_vec();
    v1.extend_from_slice(&1u32.to_le_bytes());
    v1.resize(40, 0);
    assert_eq!(
        decode(&v1),
        Err(GeoError::VersionMismatch {
            found: 1,
            expected: 2
        })
    );
}

#[test]
fn rejects_corruption_truncation_and_set_reserved_bytes() {
    let mut bytes = encode(&square()).expect("encodes");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    assert!(matches!(decode(&bytes), Err(GeoError::BadData(m)) if m.contains("checksum")));
    assert!(matches!(decode(&bytes[..last]), Err(GeoError::BadData(_))));
    assert!(matches!(decode(b"nonsense"), Err(GeoError::BadData(_))));
    let mut reserved = encode(&square()).expect("encodes");
    reserved[100] = 1;
    assert!(matches!(decode(&reserved), Err(GeoError::BadData(m)) if m.contains("reserved")));
    let mut reserved = encode(&square()).expect("encodes");
    reserved[52] = 17;
    assert!(matches!(decode(&reserved), Err(GeoError::BadData(m)) if m.contains("grid")));
    let mut grid = encode(&square()).expect("encodes");
    grid[72..80].copy_from_slice(&0f64.to_le_bytes());
    assert!(matches!(decode(&grid), Err(GeoError::BadData(m)) if m.contains("grid")));
}

#[test]
fn the_checksum_is_the_same_however_the_file_is_fed() {
    let bytes = encode(&square()).expect("encodes");
    for chunk in [1, 7, 64, 81, 4096] {
        let mut sum = Checksum::new();
        bytes.chunks(chunk).for_each(|c| sum.update(c));
        assert_eq!(sum.digest(), checksum(&bytes), "chunks of {chunk}");
    }
    assert_eq!(checksum(&bytes), u64_at(&bytes, CHECKSUM_AT));
}

#[test]
fn rejects_rings_with_fewer_than_three_vertices() {
    let mut data = square();
    data.ring_vertices = vec![0, 2];
    data.coords_e6.truncate(4);
    assert!(encode(&data).is_err());
}
