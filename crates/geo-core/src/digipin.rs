//! DIGIPIN encode/decode, step for step the India Post reference algorithm (same f64 operations, same order).
use crate::error::GeoError;

/// Southern bound of the DIGIPIN grid (inclusive).
pub const MIN_LAT: f64 = 2.5;
/// Northern bound of the DIGIPIN grid (inclusive).
pub const MAX_LAT: f64 = 38.5;
/// Western bound of the DIGIPIN grid (inclusive).
pub const MIN_LON: f64 = 63.5;
/// Eastern bound of the DIGIPIN grid (inclusive).
pub const MAX_LON: f64 = 99.5;
/// Number of symbols in a code, hyphens excluded.
pub const CODE_LEN: usize = 10;

/// The 4x4 symbol grid, row 0 is the northern row.
const GRID: [[u8; 4]; 4] = [
    [b'F', b'C', b'9', b'8'],
    [b'J', b'3', b'2', b'7'],
    [b'K', b'4', b'5', b'6'],
    [b'L', b'M', b'P', b'T'],
];

/// Maps an ASCII byte to (row, col) in GRID, or 0xFF; lowercase letters map like uppercase.
const SYMBOL_CELL: [u8; 256] = build_symbol_table();

const fn build_symbol_table() -> [u8; 256] {
    let mut table = [0xFFu8; 256];
    let mut row = 0;
    while row < 4 {
        let mut col = 0;
        while col < 4 {
            let sym = GRID[row][col];
            let cell = (row * 4 + col) as u8;
            table[sym as usize] = cell;
            table[sym.to_ascii_lowercase() as usize] = cell;
            col += 1;
        }
        row += 1;
    }
    table
}

/// Checks the official bounds; NaN fails too (the reference code lets it through by mistake).
fn check_bounds(lat: f64, lon: f64) -> Result<(), GeoError> {
    if !(MIN_LAT..=MAX_LAT).contains(&lat) {
        return Err(GeoError::LatitudeOutOfRange { lat });
    }
    if !(MIN_LON..=MAX_LON).contains(&lon) {
        return Err(GeoError::LongitudeOutOfRange { lon });
    }
    Ok(())
}

/// Grid cells per axis at level 10 (4^10), as f64.
const CELLS: f64 = 1_048_576.0;
/// How close (in level-10 cells) to a grid line the fast path defers to the reference; floating-point
/// error of either computation is below 1e-9 cells, so this margin keeps the two identical.
const GRID_LINE_MARGIN: f64 = 1e-6;

/// Encodes to the 10 bare symbols (no hyphens) into `out`.
///
/// Fast path: one scaled integer per axis, read as base-4 digits. A point within `GRID_LINE_MARGIN`
/// of any grid line (every level's lines are level-10 lines) takes the step-by-step reference
/// algorithm instead, so results are identical to India Post's on every input.
pub fn encode_into(lat: f64, lon: f64, out: &mut [u8; CODE_LEN]) -> Result<(), GeoError> {
    check_bounds(lat, lon)?;
    let t_lat = (lat - MIN_LAT) * (CELLS / (MAX_LAT - MIN_LAT));
    let t_lon = (lon - MIN_LON) * (CELLS / (MAX_LON - MIN_LON));
    if near_grid_line(t_lat) || near_grid_line(t_lon) {
        encode_reference(lat, lon, out);
        return Ok(());
    }
    let (u_lat, u_lon) = (t_lat as u32, t_lon as u32);
    for (level, slot) in out.iter_mut().enumerate() {
        let shift = 2 * (CODE_LEN - 1 - level);
        let row = 3 - ((u_lat >> shift) & 3) as usize;
        let col = ((u_lon >> shift) & 3) as usize;
        *slot = GRID[row][col];
    }
    Ok(())
}

fn near_grid_line(t: f64) -> bool {
    let frac = t - t.floor();
    !(GRID_LINE_MARGIN..=1.0 - GRID_LINE_MARGIN).contains(&frac)
}

