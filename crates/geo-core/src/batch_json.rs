//! Lookups from the request's bytes to the answer's bytes: a batch (`{"locations":[…]}`, every point looked up in one
//! pass) or a single point, the answer written around each polygon's pre-serialised fragment.
//!
//! It answers only bodies whose answer it can write exactly as the service's general route does (JSON.parse, the
//! schema, JSON.stringify); for anything else (an item the schema refuses, a nested value, a repeated key, an escape
//! or a character beyond printable ASCII in a string) it declines, and the caller takes the general route.
mod js_number;
mod read;
mod writer;

use crate::digipin::{self, CODE_LEN};
use crate::error::GeoError;
use crate::index::BoundaryIndex;
use js_number::Number;
use js_number::{push_as_read, push_count, push_micros, round6};
use read::Item;
use writer::Writer;

pub use read::MAX_ITEMS;

/// Each polygon's answer members (`"state":…,"delivery":…`, no braces), one after another.
pub struct PolygonAnswers {
    bytes: Vec<u8>,
    /// End of polygon `id`'s fragment in `bytes`; it starts where `id - 1`'s ends.
    ends: Vec<u32>,
}

impl PolygonAnswers {
    /// Fragments laid end to end, and where each ends; the ends must rise to `bytes.len()`.
    pub fn new(bytes: Vec<u8>, ends: Vec<u32>) -> Result<PolygonAnswers, GeoError> {
        let rising = ends.windows(2).all(|w| w[0] <= w[1]);
        if !rising
            || ends
                .last()
                .map_or(!bytes.is_empty(), |&end| end as usize != bytes.len())
        {
            return Err(GeoError::BadData(
                "answer fragment ends must rise to the bytes' length".into(),
            ));
        }
        Ok(PolygonAnswers { bytes, ends })
    }

    /// Number of polygons with a fragment.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Length of the longest fragment (0 when there are none).
    pub fn longest(&self) -> usize {
        let mut start = 0;
        let mut longest = 0;
        for &end in &self.ends {
            longest = longest.max((end - start) as usize);
            start = end;
        }
        longest
    }

    fn fragment(&self, id: usize) -> &[u8] {
        let start = if id == 0 {
            0
        } else {
            self.ends[id - 1] as usize
        };
        &self.bytes[start..self.ends[id] as usize]
    }
}

/// How many items an answer answers (what the batch is charged) and how many bytes of the output it took.
pub struct BatchAnswer {
    pub items: usize,
    pub bytes: usize,
}

/// Writes the whole answer to `body` (`{"success":true,"data":{…}}`) into `out`; None when the general route must
/// answer it, or the answer does not fit. `answers` must hold every polygon of `index`.
pub fn answer(
    body: &[u8],
    index: &BoundaryIndex,
    answers: &PolygonAnswers,
    out: &mut [u8],
) -> Option<BatchAnswer> {
    if answers.len() != index.len() {
        return None;
    }
    let points: Vec<Point> = read::items(body)?.into_iter().map(Point::of).collect();
    let lon_lat: Vec<f64> = points.iter().flat_map(Point::lon_lat).collect();
    let ids = index.lookup_many(&lon_lat);
    let mut writer = Writer::new(out);
    write(&mut writer, &points, &ids, answers);
    Some(BatchAnswer {
        items: points.len(),
        bytes: writer.len()?,
    })
}

