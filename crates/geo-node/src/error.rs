//! Maps core errors to napi errors whose status string is the stable code JS branches on.
use geo_core::GeoError;
use napi::{Error, Status};

/// Wraps a GeoError so the binding can convert it with `?`.
pub struct NodeError(pub GeoError);

impl From<GeoError> for NodeError {
    fn from(err: GeoError) -> Self {
        NodeError(err)
    }
}

impl From<NodeError> for Error {
    fn from(err: NodeError) -> Self {
        Error::new(
            Status::GenericFailure,
            format!("{}|{}", err.0.code(), err.0),
        )
    }
}

/// A malformed batch argument (wrong length), reported like core errors.
pub fn bad_batch(why: String) -> Error {
    Error::new(Status::InvalidArg, format!("E_BAD_BATCH|{why}"))
}

/// A slot that holds no open index on this thread (never one a live BoundaryIndex handle gave out).
pub fn closed_index(slot: u32) -> Error {
    Error::new(Status::InvalidArg, closed_index_message(slot))
}

/// The `CODE|text` message of `closed_index`.
pub fn closed_index_message(slot: u32) -> String {
    format!("E_INVALID_ARGUMENT|no open boundary index in slot {slot} of this thread")
}

/// The `CODE|text` message of an argument of the wrong type or range.
pub fn invalid_argument_message(why: &str) -> String {
    format!("E_INVALID_ARGUMENT|{why}")
}
