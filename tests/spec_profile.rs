//! The opt-in MCP 2026-07-28 profile: each schema shape, each refusal, each
//! answer rule, the outcome with `cancel`, the fingerprint domain, and that
//! the default (backend) profile is untouched. Native (its schemas are
//! serde_json's values); in wasm the profile's vectors run in
//! `tests/vectors.rs` and `tests/wasm.rs`.
#![cfg(all(feature = "mcp-2026-07-28", not(target_arch = "wasm32")))]

use std::collections::BTreeMap;

use elicit_form::mcp_2026_07_28::{self as mcp, TextFormat};
use elicit_form::{
    FormAnswer, FormAnswerAction, FormRefusal, Profile, ProfiledForm, StoredFormAnswer, Timestamp,
    parse_requested_schema, parse_requested_schema_with,
};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

fn with(properties: Value) -> Value {
    json!({"type": "object", "properties": properties})
}

fn one(definition: Value) -> Value {
    with(json!({ "p": definition }))
}

fn parse(schema: &Value) -> mcp::FormSchema {
    match mcp::parse_requested_schema(schema) {
        Ok(form) => form,
        Err(refusal) => panic!("{schema} was refused: {refusal}"),
    }
}

fn refusal(schema: &Value) -> FormRefusal {
    match mcp::parse_requested_schema(schema) {
        Ok(form) => panic!("{schema} was accepted: {form:?}"),
        Err(refusal) => refusal,
    }
}

fn reason(schema: &Value) -> String {
    match refusal(schema) {
        FormRefusal::OutOfProfile { reason, .. } | FormRefusal::Schema(reason) => reason,
        other => panic!("{schema}: {other:?}"),
    }
}

fn kind(definition: Value) -> mcp::FormPropertyKind {
    parse(&one(definition)).properties.remove(0).kind
}

fn answer(selected: &[&str], text: Option<&str>) -> FormAnswer {
    FormAnswer {
        selected: selected.iter().map(|s| s.to_string()).collect(),
        other_text: text.map(str::to_string),
    }
}

fn text(value: &str) -> FormAnswer {
    answer(&[], Some(value))
}

fn picked(labels: &[&str]) -> FormAnswer {
    answer(labels, None)
}

fn answers(pairs: &[(&str, FormAnswer)]) -> BTreeMap<String, FormAnswer> {
    pairs
        .iter()
        .map(|(name, answer)| (name.to_string(), answer.clone()))
        .collect()
}

fn content(form: &mcp::FormSchema, given: &[(&str, FormAnswer)]) -> Result<Value, String> {
    form.content(&answers(given))
        .map(Value::Object)
        .map_err(|error| error.to_string())
}

fn options(pairs: &[(&str, &str)]) -> Vec<mcp::Choice> {
    pairs
        .iter()
        .map(|(value, label)| mcp::Choice {
            value: value.to_string(),
            label: label.to_string(),
        })
        .collect()
}

// ---------------------------------------------------------------- profiles

#[test]
fn the_default_profile_is_the_backend() {
    assert_eq!(Profile::default(), Profile::Backend);
    assert_eq!(
        "mcp-2026-07-28".parse::<Profile>(),
        Ok(Profile::Mcp20260728)
    );
    assert_eq!("backend".parse::<Profile>(), Ok(Profile::Backend));
    assert_eq!(
        "MCP".parse::<Profile>().unwrap_err().to_string(),
        "\"MCP\" is not a profile; use \"backend\" or \"mcp-2026-07-28\""
    );
    assert_eq!(
        serde_json::to_value(Profile::Mcp20260728).unwrap(),
        json!("mcp-2026-07-28")
    );
    assert_eq!(Profile::Mcp20260728.to_string(), "mcp-2026-07-28");
}

#[test]
fn the_backend_profile_through_the_new_entry_point_is_the_old_function() {
    let schema =
        with(json!({"tags": {"type": "array", "items": {"type": "string", "enum": ["a"]}}}));
    assert_eq!(
        parse_requested_schema_with(&schema, Profile::Backend).unwrap_err(),
        parse_requested_schema(&schema).unwrap_err()
    );
    assert!(matches!(
        parse_requested_schema_with(&schema, Profile::Mcp20260728),
        Ok(ProfiledForm::Mcp20260728(_))
    ));
}

/// Every recorded backend vector's schema: the backend profile through
/// `parse_requested_schema_with` answers exactly as `parse_requested_schema`
/// (questions, fingerprint, content, refusal), and the new profile answers
/// every one of them without panicking, with a fingerprint of its own.
#[test]
fn every_backend_vector_is_untouched_under_the_backend_profile() {
    let vectors = include_str!("data/backend-vectors.jsonl");
    let (mut schemas, mut both, mut spec_only_refused) = (0, 0, 0);
    for line in vectors.lines().filter(|line| !line.trim().is_empty()) {
        let vector: Value = serde_json::from_str(line).unwrap();
        let op = vector["op"].as_str().unwrap();
        if op != "parse" && op != "content" {
            continue;
        }
        schemas += 1;
        let schema: Value = match vector.get("schema_text").and_then(Value::as_str) {
            Some(text) => serde_json::from_str(text).unwrap(),
            None => vector["schema"].clone(),
        };
        let old = parse_requested_schema(&schema);
        let new = parse_requested_schema_with(&schema, Profile::Backend);
        match (&old, &new) {
            (Ok(old), Ok(ProfiledForm::Backend(new))) => {
                assert_eq!(old, new);
                assert_eq!(old.questions("billing"), new.questions("billing"));
                assert_eq!(old.fingerprint(), new.fingerprint());
                if op == "content" {
                    let given: BTreeMap<String, FormAnswer> =
                        serde_json::from_value(vector["answers"].clone()).unwrap();
                    let profiled = ProfiledForm::Backend(new.clone());
                    assert_eq!(
                        old.content_from_answers(&given).map_err(|e| e.to_string()),
                        profiled
                            .content_from_answers(&given)
                            .map_err(|e| e.to_string())
                    );
                }
            }
            (Err(old), Err(new)) => assert_eq!(old, new),
            other => panic!("profiles disagree on {schema}: {other:?}"),
        }
        let spec = parse_requested_schema_with(&schema, Profile::Mcp20260728);
        match (&old, &spec) {
            (Ok(old), Ok(spec)) => {
                both += 1;
                assert_ne!(old.fingerprint(), spec.fingerprint());
                for question in spec.questions("billing") {
                    let keys: Vec<&String> = question.as_object().unwrap().keys().collect();
                    assert_eq!(
                        keys,
                        [
                            "allow_other",
                            "header",
                            "id",
                            "kind",
                            "multi_select",
                            "options",
                            "question"
                        ]
                    );
                }
            }
            (Ok(_), Err(_)) => spec_only_refused += 1,
            _ => {}
        }
    }
    assert_eq!(schemas, 1643 + 859);
    println!(
        "{schemas} vector schemas; {both} accepted by both profiles; {spec_only_refused} \
         accepted by the backend and refused by mcp-2026-07-28"
    );
}

// ---------------------------------------------------------- schema shapes

