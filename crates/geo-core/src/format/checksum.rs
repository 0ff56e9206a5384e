//! The boundary file's checksum: XXH3-64 of the whole file with the checksum field read as zeros.
use super::CHECKSUM_AT;
use xxhash_rust::xxh3::Xxh3;

/// The file's checksum, fed in order: XXH3-64 of the whole file with the checksum field zeroed.
pub struct Checksum {
    hasher: Xxh3,
    fed: usize,
}

impl Checksum {
    pub fn new() -> Checksum {
        Checksum {
            hasher: Xxh3::new(),
            fed: 0,
        }
    }

    /// Feeds the next bytes of the file (any chunking); the checksum field is read as zeros.
    pub fn update(&mut self, chunk: &[u8]) {
        let field = CHECKSUM_AT..CHECKSUM_AT + 8;
        let here = self.fed..self.fed + chunk.len();
        if here.start < field.end && field.start < here.end {
            let mut copy = chunk.to_vec();
            for at in here.start.max(field.start)..here.end.min(field.end) {
                copy[at - here.start] = 0;
            }
            self.hasher.update(&copy);
        } else {
            self.hasher.update(chunk);
        }
        self.fed += chunk.len();
    }

    pub fn digest(&self) -> u64 {
        self.hasher.digest()
    }
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum::new()
    }
}

/// The checksum of a whole file image.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::new();
    sum.update(bytes);
    sum.digest()
}
