//! The credential vocabulary.
//!
//! A form answer rides a tool result into the event log and the model's
//! context, so a property that reads as asking for a secret makes the whole
//! elicitation unanswerable (the server should use URL mode). Names and titles
//! are split into words (on anything not alphanumeric, and where a lowercase
//! letter or digit meets an uppercase one) and matched whole, so `pin` catches
//! `userPin` but not `spinner`.

use alloc::{string::String, vec::Vec};

/// Words that name a credential on their own.
const WORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "passcode",
    "pwd",
    "secret",
    "token",
    "apikey",
    "credential",
    "credentials",
    "pin",
    "otp",
    "totp",
    "mfa",
    "2fa",
    "cvv",
    "cvc",
    "ssn",
];

/// Adjacent words that name a credential although neither does alone.
const PAIRS: &[(&str, &str)] = &[
    ("api", "key"),
    ("access", "key"),
    ("private", "key"),
    ("secret", "key"),
    ("card", "number"),
    ("security", "code"),
    ("verification", "code"),
    ("one", "time"),
];

/// Lowercased words of `text`, split as described in the module docs.
///
/// Only a lowercase letter or an ASCII digit before an uppercase letter starts
/// a new word, so `HTTPToken` stays one word and `myToken2` splits once.
pub fn words(text: &str) -> Vec<String> {
    split(text)
        .map(|word| word.chars().flat_map(char::to_lowercase).collect())
        .collect()
}

/// Whether a property name or title reads as asking for a credential.
///
/// The same as matching [`words`] against the vocabulary, without building
/// the words: each is compared folded to ASCII. The vocabulary is ASCII, and
/// the one non-ASCII character whose lowercase is ASCII is U+212A KELVIN SIGN
/// (`k`), so any other non-ASCII letter leaves its word unable to match
/// whichever way it is lowercased. This also keeps Unicode's case tables out
/// of the wasm.
pub fn names_a_credential(text: &str) -> bool {
    let mut before = Folded::NONE;
    for word in split(text) {
        let folded = Folded::of(word);
        if WORDS.iter().any(|known| folded.is(known)) {
            return true;
        }
        if PAIRS
            .iter()
            .any(|(first, second)| before.is(first) && folded.is(second))
        {
            return true;
        }
        before = folded;
    }
    false
}

/// A word folded once, compared with each word of the vocabulary: its
/// letters lowercased to ASCII, or nothing when it cannot match any (a
/// non-ASCII character other than U+212A, or longer than the longest).
#[derive(Clone, Copy)]
struct Folded {
    bytes: [u8; LONGEST_WORD],
    /// `None` when the word cannot be one of the vocabulary.
    len: Option<usize>,
}

/// The longest word of the vocabulary (`verification`).
const LONGEST_WORD: usize = 12;

impl Folded {
    const NONE: Self = Self {
        bytes: [0; LONGEST_WORD],
        len: None,
    };

    fn of(word: &str) -> Self {
        let mut folded = Self {
            len: Some(0),
            ..Self::NONE
        };
        for (slot, ch) in word.chars().enumerate() {
            let lower = match ch {
                '\u{212A}' => 'k',
                _ => ch.to_ascii_lowercase(),
            };
            match folded.bytes.get_mut(slot) {
                Some(byte) if lower.is_ascii() => {
                    *byte = lower as u8;
                    folded.len = Some(slot + 1);
                }
                _ => return Self::NONE,
            }
        }
        folded
    }

    fn is(&self, known: &str) -> bool {
        self.len
            .and_then(|len| self.bytes.get(..len))
            .is_some_and(|bytes| bytes == known.as_bytes())
    }
}