#[test]
fn accepts_text_with_lengths_format_and_default() {
    assert_eq!(
        kind(
            json!({"type": "string", "minLength": 3, "maxLength": 6.0, "format": "email",
                    "default": "a@b.io"})
        ),
        mcp::FormPropertyKind::Text {
            format: Some(TextFormat::Email),
            min_length: Some(3),
            max_length: Some(6),
            default: Some("a@b.io".into())
        }
    );
    for format in ["email", "uri", "date", "date-time"] {
        assert!(
            mcp::parse_requested_schema(&one(json!({"type": "string", "format": format}))).is_ok()
        );
    }
}

#[test]
fn accepts_numbers_and_integers_with_bounds_and_default() {
    assert_eq!(
        kind(json!({"type": "integer", "minimum": 1, "maximum": 50.0, "default": 30})),
        mcp::FormPropertyKind::Number {
            integer: true,
            minimum: Some(1.0),
            maximum: Some(50.0),
            default: Some(30.0)
        }
    );
    assert_eq!(
        kind(json!({"type": "number", "minimum": -0.5, "default": 95.5})),
        mcp::FormPropertyKind::Number {
            integer: false,
            minimum: Some(-0.5),
            maximum: None,
            default: Some(95.5)
        }
    );
}

#[test]
fn accepts_booleans_with_default() {
    assert_eq!(
        kind(json!({"type": "boolean", "default": false})),
        mcp::FormPropertyKind::Boolean {
            default: Some(false)
        }
    );
}

#[test]
fn accepts_untitled_single_select() {
    assert_eq!(
        kind(json!({"type": "string", "enum": ["red", "green"], "default": "green"})),
        mcp::FormPropertyKind::SingleSelect {
            options: options(&[("red", "red"), ("green", "green")]),
            default: Some("green".into())
        }
    );
}

#[test]
fn accepts_titled_single_select_with_one_of() {
    assert_eq!(
        kind(json!({"type": "string", "oneOf": [
            {"const": "#f00", "title": "Red"}, {"const": "#0f0", "title": "Green"}
        ]})),
        mcp::FormPropertyKind::SingleSelect {
            options: options(&[("#f00", "Red"), ("#0f0", "Green")]),
            default: None
        }
    );
}

#[test]
fn accepts_legacy_enum_names_as_labels() {
    assert_eq!(
        kind(json!({"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"]})),
        mcp::FormPropertyKind::SingleSelect {
            options: options(&[("a", "A"), ("b", "B")]),
            default: None
        }
    );
}

#[test]
fn accepts_untitled_multi_select() {
    assert_eq!(
        kind(
            json!({"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]},
                    "minItems": 1, "maxItems": 2, "uniqueItems": true, "default": ["z", "x"]})
        ),
        mcp::FormPropertyKind::MultiSelect {
            options: options(&[("x", "x"), ("y", "y"), ("z", "z")]),
            min_items: Some(1),
            max_items: Some(2),
            // In option order, whatever order the server gave.
            default: Some(vec!["x".into(), "z".into()])
        }
    );
}

#[test]
fn accepts_titled_multi_select_with_any_of() {
    assert_eq!(
        kind(json!({"type": "array", "items": {"anyOf": [
            {"const": "r", "title": "Red"}, {"const": "b", "title": "Blue"}
        ]}})),
        mcp::FormPropertyKind::MultiSelect {
            options: options(&[("r", "Red"), ("b", "Blue")]),
            min_items: None,
            max_items: None,
            default: None
        }
    );
}

#[test]
fn annotations_are_accepted_and_ignored() {
    let form = parse(&json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object", "title": "Signup", "description": "d", "$comment": "c",
        "additionalProperties": false,
        "properties": {"name": {"type": "string", "$comment": "c", "examples": ["Ada"],
                                 "deprecated": false, "readOnly": false, "writeOnly": false}},
        "required": ["name"]
    }));
    assert!(form.properties[0].required);
    assert_eq!(
        form.properties[0].kind,
        mcp::FormPropertyKind::Text {
            format: None,
            min_length: None,
            max_length: None,
            default: None
        }
    );
}

#[test]
fn properties_are_sorted_by_name() {
    let form = parse(&with(
        json!({"b": {"type": "boolean"}, "a": {"type": "boolean"}}),
    ));
    let names: Vec<&str> = form.properties.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
}

// --------------------------------------------------------------- refusals

#[test]
fn credential_shaped_properties_are_refused_in_every_shape_with_the_url_mode_text() {
    for (name, definition) in [
        ("password", json!({"type": "string"})),
        ("apiKey", json!({"type": "array", "items": {"enum": ["a"]}})),
        ("p", json!({"type": "string", "format": "password"})),
        ("p", json!({"type": "string", "writeOnly": true})),
        ("p", json!({"type": "integer", "title": "Your PIN"})),
        (
            "p",
            json!({"type": "string", "title": "Card number", "oneOf": []}),
        ),
        ("p", json!({"type": "object", "title": "Access token"})),
        ("userToken", json!({"pattern": "x"})),
    ] {
        let refused = refusal(&with(json!({ name: definition })));
        assert_eq!(
            refused,
            FormRefusal::Credential {
                property: name.into()
            }
        );
        assert!(refused.to_string().contains("URL mode"), "{refused}");
    }
    for name in ["spinner", "opinion", "keyboard"] {
        assert!(mcp::parse_requested_schema(&with(json!({ name: {"type": "string"} }))).is_ok());
    }
}

#[test]
fn keywords_the_form_cannot_enforce_are_refused_not_ignored() {
    for (definition, keyword) in [
        (json!({"type": "string", "pattern": "^a"}), "pattern"),
        (json!({"type": "number", "multipleOf": 2}), "multipleOf"),
        (
            json!({"type": "number", "exclusiveMinimum": 0}),
            "exclusiveMinimum",
        ),
        (
            json!({"type": "integer", "exclusiveMaximum": 9}),
            "exclusiveMaximum",
        ),
        (json!({"type": "string", "const": "a"}), "const"),
        (json!({"type": "string", "allOf": [{}]}), "allOf"),
        (json!({"type": "string", "anyOf": [{}]}), "anyOf"),
        (json!({"type": "string", "not": {}}), "not"),
        (json!({"type": "string", "if": {}, "then": {}}), "if"),
        (json!({"type": "string", "nullable": true}), "nullable"),
        (json!({"type": "number", "enum": [1, 2]}), "enum"),
        (json!({"type": "boolean", "const": true}), "const"),
        (
            json!({"type": "string", "enum": ["a"], "minLength": 1}),
            "minLength",
        ),
        (
            json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "enumNames": ["A"]}),
            "enumNames",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a"]}, "contains": {}}),
            "contains",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a"]}, "prefixItems": []}),
            "prefixItems",
        ),
        (json!({"type": "string", "$defs": {}}), "$defs"),
        (json!({"type": "string", "x-widget": "area"}), "x-widget"),
    ] {
        let text = reason(&one(definition.clone()));
        assert!(
            text.starts_with(&format!("keyword \"{keyword}\" is not supported on a")),
            "{definition}: {text}"
        );
    }
    assert_eq!(
        reason(&one(json!({"type": "string", "pattern": "^a"}))),
        "keyword \"pattern\" is not supported on a text property, and the form could not \
         enforce it; a text property may only use type, minLength, maxLength, format and \
         default (and the annotations title, description, $comment, examples, deprecated, \
         readOnly and writeOnly)"
    );
    assert_eq!(
        refusal(&one(json!({"type": "string", "pattern": "^a"}))).to_string(),
        format!(
            "property 'p' is outside the form elicitation profile: {}",
            reason(&one(json!({"type": "string", "pattern": "^a"})))
        )
    );
}

