use super::*;
use crate::format::BoundaryData;

/// Polygon 0 covers 76..78 E x 12..14 N (Bengaluru); polygon 1 covers 76..78 E x 20..22 N.
fn fixture() -> (BoundaryIndex, PolygonAnswers) {
    let square = |x0: i32, y0: i32, x1: i32, y1: i32| {
        [x0, y0, x1, y0, x1, y1, x0, y1]
            .map(|v| v * 1_000_000)
            .to_vec()
    };
    let data = BoundaryData {
        polygon_parts: vec![0, 1, 2],
        part_rings: vec![0, 1, 2],
        ring_vertices: vec![0, 4, 8],
        coords_e6: [square(76, 12, 78, 14), square(76, 20, 78, 22)].concat(),
    };
    let index = BoundaryIndex::from_data(&data).expect("valid fixture");
    let (a, b) = (r#""pincode":"560001""#, r#""pincode":"440001""#);
    let answers = PolygonAnswers::new(
        format!("{a}{b}").into_bytes(),
        vec![a.len() as u32, (a.len() + b.len()) as u32],
    )
    .expect("valid fragments");
    (index, answers)
}

fn answer_text(body: &str) -> Option<(usize, String)> {
    let (index, answers) = fixture();
    let mut out = vec![0u8; 64 * 1024];
    let answer = answer(body.as_bytes(), &index, &answers, &mut out)?;
    Some((
        answer.items,
        String::from_utf8(out[..answer.bytes].to_vec()).expect("UTF-8"),
    ))
}

#[test]
fn answers_points_inside_and_outside_with_their_fragments_and_geopins() {
    let (items, json) = answer_text(
        r#"{"locations":[{"latitude":13,"longitude":77.5},{"latitude":1,"longitude":2}]}"#,
    )
    .expect("answered");
    assert_eq!(items, 2);
    let geopin = digipin::encode(13.0, 77.5).expect("inside the grid");
    assert_eq!(
        json,
        [
            r#"{"success":true,"data":{"results":["#,
            r#"{"index":0,"found":true,"pincode":"560001","coordinates":{"latitude":13,"longitude":77.5},"#,
            &format!(r#""geopin":"{geopin}"}},"#),
            r#"{"index":1,"found":false,"coordinates":{"latitude":1,"longitude":2},"geopin":null}"#,
            r#"],"found":1,"not_found":1,"invalid":0}}"#,
        ]
        .concat()
    );
}

#[test]
fn answers_geopins_with_their_rounded_cell_centre_and_words_invalid_ones_with_the_code() {
    let (items, json) =
        answer_text(r#"{"locations":[{"geopin":" 4p3-jk8-52c9 "},{"geopin":"AB'C"}]}"#)
            .expect("answered");
    assert_eq!(items, 2);
    let (lat, lon) = digipin::decode("4P3JK852C9").expect("valid code");
    let point = format!(
        r#""latitude":{},"longitude":{}"#,
        round6(lat).0,
        round6(lon).0
    );
    assert!(json.contains(&point), "{json}");
    assert!(json.contains(r#""geopin":"4P3-JK8-52C9"}"#), "{json}");
    assert!(
        json.contains(r#"{"index":1,"found":false,"error":{"code":"invalid_digipin","message":"Invalid DIGIPIN: AB'C"}}"#),
        "{json}"
    );
    assert!(
        json.ends_with(r#""found":1,"not_found":0,"invalid":1}}"#),
        "{json}"
    );
}

#[test]
fn takes_coordinates_before_a_geopin_and_ignores_other_flat_keys() {
    let body = r#"{"note":"x","locations":[{"geopin":"bad","latitude":13,"longitude":77.5,"n":null,"m":[]}]}"#;
    assert!(
        answer_text(body).is_none(),
        "a nested value below an item is left to the general route"
    );
    let body = r#"{"note":"x","locations":[{"geopin":"bad","latitude":13,"longitude":77.5,"n":null,"b":true}]}"#;
    let (_, json) = answer_text(body).expect("answered");
    assert!(json.contains(r#""found":true"#), "{json}");
}

#[test]
fn declines_every_body_the_general_route_must_word() {
    let hundred_and_one = format!(
        r#"{{"locations":[{}]}}"#,
        vec![r#"{"latitude":13,"longitude":77}"#; 101].join(",")
    );
    for body in [
        "",
        "[]",
        "null",
        r#"{"locations":[]}"#,
        r#"{"locations":{}}"#,
        r#"{"locations":[null]}"#,
        r#"{"locations":[[13,77]]}"#,
        r#"{"locations":[{"latitude":95,"longitude":77}]}"#,
        r#"{"locations":[{"latitude":"13","longitude":77}]}"#,
        r#"{"locations":[{"geopin":""}]}"#,
        r#"{"locations":[{"geopin":"   "}]}"#,
        r#"{"locations":[{"geopin":"4P3-JK8-52C9-----------"}]}"#,
        r#"{"locations":[{"geopin":"4P3\tJK852C9"}]}"#,
        r#"{"locations":[{"geopin":"AB\"C"}]}"#,
        r#"{"locations":[{"l\u0061titude":13,"longitude":77}]}"#,
        r#"{"locations":[{"latitude":013,"longitude":77}]}"#,
        r#"{"locations":[{"latitude":13.,"longitude":77}]}"#,
        r#"{"locations":[{"latitude":+13,"longitude":77}]}"#,
        r#"{"locations":[{"latitude":13,"longitude":77},]}"#,
        r#"{"locations":[{"latitude":13,"longitude":77,}]}"#,
        r#"{"locations":[{"latitude":13,"longitude":77}],"n":nul}"#,
        r#"{"locations":[{}]}"#,
        r#"{"locations":[{"geopin":"४P3JK852C9"}]}"#,
        r#"{"locations":[{"latitude":13,"latitude":14,"longitude":77}]}"#,
        r#"{"locations":[{"latitude":13,"longitude":77}],"locations":[]}"#,
        r#"{"locations":[{"latitude":13,"longitude":77}],"deep":{"a":1}}"#,
        r#"{"locations":[{"latitude":1e400,"longitude":77}]}"#,
        r#"{"locations":[{"latitude":13,"longitude":77}]} x"#,
        "\u{feff}{\"locations\":[{\"latitude\":13,\"longitude\":77}]}",
        &hundred_and_one,
    ] {
        assert!(answer_text(body).is_none(), "{body}");
    }
}

#[test]
fn rounds_like_javascript_math_round() {
    // Math.round(x * 1e6) / 1e6 in V8 for each x.
    for (x, js) in [
        (1.0000005, 1.000001),
        (2.5e-7, 0.0),
        (-2.5e-7, -0.0),
        (12.3456785, 12.345679),
        (0.1234564999, 0.123456),
    ] {
        assert_eq!(round6(x).0.to_bits(), f64::to_bits(js), "{x}");
    }
}

#[test]
fn declines_an_answer_that_does_not_fit_the_buffer() {
    let (index, answers) = fixture();
    let body = br#"{"locations":[{"latitude":13,"longitude":77.5}]}"#;
    let mut out = [0u8; 1024];
    let fits = answer(body, &index, &answers, &mut out)
        .expect("fits")
        .bytes;
    assert!(answer(body, &index, &answers, &mut out[..fits - 1]).is_none());
}

#[test]
fn refuses_fragment_ends_that_do_not_cover_the_bytes() {
    assert!(PolygonAnswers::new(b"abc".to_vec(), vec![2]).is_err());
    assert!(PolygonAnswers::new(b"abc".to_vec(), vec![2, 1, 3]).is_err());
    let answers = PolygonAnswers::new(b"abc".to_vec(), vec![1, 3]).expect("valid");
    assert_eq!(answers.longest(), 2);
}

fn answer_one_text(body: &str, room: usize) -> Option<String> {
    let (index, answers) = fixture();
    let mut out = vec![0u8; room];
    let bytes = answer_one(body.as_bytes(), &index, &answers, &mut out)?;
    Some(String::from_utf8(out[..bytes].to_vec()).expect("UTF-8"))
}

#[test]
fn answers_a_single_point_or_geopin_with_its_polygon_fragment() {
    let geopin = digipin::encode(13.0, 77.5).expect("inside the grid");
    let point = format!(
        r#"{{"success":true,"data":{{"pincode":"560001","coordinates":{{"latitude":13,"longitude":77.5}},"geopin":"{geopin}"}}}}"#
    );
    for body in [
        r#"{"latitude":13,"longitude":77.5}"#,
        r#" { "longitude" : 77.50, "note" : "gate 2", "latitude" : 13 } "#,
    ] {
        assert_eq!(
            answer_one_text(body, 1024).as_deref(),
            Some(&*point),
            "{body}"
        );
    }
    let sent = format!(r#"{{"geopin":" {} "}}"#, geopin.to_lowercase());
    let json = answer_one_text(&sent, 1024).expect("answered");
    assert!(
        json.starts_with(r#"{"success":true,"data":{"pincode":"560001","coordinates":{"#),
        "{json}"
    );
    assert!(
        json.ends_with(&format!(r#""geopin":"{geopin}"}}}}"#)),
        "{json}"
    );
}

#[test]
fn declines_a_single_body_the_general_route_must_answer() {
    for body in [
        "",
        "null",
        r#"{"locations":[{"latitude":13,"longitude":77.5}]}"#,
        r#"{"latitude":1,"longitude":2}"#,
        r#"{"latitude":95,"longitude":77.5}"#,
        r#"{"geopin":"AB'C"}"#,
        r#"{"latitude":13,"latitude":14,"longitude":77.5}"#,
        r#"{"latitude":13,"longitude":77.5,"deep":{}}"#,
        r#"{"latitude":13,"longitude":77.5}x"#,
    ] {
        assert!(answer_one_text(body, 1024).is_none(), "{body}");
    }
    let body = r#"{"latitude":13,"longitude":77.5}"#;
    let fits = answer_one_text(body, 1024).expect("answered").len();
    assert!(answer_one_text(body, fits - 1).is_none());
}
