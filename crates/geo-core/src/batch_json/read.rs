//! Reads a batch lookup body, `{"locations":[{…},…]}`, straight from its bytes.
//!
//! It reads only the plain form JSON encoders write (keys and strings of printable ASCII without escapes, flat extra
//! keys) and gives up (None) on anything else, which the general route (JSON.parse, then the schema) then answers:
//! giving up is always safe, misreading never is.

use super::js_number::Number;

/// Most items in one batch (the schema's limit).
pub const MAX_ITEMS: usize = 100;
/// Most characters in a geopin as sent (the schema's limit, before trimming).
const MAX_GEOPIN_CHARS: usize = 20;

/// An item as the schema's union reads it.
pub enum Item<'a> {
    /// Both in range; each number's text as sent, beside its value.
    Point { lat: Number<'a>, lon: Number<'a> },
    /// Trimmed; printable ASCII other than `"` and `\`.
    Geopin(&'a [u8]),
}

/// The body's items, 1..=MAX_ITEMS, or None where the general route must read it.
pub fn items(body: &[u8]) -> Option<Vec<Item<'_>>> {
    let mut json = Reader { bytes: body, at: 0 };
    let mut items = None;
    json.members(|json, key| {
        if key != b"locations" {
            return json.scalar().map(drop);
        }
        // JSON.parse keeps the last of repeated keys; rare enough to leave to the general route.
        if items.is_some() {
            return None;
        }
        items = Some(json.items()?);
        Some(())
    })?;
    json.skip_blanks();
    (json.at == body.len()).then_some(items?)
}

/// A single lookup's body: one item and nothing after it but blanks, or None where the general route must read it.
pub fn item(body: &[u8]) -> Option<Item<'_>> {
    let mut json = Reader { bytes: body, at: 0 };
    let item = json.item()?;
    json.skip_blanks();
    (json.at == body.len()).then_some(item)
}

/// A value of an item's key that matters: a number, a string, or another scalar.
#[derive(Clone, Copy)]
enum Scalar<'a> {
    Number(Number<'a>),
    Text(&'a [u8]),
    Other,
}

/// The bytes a string may hold here: printable ASCII other than `"` and `\` (one table load per byte).
const PLAIN: [bool; 256] = {
    let mut plain = [false; 256];
    let mut b = 0x20;
    while b <= 0x7e {
        plain[b] = b != b'"' as usize && b != b'\\' as usize;
        b += 1;
    }
    plain
};

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_blanks(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// Skips blanks, then takes `byte` if it is next.
    fn take(&mut self, byte: u8) -> bool {
        self.skip_blanks();
        let next = self.bytes.get(self.at) == Some(&byte);
        self.at += usize::from(next);
        next
    }

    /// `{ "key": value, … }`, each value read by `member`; an empty object is given up (no shape here has one).
    fn members(&mut self, mut member: impl FnMut(&mut Self, &'a [u8]) -> Option<()>) -> Option<()> {
        if !self.take(b'{') {
            return None;
        }
        loop {
            self.skip_blanks();
            let key = self.string()?;
            if !self.take(b':') {
                return None;
            }
            member(self, key)?;
            if self.take(b'}') {
                return Some(());
            }
            if !self.take(b',') {
                return None;
            }
        }
    }

    fn items(&mut self) -> Option<Vec<Item<'a>>> {
        if !self.take(b'[') {
            return None;
        }
        let mut items = Vec::with_capacity(MAX_ITEMS);
        loop {
            if items.len() == MAX_ITEMS {
                return None;
            }
            items.push(self.item()?);
            if self.take(b']') {
                return Some(items);
            }
            if !self.take(b',') {
                return None;
            }
        }
    }

    fn item(&mut self) -> Option<Item<'a>> {
        let (mut lat, mut lon, mut geopin) = (None, None, None);
        self.members(|json, key| {
            let slot = match key {
                b"latitude" => &mut lat,
                b"longitude" => &mut lon,
                b"geopin" => &mut geopin,
                _ => return json.scalar().map(drop),
            };
            if slot.is_some() {
                return None;
            }
            *slot = Some(json.scalar()?);
            Some(())
        })?;
        // The schema's union: coordinates when both are numbers in range, else a geopin string, else refused.
        if let (Some(Scalar::Number(lat)), Some(Scalar::Number(lon))) = (lat, lon) {
            if (-90.0..=90.0).contains(&lat.value) && (-180.0..=180.0).contains(&lon.value) {
                return Some(Item::Point { lat, lon });
            }
        }
        let Some(Scalar::Text(code)) = geopin else {
            return None;
        };
        // For printable ASCII, JavaScript's trim() removes exactly the spaces; an empty geopin is the schema's to word.
        let trimmed = code.trim_ascii();
        (code.len() <= MAX_GEOPIN_CHARS && !trimmed.is_empty()).then_some(Item::Geopin(trimmed))
    }

    /// A string, a number, true, false or null; None for an array, an object or anything malformed.
    fn scalar(&mut self) -> Option<Scalar<'a>> {
        self.skip_blanks();
        match *self.bytes.get(self.at)? {
            b'"' => self.string().map(Scalar::Text),
            b'-' | b'0'..=b'9' => {
                let number = Number::scan(&self.bytes[self.at..])?;
                self.at += number.text.len();
                Some(Scalar::Number(number))
            }
            _ => [&b"true"[..], b"false", b"null"]
                .into_iter()
                .find(|word| self.bytes[self.at..].starts_with(word))
                .map(|word| {
                    self.at += word.len();
                    Scalar::Other
                }),
        }
    }

    /// A string's characters, when they are all printable ASCII other than `"` and `\` (no escapes to read).
    fn string(&mut self) -> Option<&'a [u8]> {
        if self.bytes.get(self.at) != Some(&b'"') {
            return None;
        }
        let start = self.at + 1;
        let length = self.bytes[start..]
            .iter()
            .position(|&b| !PLAIN[usize::from(b)])?;
        self.at = start + length + 1;
        (self.bytes[start + length] == b'"').then_some(&self.bytes[start..start + length])
    }
}