#[test]
fn keywords_inside_items_are_refused_unless_they_are_the_select_shapes() {
    for items in [
        json!({"type": "string", "enum": ["a"], "additionalProperties": false}),
        json!({"type": "string", "enum": ["a"], "minLength": 1}),
        json!({"type": "string", "enum": ["a"], "pattern": "a"}),
    ] {
        assert!(
            reason(&one(json!({"type": "array", "items": items.clone()})))
                .starts_with("items keyword"),
            "{items}"
        );
    }
    for items in [
        json!({"type": "number", "enum": ["a"]}),
        json!({"type": "string"}),
        json!({"enum": ["a"], "anyOf": [{"const": "a", "title": "A"}]}),
        json!([]),
    ] {
        assert!(
            mcp::parse_requested_schema(&one(json!({"type": "array", "items": items.clone()})))
                .is_err(),
            "{items}"
        );
    }
    assert!(mcp::parse_requested_schema(&one(json!({"type": "array"}))).is_err());
}

#[test]
fn unknown_formats_are_refused_naming_the_accepted_ones() {
    assert_eq!(
        reason(&one(json!({"type": "string", "format": "hostname"}))),
        "format \"hostname\" cannot be checked; the formats accepted are email, uri, date and \
         date-time"
    );
    assert_eq!(
        reason(&one(json!({"type": "string", "format": 7}))),
        "format must be a string"
    );
}

#[test]
fn top_level_keywords_outside_the_shape_are_refused() {
    assert_eq!(
        reason(&json!({"type": "object", "properties": {"a": {"type": "string"}}, "allOf": []})),
        "uses \"allOf\", which this form cannot enforce; the top level may only have type, \
         properties, required, additionalProperties, $schema, title, description and $comment"
    );
    assert!(
        mcp::parse_requested_schema(
            &json!({"type": "object", "properties": {"a": {"type": "string"}},
        "additionalProperties": {"type": "string"}})
        )
        .is_err()
    );
    assert_eq!(
        refusal(&json!([])).to_string(),
        "requested schema is not an object"
    );
    assert_eq!(
        refusal(&json!({"type": "object"})).to_string(),
        "requested schema has no properties"
    );
}

#[test]
fn required_must_name_distinct_properties() {
    let schema = |required: Value| json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": required});
    assert_eq!(
        reason(&schema(json!(["b"]))),
        "requires \"b\", which is not one of its properties, so no answer could satisfy it"
    );
    assert_eq!(
        reason(&schema(json!(["a", "a"]))),
        "lists \"a\" in required more than once"
    );
    assert_eq!(
        reason(&schema(json!("a"))),
        "has a required that is not an array of property names"
    );
    assert!(mcp::parse_requested_schema(&schema(json!([7]))).is_err());
    assert!(mcp::parse_requested_schema(&schema(json!([]))).is_ok());
}

#[test]
fn types_outside_the_five_shapes_are_refused() {
    assert_eq!(
        reason(&one(json!({"type": "object"}))),
        "type \"object\" is not supported; a form asks for string, number, integer, boolean or \
         array (multi-select) properties"
    );
    assert!(
        reason(&one(json!({"type": ["string", "null"]}))).starts_with("type must be one type name")
    );
    assert!(reason(&one(json!({}))).starts_with("has no type"));
    assert_eq!(
        reason(&one(json!({"$ref": "#/x", "type": "string"}))),
        "$ref is not supported; write the property's schema in place"
    );
    assert_eq!(reason(&one(json!(1))), "definition is not an object");
}

#[test]
fn bounds_are_the_backends_and_members_of_one_of_and_any_of_count() {
    let many: Map<String, Value> = (0..17)
        .map(|i| (format!("p{i}"), json!({"type": "boolean"})))
        .collect();
    assert_eq!(
        refusal(&with(Value::Object(many))).to_string(),
        "requested schema asks for 17 properties; at most 16 are accepted"
    );
    let values = |n: usize| (0..n).map(|i| format!("m{i}")).collect::<Vec<_>>();
    let titled = |n: usize| {
        (0..n)
            .map(|i| json!({"const": format!("m{i}"), "title": format!("M{i}")}))
            .collect::<Vec<_>>()
    };
    for (at, over) in [
        (
            json!({"type": "string", "enum": values(32)}),
            json!({"type": "string", "enum": values(33)}),
        ),
        (
            json!({"type": "string", "oneOf": titled(32)}),
            json!({"type": "string", "oneOf": titled(33)}),
        ),
        (
            json!({"type": "array", "items": {"anyOf": titled(32)}}),
            json!({"type": "array", "items": {"anyOf": titled(33)}}),
        ),
        (
            json!({"type": "array", "items": {"type": "string", "enum": values(32)}}),
            json!({"type": "array", "items": {"type": "string", "enum": values(33)}}),
        ),
    ] {
        assert!(mcp::parse_requested_schema(&one(at)).is_ok());
        assert!(reason(&one(over)).ends_with("has 33 members; at most 32 are accepted"));
    }
    let name = "n".repeat(65);
    assert!(
        mcp::parse_requested_schema(&with(json!({ "n".repeat(64): {"type": "string"} }))).is_ok()
    );
    assert!(mcp::parse_requested_schema(&with(json!({ name: {"type": "string"} }))).is_err());
    let long = "x".repeat(201);
    for definition in [
        json!({"type": "string", "title": long}),
        json!({"type": "string", "enum": [long]}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": long}]}),
        json!({"type": "string", "default": long}),
        json!({"type": "string", "description": "d".repeat(2001)}),
    ] {
        assert!(
            mcp::parse_requested_schema(&one(definition.clone())).is_err(),
            "{definition}"
        );
    }
    assert!(
        mcp::parse_requested_schema(&one(
            json!({"type": "string", "description": "d".repeat(2000),
        "title": "t".repeat(200), "default": "x".repeat(200)})
        ))
        .is_ok()
    );
}

#[test]
fn options_must_be_well_formed_unique_and_not_blank() {
    for (definition, expected) in [
        (json!({"type": "string", "enum": []}), "enum is empty"),
        (
            json!({"type": "string", "enum": "a"}),
            "enum is not an array",
        ),
        (
            json!({"type": "string", "enum": ["a", 1]}),
            "enum members must be strings",
        ),
        (
            json!({"type": "string", "enum": ["a", "a"]}),
            "option values must be unique; \"a\" appears twice",
        ),
        (
            json!({"type": "string", "enum": ["a", "b"], "enumNames": ["A", "A"]}),
            "option labels must be unique; \"A\" appears twice",
        ),
        (
            json!({"type": "string", "enum": ["a", "b"], "enumNames": ["A"]}),
            "enumNames must be an array of 2 strings, one per enum member",
        ),
        (
            json!({"type": "string", "enum": ["a"], "enumNames": "A"}),
            "enumNames must be an array of 1 strings, one per enum member",
        ),
        (
            json!({"type": "string", "enum": [" "]}),
            "option values and labels must be 1 to 200 characters and not blank; \" \" is not",
        ),
        (
            json!({"type": "string", "oneOf": [{"const": "a"}]}),
            "oneOf member 1 must be an object with exactly a string const and a string title",
        ),
        (
            json!({"type": "string", "oneOf": [{"const": "a", "title": "A", "description": "d"}]}),
            "oneOf member 1 must be an object with exactly a string const and a string title",
        ),
        (
            json!({"type": "string", "oneOf": [{"const": 1, "title": "A"}]}),
            "oneOf member 1 must be an object with exactly a string const and a string title",
        ),
        (
            json!({"type": "string", "enum": ["a"], "oneOf": []}),
            "has both enum and oneOf; give the options one way only",
        ),
    ] {
        assert_eq!(reason(&one(definition.clone())), expected, "{definition}");
    }
}

#[test]
fn contradictory_bounds_are_refused() {
    for (definition, expected) in [
        (
            json!({"type": "string", "minLength": 5, "maxLength": 3}),
            "minLength 5 is greater than maxLength 3, so no answer could fit",
        ),
        (
            json!({"type": "string", "maxLength": 0}),
            "maxLength 0 leaves nothing to type; it must be at least 1",
        ),
        (
            json!({"type": "number", "minimum": 10, "maximum": 1.5}),
            "minimum 10 is greater than maximum 1.5, so no number could fit",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a", "b", "c"]}, "minItems": 3, "maxItems": 2}),
            "minItems 3 is greater than maxItems 2, so no selection could fit",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 3}),
            "minItems 3 is more than the 2 options offered",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a"]}, "maxItems": 0}),
            "maxItems 0 leaves nothing to choose; it must be at least 1",
        ),
    ] {
        assert_eq!(reason(&one(definition.clone())), expected, "{definition}");
    }
}

