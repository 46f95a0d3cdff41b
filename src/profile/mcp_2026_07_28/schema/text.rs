//! Text properties: `minLength`, `maxLength`, `format` and a `default`
//! that must fit them.

use crate::json::{Map, Value};
use alloc::string::String;

use super::super::FormPropertyKind;
use super::super::constraints::text_misfit;
use super::super::formats::TextFormat;
use super::{count, list};
use crate::MAX_FORM_TITLE_CHARS;
use crate::rules::refusal::FormRefusal;
use crate::rules::{char_count, out_of_profile, shown};

pub(super) fn text(
    name: &str,
    definition: &Map<String, Value>,
) -> Result<FormPropertyKind, FormRefusal> {
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
    Ok(FormPropertyKind::Text {
        format,
        min_length,
        max_length,
        default,
    })
}
