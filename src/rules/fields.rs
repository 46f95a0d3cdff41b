//! The objects a host hands over as JSON (answers, records, record
//! requests), read out of a JSON value field by field, with errors that name
//! the field. Public for the npm package's bindings (crates/wasm), which read
//! their arguments with the same wording. Natively the
//! same types also have serde's derives (the backend's shapes); reading them
//! here keeps serde_json's deserializer out of the wasm, and the unit tests
//! hold both readings to the same verdicts.

use crate::json::{Map, Value};
use alloc::string::String;
use core::fmt;

use crate::rules::shown;

/// What a JSON value is, as an error names it.
pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `value` as an object; `path` names it in the error.
pub fn object<'a>(
    value: &'a Value,
    path: &dyn fmt::Display,
) -> Result<&'a Map<String, Value>, String> {
    value
        .as_object()
        .ok_or_else(|| must_be(path, "", "an object", value))
}

/// `{path}{member} must be {shape}, not {what value is}`.
pub(crate) fn must_be(path: &dyn fmt::Display, member: &str, shape: &str, value: &Value) -> String {
    format!("{path}{member} must be {shape}, not {}", kind(value))
}

/// The member `key` of `path`, which must be there and be a string.
pub fn string<'a>(
    object: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<&'a str, String> {
    match object.get(key) {
        Some(Value::String(text)) => Ok(text),
        Some(other) => Err(must_be(&path, &format!(".{key}"), "a string", other)),
        None => Err(format!("{path}.{key} is missing")),
    }
}

/// Refuses a member of `path` other than `known`.
pub fn only(object: &Map<String, Value>, path: &str, known: &[&str]) -> Result<(), String> {
    match object.keys().find(|key| !known.contains(&key.as_str())) {
        Some(key) => Err(format!(
            "{path} has no member {}; it has {}",
            shown(key),
            known.join(", ")
        )),
        None => Ok(()),
    }
}

/// `path[key]`, as an error names a member of a map: written only when an
/// error is, since most readings have none.
pub(crate) struct Member<'a> {
    pub path: &'a str,
    pub key: &'a str,
}

