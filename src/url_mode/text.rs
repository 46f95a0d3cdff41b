//! The URL text as sent, before it is parsed: its length, and the characters
//! that must not be in a link a person is asked to trust. The WHATWG parser
//! strips tabs, newlines and the leading and trailing blanks, and
//! percent-encodes the rest, so a check after parsing would miss what the
//! server actually wrote.

use crate::rules::char_count;
use crate::url_mode::{MAX_URL_CHARS, UrlRefusal};

/// Refuse a URL text over [`MAX_URL_CHARS`] characters, or with a hidden
/// character anywhere in it.
pub(crate) fn check_text(url: &str) -> Result<(), UrlRefusal> {
    let chars = char_count(url);
    if chars > MAX_URL_CHARS {
        return Err(UrlRefusal::UrlTooLong { chars });
    }
    match url.chars().enumerate().find(|(_, c)| is_hidden(*c)) {
        Some((index, character)) => Err(UrlRefusal::HiddenCharacter {
            character,
            at: index + 1,
        }),
        None => Ok(()),
    }
}

/// Characters a person cannot see, or that change how the text around them
/// reads: controls (C0, DEL, C1), every blank (`char::is_whitespace`: the
/// space, no-break spaces, the line and paragraph separators), the bidi
/// controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069),
/// zero-width and other invisible format characters (Unicode's `Cf`), and
/// the Hangul fillers, which render as nothing.
pub(crate) fn is_hidden(c: char) -> bool {
    c.is_control() || c.is_whitespace() || is_format(c) || is_filler(c)
}

/// Unicode's general category `Cf` (format characters), as of Unicode 16:
/// the soft hyphen, Arabic and Syriac marks, the bidi controls, zero-width
/// space, joiners and word joiner, invisible operators, the byte-order
/// mark, interlinear annotation marks and the tag characters.
fn is_format(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00AD
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

/// The Hangul fillers and the Braille blank: letters that render as nothing.
fn is_filler(c: char) -> bool {
    matches!(u32::from(c), 0x115F | 0x1160 | 0x2800 | 0x3164 | 0xFFA0)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn blanks_controls_bidi_and_zero_width_characters_are_hidden() {
        for c in [
            '\0',
            '\t',
            '\n',
            '\r',
            ' ',
            '\u{7f}',
            '\u{85}',
            '\u{a0}',
            '\u{ad}',
            '\u{200b}',
            '\u{200d}',
            '\u{200e}',
            '\u{202e}',
            '\u{2066}',
            '\u{2069}',
            '\u{2028}',
            '\u{3000}',
            '\u{feff}',
            '\u{3164}',
            '\u{e0041}',
        ] {
            assert!(is_hidden(c), "{c:?}");
        }
        for c in ['a', '/', '%', '@', 'é', 'ж', '例', '\u{301}'] {
            assert!(!is_hidden(c), "{c:?}");
        }
    }

    #[test]
    fn the_first_hidden_character_is_named_by_position() {
        let refused = check_text("https://exa\u{200b}mple.com/\u{202e}").unwrap_err();
        assert_eq!(
            refused,
            UrlRefusal::HiddenCharacter {
                character: '\u{200b}',
                at: 12
            }
        );
        assert!(refused.to_string().contains("U+200B"));
    }

    #[test]
    fn the_bound_counts_characters() {
        let at_bound = format!("https://example.com/{}", "é".repeat(MAX_URL_CHARS - 20));
        assert!(check_text(&at_bound).is_ok());
        let over = format!("{at_bound}x");
        assert_eq!(
            check_text(&over),
            Err(UrlRefusal::UrlTooLong {
                chars: MAX_URL_CHARS + 1
            })
        );
    }
}
