//! The MCP 2026-07-28 form profile: which `requestedSchema` shapes it takes,
//! and every refusal. See the [profile docs](crate::profile::mcp_2026_07_28) for the
//! rules. The top level and the checks every property goes through are here;
//! each shape's own keywords are checked in `text`, `number` and
//! `select`.

use alloc::{
    string::{String, ToString},
    vec::Vec,
};
mod number;
mod select;
mod text;

use crate::json::{Map, Value};

use super::constraints::MAX_SAFE_INTEGER;
use super::{FormPropertyKind, FormSchema};
use crate::rules::refusal::FormRefusal;
use crate::rules::schema::{ReadProperty, properties_of, schema_object};
use crate::rules::{
    asks_for_credential, char_count, check_name, cut, out_of_profile, schema_refusal, shown,
};
use crate::{MAX_FORM_TEXT_CHARS, MAX_FORM_TITLE_CHARS};

/// Annotation keywords: accepted on every property and otherwise ignored
/// (`title` and `description` are shown; `writeOnly: true` is a credential).
pub const ANNOTATION_KEYWORDS: &[&str] = &[
    "title",
    "description",
    "$comment",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// Keywords accepted at the top level of `requestedSchema`.
pub const TOP_LEVEL_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "$schema",
    "title",
    "description",
    "$comment",
];

const TEXT_KEYWORDS: &[&str] = &["type", "minLength", "maxLength", "format", "default"];

const NUMBER_KEYWORDS: &[&str] = &["type", "minimum", "maximum", "default"];

const BOOLEAN_KEYWORDS: &[&str] = &["type", "default"];

const ENUM_KEYWORDS: &[&str] = &["type", "enum", "enumNames", "default"];

const ONE_OF_KEYWORDS: &[&str] = &["type", "oneOf", "default"];

const ARRAY_KEYWORDS: &[&str] = &[
    "type",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "default",
];

/// Keywords accepted in a multi-select's `items` (`title`, `description` and
/// `$comment` are ignored there).
pub const ITEMS_KEYWORDS: &[&str] = &["type", "enum", "anyOf", "title", "description", "$comment"];

/// Accepted keywords per property shape, for documentation and error texts.
pub const PROPERTY_KEYWORDS: &[(&str, &[&str])] = &[
    ("text", TEXT_KEYWORDS),
    ("number", NUMBER_KEYWORDS),
    ("integer", NUMBER_KEYWORDS),
    ("boolean", BOOLEAN_KEYWORDS),
    ("single-select (enum)", ENUM_KEYWORDS),
    ("single-select (oneOf)", ONE_OF_KEYWORDS),
    ("multi-select", ARRAY_KEYWORDS),
];

/// A JSON value as an error text shows it: compact JSON (serde_json's text,
/// by [`crate::json::write`]), cut as [`shown`].
pub(super) fn shown_value(value: &Value) -> String {
    cut(
        &crate::json::write::to_string(value).unwrap_or_default(),
        64,
    )
}

pub(super) fn list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [only] => (*only).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Check a server's `requestedSchema` against the MCP 2026-07-28 profile.
///
/// Refusals use the crate's [`FormRefusal`]: `Schema` for the top level,
/// `OutOfProfile` naming the property otherwise, and `Credential` (with the
/// URL-mode text) for anything credential-shaped, checked before the type.
pub fn parse_requested_schema(schema: &Value) -> Result<FormSchema, FormRefusal> {
    let object = schema_object(schema)?;
    for (key, value) in object {
        match key.as_str() {
            "type" | "properties" | "required" => {}
            "$schema" | "title" | "description" | "$comment" => {
                if !value.is_string() {
                    return Err(schema_refusal(format!("has a {key} that is not a string")));
                }
            }
            "additionalProperties" => {
                if !value.is_boolean() {
                    return Err(schema_refusal(
                        "has an additionalProperties that is not true or false; only a \
                         boolean is accepted there (the answer never holds other properties)",
                    ));
                }
            }
            other => {
                return Err(schema_refusal(format!(
                    "uses {}, which this form cannot enforce; the top level may only have {}",
                    shown(other),
                    list(TOP_LEVEL_KEYWORDS)
                )));
            }
        }
    }
    let properties = properties_of(object)?;
    let required = required_names(object.get("required"), properties)?;

    FormSchema::read(properties, &required, property)
}

fn required_names<'a>(
    required: Option<&'a Value>,
    properties: &Map<String, Value>,
) -> Result<Vec<&'a str>, FormRefusal> {
    let Some(required) = required else {
        return Ok(Vec::new());
    };
    let shape = || schema_refusal("has a required that is not an array of property names");
    let names = required.as_array().ok_or_else(shape)?;
    let mut seen: Vec<&str> = Vec::with_capacity(names.len());
    for name in names {
        let name = name.as_str().ok_or_else(shape)?;
        if !properties.contains_key(name) {
            return Err(schema_refusal(format!(
                "requires {}, which is not one of its properties, so no answer could satisfy it",
                shown(name)
            )));
        }
        if seen.contains(&name) {
            return Err(schema_refusal(format!(
                "lists {} in required more than once",
                shown(name)
            )));
        }
        seen.push(name);
    }
    Ok(seen)
}

