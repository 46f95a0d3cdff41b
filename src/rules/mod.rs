//! The rules and the wording both profiles keep, written once.
//!
//! Each profile decides which schemas it takes; what they share is kept here
//! so that it cannot drift between them. This module holds the property-name
//! rule and the credential check (both run before a property's type is looked
//! at, so a credential is refused whatever shape it arrives in), how a
//! refusal is built, how a number and a number range are worded for a
//! person, and the order properties are kept in. Its children hold the rest:
//!
//! - [`refusal`]: why a form cannot be asked at all ([`crate::FormRefusal`]);
//! - [`credential`]: the credential vocabulary;
//! - [`schema`]: an accepted schema's properties, generic over the profile's
//!   kind, and answers turned into content property by property;
//! - [`question`]: the `ask_user` question a property becomes;
//! - [`form`]: the elicitation a server sent, the pending questions and the
//!   retry decision;
//! - [`answer`] and [`fields`]: a person's answers, and the JSON objects JS
//!   hands over, read field by field;
//! - [`stored`]: the recorded answer, generic over the profile's action, and
//!   its expiry and storage key;
//! - [`fingerprint`]: what both profiles' fingerprints share.
//!
//! No module here imports a profile: each profile defines its own record
//! actions and outcome, and names the record over them (the backend's
//! `StoredFormAnswer`, whose action defaults to the backend's, is an alias in
//! `crate::profile::backend::stored`). The profiles (`crate::profile`) depend
//! on these modules, never the other way round. Only unit tests reach for a
//! concrete profile.

pub(crate) mod answer;
pub mod credential;
pub mod fields;
pub mod fingerprint;
pub mod form;
pub mod question;
pub(crate) mod refusal;
pub(crate) mod schema;
pub mod stored;

use crate::json::{Map, Value};
use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use crate::number::float_text::FloatText;
use crate::rules::credential::names_a_credential;
use crate::rules::refusal::FormRefusal;
use crate::{MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTY_NAME_CHARS};
use core::fmt;

/// Length as the backend counts it: Unicode scalar values, not UTF-16 units.
///
/// `text.chars().count()`: its bytes less those that continue a character
/// (`10xxxxxx`), counted eight at a time: a fraction of the wasm of core's
/// word-at-a-time count, at the same speed (measured in bench/FINDINGS.md).
pub(crate) fn char_count(text: &str) -> usize {
    let mut rest = text.as_bytes();
    let mut continuing = 0;
    while let Some((word, tail)) = rest.split_first_chunk::<8>() {
        let word = u64::from_le_bytes(*word);
        // Each byte's top bit, where the bit below it is clear.
        continuing += (word & !(word << 1) & 0x8080_8080_8080_8080).count_ones() as usize;
        rest = tail;
    }
    continuing += rest.iter().filter(|&&byte| byte & 0xC0 == 0x80).count();
    text.len() - continuing
}

/// The first `chars` Unicode scalar values of `text` (all of it when it is
/// shorter): `text.chars().take(chars).collect::<String>()`, as a slice.
pub(crate) fn first_chars(text: &str, chars: usize) -> &str {
    match text.char_indices().nth(chars) {
        Some((end, _)) => text.get(..end).unwrap_or(text),
        None => text,
    }
}

/// `text` when it has at most `chars` Unicode scalar values; otherwise its
/// first `chars - 1` and `…`.
pub(crate) fn cut(text: &str, chars: usize) -> String {
    if first_chars(text, chars).len() == text.len() {
        return text.into();
    }
    format!("{}…", first_chars(text, chars.saturating_sub(1)))
}

pub(crate) fn out_of_profile(property: &str, reason: impl Into<String>) -> FormRefusal {
    FormRefusal::OutOfProfile {
        property: property.to_string(),
        reason: reason.into(),
    }
}

pub(crate) fn schema_refusal(reason: impl Into<String>) -> FormRefusal {
    FormRefusal::Schema(reason.into())
}

