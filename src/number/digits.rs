//! Integers as decimal digits, written byte by byte onto a `String`: what
//! the JSON writer and the float text build their texts from, where a
//! `core::fmt` call per number would cost more than the number.

use alloc::string::String;

/// Pushes one byte, masked to ASCII, onto `out`: `out.push(char::from(byte
/// & 0x7f))`, in a form that is inlined in the ui builds (opt-level "z",
/// where core's `String::push` is a call: a JSON text's every quote, comma
/// and colon).
#[inline(always)]
pub(crate) fn push_ascii(out: &mut String, byte: u8) {
    // SAFETY: a byte below 0x80 is a whole UTF-8 character, so the text
    // stays UTF-8.
    let bytes = unsafe { out.as_mut_vec() };
    match bytes.spare_capacity_mut().first_mut() {
        Some(slot) => {
            slot.write(byte & 0x7f);
            let len = bytes.len() + 1;
            // SAFETY: the slot at the old length was just written, and it
            // was within the capacity.
            unsafe { bytes.set_len(len) };
        }
        None => bytes.push(byte & 0x7f),
    }
}

/// Pushes ASCII digits (bytes `b'0'..=b'9'`) onto `out`, each as one byte.
pub(crate) fn push_digits(out: &mut String, digits: &[u8]) {
    for &digit in digits {
        // Masked to ASCII, so each is pushed as one byte.
        push_ascii(out, digit);
    }
}

/// Pushes `count` zeros onto `out`.
pub(crate) fn push_zeros(out: &mut String, count: usize) {
    for _ in 0..count {
        push_ascii(out, b'0');
    }
}

/// `value` in decimal, with leading zeros to at least `width` digits.
pub(crate) fn unsigned_padded(out: &mut String, mut value: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    while value > 0 || start > digits.len().saturating_sub(width) {
        start -= 1;
        if let Some(digit) = digits.get_mut(start) {
            *digit = b'0' + (value % 10) as u8;
        }
        value /= 10;
    }
    let written = digits.get(start..).unwrap_or_default();
    push_digits(out, written);
}

pub(crate) fn unsigned(out: &mut String, value: u64) {
    unsigned_padded(out, value, 1);
}

pub(crate) fn signed(out: &mut String, value: i64) {
    if value < 0 {
        push_ascii(out, b'-');
    }
    unsigned(out, value.unsigned_abs());
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn integers_are_written_as_their_display_writes_them() {
        for value in [
            0u64,
            1,
            9,
            10,
            99,
            100,
            12_345,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let mut out = String::new();
            unsigned(&mut out, value);
            assert_eq!(out, value.to_string());
        }
        for value in [0i64, -1, 1, -10, i64::MIN, i64::MAX] {
            let mut out = String::new();
            signed(&mut out, value);
            assert_eq!(out, value.to_string());
        }
        for (value, width) in [(0u64, 2), (7, 2), (12, 2), (5, 4), (123, 3), (1, 9)] {
            let mut out = String::new();
            unsigned_padded(&mut out, value, width);
            assert_eq!(out, format!("{value:0width$}"));
        }
    }
}
