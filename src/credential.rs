//! The credential vocabulary.
//!
//! A form answer rides a tool result into the event log and the model's
//! context, so a property that reads as asking for a secret makes the whole
//! elicitation unanswerable (the server should use URL mode). Names and titles
//! are split into words (on anything not alphanumeric, and where a lowercase
//! letter or digit meets an uppercase one) and matched whole, so `pin` catches
//! `userPin` but not `spinner`.

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
    let mut words = Vec::new();
    let mut word = String::new();
    let mut after_lower = false;
    for ch in text.chars() {
        if !ch.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            after_lower = false;
            continue;
        }
        if ch.is_uppercase() && after_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        after_lower = ch.is_lowercase() || ch.is_ascii_digit();
        word.extend(ch.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Whether a property name or title reads as asking for a credential.
pub fn names_a_credential(text: &str) -> bool {
    let words = words(text);
    let single = words.iter().any(|word| WORDS.contains(&word.as_str()));
    single
        || words.windows(2).any(|window| match window {
            [first, second] => PAIRS.iter().any(|(a, b)| first == a && second == b),
            _ => false,
        })
}

#[cfg(test)]
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
    fn uppercase_letters_that_lowercase_to_several_chars_are_handled() {
        // 'İ' lowercases to two chars; the word still matches nothing.
        assert!(!names_a_credential("İpin"));
        assert!(names_a_credential("my İ pin"));
    }
}
