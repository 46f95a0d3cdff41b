//! Number and integer properties: `minimum`, `maximum` and a `default`
//! that must fit them.

use crate::json::{Map, Value};
use alloc::string::String;

use super::super::FormPropertyKind;
use super::super::constraints::{MAX_SAFE_INTEGER, number_misfit};
use super::bound;
use crate::rules::refusal::FormRefusal;
use crate::rules::{NumberText, out_of_profile};

pub(super) fn number(
    name: &str,
    definition: &Map<String, Value>,
    integer: bool,
) -> Result<FormPropertyKind, FormRefusal> {
    let minimum = bound(name, definition, "minimum")?;
    let maximum = bound(name, definition, "maximum")?;
    if integer {
        for (key, value) in [("minimum", minimum), ("maximum", maximum)] {
            if let Some(value) = value.filter(|value| !crate::number::is_whole(*value)) {
                return Err(out_of_profile(
                    name,
                    format!(
                        "{key} {} is not a whole number, but the property is an integer",
                        NumberText(value)
                    ),
                ));
            }
        }
        let safe = MAX_SAFE_INTEGER as f64;
        if minimum.is_some_and(|min| min > safe) || maximum.is_some_and(|max| max < -safe) {
            return Err(out_of_profile(
                name,
                format!(
                    "its range holds no whole number from -{MAX_SAFE_INTEGER} to {MAX_SAFE_INTEGER}, the only ones an answer can carry exactly"
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
                NumberText(min),
                NumberText(max)
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
                    format!("default {} {misfit}", NumberText(default)),
                ));
            }
            Some(default)
        }
    };
    Ok(FormPropertyKind::Number {
        integer,
        minimum,
        maximum,
        default,
    })
}
