//! The `ask_user` questions of the MCP 2026-07-28 profile.
//!
//! Same shape as the backend profile's ([`Question`]), with the header from
//! the configured server name only. See the [profile docs](crate::profile::mcp_2026_07_28)
//! for the question text.

use super::{Choice, FormProperty, FormPropertyKind};
use crate::rules::question::{self, AskedKind, Question, QuestionOption};
use crate::rules::{NumberText, number_range};
use alloc::{
    string::{String, ToString},
    vec::Vec,
};

fn select_options(
    options: &[Choice],
    is_default: impl Fn(&str) -> bool,
) -> Vec<QuestionOption<'_>> {
    options
        .iter()
        .map(|choice| {
            question::option(
                &choice.label,
                &choice.value,
                Some(is_default(&choice.value)),
            )
        })
        .collect()
}

fn range(lower: Option<u64>, upper: Option<u64>, unit: &str, units: &str) -> Option<String> {
    let noun = |count: u64| if count == 1 { unit } else { units };
    Some(match (lower.filter(|min| *min > 0), upper) {
        (Some(min), Some(max)) if min == max => {
            format!("exactly {min} {}", noun(max))
        }
        (Some(min), Some(max)) => format!("{min} to {max} {}", noun(max)),
        (Some(min), None) => format!("at least {min} {}", noun(min)),
        (None, Some(max)) => format!("at most {max} {}", noun(max)),
        (None, None) => return None,
    })
}

impl AskedKind for FormPropertyKind {
    /// `kind` is `"text"` for text and numbers (`allow_other: true`, no
    /// options) and `"choice"` for booleans and selects (`allow_other:
    /// false`); `multi_select` is true for multi-selects only. Every option
    /// has `label`, `description` (the value where it differs from the
    /// label, else empty) and `default` (whether the schema's default selects
    /// it). The details, in parentheses and separated by `"; "`: what to type
    /// (format or number range), lengths or how many to choose, `default:
    /// ...` for a text or number default, and `optional` for a property that
    /// is not required and has no default.
    fn ask<'a>(property: &'a FormProperty, asked: Question<'a>) -> Question<'a> {
        let mut details: Vec<String> = Vec::new();
        let (mut asked, has_default) = match &property.kind {
            FormPropertyKind::Text {
                format,
                min_length,
                max_length,
                default,
            } => {
                details.extend(format.map(|format| format.phrase().to_string()));
                details.extend(range(*min_length, *max_length, "character", "characters"));
                details.extend(
                    default
                        .as_ref()
                        .map(|default| format!("default: {}", crate::text::Quoted(default))),
                );
                (asked, default.is_some())
            }
            FormPropertyKind::Number {
                integer,
                minimum,
                maximum,
                default,
            } => {
                details.push(number_range(*integer, *minimum, *maximum));
                details.extend(default.map(|default| format!("default: {}", NumberText(default))));
                (asked, default.is_some())
            }
            FormPropertyKind::Boolean { default } => {
                (asked.choice(question::yes_no(*default)), default.is_some())
            }
            FormPropertyKind::SingleSelect { options, default } => (
                asked.choice(select_options(options, |value| {
                    default.as_deref() == Some(value)
                })),
                default.is_some(),
            ),
            FormPropertyKind::MultiSelect {
                options,
                min_items,
                max_items,
                default,
            } => {
                let offered = options.len() as u64;
                // "at most N" says nothing when N covers every option.
                let upper = max_items.filter(|max| *max < offered);
                if let Some(count) = range(*min_items, upper, "option", "options") {
                    details.push(format!("choose {count}"));
                }
                let chosen = |value: &str| {
                    default
                        .as_ref()
                        .is_some_and(|values| values.iter().any(|v| v == value))
                };
                let mut asked = asked.choice(select_options(options, chosen));
                asked.multi_select = true;
                (asked, default.is_some())
            }
        };
        if !property.required && !has_default {
            details.push("optional".to_string());
        }
        if !details.is_empty() {
            asked.detail(&details.join("; "));
        }
        asked
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_plain_english() {
        assert_eq!(
            range(Some(1), Some(3), "option", "options").unwrap(),
            "1 to 3 options"
        );
        assert_eq!(
            range(Some(2), Some(2), "option", "options").unwrap(),
            "exactly 2 options"
        );
        assert_eq!(
            range(Some(1), None, "character", "characters").unwrap(),
            "at least 1 character"
        );
        assert_eq!(
            range(None, Some(1), "option", "options").unwrap(),
            "at most 1 option"
        );
        assert_eq!(range(Some(0), None, "option", "options"), None);
        assert_eq!(
            range(Some(0), Some(4), "option", "options").unwrap(),
            "at most 4 options"
        );
    }
}