fn optional_text(
    name: &str,
    definition: &Map<String, Value>,
    key: &str,
    max: usize,
) -> Result<Option<String>, FormRefusal> {
    match definition.get(key) {
        None => Ok(None),
        Some(Value::String(text)) if char_count(text) > max => Err(out_of_profile(
            name,
            format!("{key} is longer than {max} characters"),
        )),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(_) => Err(out_of_profile(name, format!("{key} must be a string"))),
    }
}

/// One property, in the backend's order of checks (name, definition, title,
/// description, credential, `$ref`, type) and then this profile's own.
fn property(name: &str, definition: &Value) -> Result<ReadProperty<FormPropertyKind>, FormRefusal> {
    check_name(name)?;
    let definition = definition
        .as_object()
        .ok_or_else(|| out_of_profile(name, "definition is not an object"))?;
    let title = optional_text(name, definition, "title", MAX_FORM_TITLE_CHARS)?;
    let description = optional_text(name, definition, "description", MAX_FORM_TEXT_CHARS)?;

    if asks_for_credential(name, title.as_deref(), definition) {
        return Err(FormRefusal::Credential {
            property: name.to_string(),
        });
    }
    if definition.contains_key("$ref") {
        return Err(out_of_profile(
            name,
            "$ref is not supported; write the property's schema in place",
        ));
    }
    annotations(name, definition)?;

    let type_name = match definition.get("type") {
        Some(Value::String(type_name)) => type_name.as_str(),
        Some(_) => {
            return Err(out_of_profile(
                name,
                "type must be one type name: \"string\", \"number\", \"integer\", \"boolean\" \
                 or \"array\"",
            ));
        }
        None => {
            return Err(out_of_profile(
                name,
                "has no type; give \"string\", \"number\", \"integer\", \"boolean\" or \"array\"",
            ));
        }
    };
    let (shape, keywords): (&str, &[&str]) = match type_name {
        "string" => match (
            definition.contains_key("enum"),
            definition.contains_key("oneOf"),
        ) {
            (true, true) => {
                return Err(out_of_profile(
                    name,
                    "has both enum and oneOf; give the options one way only",
                ));
            }
            (true, false) => ("single-select (enum)", ENUM_KEYWORDS),
            (false, true) => ("single-select (oneOf)", ONE_OF_KEYWORDS),
            (false, false) => ("text", TEXT_KEYWORDS),
        },
        "number" => ("number", NUMBER_KEYWORDS),
        "integer" => ("integer", NUMBER_KEYWORDS),
        "boolean" => ("boolean", BOOLEAN_KEYWORDS),
        "array" => ("multi-select", ARRAY_KEYWORDS),
        other => {
            return Err(out_of_profile(
                name,
                format!(
                    "type {} is not supported; a form asks for string, number, integer, boolean or array (multi-select) properties",
                    shown(other)
                ),
            ));
        }
    };
    if let Some(keyword) = definition.keys().find(|key| {
        !keywords.contains(&key.as_str()) && !ANNOTATION_KEYWORDS.contains(&key.as_str())
    }) {
        return Err(out_of_profile(
            name,
            format!(
                "keyword {} is not supported on a {shape} property, and the form could not enforce it; a {shape} property may only use {} (and the annotations {})",
                shown(keyword),
                list(keywords),
                list(ANNOTATION_KEYWORDS)
            ),
        ));
    }
    let kind = match type_name {
        "string" if definition.contains_key("enum") || definition.contains_key("oneOf") => {
            select::single_select(name, definition)?
        }
        "string" => text::text(name, definition)?,
        "number" | "integer" => number::number(name, definition, type_name == "integer")?,
        "boolean" => FormPropertyKind::Boolean {
            default: match definition.get("default") {
                None => None,
                Some(Value::Bool(default)) => Some(*default),
                Some(_) => return Err(out_of_profile(name, "default must be true or false")),
            },
        },
        _ => select::multi_select(name, definition)?,
    };
    Ok((title, description, kind))
}

/// The annotations are ignored, but only when well formed.
fn annotations(name: &str, definition: &Map<String, Value>) -> Result<(), FormRefusal> {
    for key in ["deprecated", "readOnly", "writeOnly"] {
        if definition.get(key).is_some_and(|value| !value.is_boolean()) {
            return Err(out_of_profile(name, format!("{key} must be true or false")));
        }
    }
    if definition
        .get("$comment")
        .is_some_and(|value| !value.is_string())
    {
        return Err(out_of_profile(name, "$comment must be a string"));
    }
    if definition
        .get("examples")
        .is_some_and(|value| !value.is_array())
    {
        return Err(out_of_profile(name, "examples must be an array"));
    }
    Ok(())
}

