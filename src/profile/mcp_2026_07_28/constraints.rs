//! The constraints a value must meet under the MCP 2026-07-28 profile,
//! written once: the schema check holds each `default` to them, and the
//! answers are held to them on the way back.

use super::formats::TextFormat;
use crate::rules::{NumberText, char_count};
use alloc::string::{String, ToString};

/// The largest whole number a JSON number carries exactly in every peer
/// (JavaScript's `Number.MAX_SAFE_INTEGER`, 2^53 - 1). Lengths, item counts,
/// integer defaults and integer answers must lie within it.
pub const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

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
        Some(format) if !format.accepts(text) => Some(format!(
            "is not {} (format {})",
            format.phrase(),
            format.name()
        )),
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
        return Some(format!("is below the minimum {}", NumberText(min)));
    }
    if let Some(max) = maximum.filter(|max| number > *max) {
        return Some(format!("is above the maximum {}", NumberText(max)));
    }
    if integer && !crate::number::is_whole(number) {
        return Some("is not a whole number".to_string());
    }
    if integer && number.abs() > MAX_SAFE_INTEGER as f64 {
        return Some(format!(
            "is beyond {MAX_SAFE_INTEGER}, the largest whole number an answer carries exactly"
        ));
    }
    None
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
