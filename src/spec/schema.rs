//! The MCP 2026-07-28 form profile: which `requestedSchema` shapes it takes,
//! and every refusal. See the [module docs](crate::spec) for the rules.

use serde_json::{Map, Value};

use super::formats::TextFormat;
use crate::{
    FormRefusal, MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTIES, MAX_FORM_PROPERTY_NAME_CHARS,
    MAX_FORM_TEXT_CHARS, MAX_FORM_TITLE_CHARS, names_a_credential,
};

/// The largest whole number a JSON number carries exactly in every peer
/// (JavaScript's `Number.MAX_SAFE_INTEGER`, 2^53 - 1). Lengths, item counts,
/// integer defaults and integer answers must lie within it.
pub const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

/// One option of a select: `value` is what the server receives, `label`
/// what a person sees (equal to the value for an untitled `enum`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecOption {
    pub value: String,
    pub label: String,
}

/// What kind of value a property wants, with every constraint this profile
/// enforces.
#[derive(Debug, Clone, PartialEq)]
pub enum SpecKind {
    /// `type: "string"` without `enum`/`oneOf`: free text, trimmed. Lengths
    /// count Unicode scalar values.
    Text {
        format: Option<TextFormat>,
        min_length: Option<u64>,
        max_length: Option<u64>,
        default: Option<String>,
    },
    /// `type: "number"` or `"integer"`, typed as text.
    Number {
        integer: bool,
        minimum: Option<f64>,
        maximum: Option<f64>,
        default: Option<f64>,
    },
    /// `type: "boolean"`: Yes or No.
    Boolean { default: Option<bool> },
    /// `type: "string"` with `enum` (labels from `enumNames` if given) or
    /// `oneOf` of `{const, title}`: one option. `default` is a value.
    SingleSelect {
        options: Vec<SpecOption>,
        default: Option<String>,
    },
    /// `type: "array"` whose `items` have `enum` or `anyOf` of
    /// `{const, title}`: any number of options within the bounds. `default`
    /// lists values in option order.
    MultiSelect {
        options: Vec<SpecOption>,
        min_items: Option<u64>,
        max_items: Option<u64>,
        default: Option<Vec<String>>,
    },
}

/// One property of a schema that fits the profile.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecProperty {
    pub name: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub kind: SpecKind,
    /// Named in the schema's `required`.
    pub required: bool,
}

/// A `requestedSchema` that passed every rule of the MCP 2026-07-28 profile.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecFormSchema {
    /// Sorted by name (byte order), as the backend profile sorts them.
    pub properties: Vec<SpecProperty>,
}

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

/// `text` as an error text quotes it: Rust string `Debug`, cut to 64
/// characters and an ellipsis, so a refusal stays readable whatever a server
/// sent.
pub(crate) fn shown(text: &str) -> String {
    if text.chars().count() <= 64 {
        format!("{text:?}")
    } else {
        let cut: String = text.chars().take(63).collect();
        format!("{:?}", format!("{cut}…"))
    }
}

/// A JSON value as an error text shows it: compact JSON, cut as [`shown`].
fn shown_value(value: &Value) -> String {
    let text = serde_json::to_string(value).unwrap_or_default();
    if text.chars().count() <= 64 {
        text
    } else {
        let cut: String = text.chars().take(63).collect();
        format!("{cut}…")
    }
}

fn list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [only] => (*only).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn out_of_profile(property: &str, reason: impl Into<String>) -> FormRefusal {
    FormRefusal::OutOfProfile {
        property: property.to_string(),
        reason: reason.into(),
    }
}

fn schema_refusal(reason: impl Into<String>) -> FormRefusal {
    FormRefusal::Schema(reason.into())
}

fn char_count(text: &str) -> usize {
    text.chars().count()
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && char_count(name) <= MAX_FORM_PROPERTY_NAME_CHARS
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// A number as error texts and questions show it: whole numbers below 1e15
/// without a fraction, everything else in Rust's `Display` form.
pub(crate) fn number_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        // Exact: a whole number below 1e15 fits an i64.
        format!("{}", value as i64)
    } else {
        value.to_string()
    }
}

