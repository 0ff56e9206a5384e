//! Emits the linker flags a Node addon needs.
fn main() {
    napi_build::setup();
}