#[test]
fn integer_bounds_and_defaults_must_be_whole() {
    assert_eq!(
        reason(&one(json!({"type": "integer", "minimum": 1.5}))),
        "minimum 1.5 is not a whole number, but the property is an integer"
    );
    assert_eq!(
        reason(&one(json!({"type": "integer", "maximum": 0.1}))),
        "maximum 0.1 is not a whole number, but the property is an integer"
    );
    assert_eq!(
        reason(&one(json!({"type": "integer", "default": 2.5}))),
        "default 2.5 is not a whole number"
    );
    assert!(reason(&one(json!({"type": "integer", "default": 1e16}))).starts_with("default "));
    assert!(
        reason(&one(json!({"type": "integer", "minimum": 1e16})))
            .starts_with("its range holds no whole number")
    );
    assert!(
        mcp::parse_requested_schema(&one(
            json!({"type": "integer", "minimum": 1.0, "default": 2.0})
        ))
        .is_ok()
    );
    assert!(
        mcp::parse_requested_schema(&one(
            json!({"type": "number", "minimum": 1.5, "default": 2.5})
        ))
        .is_ok()
    );
}

#[test]
fn malformed_lengths_bounds_and_annotations_are_refused() {
    for (definition, expected) in [
        (
            json!({"type": "string", "minLength": -1}),
            "minLength must be a whole number from 0 to 9007199254740991, not -1",
        ),
        (
            json!({"type": "string", "maxLength": 2.5}),
            "maxLength must be a whole number from 0 to 9007199254740991, not 2.5",
        ),
        (
            json!({"type": "string", "maxLength": "5"}),
            "maxLength must be a whole number from 0 to 9007199254740991, not \"5\"",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a"]}, "minItems": 1e300}),
            "minItems must be a whole number from 0 to 9007199254740991, not 1e+300",
        ),
        (
            json!({"type": "number", "minimum": "1"}),
            "minimum must be a number, not \"1\"",
        ),
        (
            json!({"type": "string", "title": 5}),
            "title must be a string",
        ),
        (
            json!({"type": "string", "description": []}),
            "description must be a string",
        ),
        (
            json!({"type": "string", "$comment": 1}),
            "$comment must be a string",
        ),
        (
            json!({"type": "string", "examples": "a"}),
            "examples must be an array",
        ),
        (
            json!({"type": "string", "writeOnly": "yes"}),
            "writeOnly must be true or false",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a"]}, "uniqueItems": 1}),
            "uniqueItems must be true or false",
        ),
    ] {
        assert_eq!(reason(&one(definition.clone())), expected, "{definition}");
    }
}

#[test]
fn a_default_that_breaks_its_own_schema_is_refused() {
    for (definition, expected) in [
        (
            json!({"type": "string", "default": 5}),
            "default must be a string",
        ),
        (
            json!({"type": "string", "minLength": 3, "default": "ab"}),
            "default \"ab\" is 2 characters long, shorter than minLength 3",
        ),
        (
            json!({"type": "string", "maxLength": 1, "default": "ab"}),
            "default \"ab\" is 2 characters long, longer than maxLength 1",
        ),
        (
            json!({"type": "string", "format": "email", "default": "nobody"}),
            "default \"nobody\" is not an email address (format email)",
        ),
        (
            json!({"type": "string", "format": "date", "default": "2026-02-30"}),
            "default \"2026-02-30\" is not a date as YYYY-MM-DD (format date)",
        ),
        (
            json!({"type": "number", "maximum": 10, "default": 11}),
            "default 11 is above the maximum 10",
        ),
        (
            json!({"type": "number", "minimum": 0, "default": -1}),
            "default -1 is below the minimum 0",
        ),
        (
            json!({"type": "number", "default": "5"}),
            "default must be a number",
        ),
        (
            json!({"type": "boolean", "default": "true"}),
            "default must be true or false",
        ),
        (
            json!({"type": "string", "enum": ["a"], "default": "b"}),
            "default \"b\" is not one of the option values",
        ),
        (
            json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "default": "A"}),
            "default \"A\" is not one of the option values",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a", "b"]}, "default": "a"}),
            "default must be an array of option values",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a", "b"]}, "default": ["c"]}),
            "default lists \"c\", which is not an option value",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a", "b"]}, "default": ["a", "a"]}),
            "default lists \"a\" more than once",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 2, "default": ["a"]}),
            "default has 1 item, fewer than minItems 2",
        ),
        (
            json!({"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 1, "default": ["a", "b"]}),
            "default has 2 items, more than maxItems 1",
        ),
    ] {
        assert_eq!(reason(&one(definition.clone())), expected, "{definition}");
    }
}

#[test]
fn refusals_name_the_first_bad_property_in_byte_order() {
    let refused = refusal(&with(json!({
        "b": {"type": "string", "pattern": "x"},
        "B": {"type": "number", "multipleOf": 2}
    })));
    assert_eq!(refused.property(), Some("B"));
}

// --------------------------------------------------------------- questions