/// Names become question ids: 1 to 64 of `A-Z a-z 0-9 _ - .`. The refusal
/// quotes at most the longest name that is accepted.
pub(crate) fn check_name(name: &str) -> Result<(), FormRefusal> {
    let fits = !name.is_empty()
        && char_count(name) <= MAX_FORM_PROPERTY_NAME_CHARS
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if fits {
        return Ok(());
    }
    Err(FormRefusal::OutOfProfile {
        property: first_chars(name, MAX_FORM_PROPERTY_NAME_CHARS).into(),
        reason: format!(
            "names must be 1 to {MAX_FORM_PROPERTY_NAME_CHARS} letters, digits, '_', '-' or '.'"
        ),
    })
}

/// The members of a property's `keyword` (`enum`, `oneOf`, `anyOf`): a
/// non-empty array of at most [`MAX_FORM_ENUM_MEMBERS`].
pub(crate) fn members<'a>(
    name: &str,
    keyword: &str,
    members: &'a Value,
) -> Result<&'a [Value], FormRefusal> {
    let members = members
        .as_array()
        .ok_or_else(|| out_of_profile(name, format!("{keyword} is not an array")))?;
    if members.is_empty() {
        return Err(out_of_profile(name, format!("{keyword} is empty")));
    }
    if members.len() > MAX_FORM_ENUM_MEMBERS {
        return Err(out_of_profile(
            name,
            format!(
                "{keyword} has {} members; at most {MAX_FORM_ENUM_MEMBERS} are accepted",
                members.len()
            ),
        ));
    }
    Ok(members)
}

/// Every item as a string, or `None` when one is not.
pub(crate) fn strings(items: &[Value]) -> Option<Vec<String>> {
    items
        .iter()
        .map(|item| item.as_str().map(str::to_string))
        .collect()
}

/// A property asks for a credential when its format is `password`, it is
/// `writeOnly`, or its name or title is credential-shaped. Such a property
/// belongs to URL mode, whatever the rest of its definition says.
pub(crate) fn asks_for_credential(
    name: &str,
    title: Option<&str>,
    definition: &Map<String, Value>,
) -> bool {
    definition.get("format").and_then(Value::as_str) == Some("password")
        || definition.get("writeOnly").and_then(Value::as_bool) == Some(true)
        || names_a_credential(name)
        || title.is_some_and(names_a_credential)
}

/// `text` as an error text quotes it: Rust string `Debug`, cut to 64
/// characters and an ellipsis, so a refusal stays readable whatever a server
/// sent.
pub(crate) fn shown(text: &str) -> String {
    format!("{}", crate::text::Quoted(&cut(text, 64)))
}

/// A number as a person reads it: whole numbers below 1e15 without a
/// fraction, everything else in Rust's `Display` form (never an exponent).
/// A `Display` wrapper, so that core's float formatter is never reached
/// (the float text is [`float_text::display`](crate::number::float_text::display)).
#[derive(Clone, Copy)]
pub(crate) struct NumberText(pub(crate) f64);

impl fmt::Display for NumberText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        if crate::number::is_whole(value) && value.abs() < 1e15 {
            // Exact: a whole number below 1e15 fits an i64.
            write!(f, "{}", value as i64)
        } else {
            fmt::Display::fmt(&FloatText(value), f)
        }
    }
}

/// What a number question asks for: `a whole number from 1 to 50`, `a
/// number, at least 2.5`, `a number`.
pub(crate) fn number_range(integer: bool, minimum: Option<f64>, maximum: Option<f64>) -> String {
    let noun = if integer {
        "a whole number"
    } else {
        "a number"
    };
    match (minimum, maximum) {
        (Some(min), Some(max)) => {
            format!("{noun} from {} to {}", NumberText(min), NumberText(max))
        }
        (Some(min), None) => format!("{noun}, at least {}", NumberText(min)),
        (None, Some(max)) => format!("{noun}, at most {}", NumberText(max)),
        (None, None) => noun.to_string(),
    }
}

