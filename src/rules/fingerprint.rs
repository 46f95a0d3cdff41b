//! What both profiles' fingerprints share: SHA-256 (the `sha2` crate) over
//! a profile's own input, written as lowercase hex.

use alloc::string::String;

use crate::number::digits::push_ascii;

/// A digest as 64 lowercase hex digits.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let digit = |nibble: u8| {
        if nibble < 10 {
            b'0' + nibble
        } else {
            b'a' + nibble - 10
        }
    };
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        push_ascii(&mut text, digit(byte >> 4));
        push_ascii(&mut text, digit(byte & 0x0f));
    }
    text
}