/// The words of `text`, as slices of it.
fn split(text: &str) -> impl Iterator<Item = &str> {
    let mut start: Option<usize> = None;
    let mut after_lower = false;
    let mut chars = text.char_indices();
    core::iter::from_fn(move || {
        for (at, ch) in chars.by_ref() {
            if !ch.is_alphanumeric() {
                after_lower = false;
                if let Some(from) = start.take() {
                    return text.get(from..at);
                }
                continue;
            }
            let lower_to_upper = ch.is_uppercase() && after_lower;
            after_lower = ch.is_lowercase() || ch.is_ascii_digit();
            match start {
                Some(from) if lower_to_upper => {
                    start = Some(at);
                    return text.get(from..at);
                }
                Some(_) => {}
                None => start = Some(at),
            }
        }
        start.take().and_then(|from| text.get(from..))
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn splits_on_separators_and_lower_to_upper_case_changes() {
        assert_eq!(words("api_key"), ["api", "key"]);
        assert_eq!(words("apiKey"), ["api", "key"]);
        assert_eq!(words("HTTPToken"), ["httptoken"]);
        assert_eq!(words("myToken2"), ["my", "token2"]);
        assert_eq!(words("2FA"), ["2", "fa"]);
        assert_eq!(words("  --  "), Vec::<String>::new());
    }

    #[test]
    fn whole_words_and_pairs_name_credentials_but_substrings_do_not() {
        for text in [
            "password",
            "userPin",
            "Card number",
            "one_time_code",
            "secretKey",
            "2fa",
        ] {
            assert!(names_a_credential(text), "{text}");
        }
        for text in [
            "spinner",
            "opinion",
            "keyboard",
            "tokenizer_choice",
            "OTPCode",
            "2FA",
            "",
        ] {
            assert!(!names_a_credential(text), "{text}");
        }
    }

    #[test]
    fn no_word_of_the_vocabulary_is_longer_than_a_folded_word_holds() {
        let longest = WORDS
            .iter()
            .chain(PAIRS.iter().flat_map(|(a, b)| [a, b]))
            .map(|word| word.len())
            .max();
        assert_eq!(longest, Some(LONGEST_WORD));
        assert!(names_a_credential("verification-code"));
        assert!(!names_a_credential("verificationx code"));
        assert!(names_a_credential("api\u{212A}ey"));
    }

    #[test]
    fn uppercase_letters_that_lowercase_to_several_chars_are_handled() {
        // 'İ' lowercases to two chars; the word still matches nothing.
        assert!(!names_a_credential("İpin"));
        assert!(names_a_credential("my İ pin"));
    }

    /// The vocabulary matched against `words`, lowercased by Unicode's rules.
    fn by_unicode_words(text: &str) -> bool {
        let words = words(text);
        words.iter().any(|word| WORDS.contains(&word.as_str()))
            || words
                .windows(2)
                .any(|pair| PAIRS.iter().any(|(a, b)| pair[0] == *a && pair[1] == *b))
    }

    #[test]
    fn ascii_folding_agrees_with_unicode_lowercasing() {
        assert!(names_a_credential("PIN"));
        assert!(
            names_a_credential("api \u{212A}EY"),
            "KELVIN SIGN lowercases to k"
        );
        assert!(!names_a_credential("PİN"));
        assert!(!names_a_credential("TOKÉN"));
        // A combining mark is not alphanumeric: it ends the word.
        assert!(names_a_credential("TOKEN\u{0301}"));
        // Every character that is alphanumeric, in place of one letter of
        // each vocabulary word and pair.
        let mut texts = Vec::new();
        for ch in (0..=0x10FFFF_u32)
            .filter_map(char::from_u32)
            .filter(|c| c.is_alphanumeric())
        {
            if ch.is_ascii() || ch.to_lowercase().any(|l| l.is_ascii()) || ch.is_uppercase() {
                for word in WORDS.iter().chain(["api key", "card number"].iter()) {
                    for at in 0..word.len().min(3) {
                        let mut text = String::from(*word);
                        text.replace_range(at..=at, &ch.to_string());
                        texts.push(text);
                    }
                }
            }
        }
        assert!(texts.len() > 1000);
        for text in texts {
            assert_eq!(
                names_a_credential(&text),
                by_unicode_words(&text),
                "{text:?}"
            );
        }
    }
}