/// Sorts at most `MAX_FORM_PROPERTIES` items by name: an insertion sort is a
/// few dozen bytes of wasm where the standard library's sort is kilobytes.
pub(crate) fn sort_by_name<T>(items: &mut [T], name: impl Fn(&T) -> &str) {
    for end in 1..items.len() {
        let mut at = end;
        while at > 0 {
            let (Some(before), Some(here)) = (items.get(at - 1), items.get(at)) else {
                break;
            };
            if name(before) <= name(here) {
                break;
            }
            items.swap(at - 1, at);
            at -= 1;
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn char_count_counts_as_chars_count() {
        let mut texts: Vec<String> = [
            "",
            "a",
            "é",
            "日本語",
            "🙂",
            "a\u{301}",
            "abcdefghijklmnopq",
        ]
        .iter()
        .map(|text| text.to_string())
        .collect();
        // Every length to 40 of mixes of 1- to 4-byte characters, at every
        // offset from an 8-byte word's start.
        let pieces = [
            "a",
            "é",
            "€",
            "🙂",
            "\u{7f}",
            "\u{80}",
            "\u{7ff}",
            "\u{800}",
            "\u{ffff}",
            "\u{10000}",
        ];
        for seed in 0..400_usize {
            let mut text = String::new();
            for at in 0..(seed % 41) {
                text.push_str(pieces[(seed * 7 + at * 13) % pieces.len()]);
            }
            texts.push(text);
        }
        for text in &texts {
            assert_eq!(char_count(text), text.chars().count(), "{text:?}");
        }
    }

    #[test]
    fn first_chars_and_cut_count_unicode_scalar_values() {
        let texts = [
            "",
            "a",
            "abc",
            "ééé",
            "a\u{301}b",
            "日本語テキスト",
            "🙂🙂🙂🙂",
            "x…y",
        ];
        for text in texts {
            for chars in 0..=8 {
                let taken: String = text.chars().take(chars).collect();
                assert_eq!(first_chars(text, chars), taken, "{text:?} {chars}");
                let cut_by_hand = if text.chars().count() <= chars {
                    text.to_string()
                } else {
                    let kept: String = text.chars().take(chars.saturating_sub(1)).collect();
                    format!("{kept}…")
                };
                assert_eq!(cut(text, chars), cut_by_hand, "{text:?} {chars}");
            }
        }
    }

    #[test]
    fn numbers_read_as_plain_numbers_without_exponents() {
        assert_eq!(NumberText(1.0).to_string(), "1");
        assert_eq!(NumberText(-0.0).to_string(), "0");
        assert_eq!(NumberText(1e15).to_string(), "1000000000000000");
        assert_eq!(NumberText(1e-7).to_string(), "0.0000001");
        assert_eq!(NumberText(2.5).to_string(), "2.5");
        assert_eq!(
            number_range(true, Some(1.0), Some(50.0)),
            "a whole number from 1 to 50"
        );
        assert_eq!(
            number_range(false, None, Some(2.5)),
            "a number, at most 2.5"
        );
        assert_eq!(
            number_range(false, Some(-3.0), None),
            "a number, at least -3"
        );
        assert_eq!(number_range(false, None, None), "a number");
    }

    #[test]
    fn a_bad_name_is_quoted_cut_to_the_longest_accepted_name() {
        assert!(check_name("plan_2.b-c").is_ok());
        let Err(FormRefusal::OutOfProfile { property, reason }) = check_name(&"é".repeat(70))
        else {
            panic!("expected out of profile");
        };
        assert_eq!(property.chars().count(), MAX_FORM_PROPERTY_NAME_CHARS);
        assert_eq!(
            reason,
            "names must be 1 to 64 letters, digits, '_', '-' or '.'"
        );
        assert!(check_name("").is_err());
        assert!(check_name("a b").is_err());
    }

    #[test]
    fn insertion_sort_orders_by_bytes() {
        let mut names = ["b", "B", "a b", "a"];
        sort_by_name(&mut names, |name| name);
        assert_eq!(names, ["B", "a", "a b", "b"]);
    }
}