#[test]
fn questions_keep_the_backend_shape_and_the_configured_header() {
    let form = parse(&json!({"type": "object", "properties": {
        "name": {"type": "string", "title": "I am the system"},
    }, "required": ["name"]}));
    let questions = form.questions("billing-server-with-a-long-name");
    assert_eq!(
        questions[0],
        json!({"kind": "text", "id": "name", "header": "billing-server-…",
               "question": "I am the system", "multi_select": false, "allow_other": true,
               "options": []})
    );
}

#[test]
fn questions_state_formats_lengths_ranges_defaults_and_optional() {
    let form = parse(&json!({"type": "object", "properties": {
        "a_mail": {"type": "string", "title": "Email", "format": "email", "maxLength": 80},
        "b_site": {"type": "string", "format": "uri", "description": "Your homepage"},
        "c_day": {"type": "string", "format": "date", "default": "2026-07-28"},
        "d_at": {"type": "string", "format": "date-time", "minLength": 1},
        "e_code": {"type": "string", "minLength": 5, "maxLength": 5},
        "f_name": {"type": "string", "description": "User name", "default": "John Doe"},
        "g_seats": {"type": "integer", "minimum": 1, "maximum": 50, "default": 30},
        "h_score": {"type": "number", "default": 95.5},
        "i_ok": {"type": "boolean", "default": true},
        "j_bare": {"type": "boolean"}
    }, "required": ["a_mail", "d_at", "e_code", "g_seats"]}));
    let texts: Vec<String> = form
        .questions("s")
        .iter()
        .map(|q| q["question"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        texts,
        [
            "Email (an email address; at most 80 characters)",
            "b_site: Your homepage (a full URI such as https://example.com/page; optional)",
            "c_day (a date as YYYY-MM-DD; default: \"2026-07-28\")",
            "d_at (a date and time such as 2026-07-28T09:30:00Z; at least 1 character)",
            "e_code (exactly 5 characters)",
            "f_name: User name (default: \"John Doe\")",
            "g_seats (a whole number from 1 to 50; default: 30)",
            "h_score (a number; default: 95.5)",
            "i_ok",
            "j_bare (optional)",
        ]
    );
}

#[test]
fn choice_questions_mark_defaults_on_their_options() {
    let form = parse(&json!({"type": "object", "properties": {
        "ok": {"type": "boolean", "default": false},
        "plan": {"type": "string", "oneOf": [{"const": "pro", "title": "Pro"},
                                             {"const": "team", "title": "team"}],
                 "default": "team"}
    }, "required": ["ok", "plan"]}));
    let questions = form.questions("s");
    assert_eq!(
        questions[0]["options"],
        json!([{"label": "Yes", "description": "", "default": false},
               {"label": "No", "description": "", "default": true}])
    );
    assert_eq!(questions[0]["kind"], "choice");
    assert_eq!(questions[0]["allow_other"], false);
    assert_eq!(
        questions[1]["options"],
        json!([{"label": "Pro", "description": "pro", "default": false},
               {"label": "team", "description": "", "default": true}])
    );
    assert_eq!(questions[1]["multi_select"], false);
}

#[test]
fn multi_select_questions_say_how_many_to_choose() {
    let question = |extra: Value| {
        let mut definition = json!({"type": "array", "title": "Tags",
                                    "items": {"enum": ["a", "b", "c"]}});
        for (key, value) in extra.as_object().unwrap() {
            definition[key] = value.clone();
        }
        parse(&json!({"type": "object", "properties": {"p": definition}, "required": ["p"]}))
            .questions("s")
            .remove(0)
    };
    let q = question(json!({"minItems": 1, "maxItems": 2, "default": ["b"]}));
    assert_eq!(q["kind"], "choice");
    assert_eq!(q["multi_select"], true);
    assert_eq!(q["allow_other"], false);
    assert_eq!(q["question"], "Tags (choose 1 to 2 options)");
    assert_eq!(
        q["options"],
        json!([{"label": "a", "description": "", "default": false},
               {"label": "b", "description": "", "default": true},
               {"label": "c", "description": "", "default": false}])
    );
    assert_eq!(
        question(json!({"minItems": 2}))["question"],
        "Tags (choose at least 2 options)"
    );
    assert_eq!(
        question(json!({"maxItems": 1}))["question"],
        "Tags (choose at most 1 option)"
    );
    assert_eq!(question(json!({"maxItems": 3}))["question"], "Tags");
    assert_eq!(
        question(json!({"minItems": 2, "maxItems": 2}))["question"],
        "Tags (choose exactly 2 options)"
    );
}

// ----------------------------------------------------------------- answers

/// The schema of the official conformance scenario
/// `elicitation-sep1034-client-defaults`: every field optional with a default.
fn sep1034() -> mcp::FormSchema {
    parse(&json!({"type": "object", "properties": {
        "name": {"type": "string", "description": "User name", "default": "John Doe"},
        "age": {"type": "integer", "description": "User age", "default": 30},
        "score": {"type": "number", "description": "User score", "default": 95.5},
        "status": {"type": "string", "description": "User status",
                   "enum": ["active", "inactive", "pending"], "default": "active"},
        "verified": {"type": "boolean", "description": "Verification status", "default": true}
    }, "required": []}))
}

#[test]
fn empty_answers_take_the_default_as_sep_1034_asks() {
    let expected = json!({"age": 30, "name": "John Doe", "score": 95.5, "status": "active",
                          "verified": true});
    assert_eq!(content(&sep1034(), &[]).unwrap(), expected);
    let blank = [
        ("name", text("  ")),
        ("age", answer(&[], None)),
        ("score", text("")),
        ("status", picked(&[])),
        ("verified", picked(&[])),
    ];
    assert_eq!(content(&sep1034(), &blank).unwrap(), expected);
    assert_eq!(
        serde_json::to_string(&sep1034().content(&BTreeMap::new()).unwrap()).unwrap(),
        r#"{"age":30,"name":"John Doe","score":95.5,"status":"active","verified":true}"#
    );
    let given = [
        ("name", text("Ada")),
        ("age", text("41")),
        ("status", picked(&["pending"])),
        ("verified", picked(&["No"])),
    ];
    assert_eq!(
        content(&sep1034(), &given).unwrap(),
        json!({"age": 41, "name": "Ada", "score": 95.5, "status": "pending", "verified": false})
    );
}

#[test]
fn optional_properties_left_unanswered_are_absent() {
    let form = parse(&with(json!({
        "t": {"type": "string"}, "n": {"type": "number"}, "b": {"type": "boolean"},
        "s": {"type": "string", "enum": ["a"]},
        "m": {"type": "array", "items": {"enum": ["a"]}, "minItems": 1}
    })));
    assert_eq!(content(&form, &[]).unwrap(), json!({}));
    let blank = [
        ("t", text(" \t")),
        ("n", answer(&[], None)),
        ("b", picked(&[])),
        ("s", picked(&[])),
        ("m", picked(&[])),
    ];
    assert_eq!(content(&form, &blank).unwrap(), json!({}));
}

#[test]
fn required_properties_without_default_need_an_answer() {
    let form = parse(
        &json!({"type": "object", "properties": {"t": {"type": "string"}},
                             "required": ["t"]}),
    );
    assert_eq!(
        content(&form, &[("t", text("  "))]).unwrap_err(),
        "'t' needs an answer: it is required and has no default"
    );
    assert_eq!(
        form.content(&BTreeMap::new()).unwrap_err().problem,
        mcp::AnswerProblem::Required
    );
}

#[test]
fn text_is_trimmed_and_lengths_count_unicode_scalar_values() {
    let form = parse(&one(
        json!({"type": "string", "minLength": 2, "maxLength": 3}),
    ));
    assert_eq!(
        content(&form, &[("p", text(" ééé "))]).unwrap(),
        json!({"p": "ééé"})
    );
    assert_eq!(
        content(&form, &[("p", text("😀😀"))]).unwrap(),
        json!({"p": "😀😀"})
    );
    assert_eq!(
        content(&form, &[("p", text("😀"))]).unwrap_err(),
        "'p': the answer is 1 character long, shorter than minLength 2"
    );
    assert_eq!(
        content(&form, &[("p", text("abcd"))]).unwrap_err(),
        "'p': the answer is 4 characters long, longer than maxLength 3"
    );
}

#[test]
fn formats_are_checked_on_every_answer() {
    let check = |format: &str, good: &str, bad: &str| {
        let form = parse(&one(json!({"type": "string", "format": format})));
        assert_eq!(
            content(&form, &[("p", text(good))]).unwrap(),
            json!({"p": good})
        );
        let error = content(&form, &[("p", text(bad))]).unwrap_err();
        assert!(
            error.starts_with("'p': the answer is not ")
                && error.ends_with(&format!("(format {format})")),
            "{error}"
        );
    };
    check("email", "ada@example.com", "ada@localhost");
    check("uri", "https://example.com/a?b#c", "example.com");
    check("date", "2024-02-29", "2023-02-29");
    check(
        "date-time",
        "2026-07-28T09:30:00+02:00",
        "2026-07-28 09:30:00Z",
    );
}

#[test]
fn numbers_are_checked_against_range_wholeness_and_the_safe_integer_limit() {
    let form = parse(&with(json!({
        "i": {"type": "integer", "minimum": -5, "maximum": 50},
        "n": {"type": "number", "minimum": 0.5},
        "big": {"type": "integer"}
    })));
    assert_eq!(
        content(&form, &[("i", text(" 12 ")), ("n", text("0.5"))]).unwrap(),
        json!({"i": 12, "n": 0.5})
    );
    for (name, typed, expected) in [
        ("i", "51", "'i': the answer 51 is above the maximum 50"),
        ("i", "-6", "'i': the answer -6 is below the minimum -5"),
        ("i", "2.5", "'i': the answer 2.5 is not a whole number"),
        (
            "i",
            "twelve",
            "'i' needs a number, and \"twelve\" is not one",
        ),
        ("n", "NaN", "'n' needs a number, and \"NaN\" is not one"),
        ("n", "0.4", "'n': the answer 0.4 is below the minimum 0.5"),
        (
            "big",
            "9007199254740993",
            "'big': the answer 9007199254740992 is beyond 9007199254740991, the largest whole \
             number an answer carries exactly",
        ),
    ] {
        assert_eq!(
            content(&form, &[(name, text(typed))]).unwrap_err(),
            expected,
            "{typed}"
        );
    }
    assert_eq!(
        content(&form, &[("big", text("-9007199254740991"))]).unwrap(),
        json!({"big": -9_007_199_254_740_991_i64})
    );
}

#[test]
fn single_selects_answer_with_the_value_of_one_offered_label() {
    let form = parse(&one(json!({"type": "string", "oneOf": [
        {"const": "pro", "title": "Pro"}, {"const": "team", "title": "Team"}]})));
    assert_eq!(
        content(&form, &[("p", picked(&["Team"]))]).unwrap(),
        json!({"p": "team"})
    );
    assert_eq!(
        content(&form, &[("p", picked(&["team"]))]).unwrap_err(),
        "'p' was not offered \"team\"; choose one of its options"
    );
    assert_eq!(
        content(&form, &[("p", picked(&["Pro", "Team"]))]).unwrap_err(),
        "'p' needs exactly one choice, but 2 were selected"
    );
}

#[test]
fn booleans_answer_yes_or_no() {
    let form = parse(&one(json!({"type": "boolean"})));
    assert_eq!(
        content(&form, &[("p", picked(&["Yes"]))]).unwrap(),
        json!({"p": true})
    );
    assert_eq!(
        content(&form, &[("p", picked(&["No"]))]).unwrap(),
        json!({"p": false})
    );
    assert_eq!(
        content(&form, &[("p", picked(&["yes"]))]).unwrap_err(),
        "'p' needs Yes or No"
    );
}

#[test]
fn multi_selects_send_unique_values_in_option_order_within_the_item_bounds() {
    let form = parse(
        &json!({"type": "object", "properties": {"p": {"type": "array",
        "items": {"anyOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"},
                            {"const": "b", "title": "Blue"}]},
        "minItems": 1, "maxItems": 2}}, "required": ["p"]}),
    );
    assert_eq!(
        content(&form, &[("p", picked(&["Blue", "Red"]))]).unwrap(),
        json!({"p": ["r", "b"]})
    );
    for (labels, expected) in [
        (
            vec!["Red", "Green", "Blue"],
            "'p': the answer has 3 items, more than maxItems 2",
        ),
        (
            vec!["Red", "Red"],
            "'p' has \"Red\" selected more than once",
        ),
        (
            vec!["Pink"],
            "'p' was not offered \"Pink\"; choose one of its options",
        ),
        (
            vec![],
            "'p' needs an answer: it is required and has no default",
        ),
    ] {
        assert_eq!(
            content(&form, &[("p", picked(&labels))]).unwrap_err(),
            expected
        );
    }
}

