//! Invariants of the built boundary dataset (data/build, made by `npm run data:build`): counts match
//! the manifest, the stored grid and bands are what the tables prepare to, and the grid answers exactly
//! like the R-tree path on random points and near every vertex.
use geo_core::format;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    std::env::var("GEO_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/build"))
}

fn bin_path() -> String {
    data_dir().join("boundaries.bin").display().to_string()
}

fn load() -> (Vec<u8>, serde_json::Value) {
    let dir = data_dir();
    let bin = std::fs::read(bin_path())
        .unwrap_or_else(|e| panic!("{}: {e}; run `npm run data:build` first", dir.display()));
    let manifest = std::fs::read_to_string(dir.join("manifest.json"))
        .expect("manifest.json beside boundaries.bin");
    (
        bin,
        serde_json::from_str(&manifest).expect("manifest is JSON"),
    )
}

#[test]
fn counts_match_the_manifest_and_rings_are_well_formed() {
    let (bin, manifest) = load();
    let data = format::decode(&bin).expect("valid file");
    let counts = &manifest["counts"];
    assert_eq!(
        data.polygon_count() as u64,
        counts["polygons"].as_u64().expect("counts.polygons")
    );
    assert_eq!(
        (data.coords_e6.len() / 2) as u64,
        counts["vertices"].as_u64().expect("counts.vertices")
    );
    // Rings are stored open: no ring repeats its first vertex at the end.
    for ring in data.ring_vertices.windows(2) {
        let (first, last) = (ring[0] as usize, ring[1] as usize - 1);
        assert_ne!(
            data.coords_e6[2 * first..2 * first + 2],
            data.coords_e6[2 * last..2 * last + 2]
        );
    }
}

#[test]
fn the_stored_grid_and_bands_are_exactly_what_the_tables_prepare_to() {
    let (bin, _) = load();
    let data = format::decode(&bin).expect("valid file");
    assert!(
        format::encode(&data).expect("encodes") == bin,
        "re-encoding the tables gives other bytes: the preparation code changed since data/build was made; \
         run `npm run data:build` (and bump format::VERSION if the layout changed)"
    );
}

#[test]
#[cfg(feature = "oracle")]
fn grid_lookup_equals_the_rtree_path_everywhere_it_is_probed() {
    let (bin, _) = load();
    let data = format::decode(&bin).expect("valid file");
    // The index as the server opens it: the stored grid and bands, mapped.
    let index = geo_core::BoundaryIndex::open(&bin_path()).expect("opens");
    let mut seed: u64 = 0x5EED;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut probes = Vec::new();
    for _ in 0..50_000 {
        probes.push((68.0 + next() * 30.0, 6.5 + next() * 31.0));
    }
    // Every 7th vertex, exactly and nudged by about 1 m and 0.1 mm in each direction.
    for v in data.coords_e6.chunks_exact(2).step_by(7) {
        let (x, y) = (v[0] as f64 / 1e6, v[1] as f64 / 1e6);
        probes.push((x, y));
        for d in [1e-5, 1e-9] {
            probes.extend([(x + d, y), (x - d, y), (x, y + d), (x, y - d)]);
        }
    }
    let mismatches: Vec<_> = probes
        .iter()
        .filter(|&&(x, y)| index.lookup(x, y) != index.lookup_exact(x, y))
        .take(5)
        .collect();
    assert!(
        mismatches.is_empty(),
        "grid disagrees with the exact path at {mismatches:?}"
    );
}