/// The India Post reference algorithm, operation for operation; call only with in-bounds input.
pub fn encode_reference(lat: f64, lon: f64, out: &mut [u8; CODE_LEN]) {
    let (mut min_lat, mut max_lat) = (MIN_LAT, MAX_LAT);
    let (mut min_lon, mut max_lon) = (MIN_LON, MAX_LON);
    for slot in out.iter_mut() {
        let lat_div = (max_lat - min_lat) / 4.0;
        let lon_div = (max_lon - min_lon) / 4.0;
        // Same clamping as the reference: a point on a grid line goes north/east, outer max edges stay inside.
        let row = (3.0 - ((lat - min_lat) / lat_div).floor()).clamp(0.0, 3.0) as usize;
        let col = ((lon - min_lon) / lon_div).floor().clamp(0.0, 3.0) as usize;
        *slot = GRID[row][col];
        max_lat = min_lat + lat_div * (4 - row) as f64;
        min_lat += lat_div * (3 - row) as f64;
        min_lon += lon_div * col as f64;
        max_lon = min_lon + lon_div;
    }
}

/// Encodes a point to `XXX-XXX-XXXX`.
pub fn encode(lat: f64, lon: f64) -> Result<String, GeoError> {
    let mut bare = [0u8; CODE_LEN];
    encode_into(lat, lon, &mut bare)?;
    Ok(hyphenate(&bare))
}

/// Formats 10 bare symbols as `XXX-XXX-XXXX`.
pub fn hyphenate(bare: &[u8; CODE_LEN]) -> String {
    let mut s = String::with_capacity(CODE_LEN + 2);
    for (i, &b) in bare.iter().enumerate() {
        if i == 3 || i == 6 {
            s.push('-');
        }
        s.push(b as char);
    }
    s
}

/// Decodes a code (hyphens anywhere are ignored, lowercase accepted) to its cell centre (lat, lon).
pub fn decode(code: &str) -> Result<(f64, f64), GeoError> {
    let len = code.chars().filter(|&c| c != '-').count();
    if len != CODE_LEN {
        return Err(GeoError::InvalidLength { len });
    }
    let mut cells = [0u8; CODE_LEN];
    for (pos, ch) in code.chars().filter(|&c| c != '-').enumerate() {
        let cell = if ch.is_ascii() {
            SYMBOL_CELL[ch as usize]
        } else {
            0xFF
        };
        if cell == 0xFF {
            return Err(GeoError::InvalidChar { ch, pos });
        }
        cells[pos] = cell;
    }
    Ok(decode_cells(&cells))
}

/// Decodes 10 bare ASCII symbols; used by the batch path, which has no hyphens.
pub fn decode_bare(bare: &[u8]) -> Result<(f64, f64), GeoError> {
    if bare.len() != CODE_LEN {
        return Err(GeoError::InvalidLength { len: bare.len() });
    }
    let mut cells = [0u8; CODE_LEN];
    for (pos, &b) in bare.iter().enumerate() {
        let cell = SYMBOL_CELL[b as usize];
        if cell == 0xFF {
            return Err(GeoError::InvalidChar { ch: b as char, pos });
        }
        cells[pos] = cell;
    }
    Ok(decode_cells(&cells))
}

fn decode_cells(cells: &[u8; CODE_LEN]) -> (f64, f64) {
    let (mut min_lat, mut max_lat) = (MIN_LAT, MAX_LAT);
    let (mut min_lon, mut max_lon) = (MIN_LON, MAX_LON);
    for &cell in cells {
        let (ri, ci) = ((cell / 4) as f64, (cell % 4) as f64);
        let lat_div = (max_lat - min_lat) / 4.0;
        let lon_div = (max_lon - min_lon) / 4.0;
        let lat1 = max_lat - lat_div * (ri + 1.0);
        let lat2 = max_lat - lat_div * ri;
        let lon1 = min_lon + lon_div * ci;
        let lon2 = min_lon + lon_div * (ci + 1.0);
        (min_lat, max_lat, min_lon, max_lon) = (lat1, lat2, lon1, lon2);
    }
    ((min_lat + max_lat) / 2.0, (min_lon + max_lon) / 2.0)
}

