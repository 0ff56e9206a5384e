//! Writes an answer straight into the caller's buffer (memory JavaScript owns): no intermediate copy.

/// Appends to a fixed buffer; once something does not fit, later writes are dropped and `len` is None.
pub struct Writer<'a> {
    buffer: &'a mut [u8],
    at: usize,
    overflowed: bool,
}

impl<'a> Writer<'a> {
    pub fn new(buffer: &'a mut [u8]) -> Writer<'a> {
        Writer {
            buffer,
            at: 0,
            overflowed: false,
        }
    }

    pub fn extend(&mut self, bytes: &[u8]) {
        match self.buffer.get_mut(self.at..self.at + bytes.len()) {
            Some(slot) => {
                slot.copy_from_slice(bytes);
                self.at += bytes.len();
            }
            None => self.overflowed = true,
        }
    }

    pub fn push(&mut self, byte: u8) {
        self.extend(&[byte]);
    }

    /// Bytes written, or None when the answer did not fit.
    pub fn len(&self) -> Option<usize> {
        (!self.overflowed).then_some(self.at)
    }
}
