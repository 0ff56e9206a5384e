//! geo-core: DIGIPIN, the pincode boundary index and its binary format. No Node, no napi.
pub mod batch_json;
pub mod digipin;
pub mod error;
pub mod format;
pub mod grid;
mod image;
pub mod index;
pub mod mapped_file;
pub mod outline;
pub mod pip;
mod prepare;
pub mod shared;

pub use error::GeoError;
pub use index::BoundaryIndex;

// The boundary file is read in place, and it is little-endian.
#[cfg(not(target_endian = "little"))]
compile_error!("geo-core reads boundary files in place and supports little-endian targets only");
