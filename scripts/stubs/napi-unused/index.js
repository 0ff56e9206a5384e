// Stub for @napi-rs/cli's lazily loaded cross-compilation and wasm helpers (never used here; see README "Installing").
module.exports = {};
