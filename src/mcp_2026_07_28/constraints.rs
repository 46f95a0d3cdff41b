//! The constraints a value must meet under the MCP 2026-07-28 profile,
//! written once: the schema check holds each `default` to them, and the
//! answers are held to them on the way back.

use super::formats::TextFormat;
use crate::rules::{char_count, number_text};
use crate::text::{concat, decimal};
use alloc::string::{String, ToString};

/// The largest whole number a JSON number carries exactly in every peer
/// (JavaScript's `Number.MAX_SAFE_INTEGER`, 2^53 - 1). Lengths, item counts,
/// integer defaults and integer answers must lie within it.
pub const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

fn characters(count: u64) -> String {
    if count == 1 {
        "1 character".to_string()
    } else {
        concat(&[&decimal(count), " characters"])
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
        return Some(concat(&[
            "is ",
            &characters(length),
            " long, shorter than minLength ",
            &decimal(min),
        ]));
    }
    if let Some(max) = max_length.filter(|max| length > *max) {
        return Some(concat(&[
            "is ",
            &characters(length),
            " long, longer than maxLength ",
            &decimal(max),
        ]));
    }
    match format {
        Some(format) if !format.accepts(text) => Some(concat(&[
            "is not ",
            format.phrase(),
            " (format ",
            format.name(),
            ")",
        ])),
        _ => None,
    }
}

/// Why a number does not fit, as a phrase that follows the number, or `None`.
pub(crate) fn number_misfit(
    number: f64,
    integer: bool,
    minimum: Option<f64>,
    maximum: Option<f64>,
) -> Option<String> {
    if let Some(min) = minimum.filter(|min| number < *min) {
        return Some(concat(&["is below the minimum ", &number_text(min)]));
    }
    if let Some(max) = maximum.filter(|max| number > *max) {
        return Some(concat(&["is above the maximum ", &number_text(max)]));
    }
    if integer && !crate::rules::is_whole(number) {
        return Some("is not a whole number".to_string());
    }
    if integer && number.abs() > MAX_SAFE_INTEGER as f64 {
        return Some(concat(&[
            "is beyond ",
            &decimal(MAX_SAFE_INTEGER),
            ", the largest whole number an answer carries exactly",
        ]));
    }
    None
}

fn items_text(count: u64) -> String {
    if count == 1 {
        "1 item".to_string()
    } else {
        concat(&[&decimal(count), " items"])
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
        return Some(concat(&[
            "has ",
            &items_text(chosen),
            ", fewer than minItems ",
            &decimal(min),
        ]));
    }
    if let Some(max) = max_items.filter(|max| chosen > *max) {
        return Some(concat(&[
            "has ",
            &items_text(chosen),
            ", more than maxItems ",
            &decimal(max),
        ]));
    }
    None
}