/// Encodes `[lon, lat, …]` pairs (x first, like every batch API here) to 10 bytes each; a point outside the grid gives 10 zero bytes.
pub fn encode_many(lon_lat: &[f64]) -> Vec<u8> {
    let mut out = vec![0u8; lon_lat.len() / 2 * CODE_LEN];
    for (pair, slot) in lon_lat.chunks_exact(2).zip(out.chunks_exact_mut(CODE_LEN)) {
        let mut bare = [0u8; CODE_LEN];
        if encode_into(pair[1], pair[0], &mut bare).is_ok() {
            slot.copy_from_slice(&bare);
        }
    }
    out
}

/// Decodes 10 bytes per code to `[lon, lat, …]` cell centres; an invalid code gives NaN, NaN.
pub fn decode_many(codes: &[u8]) -> Vec<f64> {
    let mut out = Vec::with_capacity(codes.len() / CODE_LEN * 2);
    for code in codes.chunks_exact(CODE_LEN) {
        let (lat, lon) = decode_bare(code).unwrap_or((f64::NAN, f64::NAN));
        out.push(lon);
        out.push(lat);
    }
    out
}

/// Height and width in degrees of a level-10 cell.
pub fn cell_size() -> (f64, f64) {
    let cells = 4f64.powi(CODE_LEN as i32);
    ((MAX_LAT - MIN_LAT) / cells, (MAX_LON - MIN_LON) / cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_a_known_point() {
        assert_eq!(encode(28.622788, 77.213033).as_deref(), Ok("39J-49L-L8T4"));
    }

    #[test]
    fn fast_path_equals_the_reference_everywhere_including_grid_lines() {
        let mut seed: u64 = 42;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let (cell_lat, cell_lon) = cell_size();
        for i in 0..400_000 {
            let (mut lat, mut lon) = (MIN_LAT + next() * 36.0, MIN_LON + next() * 36.0);
            if i % 2 == 0 {
                // Snap to a grid line of a random level, then nudge by a few ulps either way.
                let step = 4f64.powi(1 + (next() * 10.0) as i32);
                lat = MIN_LAT + ((lat - MIN_LAT) / 36.0 * step).round() * 36.0 / step;
                lon = MIN_LON + ((lon - MIN_LON) / 36.0 * step).round() * 36.0 / step;
                let ulps = (next() * 7.0) as i64 - 3;
                lat = f64::from_bits((lat.to_bits() as i64 + ulps) as u64).clamp(MIN_LAT, MAX_LAT);
                lon = f64::from_bits((lon.to_bits() as i64 - ulps) as u64).clamp(MIN_LON, MAX_LON);
            }
            let (mut fast, mut reference) = ([0u8; CODE_LEN], [0u8; CODE_LEN]);
            encode_into(lat, lon, &mut fast).expect("in range");
            encode_reference(lat, lon, &mut reference);
            assert_eq!(
                fast, reference,
                "{lat:?},{lon:?} (cells {cell_lat}, {cell_lon})"
            );
        }
    }

    #[test]
    fn rejects_nan_and_infinity() {
        assert!(matches!(
            encode(f64::NAN, 77.0),
            Err(GeoError::LatitudeOutOfRange { .. })
        ));
        assert!(matches!(
            encode(20.0, f64::NAN),
            Err(GeoError::LongitudeOutOfRange { .. })
        ));
        assert!(matches!(
            encode(20.0, f64::INFINITY),
            Err(GeoError::LongitudeOutOfRange { .. })
        ));
    }

    #[test]
    fn decode_accepts_lowercase_and_missing_hyphens() {
        assert_eq!(decode("39j49ll8t4"), decode("39J-49L-L8T4"));
    }

    #[test]
    fn decode_rejects_bad_symbols_and_lengths() {
        assert!(matches!(
            decode("39J-49L-L8TA"),
            Err(GeoError::InvalidChar { ch: 'A', pos: 9 })
        ));
        assert!(matches!(
            decode("39J-49L-L8T"),
            Err(GeoError::InvalidLength { len: 9 })
        ));
        assert!(matches!(
            decode("39J-49L-L8T😀"),
            Err(GeoError::InvalidChar { .. })
        ));
        assert!(matches!(
            decode_bare(b"39J49LL8T"),
            Err(GeoError::InvalidLength { len: 9 })
        ));
    }
}
