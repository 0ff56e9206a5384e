//! geo-core: DIGIPIN, the pincode boundary index and its binary format. No Node, no napi.
pub mod digipin;
pub mod error;
pub mod format;
pub mod grid;
mod huge_pages;
pub mod index;
pub mod pip;

pub use error::GeoError;
pub use index::BoundaryIndex;
