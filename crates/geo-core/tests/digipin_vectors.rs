//! Runs every official DIGIPIN vector in tests/vectors through the core.
use geo_core::digipin::{decode, encode};
use serde_json::Value;
use std::path::PathBuf;

fn vectors(name: &str) -> Vec<Value> {
    let dir = std::env::var("DIGIPIN_VECTORS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors"));
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect()
}

/// Reads a JSON number, or a string such as "NaN" that the vectors use for non-finite input.
fn number(v: &Value) -> f64 {
    match v {
        Value::Number(n) => n.as_f64().expect("f64"),
        Value::String(s) => s.parse().unwrap_or(f64::NAN),
        _ => f64::NAN,
    }
}

#[test]
fn every_encode_vector_matches() {
    let cases = vectors("encode.jsonl");
    assert!(cases.len() >= 1000);
    for case in cases {
        let got = encode(number(&case["lat"]), number(&case["lon"]));
        assert_eq!(
            got.as_deref(),
            Ok(case["digipin"].as_str().expect("digipin")),
            "{case}"
        );
    }
}

#[test]
fn every_decode_vector_matches_with_six_decimals() {
    let cases = vectors("decode.jsonl");
    assert!(cases.len() >= 1000);
    for case in cases {
        let (lat, lon) = decode(case["digipin"].as_str().expect("digipin")).expect("decodes");
        assert_eq!(
            format!("{lat:.6}"),
            case["lat"].as_str().expect("lat"),
            "{case}"
        );
        assert_eq!(
            format!("{lon:.6}"),
            case["lon"].as_str().expect("lon"),
            "{case}"
        );
    }
}

#[test]
fn every_error_vector_fails_with_the_official_text() {
    let cases = vectors("errors.jsonl");
    assert!(!cases.is_empty());
    for case in cases {
        let err = match case["op"].as_str() {
            Some("encode") => {
                encode(number(&case["lat"]), number(&case["lon"])).expect_err("must fail")
            }
            Some("decode") => {
                decode(case["digipin"].as_str().expect("digipin")).expect_err("must fail")
            }
            other => panic!("unknown op {other:?}"),
        };
        assert_eq!(
            err.to_string(),
            case["error"].as_str().expect("error"),
            "{case}"
        );
    }
}

#[test]
fn decode_of_encode_lies_within_half_a_cell() {
    let (cell_lat, cell_lon) = geo_core::digipin::cell_size();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..100_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let lat = 2.5 + (seed >> 11) as f64 / (1u64 << 53) as f64 * 36.0;
        let lon = 63.5 + (seed & 0xFFFF_FFFF) as f64 / u32::MAX as f64 * 36.0;
        let code = encode(lat, lon).expect("in range");
        let (dlat, dlon) = decode(&code).expect("decodes");
        assert!(
            (dlat - lat).abs() <= cell_lat / 2.0 + 1e-12,
            "{lat},{lon} -> {code}"
        );
        assert!(
            (dlon - lon).abs() <= cell_lon / 2.0 + 1e-12,
            "{lat},{lon} -> {code}"
        );
    }
}
