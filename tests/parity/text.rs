//! Text of every flavour: Unicode white space, invisible and combining
//! characters, multi-byte scalars, phrases and blanks.

use crate::seeds::Rng;

/// Unicode White_Space: what Rust's `trim` removes.
#[rustfmt::skip]
pub(crate) const WHITESPACE: &[char] = &[
    ' ', '\t', '\n', '\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{A0}', '\u{1680}', '\u{2000}',
    '\u{2003}', '\u{2007}', '\u{200A}', '\u{2028}', '\u{2029}', '\u{202F}', '\u{205F}', '\u{3000}',
];
/// Invisible or control characters that are not White_Space.
#[rustfmt::skip]
pub(crate) const INVISIBLE: &[char] = &[
    '\u{200B}', '\u{FEFF}', '\u{180E}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{0}', '\u{1}',
    '\u{1B}', '\u{1F}', '\u{7F}', '\u{9F}', '\u{AD}', '\u{E0001}', '\u{FFFF}',
];
#[rustfmt::skip]
pub(crate) const COMBINING: &[char] = &[
    '\u{301}', '\u{300}', '\u{308}', '\u{20DD}', '\u{FE0F}', '\u{1F3FB}',
];
#[rustfmt::skip]
pub(crate) const NON_ASCII: &[char] = &[
    'é', 'ß', 'İ', 'ı', 'Σ', 'ς', '日', '本', '語', '😀', '𝔸', 'Ｐ', '١', '٣', 'ǅ', 'ﬁ', 'Ω', '\u{212A}',
    'ẞ', 'Ǆ', 'ǰ', '…', '«', '€', '\u{10FFFD}',
];
#[rustfmt::skip]
const PUNCTUATION: &[char] = &[
    '"', '\\', '\'', '/', ':', '{', '}', '(', ')', '-', '_', '.', ',', '!', '?', '<', '>', '&',
    '%', '$', '#', '@', '`', '[', ']',
];
const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

fn any_char(rng: &mut Rng) -> char {
    match rng.below(100) {
        0..=51 => char::from(*rng.pick(ALNUM)),
        52..=61 => ' ',
        62..=68 => *rng.pick(PUNCTUATION),
        69..=77 => *rng.pick(NON_ASCII),
        78..=83 => *rng.pick(WHITESPACE),
        84..=88 => *rng.pick(INVISIBLE),
        89..=93 => *rng.pick(COMBINING),
        // Any ASCII character, controls included.
        94..=96 => char::from(rng.below(0x80) as u8),
        // Any scalar value at all.
        _ => loop {
            if let Some(c) = char::from_u32(rng.below(0x11_0000) as u32) {
                break c;
            }
        },
    }
}

/// Exactly `chars` scalar values, many of them multi-byte.
pub(crate) fn text_of_len(rng: &mut Rng, chars: usize) -> String {
    (0..chars).map(|_| any_char(rng)).collect()
}

pub(crate) fn blank_text(rng: &mut Rng) -> String {
    let n = rng.below(4);
    (0..n).map(|_| *rng.pick(WHITESPACE)).collect()
}

#[rustfmt::skip]
const PHRASE_WORDS: &[&str] = &[
    "Which", "plan", "to", "buy", "your", "email", "address", "Seats", "Notify", "me", "how",
    "many", "start", "date", "Colour", "size", "the", "name", "of", "team", "Ünïcödé", "日本語",
    "spinner", "opinion", "keyboard", "token-free", "Pinball", "secretary", "passport",
];

pub(crate) fn phrase(rng: &mut Rng) -> String {
    let n = rng.between(1, 5);
    let words: Vec<&str> = (0..n).map(|_| *rng.pick(PHRASE_WORDS)).collect();
    words.join(" ")
}

/// Short text of every flavour: phrases, random characters, blank, invisible.
pub(crate) fn short_text(rng: &mut Rng) -> String {
    match rng.below(20) {
        0..=9 => phrase(rng),
        10..=15 => {
            let n = rng.between(0, 24);
            text_of_len(rng, n)
        }
        16 => blank_text(rng),
        17 => (0..rng.between(1, 3))
            .map(|_| *rng.pick(INVISIBLE))
            .collect(),
        18 => format!("{}{}", rng.pick(COMBINING), phrase(rng)),
        _ => format!("{}{}{}", blank_text(rng), phrase(rng), blank_text(rng)),
    }
}