/// Check a server's `requestedSchema` against the MCP 2026-07-28 profile.
///
/// Refusals use the crate's [`FormRefusal`]: `Schema` for the top level,
/// `OutOfProfile` naming the property otherwise, and `Credential` (with the
/// URL-mode text) for anything credential-shaped, checked before the type.
pub fn parse_spec_schema(schema: &Value) -> Result<SpecFormSchema, FormRefusal> {
    let object = schema
        .as_object()
        .ok_or_else(|| schema_refusal("is not an object"))?;
    if object.get("type").and_then(Value::as_str) != Some("object") {
        return Err(schema_refusal("must have type \"object\""));
    }
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
    let properties = object
        .get("properties")
        .and_then(Value::as_object)
        .filter(|properties| !properties.is_empty())
        .ok_or_else(|| schema_refusal("has no properties"))?;
    if properties.len() > MAX_FORM_PROPERTIES {
        return Err(schema_refusal(format!(
            "asks for {} properties; at most {MAX_FORM_PROPERTIES} are accepted",
            properties.len()
        )));
    }
    let required = required_names(object.get("required"), properties)?;

    let mut parsed = properties
        .iter()
        .map(|(name, definition)| {
            let (title, description, kind) = property(name, definition)?;
            Ok(SpecProperty {
                required: required.contains(&name.as_str()),
                name: name.clone(),
                title,
                description,
                kind,
            })
        })
        .collect::<Result<Vec<_>, FormRefusal>>()?;
    crate::sort_by_name(&mut parsed, |property| &property.name);
    Ok(SpecFormSchema { properties: parsed })
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

type Parsed = (Option<String>, Option<String>, SpecKind);

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
fn property(name: &str, definition: &Value) -> Result<Parsed, FormRefusal> {
    if !valid_name(name) {
        return Err(FormRefusal::OutOfProfile {
            property: name.chars().take(MAX_FORM_PROPERTY_NAME_CHARS).collect(),
            reason: format!(
                "names must be 1 to {MAX_FORM_PROPERTY_NAME_CHARS} letters, digits, '_', '-' or '.'"
            ),
        });
    }
    let definition = definition
        .as_object()
        .ok_or_else(|| out_of_profile(name, "definition is not an object"))?;
    let title = optional_text(name, definition, "title", MAX_FORM_TITLE_CHARS)?;
    let description = optional_text(name, definition, "description", MAX_FORM_TEXT_CHARS)?;

    if definition.get("format").and_then(Value::as_str) == Some("password")
        || definition.get("writeOnly").and_then(Value::as_bool) == Some(true)
        || names_a_credential(name)
        || title.as_deref().is_some_and(names_a_credential)
    {
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
                    "type {} is not supported; a form asks for string, number, integer, \
                     boolean or array (multi-select) properties",
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
                "keyword {} is not supported on a {shape} property, and the form could not \
                 enforce it; a {shape} property may only use {} (and the annotations {})",
                shown(keyword),
                list(keywords),
                list(ANNOTATION_KEYWORDS)
            ),
        ));
    }
    let kind = match type_name {
        "string" if definition.contains_key("enum") || definition.contains_key("oneOf") => {
            single_select(name, definition)?
        }
        "string" => text(name, definition)?,
        "number" | "integer" => number(name, definition, type_name == "integer")?,
        "boolean" => SpecKind::Boolean {
            default: match definition.get("default") {
                None => None,
                Some(Value::Bool(default)) => Some(*default),
                Some(_) => return Err(out_of_profile(name, "default must be true or false")),
            },
        },
        _ => multi_select(name, definition)?,
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
fn count(
    name: &str,
    definition: &Map<String, Value>,
    key: &str,
) -> Result<Option<u64>, FormRefusal> {
    let Some(value) = definition.get(key) else {
        return Ok(None);
    };
    match value.as_f64() {
        Some(number)
            if number.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER as f64).contains(&number) =>
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

fn bound(
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

fn characters(count: u64) -> String {
    if count == 1 {
        "1 character".to_string()
    } else {
        format!("{count} characters")
    }
}

/// Why `text` does not fit a text property's constraints, as a phrase that
/// follows the text (e.g. `is shorter than minLength 3`), or `None`.
pub(crate) fn text_misfit(
    text: &str,
    format: Option<TextFormat>,
    min_length: Option<u64>,
    max_length: Option<u64>,
) -> Option<String> {
    let length = char_count(text) as u64;
    if let Some(min) = min_length.filter(|min| length < *min) {
        return Some(format!(
            "is {} long, shorter than minLength {min}",
            characters(length)
        ));
    }
    if let Some(max) = max_length.filter(|max| length > *max) {
        return Some(format!(
            "is {} long, longer than maxLength {max}",
            characters(length)
        ));
    }
    match format {
        Some(format) if !format.accepts(text) => {
            Some(format!("is not {} (format {format})", format.phrase()))
        }
        _ => None,
    }
}

fn text(name: &str, definition: &Map<String, Value>) -> Result<SpecKind, FormRefusal> {
    let format = match definition.get("format") {
        None => None,
        Some(Value::String(format)) => Some(TextFormat::from_name(format).ok_or_else(|| {
            out_of_profile(
                name,
                format!(
                    "format {} cannot be checked; the formats accepted are {}",
                    shown(format),
                    list(&TextFormat::ALL.map(TextFormat::name))
                ),
            )
        })?),
        Some(_) => return Err(out_of_profile(name, "format must be a string")),
    };
    let min_length = count(name, definition, "minLength")?;
    let max_length = count(name, definition, "maxLength")?;
    if max_length == Some(0) {
        return Err(out_of_profile(
            name,
            "maxLength 0 leaves nothing to type; it must be at least 1",
        ));
    }
    if let (Some(min), Some(max)) = (min_length, max_length)
        && min > max
    {
        return Err(out_of_profile(
            name,
            format!("minLength {min} is greater than maxLength {max}, so no answer could fit"),
        ));
    }
    let default = match definition.get("default") {
        None => None,
        Some(Value::String(default)) => {
            if char_count(default) > MAX_FORM_TITLE_CHARS {
                return Err(out_of_profile(
                    name,
                    format!("default is longer than {MAX_FORM_TITLE_CHARS} characters"),
                ));
            }
            if let Some(misfit) = text_misfit(default, format, min_length, max_length) {
                return Err(out_of_profile(
                    name,
                    format!("default {} {misfit}", shown(default)),
                ));
            }
            Some(default.clone())
        }
        Some(_) => return Err(out_of_profile(name, "default must be a string")),
    };
    Ok(SpecKind::Text {
        format,
        min_length,
        max_length,
        default,
    })
}

fn number(
    name: &str,
    definition: &Map<String, Value>,
    integer: bool,
) -> Result<SpecKind, FormRefusal> {
    let minimum = bound(name, definition, "minimum")?;
    let maximum = bound(name, definition, "maximum")?;
    if integer {
        for (key, value) in [("minimum", minimum), ("maximum", maximum)] {
            if let Some(value) = value.filter(|value| value.fract() != 0.0) {
                return Err(out_of_profile(
                    name,
                    format!(
                        "{key} {} is not a whole number, but the property is an integer",
                        number_text(value)
                    ),
                ));
            }
        }
        let safe = MAX_SAFE_INTEGER as f64;
        if minimum.is_some_and(|min| min > safe) || maximum.is_some_and(|max| max < -safe) {
            return Err(out_of_profile(
                name,
                format!(
                    "its range holds no whole number from -{MAX_SAFE_INTEGER} to \
                     {MAX_SAFE_INTEGER}, the only ones an answer can carry exactly"
                ),
            ));
        }
    }
    if let (Some(min), Some(max)) = (minimum, maximum)
        && min > max
    {
        return Err(out_of_profile(
            name,
            format!(
                "minimum {} is greater than maximum {}, so no number could fit",
                number_text(min),
                number_text(max)
            ),
        ));
    }
    let default = match definition.get("default") {
        None => None,
        Some(value) => {
            let default = value
                .as_f64()
                .ok_or_else(|| out_of_profile(name, "default must be a number"))?;
            if let Some(misfit) = number_misfit(default, integer, minimum, maximum) {
                return Err(out_of_profile(
                    name,
                    format!("default {} {misfit}", number_text(default)),
                ));
            }
            Some(default)
        }
    };
    Ok(SpecKind::Number {
        integer,
        minimum,
        maximum,
        default,
    })
}

/// Why a number does not fit, as a phrase that follows the number, or `None`.
pub(crate) fn number_misfit(
    number: f64,
    integer: bool,
    minimum: Option<f64>,
    maximum: Option<f64>,
) -> Option<String> {
    if let Some(min) = minimum.filter(|min| number < *min) {
        return Some(format!("is below the minimum {}", number_text(min)));
    }
    if let Some(max) = maximum.filter(|max| number > *max) {
        return Some(format!("is above the maximum {}", number_text(max)));
    }
    if integer && number.fract() != 0.0 {
        return Some("is not a whole number".to_string());
    }
    if integer && number.abs() > MAX_SAFE_INTEGER as f64 {
        return Some(format!(
            "is beyond {MAX_SAFE_INTEGER}, the largest whole number an answer carries exactly"
        ));
    }
    None
}

/// Options from `enum` (with `enumNames`) or from `oneOf`/`anyOf` members.
fn options(
    name: &str,
    keyword: &str,
    members: &Value,
    names: Option<&Value>,
) -> Result<Vec<SpecOption>, FormRefusal> {
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
    let options: Vec<SpecOption> = if keyword == "enum" {
        let values = members
            .iter()
            .map(|member| member.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| out_of_profile(name, "enum members must be strings"))?;
        let labels = match names {
            None => values.clone(),
            Some(names) => {
                let shape = || {
                    out_of_profile(
                        name,
                        format!(
                            "enumNames must be an array of {} strings, one per enum member",
                            values.len()
                        ),
                    )
                };
                let names = names.as_array().ok_or_else(shape)?;
                if names.len() != values.len() {
                    return Err(shape());
                }
                names
                    .iter()
                    .map(|label| label.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(shape)?
            }
        };
        values
            .into_iter()
            .zip(labels)
            .map(|(value, label)| SpecOption { value, label })
            .collect()
    } else {
        members
            .iter()
            .enumerate()
            .map(|(index, member)| {
                let shape = || {
                    out_of_profile(
                        name,
                        format!(
                            "{keyword} member {} must be an object with exactly a string const \
                             and a string title",
                            index + 1
                        ),
                    )
                };
                let member = member.as_object().ok_or_else(shape)?;
                if member.len() != 2 {
                    return Err(shape());
                }
                match (member.get("const"), member.get("title")) {
                    (Some(Value::String(value)), Some(Value::String(label))) => Ok(SpecOption {
                        value: value.clone(),
                        label: label.clone(),
                    }),
                    _ => Err(shape()),
                }
            })
            .collect::<Result<_, _>>()?
    };
    for option in &options {
        for text in [&option.value, &option.label] {
            if text.trim().is_empty() || char_count(text) > MAX_FORM_TITLE_CHARS {
                return Err(out_of_profile(
                    name,
                    format!(
                        "option values and labels must be 1 to {MAX_FORM_TITLE_CHARS} characters \
                         and not blank; {} is not",
                        shown(text)
                    ),
                ));
            }
        }
    }
    for (index, option) in options.iter().enumerate() {
        let earlier = options.get(..index).unwrap_or_default();
        if earlier.iter().any(|other| other.value == option.value) {
            return Err(out_of_profile(
                name,
                format!(
                    "option values must be unique; {} appears twice",
                    shown(&option.value)
                ),
            ));
        }
        if earlier.iter().any(|other| other.label == option.label) {
            return Err(out_of_profile(
                name,
                format!(
                    "option labels must be unique; {} appears twice",
                    shown(&option.label)
                ),
            ));
        }
    }
    Ok(options)
}

fn single_select(name: &str, definition: &Map<String, Value>) -> Result<SpecKind, FormRefusal> {
    let options = match definition.get("enum") {
        Some(members) => options(name, "enum", members, definition.get("enumNames"))?,
        None => options(
            name,
            "oneOf",
            definition.get("oneOf").unwrap_or(&Value::Null),
            None,
        )?,
    };
    let default = match definition.get("default") {
        None => None,
        Some(Value::String(default)) => {
            if !options.iter().any(|option| &option.value == default) {
                return Err(out_of_profile(
                    name,
                    format!("default {} is not one of the option values", shown(default)),
                ));
            }
            Some(default.clone())
        }
        Some(_) => {
            return Err(out_of_profile(
                name,
                "default must be a string, one of the option values",
            ));
        }
    };
    Ok(SpecKind::SingleSelect { options, default })
}

fn multi_select(name: &str, definition: &Map<String, Value>) -> Result<SpecKind, FormRefusal> {
    let items_shape = "items must be {\"type\": \"string\", \"enum\": [...]} or \
                       {\"anyOf\": [{\"const\": ..., \"title\": ...}, ...]}";
    let items = definition
        .get("items")
        .and_then(Value::as_object)
        .ok_or_else(|| out_of_profile(name, items_shape))?;
    if let Some(keyword) = items
        .keys()
        .find(|key| !ITEMS_KEYWORDS.contains(&key.as_str()))
    {
        return Err(out_of_profile(
            name,
            format!(
                "items keyword {} is not supported, and the form could not enforce it; items may \
                 only use {}",
                shown(keyword),
                list(ITEMS_KEYWORDS)
            ),
        ));
    }
    for key in ["title", "description", "$comment"] {
        if items.get(key).is_some_and(|value| !value.is_string()) {
            return Err(out_of_profile(
                name,
                format!("items {key} must be a string"),
            ));
        }
    }
    if items
        .get("type")
        .is_some_and(|value| value.as_str() != Some("string"))
    {
        return Err(out_of_profile(name, "items type must be \"string\""));
    }
    let options = match (items.get("enum"), items.get("anyOf")) {
        (Some(members), None) => options(name, "enum", members, None)?,
        (None, Some(members)) => options(name, "anyOf", members, None)?,
        _ => return Err(out_of_profile(name, items_shape)),
    };
    if definition
        .get("uniqueItems")
        .is_some_and(|value| !value.is_boolean())
    {
        return Err(out_of_profile(name, "uniqueItems must be true or false"));
    }
    let min_items = count(name, definition, "minItems")?;
    let max_items = count(name, definition, "maxItems")?;
    if max_items == Some(0) {
        return Err(out_of_profile(
            name,
            "maxItems 0 leaves nothing to choose; it must be at least 1",
        ));
    }
    if let (Some(min), Some(max)) = (min_items, max_items)
        && min > max
    {
        return Err(out_of_profile(
            name,
            format!("minItems {min} is greater than maxItems {max}, so no selection could fit"),
        ));
    }
    let offered = options.len() as u64;
    if let Some(min) = min_items.filter(|min| *min > offered) {
        return Err(out_of_profile(
            name,
            format!("minItems {min} is more than the {offered} options offered"),
        ));
    }
    let default = match definition.get("default") {
        None => None,
        Some(value) => {
            let shape = || out_of_profile(name, "default must be an array of option values");
            let chosen = value.as_array().ok_or_else(shape)?;
            let mut values: Vec<&str> = Vec::with_capacity(chosen.len());
            for value in chosen {
                let value = value.as_str().ok_or_else(shape)?;
                if !options.iter().any(|option| option.value == value) {
                    return Err(out_of_profile(
                        name,
                        format!(
                            "default lists {}, which is not an option value",
                            shown(value)
                        ),
                    ));
                }
                if values.contains(&value) {
                    return Err(out_of_profile(
                        name,
                        format!("default lists {} more than once", shown(value)),
                    ));
                }
                values.push(value);
            }
            if let Some(misfit) = count_misfit(values.len(), min_items, max_items) {
                return Err(out_of_profile(name, format!("default {misfit}")));
            }
            Some(
                options
                    .iter()
                    .filter(|option| values.contains(&option.value.as_str()))
                    .map(|option| option.value.clone())
                    .collect(),
            )
        }
    };
    Ok(SpecKind::MultiSelect {
        options,
        min_items,
        max_items,
        default,
    })
}

fn items_text(count: u64) -> String {
    if count == 1 {
        "1 item".to_string()
    } else {
        format!("{count} items")
    }
}

/// Why a selection of `chosen` options does not fit the item bounds, as a
/// phrase that follows the selection, or `None`.
pub(crate) fn count_misfit(
    chosen: usize,
    min_items: Option<u64>,
    max_items: Option<u64>,
) -> Option<String> {
    let chosen = chosen as u64;
    if let Some(min) = min_items.filter(|min| chosen < *min) {
        return Some(format!(
            "has {}, fewer than minItems {min}",
            items_text(chosen)
        ));
    }
    if let Some(max) = max_items.filter(|max| chosen > *max) {
        return Some(format!(
            "has {}, more than maxItems {max}",
            items_text(chosen)
        ));
    }
    None
}
