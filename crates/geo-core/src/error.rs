//! The one error type of the core; Display texts for DIGIPIN match India Post's official ones.
use std::fmt;

/// Everything that can go wrong in geo-core, on input or data.
#[derive(Debug, Clone, PartialEq)]
pub enum GeoError {
    /// Latitude outside 2.5..=38.5, or not a number.
    LatitudeOutOfRange { lat: f64 },
    /// Longitude outside 63.5..=99.5, or not a number.
    LongitudeOutOfRange { lon: f64 },
    /// A DIGIPIN that is not 10 symbols once hyphens are removed.
    InvalidLength { len: usize },
    /// A DIGIPIN symbol outside the 16-symbol alphabet.
    InvalidChar { ch: char, pos: usize },
    /// A boundary file that is truncated, corrupt or inconsistent.
    BadData(String),
    /// A boundary file written by another format version.
    VersionMismatch { found: u32, expected: u32 },
    /// An I/O failure while reading a data file.
    Io(String),
}

impl GeoError {
    /// A stable code for callers that must branch on the kind of error.
    pub fn code(&self) -> &'static str {
        match self {
            GeoError::LatitudeOutOfRange { .. } => "E_LATITUDE_OUT_OF_RANGE",
            GeoError::LongitudeOutOfRange { .. } => "E_LONGITUDE_OUT_OF_RANGE",
            GeoError::InvalidLength { .. } => "E_INVALID_DIGIPIN",
            GeoError::InvalidChar { .. } => "E_INVALID_CHAR",
            GeoError::BadData(_) => "E_BAD_DATA",
            GeoError::VersionMismatch { .. } => "E_VERSION_MISMATCH",
            GeoError::Io(_) => "E_IO",
        }
    }
}

impl fmt::Display for GeoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeoError::LatitudeOutOfRange { .. } => f.write_str("Latitude out of range"),
            GeoError::LongitudeOutOfRange { .. } => f.write_str("Longitude out of range"),
            GeoError::InvalidLength { .. } => f.write_str("Invalid DIGIPIN"),
            GeoError::InvalidChar { .. } => f.write_str("Invalid character in DIGIPIN"),
            GeoError::BadData(why) => write!(f, "Bad boundary data: {why}"),
            GeoError::VersionMismatch { found, expected } => {
                write!(f, "Got v{found}, expected v{expected}")
            }
            GeoError::Io(why) => write!(f, "I/O error: {why}"),
        }
    }
}

impl std::error::Error for GeoError {}

impl From<std::io::Error> for GeoError {
    fn from(err: std::io::Error) -> Self {
        GeoError::Io(err.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_texts_are_the_official_ones() {
        assert_eq!(
            GeoError::LatitudeOutOfRange { lat: 40.0 }.to_string(),
            "Latitude out of range"
        );
        assert_eq!(
            GeoError::InvalidChar { ch: 'A', pos: 0 }.to_string(),
            "Invalid character in DIGIPIN"
        );
        assert_eq!(
            GeoError::VersionMismatch {
                found: 1,
                expected: 2
            }
            .to_string(),
            "Got v1, expected v2"
        );
    }
}