#[test]
fn an_empty_multi_selection_is_the_empty_array_where_zero_items_are_allowed() {
    let form = parse(&one(json!({"type": "array", "items": {"enum": ["a", "b"]},
                                 "default": ["b"]})));
    assert_eq!(
        content(&form, &[("p", picked(&[]))]).unwrap(),
        json!({"p": []})
    );
    // No entry at all is unanswered, and takes the default.
    assert_eq!(content(&form, &[]).unwrap(), json!({"p": ["b"]}));
}

#[test]
fn answers_for_unknown_names_are_ignored() {
    let form = parse(&one(json!({"type": "boolean"})));
    assert_eq!(
        content(&form, &[("p", picked(&["Yes"])), ("other", text("x"))]).unwrap(),
        json!({"p": true})
    );
}

// ---------------------------------------------------------------- outcomes

fn now() -> Timestamp {
    Timestamp::from_unix(1_800_000_000, 0).unwrap()
}

fn elicitation() -> mcp::FormElicitation {
    mcp::FormElicitation {
        server_name: "billing".into(),
        tool_name: "buy".into(),
        key: "details".into(),
        message: "Pick a plan".into(),
        schema: parse(&json!({"type": "object", "properties": {
            "plan": {"type": "string", "enum": ["pro", "team"]}}, "required": ["plan"]})),
    }
}

fn record(fingerprint: &str, action: mcp::FormAnswerAction, label: &str) -> mcp::StoredFormAnswer {
    mcp::StoredFormAnswer::new(
        "billing",
        "buy",
        fingerprint,
        action,
        answers(&[("plan", picked(&[label]))]),
        now(),
    )
    .unwrap()
}