impl fmt::Display for Member<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.path, shown(self.key))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use alloc::collections::BTreeMap;

    use crate::json::{self, Keys};
    use crate::rules::answer::{AnswerList, Answers, FormAnswer};
    use crate::rules::stored::StoredFormAnswer;

    /// The hand reading and serde's derive give the same verdict and the
    /// same value, for texts without repeated keys (which the hand reading
    /// refuses) and of objects (serde also takes a struct as an array).
    fn agree<T: PartialEq + core::fmt::Debug + serde::de::DeserializeOwned>(
        text: &str,
        hand: impl Fn(&serde_json::Value) -> Result<T, String>,
    ) {
        let ours = json::read(text, Keys::Unique)
            .map_err(|error| error.to_string())
            .and_then(|value| hand(&value));
        let theirs = serde_json::from_str::<T>(text);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{text}"),
            (Err(_), Err(_)) => {}
            _ => panic!("{text}: ours {ours:?}, serde {theirs:?}"),
        }
    }

    #[test]
    fn answers_and_records_read_as_their_derives_read_them() {
        let answers = [
            r#"{}"#,
            r#"{"a":{}}"#,
            r#"{"a":{"selected":["x","y"]}}"#,
            r#"{"a":{"selected":[]},"b":{"other_text":"t"}}"#,
            r#"{"a":{"other_text":null}}"#,
            r#"{"a":{"other_text":5}}"#,
            r#"{"a":{"selected":"x"}}"#,
            r#"{"a":{"selected":null}}"#,
            r#"{"a":{"selected":[1]}}"#,
            r#"{"a":{"unknown":1,"selected":["x"]}}"#,
            r#"{"a":null}"#,
            r#"[]"#,
            r#"null"#,
            r#""x""#,
            r#"{"a":{"selected":["x"]}"#,
        ];
        for text in answers {
            agree(text, FormAnswer::map_from_json);
            // The list the wasm reads answers into: the same answers, found
            // by name as the map finds them, and the same errors.
            let value = json::read(text, Keys::Unique).unwrap_or_default();
            let listed = AnswerList::from_json(&value);
            match (FormAnswer::map_from_json(&value), &listed) {
                (Ok(map), Ok(list)) => {
                    for name in ["", "a", "b", "c", "z"] {
                        assert_eq!(list.answer(name), map.answer(name), "{text}: {name}");
                    }
                }
                (Err(a), Err(b)) => assert_eq!(&a, b, "{text}"),
                (map, list) => panic!("{text}: map {map:?}, list {list:?}"),
            }
        }
        // Members in any order, and repeated ones (the last counts).
        let text = r#"{"m":{"selected":["1"]},"b":{},"z":{"other_text":"z"},"a":{},"m":{"selected":["2"]}}"#;
        let value = json::read(text, Keys::LastWins).unwrap();
        let (map, list) = (
            FormAnswer::map_from_json(&value).unwrap(),
            AnswerList::from_json(&value).unwrap(),
        );
        assert_eq!(map.len(), 4);
        for name in ["a", "b", "m", "z", "c", "", "mm"] {
            assert_eq!(list.answer(name), map.answer(name), "{name}");
        }
        assert_eq!(
            list.answer("m").map(|answer| answer.selected.as_slice()),
            Some(&["2".to_string()][..])
        );
        // Stricter than the derive, which also takes a struct as an array of
        // its fields: an answer is an object.
        for text in [r#"{"a":[]}"#, r#"{"a":[["x"],"t"]}"#] {
            assert!(serde_json::from_str::<BTreeMap<String, FormAnswer>>(text).is_ok());
            let value = json::read(text, Keys::Unique).unwrap();
            assert!(FormAnswer::map_from_json(&value).is_err(), "{text}");
        }
        let record = |changes: &str| {
            let mut fields: BTreeMap<&str, String> = BTreeMap::from([
                ("server", r#""s""#.to_string()),
                ("tool", r#""t""#.to_string()),
                ("fingerprint", r#""f""#.to_string()),
                ("action", r#""accept""#.to_string()),
                ("answers", r#"{"a":{"selected":["x"]}}"#.to_string()),
                ("expires_at", r#""2026-12-01T10:00:00Z""#.to_string()),
            ]);
            for change in changes.split(';').filter(|change| !change.is_empty()) {
                match change.split_once('=') {
                    Some((key, "-")) => {
                        fields.remove(key);
                    }
                    Some((key, value)) => {
                        fields.insert(key, value.to_string());
                    }
                    None => {}
                }
            }
            let members: Vec<String> = fields
                .iter()
                .map(|(key, value)| format!("\"{key}\":{value}"))
                .collect();
            format!("{{{}}}", members.join(","))
        };
        for changes in [
            "",
            "answers=-",
            "answers={}",
            "answers=null",
            "answers=[]",
            "server=-",
            "server=1",
            "tool=null",
            "fingerprint=[]",
            "action=\"decline\"",
            "action=\"cancel\"",
            "action=\"Accept\"",
            "action=1",
            "action=-",
            "expires_at=-",
            "expires_at=\"2026-13-01T10:00:00Z\"",
            "expires_at=\"tomorrow\"",
            "expires_at=5",
            "expires_at=\"2026-12-01T10:00:00.123456789+01:00\"",
            "extra=1",
            "extra={\"a\":[1]}",
            "answers={\"a\":{\"selected\":[\"x\"],\"other_text\":\"o\"}}",
            "answers={\"a\":5}",
        ] {
            let text = record(changes);
            agree(
                &text,
                StoredFormAnswer::<crate::profile::backend::FormAnswerAction>::from_json,
            );
            #[cfg(feature = "mcp-2026-07-28")]
            agree(
                &text,
                StoredFormAnswer::<crate::profile::mcp_2026_07_28::FormAnswerAction>::from_json,
            );
        }
    }
}
