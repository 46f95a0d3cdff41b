//! The backend's restricted profile a `requestedSchema` must fit, and its
//! refusals.
//!
//! One flat object whose properties are each a string, an enum of strings, a
//! boolean, a number or an integer, within the crate's bounds. The check runs
//! over `properties` in byte order of the keys (serde_json's map without
//! `preserve_order`), so when several properties are wrong the refusal names
//! the first in that order. Credentials are checked before the type, so a
//! credential is refused as one whatever shape it arrives in.

use crate::json::{Map, Value};
use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use super::{FormPropertyKind, FormSchema};
use crate::rules::refusal::FormRefusal;
use crate::rules::schema::{ReadProperty, properties_of, schema_object};
use crate::rules::{self, asks_for_credential, char_count, check_name, out_of_profile, strings};
use crate::{MAX_FORM_TEXT_CHARS, MAX_FORM_TITLE_CHARS};

/// Check a server's `requestedSchema` against the profile.
pub fn parse_requested_schema(schema: &Value) -> Result<FormSchema, FormRefusal> {
    let object = schema_object(schema)?;
    let properties = properties_of(object)?;
    // Entries that are not strings are ignored, as the backend ignores them.
    let required: Vec<&str> = object
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();

    FormSchema::read(properties, &required, property)
}

fn within(property: &str, field: &str, text: Option<&str>, max: usize) -> Result<(), FormRefusal> {
    match text {
        Some(text) if char_count(text) > max => Err(out_of_profile(
            property,
            format!("{field} is longer than {max} characters"),
        )),
        _ => Ok(()),
    }
}

