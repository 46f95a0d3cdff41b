//! Texts as the backend's messages and its fingerprint quote them
//! ([`Quoted`]), and the scans that find where a text stops being what a
//! JSON string or Rust's `Debug` writes as it is.

use core::fmt::{self, Write as _};

/// How many bytes at the start of `bytes` a JSON string holds as they are:
/// up to the first `"`, `\\` or control character (below 0x20), or all.
pub(crate) fn json_run(bytes: &[u8]) -> usize {
    run(
        bytes,
        |word| quote_or_backslash(word) | below(word, 0x20),
        |byte| byte == b'"' || byte == b'\\' || byte < 0x20,
    )
}

/// How many bytes at the start of `bytes` Rust's `Debug` for `str` writes
/// as they are: printable ASCII (0x20 to 0x7e) other than `"` and `\\`.
pub(crate) fn debug_run(bytes: &[u8]) -> usize {
    run(
        bytes,
        |word| quote_or_backslash(word) | below(word, 0x20) | equal(word, 0x7f) | word,
        |byte| !(b' '..=b'~').contains(&byte) || byte == b'"' || byte == b'\\',
    )
}

const ONES: u64 = u64::from_ne_bytes([1; 8]);
const HIGH_BITS: u64 = ONES << 7;

/// The bytes before the first stop. The texts are mostly long runs (a few
/// KB each at most), so they are scanned eight bytes at a time
/// (docs/performance.md, "Reading and writing JSON"): `stops` sets the high
/// bit of a byte that stops the run (and maybe of some above it: a borrow
/// only spoils the bytes above a true stop, so the lowest is exact); the
/// last few bytes are tested one by one with `stop`.
fn run(bytes: &[u8], stops: impl Fn(u64) -> u64, stop: impl Fn(u8) -> bool) -> usize {
    let (words, _) = bytes.as_chunks::<8>();
    let mut length = 0;
    for word in words {
        let found = stops(u64::from_le_bytes(*word)) & HIGH_BITS;
        if found != 0 {
            return length + (found.trailing_zeros() / 8) as usize;
        }
        length += 8;
    }
    let rest = bytes.get(length..).unwrap_or_default();
    length
        + rest
            .iter()
            .position(|&byte| stop(byte))
            .unwrap_or(rest.len())
}

/// The high bit of each byte of `word` that is `byte`.
fn equal(word: u64, byte: u8) -> u64 {
    let apart = word ^ (ONES * u64::from(byte));
    apart.wrapping_sub(ONES) & !apart
}

/// The high bit of each byte of `word` below `bound` (at most 0x80).
fn below(word: u64, bound: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(bound)) & !word
}

fn quote_or_backslash(word: u64) -> u64 {
    equal(word, b'"') | equal(word, b'\\')
}

/// A text as Rust's `Debug` for `str` writes it: in double quotes, with
/// `\"`, `\\`, `\t`, `\r`, `\n`, `\0` and `\u{hex}` for what Rust counts as
/// unprintable or grapheme-extending (`char::escape_debug`), `'` as it is.
/// The texts the backend quotes this way (its fingerprint's `Debug` text,
/// its error texts) are written through this rather than `{:?}`, so runs
/// that need no escape are copied whole, and the standard library's `str`
/// `Debug` (with its slicing panic path) stays out of the wasm a page
/// downloads. The test holds it to `{:?}` for every character.
pub(crate) struct Quoted<'a>(pub(crate) &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        let mut rest = self.0;
        loop {
            let plain = debug_run(rest.as_bytes());
            let (run, after) = rest.split_at_checked(plain).unwrap_or((rest, ""));
            f.write_str(run)?;
            let mut chars = after.chars();
            let Some(escaped) = chars.next() else {
                return f.write_char('"');
            };
            write!(f, "{}", escaped.escape_debug())?;
            rest = chars.as_str();
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use alloc::{format, string::String, string::ToString, vec::Vec};

    /// The runs [`json_run`] and [`debug_run`] find are the ones a
    /// byte-by-byte scan finds, for every stop at every place in and around
    /// the eight-byte words, among bytes of every kind (ASCII, DEL, UTF-8's
    /// high bytes, 0x1f, 0x20).
    #[test]
    fn runs_stop_where_a_byte_by_byte_scan_stops() {
        let scan = |bytes: &[u8], stop: fn(u8) -> bool| {
            bytes
                .iter()
                .position(|&byte| stop(byte))
                .unwrap_or(bytes.len())
        };
        let json_stop: fn(u8) -> bool = |byte| byte == b'"' || byte == b'\\' || byte < 0x20;
        let debug_stop: fn(u8) -> bool =
            |byte| !(b' '..=b'~').contains(&byte) || byte == b'"' || byte == b'\\';
        let agree = |bytes: &[u8]| {
            assert_eq!(json_run(bytes), scan(bytes, json_stop), "{bytes:?}");
            assert_eq!(debug_run(bytes), scan(bytes, debug_stop), "{bytes:?}");
        };
        let mut state: u32 = 0x9e37_79b9;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let fillers = [
            b'a', b' ', b'!', b'#', b'[', b']', 0x7f, 0x80, 0xc3, 0xff, b'~',
        ];
        let stops = [b'"', b'\\', 0, 0x1f, b'\n', 0x08];
        for length in 0..48 {
            for _ in 0..64 {
                let mut bytes: Vec<u8> = (0..length)
                    .map(|_| fillers[next() as usize % fillers.len()])
                    .collect();
                agree(&bytes);
                for _ in 0..(next() % 3) {
                    if length > 0 {
                        let place = next() as usize % length;
                        bytes[place] = stops[next() as usize % stops.len()];
                    }
                }
                agree(&bytes);
            }
        }
    }

    /// `Quoted` writes what `{:?}` writes for a `str`: every character
    /// alone, between plain ASCII, after a combining mark, and in a run of
    /// mixed kinds.
    #[test]
    fn quoted_is_str_debug_for_every_character() {
        let check = |text: &str| assert_eq!(format!("{}", Quoted(text)), format!("{text:?}"));
        let mut mixed = String::new();
        for code in 0..=0x10_FFFFu32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            check(&c.to_string());
            check(&format!("a{c}'\u{301}\"b"));
            mixed.push(c);
            if mixed.chars().count() == 97 {
                check(&mixed);
                mixed.clear();
            }
        }
        check(&mixed);
        check("");
    }
}
