//! Texts as the backend's messages and its fingerprint quote them.

use core::fmt::{self, Write as _};

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
            // Printable ASCII but `"` and `\\` is written as it is.
            let plain = rest
                .bytes()
                .position(|byte| !(b' '..=b'~').contains(&byte) || byte == b'"' || byte == b'\\')
                .unwrap_or(rest.len());
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
    use alloc::{format, string::String, string::ToString};

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
