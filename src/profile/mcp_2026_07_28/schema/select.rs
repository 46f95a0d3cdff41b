//! Single- and multi-selects: options from `enum` (with `enumNames`),
//! `oneOf` or `items.anyOf`, item counts, and defaults that must be options.

use crate::json::{Map, Value};
use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use super::super::constraints::count_misfit;
use super::super::{Choice, FormPropertyKind};
use super::{ITEMS_KEYWORDS, count, list};
use crate::MAX_FORM_TITLE_CHARS;
use crate::rules::refusal::FormRefusal;
use crate::rules::{self, char_count, out_of_profile, shown};

/// Options from `enum` (with `enumNames`) or from `oneOf`/`anyOf` members.
fn options(
    name: &str,
    keyword: &str,
    members: &Value,
    names: Option<&Value>,
) -> Result<Vec<Choice>, FormRefusal> {
    let members = rules::members(name, keyword, members)?;
    let options: Vec<Choice> = if keyword == "enum" {
        let values = rules::strings(members)
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
            .map(|(value, label)| Choice { value, label })
            .collect()
    } else {
        members
            .iter()
            .enumerate()
            .map(|(index, member)| {
                let shape = || {
                    out_of_profile(
                        name,
                        format!("{keyword} member {} must be an object with exactly a string const and a string title", index as u64 + 1),
                    )
                };
                let member = member.as_object().ok_or_else(shape)?;
                if member.len() != 2 {
                    return Err(shape());
                }
                match (member.get("const"), member.get("title")) {
                    (Some(Value::String(value)), Some(Value::String(label))) => Ok(Choice {
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
                        "option values and labels must be 1 to {MAX_FORM_TITLE_CHARS} characters and not blank; {} is not",
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

pub(super) fn single_select(
    name: &str,
    definition: &Map<String, Value>,
) -> Result<FormPropertyKind, FormRefusal> {
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
    Ok(FormPropertyKind::SingleSelect { options, default })
}

pub(super) fn multi_select(
    name: &str,
    definition: &Map<String, Value>,
) -> Result<FormPropertyKind, FormRefusal> {
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
                "items keyword {} is not supported, and the form could not enforce it; items may only use {}",
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
    Ok(FormPropertyKind::MultiSelect {
        options,
        min_items,
        max_items,
        default,
    })
}
