//! What both profiles' fingerprints share: SHA-256 (the `sha2` crate) over
//! a profile's own input, fed as it is written, and the digest as lowercase
//! hex.
//!
//! A host with a SHA-256 of its own (the npm package's bindings, under
//! Node) may hash a form's input itself
//! ([`ProfiledForm::fingerprint_input`](crate::ProfiledForm::fingerprint_input))
//! and turn the digest into the fingerprint with [`from_digest`]; any other
//! host takes [`of_input`], the same digest through `sha2`.

use alloc::{string::String, vec::Vec};
use core::fmt;
use sha2::{Digest, Sha256};

use crate::number::digits::push_ascii;

/// The fingerprint whose SHA-256 digest is `digest`: its 64 lowercase hex
/// digits, as [`ProfiledForm::fingerprint`](crate::ProfiledForm::fingerprint)
/// writes it.
pub fn from_digest(digest: &[u8; 32]) -> String {
    hex(digest)
}

/// The fingerprint of a fingerprint input (what
/// [`ProfiledForm::fingerprint_input`](crate::ProfiledForm::fingerprint_input)
/// gives): SHA-256 of it, through `sha2`, as 64 lowercase hex digits.
pub fn of_input(input: &[u8]) -> String {
    hex(&Sha256::digest(input))
}

/// Where a profile writes its fingerprint input: a vector, for its
/// `fingerprint_input`, or straight into the digest ([`Hashing`]), for its
/// `fingerprint`, which so never builds the input whole. One writer per
/// profile for both, so the two cannot differ.
pub(crate) trait Sink {
    fn bytes(&mut self, bytes: &[u8]);

    fn byte(&mut self, byte: u8) {
        self.bytes(&[byte]);
    }
}

impl Sink for Vec<u8> {
    fn bytes(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

impl Sink for Hashing {
    #[inline]
    fn bytes(&mut self, bytes: &[u8]) {
        Hashing::bytes(self, bytes);
    }

    #[inline]
    fn byte(&mut self, byte: u8) {
        Hashing::byte(self, byte);
    }
}

/// A `Debug` or `Display` text written into a [`Sink`] as it is formatted.
pub(crate) struct Text<'a, S>(pub(crate) &'a mut S);

impl<S: Sink> fmt::Write for Text<'_, S> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0.bytes(text.as_bytes());
        Ok(())
    }
}

/// Room for the small pieces of a fingerprint's input (separators, quotes,
/// numbers, short names) between two calls into the hasher.
const BUFFERED: usize = 128;

/// SHA-256 fed a fingerprint's input as each profile writes it, so the input
/// is never built whole and copied: small pieces are gathered here and go to
/// the hasher together, a long text (a description, an enum's label) goes to
/// it as it is.
pub(crate) struct Hashing {
    hasher: Sha256,
    buffer: [u8; BUFFERED],
    len: usize,
}

impl Hashing {
    pub(crate) fn new() -> Self {
        Self {
            hasher: Sha256::new(),
            buffer: [0; BUFFERED],
            len: 0,
        }
    }

    /// Feeds `bytes` to the digest.
    #[inline]
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        match self.buffer.get_mut(self.len..self.len + bytes.len()) {
            Some(room) => {
                room.copy_from_slice(bytes);
                self.len += bytes.len();
            }
            None => self.spill(bytes),
        }
    }

    /// Feeds one byte to the digest.
    #[inline]
    pub(crate) fn byte(&mut self, byte: u8) {
        self.bytes(&[byte]);
    }

    /// What `bytes` does when they do not fit: the gathered bytes go to the
    /// hasher, then `bytes` too if they would not fit an empty buffer.
    fn spill(&mut self, bytes: &[u8]) {
        self.flush();
        match self.buffer.get_mut(..bytes.len()) {
            Some(room) => {
                room.copy_from_slice(bytes);
                self.len = bytes.len();
            }
            None => self.hasher.update(bytes),
        }
    }

    fn flush(&mut self) {
        self.hasher
            .update(self.buffer.get(..self.len).unwrap_or_default());
        self.len = 0;
    }

    /// The digest of everything fed, as 64 lowercase hex digits.
    pub(crate) fn hex(mut self) -> String {
        self.flush();
        hex(&self.hasher.finalize())
    }
}

/// A `Debug` or `Display` text written straight into the digest.
impl fmt::Write for Hashing {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.bytes(text.as_bytes());
        Ok(())
    }
}

/// A digest as 64 lowercase hex digits.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        push_ascii(&mut text, hex_digit(byte >> 4));
        push_ascii(&mut text, hex_digit(byte & 0x0f));
    }
    text
}

/// The lowercase hex digit of a nibble (`0..16`).
pub(crate) fn hex_digit(nibble: u8) -> u8 {
    if nibble < 10 {
        b'0' + nibble
    } else {
        b'a' + nibble - 10
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use core::fmt::Write as _;

    /// Every split of an input into pieces, small and large, gives the
    /// digest of the input whole.
    #[test]
    fn hashing_in_pieces_is_hashing_the_whole() {
        let input: alloc::vec::Vec<u8> = (0..1000u32).map(|i| (i * 7 + i / 3) as u8).collect();
        let whole = hex(&Sha256::digest(&input));
        for piece in [1, 3, 63, 64, 65, 127, 128, 129, 300, 1000] {
            let mut hashing = Hashing::new();
            for chunk in input.chunks(piece) {
                hashing.bytes(chunk);
            }
            assert_eq!(hashing.hex(), whole, "pieces of {piece}");
        }
        // Pieces of changing sizes, some past the buffer, some bytes alone.
        let mut hashing = Hashing::new();
        let mut rest = input.as_slice();
        let mut size = 0;
        while !rest.is_empty() {
            size = (size * 5 + 3) % 211;
            let (piece, after) = rest.split_at(size.min(rest.len()));
            if let [byte] = piece {
                hashing.byte(*byte);
            } else {
                hashing.bytes(piece);
            }
            rest = after;
        }
        assert_eq!(hashing.hex(), whole);
        let mut hashing = Hashing::new();
        write!(hashing, "{:?}", ["a\u{301}\"", "b"]).unwrap();
        assert_eq!(
            hashing.hex(),
            hex(&Sha256::digest(r#"["a\u{301}\"", "b"]"#))
        );
        assert_eq!(Hashing::new().hex(), hex(&Sha256::digest(b"")));
    }
}
