//! The texts as sent, before anything reads them: the URL's length and the
//! characters that must not be in a link a person is asked to trust (the
//! WHATWG parser strips tabs, newlines and the leading and trailing blanks,
//! IDNA drops the invisible ones from a host, and the rest is
//! percent-encoded, so a check after parsing would miss what the server
//! actually wrote); and the characters that must not be in the other texts
//! a card shows (the message, the `elicitationId`), where they could hide,
//! reorder or overwrite what is around them.

use crate::rules::char_count;
use crate::url_mode::{MAX_URL_CHARS, UrlRefusal};

/// Refuse a text shown beside the link (`field`: `message`,
/// `elicitationId`) with a control character (C0, DEL, C1: newlines and
/// terminal escapes too), a bidi control, a zero-width or other format
/// character (Unicode's `Cf`; a zero-width joiner or non-joiner only
/// between two letters, marks or symbols beyond ASCII, where Persian, the
/// Indic scripts and emoji sequences need them), a line or paragraph
/// separator, or a Hangul filler. Blanks and variation selectors are text.
pub(crate) fn check_shown_text(field: &'static str, text: &str) -> Result<(), UrlRefusal> {
    let mut before = None;
    let mut chars = text.chars().enumerate().peekable();
    while let Some((index, c)) = chars.next() {
        let after = chars.peek().map(|&(_, after)| after);
        let joins = |side: Option<char>| {
            side.is_some_and(|side| {
                !side.is_ascii() && !side.is_control() && !side.is_whitespace() && !is_format(side)
            })
        };
        let hidden = match c {
            '\u{200C}' | '\u{200D}' => !(joins(before) && joins(after)),
            '\u{2028}' | '\u{2029}' => true,
            _ => c.is_control() || is_format(c) || is_filler(c),
        };
        if hidden {
            return Err(UrlRefusal::HiddenText {
                field,
                character: c,
                at: index + 1,
            });
        }
        before = Some(c);
    }
    Ok(())
}

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
/// zero-width and other invisible format characters (Unicode's `Cf`), the
/// Hangul fillers, which render as nothing, and the rest of Unicode's
/// default-ignorable code points (variation selectors, the combining
/// grapheme joiner U+034F, ...), which IDNA silently drops from a host.
pub(crate) fn is_hidden(c: char) -> bool {
    c.is_control() || c.is_whitespace() || is_format(c) || is_filler(c) || is_ignorable(c)
}

/// Default-ignorable code points (`DerivedCoreProperties.txt`, Unicode 16)
/// that are not format characters or fillers: the combining grapheme
/// joiner, the Khmer inherent vowels, the Mongolian free variation
/// selectors, U+2065, the variation selectors and their supplement, the
/// reserved U+FFF0 to U+FFF8 and the rest of the tags' plane block.
fn is_ignorable(c: char) -> bool {
    matches!(
        u32::from(c),
        0x034F
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x2065
            | 0xFE00..=0xFE0F
            | 0xFFF0..=0xFFF8
            | 0xE0000..=0xE0FFF
    )
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
        // Default-ignorable: IDNA would drop them from a host.
        for c in [
            '\u{34f}',
            '\u{fe0f}',
            '\u{fe00}',
            '\u{180b}',
            '\u{e0100}',
            '\u{17b4}',
        ] {
            assert!(is_hidden(c), "{c:?}");
        }
    }

    #[test]
    fn shown_texts_refuse_controls_bidi_zero_width_and_separators() {
        for text in [
            "Sign in\u{1b}[2J",
            "Sign in\nsite: example.com",
            "Sign\r in",
            "\u{202e}moc.elgoog",
            "a\u{2066}b",
            "zero\u{200b}width",
            "\u{feff}Sign in",
            "line\u{2028}separator",
            "para\u{2029}graph",
            "\u{200d}joiner at the start",
            "a\u{200c}b",
            "soft\u{ad}hyphen",
            "filler\u{3164}",
            "\u{85}next line",
        ] {
            let refused = check_shown_text("message", text).unwrap_err();
            assert_eq!(refused.kind(), "hiddenText", "{text:?}");
            assert!(
                refused.to_string().starts_with("the message has"),
                "{refused}"
            );
        }
        for text in [
            "Sign in to connect your calendar.",
            "Connexion à votre agenda, s’il vous plaît",
            "می\u{200c}خواهم",
            "क्\u{200d}ष",
            "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467} family",
            "\u{2764}\u{fe0f}\u{200d}\u{1f525}",
            "no-break\u{a0}space and ideographic\u{3000}space",
            "مرحبا بكم",
        ] {
            assert_eq!(check_shown_text("message", text), Ok(()), "{text:?}");
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
