//! Errors thrown to JS carry their stable code (E_OUT_OF_BOUNDS, …) as the `code` property, as better-sqlite3 sets
//! `this.code`; the message is the core error's text.
use geo_core::GeoError;
use napi::Error;

/// An error whose napi status is the stable code: napi-rs writes it to the JS error's `code`.
pub type CodedError = Error<String>;
/// What every export returns.
pub type Result<T> = napi::Result<T, String>;

/// Wraps a GeoError so the binding can convert it with `?`.
pub struct NodeError(pub GeoError);

impl From<GeoError> for NodeError {
    fn from(err: GeoError) -> Self {
        NodeError(err)
    }
}

impl From<NodeError> for CodedError {
    fn from(err: NodeError) -> Self {
        Error::new(err.0.code().to_string(), err.0.to_string())
    }
}

/// A failure of napi itself (creating a value), reported with the code E_INTERNAL.
pub fn internal(err: napi::Error) -> CodedError {
    Error::new("E_INTERNAL".to_string(), err.reason.clone())
}

/// A malformed batch argument (wrong length), reported like core errors.
pub fn bad_batch(why: String) -> CodedError {
    Error::new("E_BAD_BATCH".to_string(), why)
}

/// A slot that holds no open index on this thread (never one a live BoundaryIndex handle gave out).
pub fn closed_index(slot: u32) -> CodedError {
    Error::new("E_INVALID_ARGUMENT".to_string(), closed_index_message(slot))
}

/// The text of `closed_index`.
pub fn closed_index_message(slot: u32) -> String {
    format!("no open boundary index in slot {slot} of this thread")
}
