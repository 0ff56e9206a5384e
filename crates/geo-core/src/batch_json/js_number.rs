//! Numbers read as JSON.parse reads them and written as JSON.stringify writes them, as cheaply as each case allows.
//!
//! A decimal of at most 15 significant digits is the only such decimal its double rounds from (doubles carry 15.95
//! digits), so it is also the shortest: JavaScript prints that double as the same digits. In plain form (no exponent,
//! no trailing fraction zeros, at least 1e-6), it prints them exactly as written.
use super::writer::Writer;

/// A number of a request: its text and the double JSON.parse reads from it.
#[derive(Clone, Copy)]
pub struct Number<'a> {
    pub value: f64,
    pub text: &'a [u8],
    /// JavaScript prints `value` as `text` itself.
    prints_as_sent: bool,
}

impl<'a> Number<'a> {
    /// The number at the start of `bytes` in JSON's grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
    /// read in the same pass with one correct rounding; None when `bytes` does not start with one.
    pub fn scan(bytes: &'a [u8]) -> Option<Number<'a>> {
        let negative = bytes.first() == Some(&b'-');
        let mut at = usize::from(negative);
        let (mut mantissa, whole_start) = (0u64, at);
        match bytes.get(at) {
            Some(b'0') => at += 1,
            Some(b'1'..=b'9') => at = digits(bytes, at, &mut mantissa),
            _ => return None,
        }
        let whole_len = at - whole_start;
        let mut places = 0;
        if bytes.get(at) == Some(&b'.') {
            let end = digits(bytes, at + 1, &mut mantissa);
            places = end - (at + 1);
            if places == 0 {
                return None;
            }
            at = end;
        }
        let exponent = matches!(bytes.get(at), Some(b'e' | b'E'));
        if exponent {
            at += 1 + usize::from(matches!(bytes.get(at + 1), Some(b'+' | b'-')));
            let end = digits(bytes, at, &mut 0);
            if end == at {
                return None;
            }
            at = end;
        }
        let text = &bytes[..at];
        if exponent || whole_len + places > 15 {
            // Beyond the fast path: Lemire's algorithm rounds correctly, as JSON.parse does.
            let value = fast_float2::parse(text).ok()?;
            return Some(Number {
                value,
                text,
                prints_as_sent: false,
            });
        }
        // Clinger's fast path: the digits (below 10^15) and the power of ten are exact doubles, so the division's
        // one rounding is the correct one.
        let magnitude = mantissa as f64 / POWERS_OF_TEN[places];
        let value = if negative { -magnitude } else { magnitude };
        // "0.0000001" prints as "1e-7"; "-0" as "0"; "1.50" as "1.5".
        let leading_zeros = match text[whole_start..].strip_prefix(b"0.") {
            Some(fraction) => fraction.iter().take_while(|&&b| b == b'0').count(),
            None => 0,
        };
        let prints_as_sent = (places == 0 || text[at - 1] != b'0')
            && leading_zeros <= 5
            && !(negative && mantissa == 0);
        Some(Number {
            value,
            text,
            prints_as_sent,
        })
    }
}

/// The end of the run of digits from `at`, each added to `mantissa` (which wraps beyond 19 digits: unused then).
fn digits(bytes: &[u8], mut at: usize, mantissa: &mut u64) -> usize {
    while let Some(&digit @ b'0'..=b'9') = bytes.get(at) {
        *mantissa = mantissa
            .wrapping_mul(10)
            .wrapping_add(u64::from(digit - b'0'));
        at += 1;
    }
    at
}

const POWERS_OF_TEN: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// Appends a request's number as JavaScript prints it: its text itself where that is what JavaScript would print.
pub fn push_as_read(out: &mut Writer, number: &Number) {
    if number.prints_as_sent {
        out.extend(number.text);
    } else {
        push_double(out, number.value);
    }
}

/// Appends a double as JavaScript prints it.
fn push_double(out: &mut Writer, value: f64) {
    // Both print the same shortest digits; zmij lays them out as JavaScript does for fractions of at least 1e-5
    // (whole numbers it writes as "12.0", smaller ones with an exponent from 1e-6, where JavaScript starts at 1e-7).
    if value.fract() != 0.0 && value.abs() >= 1e-5 {
        out.extend(zmij::Buffer::new().format_finite(value).as_bytes());
    } else {
        out.extend(ryu_js::Buffer::new().format(value).as_bytes());
    }
}

/// Appends a whole number below 2^53 (an index, a count).
pub fn push_count(out: &mut Writer, n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend(&digits[at..]);
}

/// JavaScript's `Math.round(value * 1e6) / 1e6`, bit for bit (Math.round rounds halves toward +infinity), with the
/// whole number of millionths it rounded to.
pub fn round6(value: f64) -> (f64, f64) {
    let scaled = value * 1e6;
    let up = scaled.ceil();
    let micros = if up - 0.5 > scaled { up - 1.0 } else { up };
    (micros / 1e6, micros)
}

/// Appends `micros / 1e6` as JavaScript prints it, for a whole `micros` of at most 15 digits (`round6`'s second value).
pub fn push_micros(out: &mut Writer, micros: f64) {
    debug_assert!(micros.fract() == 0.0 && micros.abs() < 1e15);
    if micros < 0.0 {
        out.push(b'-');
    }
    let whole = micros.abs() as u64;
    push_count(out, (whole / 1_000_000) as usize);
    let fraction = whole % 1_000_000;
    if fraction == 0 {
        return;
    }
    let mut digits = [b'0'; 6];
    let mut rest = fraction;
    for digit in digits.iter_mut().rev() {
        *digit += (rest % 10) as u8;
        rest /= 10;
    }
    let significant = 6 - digits.iter().rev().take_while(|&&d| d == b'0').count();
    out.push(b'.');
    out.extend(&digits[..significant]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `write` appends, as text.
    fn written(write: impl FnOnce(&mut Writer)) -> String {
        let mut buffer = [0u8; 128];
        let mut out = Writer::new(&mut buffer);
        write(&mut out);
        let len = out.len().expect("fits");
        String::from_utf8(buffer[..len].to_vec()).expect("ASCII")
    }

    /// The value read and the text written for a number sent as `text`, checked against Rust's parse.
    fn as_read(text: &str) -> String {
        let number = Number::scan(text.as_bytes()).expect("a JSON number");
        assert_eq!(number.text, text.as_bytes());
        let parsed: f64 = text.parse().expect("a number");
        assert_eq!(
            number.value.to_bits(),
            parsed.to_bits(),
            "{text} read as {}",
            number.value
        );
        written(|out| push_as_read(out, &number))
    }

    fn javascript(value: f64) -> String {
        ryu_js::Buffer::new().format(value).to_owned()
    }

    #[test]
    fn writes_what_javascript_prints_for_every_form_of_a_number() {
        for text in [
            "0",
            "-0",
            "0.0",
            "12",
            "12.50",
            "-12.5",
            "1e2",
            "1E-7",
            "0.000001",
            "0.0000001",
            "0.00001234",
            "28.6248245",
            "77.21498718629023",
            "77.214987186290231",
            "1234567890.12345",
            "1234567890.123456",
            "5e-324",
            "90.000000000000001",
            "-180",
        ] {
            assert_eq!(
                as_read(text),
                javascript(text.parse().expect("a number")),
                "{text}"
            );
        }
    }

    #[test]
    fn echoes_plain_short_numbers_and_agrees_with_javascript_on_random_ones() {
        let mut seed: u64 = 29;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..200_000 {
            let value = (next() - 0.5) * 360.0;
            // As a client writes it: full precision, or cut to a few decimals.
            let places = (next() * 18.0) as usize;
            for text in [javascript(value), format!("{value:.places$}")] {
                assert_eq!(
                    as_read(&text),
                    javascript(text.parse().expect("a number")),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn writes_doubles_of_every_magnitude_as_javascript_does() {
        let mut seed: u64 = 11;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed
        };
        for _ in 0..1_000_000 {
            // Any bit pattern, and fractions from 1e-9 to 1e17.
            let any = f64::from_bits(next());
            let scaled =
                (next() >> 11) as f64 / (1u64 << 53) as f64 * 10f64.powi((next() % 27) as i32 - 9);
            for value in [any, scaled, -scaled] {
                if value.is_finite() {
                    assert_eq!(
                        written(|out| push_double(out, value)),
                        javascript(value),
                        "{value:e}"
                    );
                }
            }
        }
    }

    #[test]
    fn writes_millionths_as_javascript_prints_the_rounded_value() {
        let mut seed: u64 = 6;
        for _ in 0..200_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let value = (seed >> 11) as f64 / (1u64 << 53) as f64 * 200.0 - 100.0;
            let (rounded, micros) = round6(value);
            assert_eq!(
                written(|out| push_micros(out, micros)),
                javascript(rounded),
                "{value}"
            );
        }
    }

    #[test]
    fn counts_are_plain_digits() {
        let text = written(|out| {
            for n in [0, 7, 10, 99, 100, 12345] {
                push_count(out, n);
                out.push(b' ');
            }
        });
        assert_eq!(text, "0 7 10 99 100 12345 ");
    }
}
