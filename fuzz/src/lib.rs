//! Input decoding shared by the fuzz targets.
//!
//! Every target reads the same layout, so one seed format serves them all:
//!
//! ```text
//! line 1: requested-schema JSON text (bytes, handed to serde_json as they are)
//! line 2: server name (lossy UTF-8)
//! rest:   the answers
//! ```
//!
//! The answers are a JSON object of `ask_user` answers
//! (`{"seats": {"selected": [], "other_text": " 12 "}}`) when the rest parses
//! as one, which is how the seeds from the backend vectors spell them.
//! Any other bytes drive [`arbitrary::Unstructured`] to draw answers for the
//! schema's own properties: mostly offered labels and numbers near the
//! bounds, sometimes arbitrary text, sometimes nothing, so the fuzzer reaches
//! accepted content as well as every kind of misfit. `Unstructured` reads
//! zeros once the bytes run out, and every zero choice here is a fitting
//! answer (first offered label, lowest bound), so short inputs, the empty one
//! included, are accepted content rather than "not answered".

use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Unstructured};
use elicit_form::{FormAnswer, FormPropertyKind, FormSchema};

/// One decoded input.
pub struct Case<'a> {
    pub schema: &'a [u8],
    pub server: String,
    pub rest: &'a [u8],
}

fn split_line(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&byte| byte == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[]),
    }
}

/// Splits an input into schema text, server name and answer bytes.
pub fn split(data: &[u8]) -> Case<'_> {
    let (schema, after) = split_line(data);
    let (server, rest) = split_line(after);
    Case { schema, server: String::from_utf8_lossy(server).into_owned(), rest }
}

/// The answers an input gives for `schema` (see the module docs).
pub fn answers(rest: &[u8], schema: &FormSchema) -> BTreeMap<String, FormAnswer> {
    if rest.first() == Some(&b'{')
        && let Ok(answers) = serde_json::from_slice(rest)
    {
        return answers;
    }
    drawn(&mut Unstructured::new(rest), schema)
}

/// Number texts the answer rules treat specially.
const NUMBER_TEXTS: &[&str] = &[
    "0", "-0", "+0", "0.0", "-0.0", "1", "-1", "1.5", " 12 ", ".5", "5.", "1e3", "1E3", "1e-7",
    "1e308", "1.8e308", "-1e308", "1e-320", "NaN", "nan", "inf", "-inf", "infinity", "Infinity",
    "0x10", "1_000", "１２", "9007199254740993", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "9.223372036854775807e18", "1e19", "\u{a0}7\u{a0}",
    "\u{2003}", "\u{feff}1", "",
];

fn draw_string(u: &mut Unstructured) -> String {
    String::arbitrary(u).unwrap_or_default()
}

fn draw_number_text(u: &mut Unstructured, kind: &FormPropertyKind) -> String {
    let bounds: Vec<f64> = match kind {
        FormPropertyKind::Number { minimum, maximum, .. } => [*minimum, *maximum].into_iter().flatten().collect(),
        _ => Vec::new(),
    };
    let number = match (u.choose(&bounds).ok().copied(), u.int_in_range(0..=5u8).unwrap_or(0)) {
        (Some(bound), 0) => bound,
        (Some(bound), 1) => bound.next_up(),
        (Some(bound), 2) => bound.next_down(),
        (Some(bound), 3) => bound.trunc(),
        (_, 4) => i64::arbitrary(u).unwrap_or_default() as f64,
        _ => f64::arbitrary(u).unwrap_or_default(),
    };
    let text = match u.int_in_range(0..=3u8).unwrap_or(0) {
        0 => format!("{number}"),
        1 => format!("{number:e}"),
        2 => format!("{number:?}"),
        _ => format!(" {number}\t"),
    };
    if u.ratio(7, 8).unwrap_or(true) { text } else { format!("{text}{}", draw_string(u)) }
}

fn draw_other_text(u: &mut Unstructured, kind: &FormPropertyKind) -> Option<String> {
    match u.int_in_range(0..=7u8).unwrap_or(0) {
        0..=3 => Some(draw_number_text(u, kind)),
        4 => None,
        5 | 6 => Some(draw_string(u)),
        _ => u.choose(NUMBER_TEXTS).ok().map(|text| text.to_string()),
    }
}

fn drawn(u: &mut Unstructured, schema: &FormSchema) -> BTreeMap<String, FormAnswer> {
    let mut answers = BTreeMap::new();
    for property in &schema.properties {
        if !u.ratio(15, 16).unwrap_or(true) {
            continue; // not answered
        }
        let offered: Vec<&str> = match &property.kind {
            FormPropertyKind::Enum { labels, .. } => labels.iter().map(String::as_str).collect(),
            FormPropertyKind::Boolean { .. } => vec!["Yes", "No"],
            _ => Vec::new(),
        };
        let count = match u.int_in_range(0..=7u8).unwrap_or(0) {
            6 => 0,
            7 => 2,
            _ => 1,
        };
        let selected = (0..count)
            .map(|_| match (u.int_in_range(0..=3u8).unwrap_or(0), u.choose(&offered)) {
                (0..=2, Ok(label)) => label.to_string(),
                _ => draw_string(u),
            })
            .collect();
        let other_text = draw_other_text(u, &property.kind);
        answers.insert(property.name.clone(), FormAnswer { selected, other_text });
    }
    if !u.ratio(7, 8).unwrap_or(true) {
        // An answer for a name the schema does not have: ignored.
        answers.insert(draw_string(u), FormAnswer::default());
    }
    answers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> FormSchema {
        elicit_form::parse_requested_schema(&serde_json::json!({"type": "object", "properties": {
            "n": {"type": "integer", "minimum": 1, "maximum": 5},
            "b": {"type": "boolean"}
        }}))
        .unwrap()
    }

    #[test]
    fn splits_schema_server_and_answers() {
        let case = split(b"{}\nbilling\n{\"a\": {}}\n");
        assert_eq!(case.schema, b"{}");
        assert_eq!(case.server, "billing");
        assert_eq!(case.rest, b"{\"a\": {}}\n");
        let bare = split(b"{}");
        assert_eq!((bare.schema, bare.server.as_str(), bare.rest), (&b"{}"[..], "", &b""[..]));
    }

    #[test]
    fn json_answers_are_read_and_other_bytes_draw_answers_for_every_property() {
        let json = answers(br#"{"n": {"other_text": "3"}}"#, &form());
        assert_eq!(json["n"].other_text.as_deref(), Some("3"));
        for bytes in [&[][..], &[0; 64]] {
            let drawn = answers(bytes, &form());
            let content = form().content_from_answers(&drawn).unwrap();
            assert_eq!(serde_json::Value::Object(content), serde_json::json!({"b": true, "n": 1}));
        }
    }
}