/// One property's title, description and kind, in the backend's order of
/// checks: name, definition, title, description, credential, `$ref`, type.
fn property(name: &str, definition: &Value) -> Result<ReadProperty<FormPropertyKind>, FormRefusal> {
    check_name(name)?;
    let definition = definition
        .as_object()
        .ok_or_else(|| out_of_profile(name, "definition is not an object"))?;
    let text = |key: &str| {
        definition
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let title = text("title");
    let description = text("description");
    within(name, "title", title.as_deref(), MAX_FORM_TITLE_CHARS)?;
    within(
        name,
        "description",
        description.as_deref(),
        MAX_FORM_TEXT_CHARS,
    )?;

    if asks_for_credential(name, title.as_deref(), definition) {
        return Err(FormRefusal::Credential {
            property: name.to_string(),
        });
    }
    if definition.contains_key("$ref") {
        return Err(out_of_profile(name, "$ref is not supported"));
    }
    let kind = kind(name, definition, text("format"))?;
    Ok((title, description, kind))
}

fn kind(
    name: &str,
    definition: &Map<String, Value>,
    format: Option<String>,
) -> Result<FormPropertyKind, FormRefusal> {
    let number = |key: &str| definition.get(key).and_then(Value::as_f64);
    match definition.get("type").and_then(Value::as_str) {
        Some("string") => match definition.get("enum") {
            Some(members) => enum_kind(name, members, definition.get("enumNames")),
            None => {
                within(name, "format", format.as_deref(), MAX_FORM_TITLE_CHARS)?;
                Ok(FormPropertyKind::Text { format })
            }
        },
        Some("boolean") => Ok(FormPropertyKind::Boolean {
            default: definition.get("default").and_then(Value::as_bool),
        }),
        Some(kind @ ("number" | "integer")) => Ok(FormPropertyKind::Number {
            integer: kind == "integer",
            minimum: number("minimum"),
            maximum: number("maximum"),
        }),
        Some(other) => Err(out_of_profile(
            name,
            format!("type \"{other}\" is not a primitive"),
        )),
        None => Err(out_of_profile(name, "has no type")),
    }
}

fn enum_kind(
    name: &str,
    members: &Value,
    names: Option<&Value>,
) -> Result<FormPropertyKind, FormRefusal> {
    let members = rules::members(name, "enum", members)?;
    let values =
        strings(members).ok_or_else(|| out_of_profile(name, "enum members must be strings"))?;
    // `enumNames` that is present but not an array is ignored, as upstream.
    let labels = match names.and_then(Value::as_array) {
        Some(names) if names.len() == values.len() => {
            strings(names).ok_or_else(|| out_of_profile(name, "enumNames must be strings"))?
        }
        Some(_) => return Err(out_of_profile(name, "enumNames does not match enum")),
        None => values.clone(),
    };
    let fits = |text: &String| !text.trim().is_empty() && char_count(text) <= MAX_FORM_TITLE_CHARS;
    if !values.iter().chain(&labels).all(fits) {
        return Err(out_of_profile(
            name,
            format!("enum members and names must be 1 to {MAX_FORM_TITLE_CHARS} characters"),
        ));
    }
    // At most 32 labels: comparing each with those before it is cheap.
    if labels
        .iter()
        .enumerate()
        .any(|(index, label)| labels.iter().take(index).any(|earlier| earlier == label))
    {
        return Err(out_of_profile(name, "enum labels must be unique"));
    }
    Ok(FormPropertyKind::Enum { values, labels })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use serde_json::json;

    fn with(properties: Value) -> Value {
        json!({"type": "object", "properties": properties})
    }

    fn refusal(schema: Value) -> FormRefusal {
        parse_requested_schema(&schema).unwrap_err()
    }

    #[test]
    fn accepts_the_four_kinds_sorted_by_name_with_required_marked() {
        let form = parse_requested_schema(&json!({
            "type": "object",
            "properties": {
                "b": {"type": "string", "enum": ["x", "y"], "enumNames": ["X", "Y"]},
                "a": {"type": "integer", "minimum": 1, "maximum": 1e16},
                "c": {"type": "boolean", "default": false},
                "d": {"type": "string", "format": "email", "title": "Mail"}
            },
            "required": ["a", 7, "d"]
        }))
        .unwrap();
        let names: Vec<_> = form.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        let required: Vec<_> = form.properties.iter().map(|p| p.required).collect();
        assert_eq!(required, [true, false, false, true]);
        assert_eq!(
            form.properties[0].kind,
            FormPropertyKind::Number {
                integer: true,
                minimum: Some(1.0),
                maximum: Some(1e16)
            }
        );
        assert_eq!(
            format!("{:?}", form.properties[0].kind),
            "Number { integer: true, minimum: Some(1.0), maximum: Some(1e16) }"
        );
        assert_eq!(form.properties[3].title.as_deref(), Some("Mail"));
    }

    #[test]
    fn refuses_whole_schemas_that_are_not_one_object_with_properties() {
        assert_eq!(
            refusal(json!([])).to_string(),
            "requested schema is not an object"
        );
        assert_eq!(
            refusal(json!({"properties": {}})),
            FormRefusal::Schema("must have type \"object\"".into())
        );
        assert_eq!(
            refusal(json!({"type": "object"})).to_string(),
            "requested schema has no properties"
        );
        assert_eq!(
            refusal(with(json!({}))).to_string(),
            "requested schema has no properties"
        );
        let many: Map<String, Value> = (0..=crate::MAX_FORM_PROPERTIES)
            .map(|i| (format!("p{i}"), json!({"type": "string"})))
            .collect();
        assert_eq!(
            refusal(with(Value::Object(many))).to_string(),
            "requested schema asks for 17 properties; at most 16 are accepted"
        );
    }

    #[test]
    fn credentials_are_refused_before_their_type_is_looked_at() {
        let refused = refusal(with(json!({"apiKey": {"type": "array"}})));
        assert_eq!(
            refused,
            FormRefusal::Credential {
                property: "apiKey".into()
            }
        );
        assert!(refused.to_string().contains("URL mode"));
        for definition in [
            json!({"format": "password"}),
            json!({"writeOnly": true}),
            json!({"title": "Your PIN"}),
        ] {
            assert!(matches!(
                refusal(with(json!({"x": definition}))),
                FormRefusal::Credential { .. }
            ));
        }
    }

    #[test]
    fn the_first_bad_property_in_byte_order_is_named() {
        let refused = refusal(with(json!({"b": {}, "B": {"type": "array"}, "a b": {}})));
        // Byte order: "B" < "a b" < "b".
        assert_eq!(
            refused,
            FormRefusal::OutOfProfile {
                property: "B".into(),
                reason: "type \"array\" is not a primitive".into()
            }
        );
    }

    #[test]
    fn bad_names_are_quoted_cut_to_the_longest_accepted_name_before_anything_else() {
        let name = "é".repeat(70);
        let FormRefusal::OutOfProfile { property, .. } = refusal(with(json!({ name: 7 }))) else {
            panic!("expected out of profile");
        };
        assert_eq!(
            property.chars().count(),
            crate::MAX_FORM_PROPERTY_NAME_CHARS
        );
    }

    #[test]
    fn bounds_accept_the_limit_and_refuse_one_past_it() {
        let at =
            |field: &str, n: usize| with(json!({"p": {"type": "string", field: "x".repeat(n)}}));
        assert!(parse_requested_schema(&at("title", 200)).is_ok());
        assert_eq!(
            refusal(at("title", 201)).to_string(),
            "property 'p' is outside the form elicitation profile: title is longer than 200 characters"
        );
        assert!(parse_requested_schema(&at("description", 2000)).is_ok());
        assert!(parse_requested_schema(&at("description", 2001)).is_err());
        assert!(parse_requested_schema(&at("format", 200)).is_ok());
        assert!(parse_requested_schema(&at("format", 201)).is_err());
        let members = |n: usize| {
            with(
                json!({"p": {"type": "string", "enum": (0..n).map(|i| format!("m{i}")).collect::<Vec<_>>()}}),
            )
        };
        assert!(parse_requested_schema(&members(32)).is_ok());
        assert_eq!(
            refusal(members(33)).to_string(),
            "property 'p' is outside the form elicitation profile: enum has 33 members; at most 32 are accepted"
        );
    }

    #[test]
    fn enums_need_unique_nonblank_string_labels_matching_their_values() {
        let reason = |definition: Value| match refusal(with(json!({"p": definition}))) {
            FormRefusal::OutOfProfile { reason, .. } => reason,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            reason(json!({"type": "string", "enum": "a"})),
            "enum is not an array"
        );
        assert_eq!(
            reason(json!({"type": "string", "enum": []})),
            "enum is empty"
        );
        assert_eq!(
            reason(json!({"type": "string", "enum": ["a", 1]})),
            "enum members must be strings"
        );
        assert_eq!(
            reason(json!({"type": "string", "enum": ["a"], "enumNames": [1]})),
            "enumNames must be strings"
        );
        assert_eq!(
            reason(json!({"type": "string", "enum": ["a"], "enumNames": []})),
            "enumNames does not match enum"
        );
        assert_eq!(
            reason(json!({"type": "string", "enum": [" \u{3000}"]})),
            "enum members and names must be 1 to 200 characters"
        );
        assert_eq!(
            reason(json!({"type": "string", "enum": ["a", "b"], "enumNames": ["A", "A"]})),
            "enum labels must be unique"
        );
        // Non-array enumNames are ignored: labels fall back to the values.
        let form = parse_requested_schema(&with(
            json!({"p": {"type": "string", "enum": ["a"], "enumNames": "x"}}),
        ))
        .unwrap();
        assert_eq!(
            form.properties[0].kind,
            FormPropertyKind::Enum {
                values: vec!["a".into()],
                labels: vec!["a".into()]
            }
        );
    }

    #[test]
    fn untyped_ref_and_nonprimitive_properties_are_out_of_profile() {
        for (definition, reason) in [
            (json!({}), "has no type"),
            (json!(1), "definition is not an object"),
            (
                json!({"$ref": "#/x", "type": "string"}),
                "$ref is not supported",
            ),
            (json!({"type": ["string", "null"]}), "has no type"),
            (
                json!({"type": "object"}),
                "type \"object\" is not a primitive",
            ),
        ] {
            assert_eq!(
                refusal(with(json!({"p": definition}))),
                FormRefusal::OutOfProfile {
                    property: "p".into(),
                    reason: reason.into()
                }
            );
        }
    }
}