/// Writes the whole answer to a single lookup's body (`{"latitude":…,"longitude":…}` or `{"geopin":…}`) into `out` and
/// returns its length; None where the general route must answer (a point outside every polygon gets its 404 there), or
/// the answer does not fit. `answers` must hold every polygon of `index`.
pub fn answer_one(
    body: &[u8],
    index: &BoundaryIndex,
    answers: &PolygonAnswers,
    out: &mut [u8],
) -> Option<usize> {
    if answers.len() != index.len() {
        return None;
    }
    let point = Point::of(read::item(body)?);
    let [lon, lat] = point.lon_lat();
    // A geopin that is no DIGIPIN points at NaN, which no polygon holds.
    let id = index.lookup(lon, lat)?;
    let mut writer = Writer::new(out);
    writer.extend(br#"{"success":true,"data":{"#);
    writer.extend(answers.fragment(id as usize));
    push_coordinates(&mut writer, &point);
    push_geopin(&mut writer, lat, lon);
    writer.push(b'}');
    writer.len()
}

/// Where an item points, and how the answer writes its coordinates.
enum Point<'a> {
    /// Coordinates as the request wrote them.
    Sent { lat: Number<'a>, lon: Number<'a> },
    /// A geopin's cell centre, rounded to six decimals as the general route does: the values and their millionths.
    Centre { lat: (f64, f64), lon: (f64, f64) },
    /// A geopin that is no DIGIPIN.
    NotADigipin(&'a [u8]),
}

impl<'a> Point<'a> {
    fn of(item: Item<'a>) -> Point<'a> {
        match item {
            Item::Point { lat, lon } => Point::Sent { lat, lon },
            Item::Geopin(code) => match decode(code) {
                Some((lat, lon)) => Point::Centre {
                    lat: round6(lat),
                    lon: round6(lon),
                },
                None => Point::NotADigipin(code),
            },
        }
    }

    fn lon_lat(&self) -> [f64; 2] {
        match self {
            Point::Sent { lat, lon } => [lon.value, lat.value],
            Point::Centre { lat, lon } => [lon.0, lat.0],
            Point::NotADigipin(_) => [f64::NAN, f64::NAN],
        }
    }
}

/// A cell centre, as the general route's decodeMany reads a code (hyphens dropped, then exactly ten symbols).
fn decode(code: &[u8]) -> Option<(f64, f64)> {
    let mut bare = [0u8; CODE_LEN];
    let mut symbols = code.iter().filter(|&&b| b != b'-');
    for slot in &mut bare {
        *slot = *symbols.next()?;
    }
    if symbols.next().is_some() || bare.contains(&b' ') {
        return None;
    }
    digipin::decode_bare(&bare).ok()
}

fn write(out: &mut Writer, points: &[Point], ids: &[i32], answers: &PolygonAnswers) {
    out.extend(br#"{"success":true,"data":{"results":["#);
    let (mut found, mut invalid) = (0usize, 0usize);
    for (i, point) in points.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend(br#"{"index":"#);
        push_count(out, i);
        let [lon, lat] = point.lon_lat();
        let id = ids[i];
        if id >= 0 {
            found += 1;
            out.extend(br#","found":true,"#);
            out.extend(answers.fragment(id as usize));
        } else {
            out.extend(br#","found":false"#);
        }
        if let Point::NotADigipin(code) = point {
            // Printable ASCII other than `"` and `\` (all a geopin may hold here): nothing to escape.
            invalid += 1;
            out.extend(br#","error":{"code":"invalid_digipin","message":"Invalid DIGIPIN: "#);
            out.extend(code);
            out.extend(b"\"}}");
            continue;
        }
        push_coordinates(out, point);
        push_geopin(out, lat, lon);
    }
    out.extend(br#"],"found":"#);
    push_count(out, found);
    out.extend(br#","not_found":"#);
    push_count(out, points.len() - found - invalid);
    out.extend(br#","invalid":"#);
    push_count(out, invalid);
    out.extend(b"}}");
}

/// `,"coordinates":{"latitude":…,"longitude":…` as the general route writes them (nothing for a geopin that is no
/// DIGIPIN: its item has an error instead).
fn push_coordinates(out: &mut Writer, point: &Point) {
    match point {
        Point::Sent { lat, lon } => {
            out.extend(br#","coordinates":{"latitude":"#);
            push_as_read(out, lat);
            out.extend(br#","longitude":"#);
            push_as_read(out, lon);
        }
        Point::Centre { lat, lon } => {
            out.extend(br#","coordinates":{"latitude":"#);
            push_micros(out, lat.1);
            out.extend(br#","longitude":"#);
            push_micros(out, lon.1);
        }
        Point::NotADigipin(_) => {}
    }
}

/// `},"geopin":"XXX-XXX-XXXX"}` (null off the DIGIPIN grid): the coordinates' end and the item's.
fn push_geopin(out: &mut Writer, lat: f64, lon: f64) {
    const START: &[u8] = br#"},"geopin":""#;
    let mut bare = [0u8; CODE_LEN];
    if digipin::encode_into(lat, lon, &mut bare).is_err() {
        return out.extend(br#"},"geopin":null}"#);
    }
    // Laid out in place and written at once: one copy instead of seven.
    let mut text = [0u8; START.len() + CODE_LEN + 4];
    text[..START.len()].copy_from_slice(START);
    let code = &mut text[START.len()..];
    code[..3].copy_from_slice(&bare[..3]);
    code[3] = b'-';
    code[4..7].copy_from_slice(&bare[3..6]);
    code[7] = b'-';
    code[8..12].copy_from_slice(&bare[6..]);
    code[12..].copy_from_slice(b"\"}");
    out.extend(&text);
}

#[cfg(test)]
mod tests;