#[test]
fn cancel_is_distinct_from_decline() {
    let asked = elicitation();
    let fp = asked.schema.fingerprint();
    let decide = |action, label| asked.decide(Some(&record(&fp, action, label)), now());
    assert_eq!(
        decide(mcp::FormAnswerAction::Cancel, "pro"),
        mcp::FormOutcome::Cancel
    );
    assert_eq!(
        decide(mcp::FormAnswerAction::Decline, "pro"),
        mcp::FormOutcome::Decline
    );
    assert_eq!(
        decide(mcp::FormAnswerAction::Accept, "team"),
        mcp::FormOutcome::Accept(json!({"plan": "team"}).as_object().unwrap().clone())
    );
    assert_eq!(
        mcp::FormOutcome::Cancel.elicit_result(),
        Some(json!({"action": "cancel"}))
    );
    assert_eq!(
        mcp::FormOutcome::Decline.elicit_result(),
        Some(json!({"action": "decline"}))
    );
    assert_eq!(
        decide(mcp::FormAnswerAction::Accept, "pro").elicit_result(),
        Some(json!({"action": "accept", "content": {"plan": "pro"}}))
    );
    assert_eq!(mcp::FormOutcome::Ask.elicit_result(), None);
}

#[test]
fn stale_expired_or_misfitting_records_ask_again() {
    let asked = elicitation();
    let fp = asked.schema.fingerprint();
    assert_eq!(asked.decide(None, now()), mcp::FormOutcome::Ask);
    assert_eq!(
        asked.decide(
            Some(&record("stale", mcp::FormAnswerAction::Cancel, "pro")),
            now()
        ),
        mcp::FormOutcome::Ask
    );
    assert_eq!(
        asked.decide(
            Some(&record(&fp, mcp::FormAnswerAction::Accept, "gold")),
            now()
        ),
        mcp::FormOutcome::Ask
    );
    let late = now().plus_nanos(30 * 60 * 1_000_000_000).unwrap();
    assert_eq!(
        asked.decide(
            Some(&record(&fp, mcp::FormAnswerAction::Decline, "pro")),
            late
        ),
        mcp::FormOutcome::Ask
    );
    let pending = asked.pending();
    assert_eq!(pending.fingerprint, fp);
    assert_eq!(pending.questions[0]["header"], "billing");
}

#[test]
fn the_backend_record_and_action_stay_accept_and_decline_only() {
    assert!(serde_json::from_value::<FormAnswerAction>(json!("cancel")).is_err());
    assert_eq!(
        serde_json::from_value::<mcp::FormAnswerAction>(json!("cancel")).unwrap(),
        mcp::FormAnswerAction::Cancel
    );
    let spec = record(
        &elicitation().schema.fingerprint(),
        mcp::FormAnswerAction::Cancel,
        "pro",
    );
    let text = serde_json::to_string(&spec).unwrap();
    assert_eq!(
        text,
        format!(
            r#"{{"server":"billing","tool":"buy","fingerprint":"{}","action":"cancel","answers":{{"plan":{{"selected":["pro"],"other_text":null}}}},"expires_at":"2027-01-15T08:30:00Z"}}"#,
            spec.fingerprint
        )
    );
    assert!(serde_json::from_str::<StoredFormAnswer>(&text).is_err());
    assert_eq!(
        serde_json::from_str::<mcp::StoredFormAnswer>(&text).unwrap(),
        spec
    );
}

// ------------------------------------------------------------- fingerprint

#[test]
fn the_fingerprint_hashes_the_documented_input_in_its_own_domain() {
    let form = parse(&with(json!({"a": {"type": "string"}})));
    assert_eq!(mcp::FINGERPRINT_DOMAIN, "elicit-form/mcp-2026-07-28");
    assert_eq!(
        form.fingerprint_input(),
        b"elicit-form/mcp-2026-07-28\0S1:aFNNS4:textNNNN\n".to_vec()
    );
    let digest = Sha256::digest(b"elicit-form/mcp-2026-07-28\0S1:aFNNS4:textNNNN\n");
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(form.fingerprint(), hex);
}

#[test]
fn the_fingerprint_input_encodes_every_kind() {
    let form = parse(&json!({"type": "object", "properties": {
        "b": {"type": "boolean", "default": true},
        "m": {"type": "array", "items": {"anyOf": [{"const": "x", "title": "X"}]},
              "minItems": 1, "default": ["x"]},
        "n": {"type": "integer", "title": "N", "minimum": -0.0, "maximum": 2, "default": 1},
        "s": {"type": "string", "enum": ["é"], "default": "é", "description": "d"},
        "t": {"type": "string", "format": "date", "minLength": 10, "maxLength": 10}
    }, "required": ["m"]}));
    let expected = [
        "elicit-form/mcp-2026-07-28\0",
        "S1:bFNNS7:booleanT\n",
        "S1:mTNNS5:multiU1;NL1;S1:xS1:XL1;S1:x\n",
        "S1:nFS1:NNS7:integerD0000000000000000D4000000000000000D3ff0000000000000\n",
        "S1:sFNS1:dS6:singleL1;S2:éS2:éS2:é\n",
        "S1:tFNNS4:textS4:dateU10;U10;N\n",
    ]
    .concat();
    assert_eq!(
        String::from_utf8(form.fingerprint_input()).unwrap(),
        expected
    );
}

#[test]
fn a_record_made_under_one_profile_never_applies_under_the_other() {
    let schema = with(json!({"plan": {"type": "string", "enum": ["pro"]}}));
    let backend = parse_requested_schema_with(&schema, Profile::Backend).unwrap();
    let spec = parse_requested_schema_with(&schema, Profile::Mcp20260728).unwrap();
    assert_ne!(backend.fingerprint(), spec.fingerprint());
    assert_eq!(spec.profile(), Profile::Mcp20260728);
    let asked = mcp::FormElicitation {
        server_name: "billing".into(),
        tool_name: "buy".into(),
        key: "k".into(),
        message: "m".into(),
        schema: parse(&schema),
    };
    let foreign = record(&backend.fingerprint(), mcp::FormAnswerAction::Accept, "pro");
    assert_eq!(asked.decide(Some(&foreign), now()), mcp::FormOutcome::Ask);
}

