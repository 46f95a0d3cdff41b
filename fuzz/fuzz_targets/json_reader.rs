//! Arbitrary bytes as JSON text, read by the crate's own reader
//! (`elicit_form::json`, what the wasm reads every text with) and by
//! serde_json with `float_roundtrip` (the backend's reading): the same value
//! (floats to the bit, the sign of zero, integers as integers, key order, the
//! last of duplicate keys) or the same error, word for word and position.
//! `Keys::Unique` refuses exactly the texts with a repeated key. The wasm
//! build's own values (`json::value`), read from the same text, are the
//! same too, with either kind of keys.
//!
//! The same text as a typed answer's number: `elicit_form::decimal::finite`
//! against core's `str::parse::<f64>`, to the bit.
//!
//! Every value read is written back by the crate's own writer
//! (`elicit_form::json::write`, what the wasm writes every reply with): the
//! same text as `serde_json::to_string`, byte for byte.
//!
//! The answers and records JS hands over are read by hand out of the value;
//! they must give serde's derive's verdict and value, for objects without
//! repeated keys.
#![no_main]

use std::collections::BTreeMap;

use elicit_form::decimal;
use elicit_form::json::{self, Keys, SyntaxCode};
use elicit_form::{AnswerList, Answers, FormAnswer, StoredFormAnswer};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Typed answers' numbers: Rust's f64::from_str grammar, to the bit.
    let want = text.parse::<f64>().ok().filter(|number| number.is_finite());
    assert_eq!(decimal::finite(text).map(f64::to_bits), want.map(f64::to_bits), "{text:?}");
    let ours = json::read(text, Keys::LastWins);
    let theirs = serde_json::from_str::<Value>(text);
    let value = match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert!(json::identical(a, b), "{text:?}: ours {a:?}, serde_json {b:?}");
            a
        }
        (Err(a), Err(b)) => {
            assert_eq!(a.to_string(), b.to_string(), "{text:?}");
            return;
        }
        _ => panic!("{text:?}: ours {ours:?}, serde_json {theirs:?}"),
    };
    for keys in [Keys::LastWins, Keys::Unique] {
        let lite = json::read_as::<json::value::Value>(text, keys).map(|lite| Value::from(&lite));
        match (&lite, &json::read(text, keys)) {
            (Ok(a), Ok(b)) => assert!(json::identical(a, b), "{text:?}: lite {a:?}, ours {b:?}"),
            (Err(a), Err(b)) => assert_eq!(a, b, "{text:?}"),
            (a, b) => panic!("{text:?}: lite {a:?}, ours {b:?}"),
        }
    }
    assert_eq!(
        json::write::to_string(value).map_err(|error| error.to_string()),
        serde_json::to_string(value).map_err(|error| error.to_string()),
        "{text:?}"
    );
    match json::read(text, Keys::Unique) {
        Ok(unique) => {
            assert!(json::identical(&unique, value));
            assert!(!repeats_a_key(text), "{text:?}");
        }
        Err(error) => {
            assert_eq!(error.code, SyntaxCode::DuplicateKey, "{text:?}");
            assert!(repeats_a_key(text), "{text:?}");
            return;
        }
    }
    if !value.is_array() {
        if !value.as_object().is_some_and(has_an_array_member) {
            let answers = FormAnswer::map_from_json(value);
            // The list the wasm reads answers into finds each answer the map
            // holds, and nothing else, with the same errors.
            match (&answers, AnswerList::from_json(value)) {
                (Ok(map), Ok(list)) => {
                    for name in map.keys().map(String::as_str).chain(["", "a", "zz"]) {
                        assert_eq!(list.answer(name), map.answer(name), "{text:?}: {name:?}");
                    }
                }
                (Err(a), Err(b)) => assert_eq!(a, &b, "{text:?}"),
                (map, list) => panic!("{text:?}: map {map:?}, list {list:?}"),
            }
            agree(text, answers, serde_json::from_str::<BTreeMap<String, FormAnswer>>(text));
        }
        if !value.get("answers").and_then(Value::as_object).is_some_and(has_an_array_member) {
            type Record = StoredFormAnswer<elicit_form::FormAnswerAction>;
            agree(text, Record::from_json(value), serde_json::from_str::<Record>(text));
            type SpecRecord = StoredFormAnswer<elicit_form::mcp_2026_07_28::FormAnswerAction>;
            agree(text, SpecRecord::from_json(value), serde_json::from_str::<SpecRecord>(text));
        }
    }
});

fn agree<T: PartialEq + std::fmt::Debug>(text: &str, ours: Result<T, String>, derived: serde_json::Result<T>) {
    match (&ours, &derived) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("{text:?}: ours {ours:?}, serde's derive {derived:?}"),
    }
}

/// serde's derive also reads a struct from an array of its fields; the hand
/// reading takes objects only, so where a struct goes (the record, and each
/// answer) an array is not compared.
fn has_an_array_member(object: &serde_json::Map<String, Value>) -> bool {
    object.values().any(Value::is_array)
}


/// Whether some object in the (valid JSON) text has a key twice, found with
/// serde_json's own reading of each object's keys in order.
fn repeats_a_key(text: &str) -> bool {
    use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
    struct Repeats;
    impl<'de> Visitor<'de> for Repeats {
        type Value = bool;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_bool<E>(self, _: bool) -> Result<bool, E> { Ok(false) }
        fn visit_i64<E>(self, _: i64) -> Result<bool, E> { Ok(false) }
        fn visit_u64<E>(self, _: u64) -> Result<bool, E> { Ok(false) }
        fn visit_f64<E>(self, _: f64) -> Result<bool, E> { Ok(false) }
        fn visit_str<E>(self, _: &str) -> Result<bool, E> { Ok(false) }
        fn visit_unit<E>(self) -> Result<bool, E> { Ok(false) }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<bool, A::Error> {
            let mut any = false;
            while let Some(repeats) = seq.next_element_seed(Seed)? {
                any |= repeats;
            }
            Ok(any)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
            let mut keys = std::collections::BTreeSet::new();
            let mut any = false;
            while let Some(key) = map.next_key::<String>()? {
                any |= !keys.insert(key);
                any |= map.next_value_seed(Seed)?;
            }
            Ok(any)
        }
    }
    struct Seed;
    impl<'de> serde::de::DeserializeSeed<'de> for Seed {
        type Value = bool;
        fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
            deserializer.deserialize_any(Repeats)
        }
    }
    let mut deserializer = serde_json::Deserializer::from_str(text);
    deserializer.deserialize_any(Repeats).unwrap_or(false)
}