/// A length or item count: a whole JSON number from 0 to [`MAX_SAFE_INTEGER`].
pub(super) fn count(
    name: &str,
    definition: &Map<String, Value>,
    key: &str,
) -> Result<Option<u64>, FormRefusal> {
    let Some(value) = definition.get(key) else {
        return Ok(None);
    };
    match value.as_f64() {
        Some(number)
            if crate::number::is_whole(number)
                && (0.0..=MAX_SAFE_INTEGER as f64).contains(&number) =>
        {
            // Exact: a whole number within 2^53 fits a u64.
            Ok(Some(number as u64))
        }
        _ => Err(out_of_profile(
            name,
            format!(
                "{key} must be a whole number from 0 to {MAX_SAFE_INTEGER}, not {}",
                shown_value(value)
            ),
        )),
    }
}

pub(super) fn bound(
    name: &str,
    definition: &Map<String, Value>,
    key: &str,
) -> Result<Option<f64>, FormRefusal> {
    match definition.get(key) {
        None => Ok(None),
        Some(value) => value.as_f64().map(Some).ok_or_else(|| {
            out_of_profile(
                name,
                format!("{key} must be a number, not {}", shown_value(value)),
            )
        }),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::profile::mcp_2026_07_28::TextFormat;

    /// The profile's docs, where the accepted keywords are written for
    /// people; the tables above are what the code enforces.
    const DOCS: &str = include_str!("../mod.rs");

    /// The `code` spans of `text` that are keywords: not format names,
    /// JSON values or example objects.
    fn keywords(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|word| word.chars().all(|c| c.is_ascii_alphanumeric() || c == '$'))
            .filter(|word| TextFormat::from_name(word).is_none())
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    fn sorted(words: &[&'static str]) -> Vec<&'static str> {
        let mut words: Vec<_> = words
            .iter()
            .copied()
            .filter(|word| *word != "type")
            .collect();
        words.sort_unstable();
        words.dedup();
        words
    }

    /// The docs' paragraph that starts with `start`, lines joined.
    fn paragraph(start: &str) -> String {
        let text: Vec<&str> = DOCS
            .lines()
            .map(|line| line.trim_start_matches("//!").trim())
            .collect();
        let at = text.iter().position(|line| line.contains(start)).unwrap();
        text[at..]
            .iter()
            .take_while(|line| !line.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_docs_list_exactly_the_keywords_each_shape_accepts() {
        let row = |shape: &str| {
            let line = DOCS
                .lines()
                .find(|line| line.starts_with(&format!("//! | {shape} |")))
                .unwrap();
            keywords(line.rsplit('|').nth(1).unwrap())
        };
        assert_eq!(row("text"), sorted(TEXT_KEYWORDS));
        assert_eq!(row("number, integer"), sorted(NUMBER_KEYWORDS));
        assert_eq!(row("boolean"), sorted(BOOLEAN_KEYWORDS));
        assert_eq!(
            row("single-select"),
            sorted(&[ENUM_KEYWORDS, ONE_OF_KEYWORDS].concat())
        );
        assert_eq!(row("multi-select"), sorted(ARRAY_KEYWORDS));

        let annotations = paragraph("On every property the annotations");
        let annotations = annotations.split(" In `items`").next().unwrap();
        assert_eq!(keywords(annotations), sorted(ANNOTATION_KEYWORDS));
        let items = paragraph("In `items`");
        let items = items
            .split("In `items`")
            .nth(1)
            .unwrap()
            .split("; a `oneOf`")
            .next()
            .unwrap();
        let mut items_keywords = ITEMS_KEYWORDS.to_vec();
        items_keywords.sort_unstable();
        assert_eq!(keywords(items), items_keywords);
        let top = paragraph("The top level must be an object");
        let mut top_level = keywords(&top);
        top_level.retain(|word| *word != "object");
        let mut expected = sorted(TOP_LEVEL_KEYWORDS);
        expected.retain(|word| *word != "type");
        assert_eq!(top_level, expected);
    }

    #[test]
    fn a_shown_value_is_serde_json_s_text_cut_after_63_characters() {
        for value in [
            serde_json::json!(1.5e300),
            serde_json::json!(1e-7),
            serde_json::json!(-0.0),
            serde_json::json!("a \"quoted\"\n\u{1} é"),
            serde_json::json!({"b": [true, null, 12], "a": {"x": 1000000000000000.2}}),
        ] {
            assert_eq!(shown_value(&value), serde_json::to_string(&value).unwrap());
        }
        let long = serde_json::json!(["ü".repeat(80)]);
        let text = serde_json::to_string(&long).unwrap();
        let cut: String = text.chars().take(63).collect();
        assert_eq!(shown_value(&long), format!("{cut}…"));
    }
}