#[test]
fn the_fingerprint_ignores_spelling_but_not_what_is_asked() {
    let fp = |definition: Value| parse(&one(definition)).fingerprint();
    let untitled = fp(json!({"type": "string", "enum": ["a", "b"]}));
    assert_eq!(
        untitled,
        fp(
            json!({"type": "string", "oneOf": [{"const": "a", "title": "a"},
                                             {"const": "b", "title": "b"}]})
        )
    );
    assert_eq!(
        fp(json!({"type": "string", "enum": ["a"], "enumNames": ["A"]})),
        fp(json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}]}))
    );
    assert_eq!(
        fp(json!({"type": "string", "minLength": 2})),
        fp(json!({"minLength": 2.0, "type": "string", "$comment": "ignored"}))
    );
    let base = fp(json!({"type": "string"}));
    for changed in [
        json!({"type": "string", "minLength": 1}),
        json!({"type": "string", "maxLength": 9}),
        json!({"type": "string", "format": "uri"}),
        json!({"type": "string", "default": "x"}),
        json!({"type": "string", "title": ""}),
        json!({"type": "string", "description": ""}),
    ] {
        assert_ne!(fp(changed.clone()), base, "{changed}");
    }
    assert_ne!(
        untitled,
        fp(json!({"type": "string", "enum": ["a", "b"], "default": "a"}))
    );
    assert_ne!(
        fp(json!({"type": "array", "items": {"enum": ["a", "b"]}})),
        fp(json!({"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 1}))
    );
    let required = parse(
        &json!({"type": "object", "properties": {"p": {"type": "string"}},
                                 "required": ["p"]}),
    );
    assert_ne!(required.fingerprint(), base);
}

// ------------------------------------------------- content fits the schema

/// A small JSON Schema check of the accepted subset, standing in for the
/// validators a server runs: every content this profile produces must pass.
fn fits(schema: &Value, content: &Value) -> bool {
    let properties = schema["properties"].as_object().unwrap();
    let object = content.as_object().unwrap();
    let required = schema["required"].as_array().cloned().unwrap_or_default();
    required
        .iter()
        .all(|name| object.contains_key(name.as_str().unwrap()))
        && object.iter().all(|(name, value)| {
            let definition = &properties[name];
            let members = |node: &Value| -> Option<Vec<Value>> {
                node.get("enum")
                    .and_then(Value::as_array)
                    .cloned()
                    .or_else(|| {
                        node.get("oneOf")
                            .or_else(|| node.get("anyOf"))
                            .and_then(Value::as_array)
                            .map(|all| all.iter().map(|m| m["const"].clone()).collect())
                    })
            };
            match definition["type"].as_str().unwrap() {
                "string" => {
                    let Some(text) = value.as_str() else {
                        return false;
                    };
                    let length = text.chars().count() as f64;
                    members(definition).is_none_or(|all| all.contains(value))
                        && definition["minLength"].as_f64().is_none_or(|m| length >= m)
                        && definition["maxLength"].as_f64().is_none_or(|m| length <= m)
                }
                "integer" | "number" => {
                    let Some(number) = value.as_f64() else {
                        return false;
                    };
                    (definition["type"] == "number" || value.is_i64() || value.is_u64())
                        && definition["minimum"].as_f64().is_none_or(|m| number >= m)
                        && definition["maximum"].as_f64().is_none_or(|m| number <= m)
                }
                "boolean" => value.is_boolean(),
                "array" => {
                    let Some(items) = value.as_array() else {
                        return false;
                    };
                    let all = members(&definition["items"]).unwrap();
                    let count = items.len() as f64;
                    let unique = items
                        .iter()
                        .enumerate()
                        .all(|(i, item)| !items[..i].contains(item));
                    unique
                        && items.iter().all(|item| all.contains(item))
                        && definition["minItems"].as_f64().is_none_or(|m| count >= m)
                        && definition["maxItems"].as_f64().is_none_or(|m| count <= m)
                }
                _ => false,
            }
        })
}

#[test]
fn content_the_profile_produces_fits_the_requested_schema() {
    let schema = json!({"type": "object", "properties": {
        "name": {"type": "string", "minLength": 2, "maxLength": 8, "default": "Ada"},
        "seats": {"type": "integer", "minimum": 1, "maximum": 5},
        "ratio": {"type": "number", "maximum": 1, "default": 0.5},
        "plan": {"type": "string", "oneOf": [{"const": "p", "title": "Pro"},
                                             {"const": "t", "title": "Team"}]},
        "tags": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"},
                  {"const": "b", "title": "B"}, {"const": "c", "title": "C"}]},
                 "minItems": 1, "maxItems": 2, "default": ["c"]},
        "ok": {"type": "boolean"}
    }, "required": ["seats", "tags"]});
    let form = parse(&schema);
    let texts = [
        "",
        " ",
        "x",
        "Bo",
        "Grace H",
        "too long text",
        "3",
        "0",
        "6",
        "2.0",
        "1e0",
    ];
    let picks: [&[&str]; 6] = [
        &[],
        &["A"],
        &["C", "A"],
        &["A", "B", "C"],
        &["Pro"],
        &["Yes"],
    ];
    let mut accepted = 0;
    for name in texts {
        for seats in texts {
            for tags in picks {
                for plan in picks {
                    let given = answers(&[
                        ("name", text(name)),
                        ("seats", text(seats)),
                        ("tags", picked(tags)),
                        ("plan", picked(plan)),
                        ("ok", picked(tags.get(..1).unwrap_or_default())),
                    ]);
                    if let Ok(content) = form.content(&given) {
                        accepted += 1;
                        assert!(
                            fits(&schema, &Value::Object(content.clone())),
                            "{content:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(accepted > 0);
}

// ------------------------------------------------------------------ no panic

/// Every keyword of every shape replaced by values of every JSON type: the
/// profile refuses or accepts, and whatever it accepts it can question,
/// fingerprint and answer, without a panic.
#[test]
fn odd_values_in_any_keyword_never_panic() {
    let seeds = [
        json!({"type": "string", "title": "T", "minLength": 1, "maxLength": 9, "format": "email", "default": "a@b.io"}),
        json!({"type": "integer", "minimum": 1, "maximum": 9, "default": 3}),
        json!({"type": "boolean", "default": true}),
        json!({"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"], "default": "a"}),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "default": "a"}),
        json!({"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 1, "maxItems": 2, "default": ["a"]}),
        json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}, "uniqueItems": true}),
    ];
    let odd = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(-0.0),
        json!(1e300),
        json!(u64::MAX),
        json!(""),
        json!(" "),
        json!("a"),
        json!("email"),
        json!("password"),
        json!([]),
        json!(["a"]),
        json!(["a", "a"]),
        json!([1]),
        json!({}),
        json!({"const": "a", "title": "A"}),
        json!({"enum": ["a"]}),
    ];
    let replies = [
        answer(&[], None),
        answer(&["a"], None),
        answer(&["A", "B"], None),
        answer(&["Yes"], None),
        answer(&[], Some("a@b.io")),
        answer(&[], Some("3")),
        answer(&[], Some("1e400")),
    ];
    let mut accepted = 0;
    for seed in &seeds {
        let mut keys: Vec<String> = seed.as_object().unwrap().keys().cloned().collect();
        keys.push("items".into());
        for key in &keys {
            for value in &odd {
                let mut definition = seed.clone();
                definition[key.as_str()] = value.clone();
                let schema = json!({"type": "object", "properties": {"p": definition},
                                    "required": ["p"]});
                let Ok(form) = mcp::parse_requested_schema(&schema) else {
                    continue;
                };
                accepted += 1;
                assert_eq!(form.questions("s").len(), 1);
                assert_eq!(form.fingerprint().len(), 64);
                for reply in &replies {
                    if let Ok(content) = form.content(&answers(&[("p", reply.clone())])) {
                        assert!(fits(&schema, &Value::Object(content)));
                    }
                }
            }
        }
    }
    assert!(accepted > 0);
}
