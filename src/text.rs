//! The crate's texts (refusals, answer errors, argument errors, question
//! wording, record times) written piece by piece onto a `String`, never
//! through `core::fmt`.
//!
//! The npm package's wasm is `no_std` and its panics trap, so with no
//! `format!`, `write!` or `Display` on its path none of the formatting
//! machinery (`Formatter`, `fmt::write`, `fmt::Arguments`, the integers'
//! `Display`, `str`'s `Debug`) is in the `.wasm`: about 5 KB of it. Each
//! type with a text implements [`Text`]; its public `Display` writes that
//! same text, so natively `to_string()` is what it was, and the wasm layer
//! asks [`Text::text`] directly, with no `Formatter` between.

use alloc::string::String;

pub(crate) use crate::backend::push_debug_str;
pub(crate) use crate::json::write::{
    signed as push_signed, unsigned as push_decimal, unsigned_padded as push_padded,
};

/// A value with a text: an error's message, an instant's RFC 3339 form, a
/// path that names a value in an error.
pub(crate) trait Text {
    /// Appends the text to `out`.
    fn write_text(&self, out: &mut String);

    /// The text on its own.
    fn text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out);
        out
    }
}

impl Text for str {
    fn write_text(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Text for String {
    fn write_text(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl<T: Text + ?Sized> Text for &T {
    fn write_text(&self, out: &mut String) {
        (**self).write_text(out);
    }
}

/// The pieces one after the other: `format!("{a}{b}{c}")` of texts.
pub(crate) fn concat(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|piece| piece.len()).sum());
    push_all(&mut out, pieces);
    out
}

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

/// Appends the pieces one after the other.
pub(crate) fn push_all(out: &mut String, pieces: &[&str]) {
    for piece in pieces {
        out.push_str(piece);
    }
}

/// `value` in decimal: `value.to_string()`.
pub(crate) fn decimal(value: u64) -> String {
    let mut out = String::new();
    push_decimal(&mut out, value);
    out
}

/// Appends `format!("{value:X}")`: uppercase hex digits, no leading zeros.
pub(crate) fn push_upper_hex(out: &mut String, value: u32) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut shift = 28;
    while shift > 0 && value >> shift == 0 {
        shift -= 4;
    }
    loop {
        let digit = HEX.get((value >> shift & 0xf) as usize).copied();
        out.push(char::from(digit.unwrap_or(b'0')));
        if shift == 0 {
            break;
        }
        shift -= 4;
    }
}

/// `format!("{text:?}")`: `str`'s `Debug` text, quotes and escapes.
pub(crate) fn debug_str(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_debug_str(&mut out, text);
    out
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_their_display_writes_them() {
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
            assert_eq!(decimal(value), value.to_string());
        }
        for value in [0i64, -1, 1, -10, i64::MIN, i64::MAX] {
            let mut out = String::new();
            push_signed(&mut out, value);
            assert_eq!(out, value.to_string());
        }
        for (value, width) in [(0u64, 2), (7, 2), (12, 2), (5, 4), (123, 3), (1, 9)] {
            let mut out = String::new();
            push_padded(&mut out, value, width);
            assert_eq!(out, format!("{value:0width$}"));
        }
        for value in [
            0u32,
            1,
            0xA,
            0xF,
            0x10,
            0xD800,
            0xDBFF,
            0xDC00,
            0xDFFF,
            u32::MAX,
        ] {
            let mut out = String::new();
            push_upper_hex(&mut out, value);
            assert_eq!(out, format!("{value:X}"));
        }
    }

    #[test]
    fn strings_are_quoted_as_their_debug_quotes_them() {
        for text in [
            "",
            "plain",
            "it's",
            "a \"b\" \\ c",
            "\n\t\r\0\u{7f}",
            "é\u{301}\u{200b}🙂",
        ] {
            assert_eq!(debug_str(text), format!("{text:?}"));
        }
    }

    #[test]
    fn pieces_are_joined_in_order() {
        assert_eq!(concat(&["a", "", "bc", "d"]), "abcd");
        assert_eq!(concat(&[]), "");
        let path: &dyn Text = &"record";
        assert_eq!(path.text(), "record");
    }
}
