//! Arbitrary text through the credential vocabulary, the storage key and the
//! timestamp reader: nothing panics, and each keeps its documented shape.
#![no_main]

use elicit_form::credential::words;
use elicit_form::{MCP_ELICITATION_FORM_KV_PREFIX, Timestamp, form_answer_storage_key, names_a_credential};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    credential(&text);
    storage_key(&text);
    timestamp(&text);
    if let Some(bytes) = data.get(..8) {
        let millis = f64::from_le_bytes(bytes.try_into().expect("eight bytes"));
        if let Ok(at) = Timestamp::from_unix_millis(millis) {
            round_trip(at);
        }
    }
});

fn credential(text: &str) {
    let found = words(text);
    let letters = text.chars().filter(|c| c.is_alphanumeric()).count();
    assert!(found.len() <= letters);
    for word in &found {
        assert!(!word.is_empty());
        assert_eq!(&word.to_lowercase(), word, "words are lowercase");
    }
    // Words outside the text's own words change nothing: neither "x" nor "y"
    // is a credential word or half of a pair.
    let named = names_a_credential(text);
    // The matcher folds to ASCII only; it agrees with the vocabulary matched
    // against the Unicode-lowercased words.
    let by_words = found.iter().any(|w| VOCABULARY.contains(&w.as_str()))
        || found.windows(2).any(|pair| PAIRS.contains(&(pair[0].as_str(), pair[1].as_str())));
    assert_eq!(named, by_words, "{text:?}");
    assert_eq!(names_a_credential(&format!("x {text} y")), named, "{text:?}");
    // ASCII words are already split and lowercase: joined by spaces they
    // split the same way again.
    if text.is_ascii() {
        let joined = found.join(" ");
        assert_eq!(words(&joined), found);
        assert_eq!(names_a_credential(&joined), named, "{text:?}");
    }
}

/// The backend's vocabulary, written out again so the target checks the
/// matcher rather than reusing its tables.
const VOCABULARY: &[&str] = &[
    "password", "passwd", "passphrase", "passcode", "pwd", "secret", "token", "apikey", "credential",
    "credentials", "pin", "otp", "totp", "mfa", "2fa", "cvv", "cvc", "ssn",
];
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

fn storage_key(text: &str) {
    let (server, tool) = text.split_once('\n').unwrap_or((text, ""));
    let key = form_answer_storage_key(server, tool);
    let folded = key.strip_prefix(MCP_ELICITATION_FORM_KV_PREFIX).expect("the reserved prefix");
    let (folded_server, folded_tool) = folded.split_once('/').expect("server/tool");
    for (original, folded) in [(server, folded_server), (tool, folded_tool)] {
        assert_eq!(original.chars().count(), folded.chars().count(), "one character for each");
        for (from, to) in original.chars().zip(folded.chars()) {
            let safe = from.is_ascii_alphanumeric() || matches!(from, '-' | '.' | '_');
            assert_eq!(to, if safe { from } else { '_' });
        }
    }
}

fn round_trip(at: Timestamp) {
    let shown = at.to_string();
    assert!(shown.ends_with('Z') && matches!(shown.len(), 20 | 24 | 27 | 30), "{shown}");
    let back = Timestamp::parse_rfc3339(&shown).unwrap_or_else(|e| panic!("{shown}: {e}"));
    assert_eq!(back, at, "{shown}");
    assert_eq!(back.to_string(), shown);
    let json = serde_json::to_string(&at).expect("writes");
    assert_eq!(serde_json::from_str::<Timestamp>(&json).expect("reads"), at);
}

fn timestamp(text: &str) {
    if let Ok(at) = Timestamp::parse_rfc3339(text) {
        round_trip(at);
        // Only the offset, the case of `T`/`Z` and trailing zeros of the
        // fraction may differ from the canonical text: the date and clock
        // digits of a `Z` instant are kept.
        if text.ends_with(['Z', 'z']) {
            let shown = at.to_string();
            assert_eq!(text.get(..10), shown.get(..10));
            assert_eq!(text.get(11..19), shown.get(11..19));
        }
    }
}
