//! The `ask_user` questions of the MCP 2026-07-28 profile.
//!
//! Same JSON shape as the backend profile (`kind`, `id`, `header`,
//! `question`, `multi_select`, `allow_other`, `options` of `label`,
//! `description`, `default`), with the header from the configured server name
//! only. See the [module docs](crate::spec) for the question text.

use serde_json::{Value, json};

use super::schema::{SpecFormSchema, SpecKind, SpecOption, number_text};

/// `ask_user`'s own header limit; the attribution badge lives there.
const HEADER_CHARS: usize = 16;
pub(crate) const YES: &str = "Yes";
pub(crate) const NO: &str = "No";

/// The badge: the configured name, cut to 15 characters and an ellipsis when
/// longer than 16 (as the backend profile does).
fn attribution_header(server_name: &str) -> String {
    if server_name.chars().count() <= HEADER_CHARS {
        return server_name.to_string();
    }
    let mut header: String = server_name.chars().take(HEADER_CHARS - 1).collect();
    header.push('…');
    header
}

fn option(label: &str, description: &str, default: bool) -> Value {
    json!({"label": label, "description": description, "default": default})
}

fn select_options(options: &[SpecOption], is_default: impl Fn(&str) -> bool) -> Vec<Value> {
    options
        .iter()
        .map(|choice| {
            // The value is shown only where it differs from the label.
            let description = if choice.label == choice.value {
                ""
            } else {
                choice.value.as_str()
            };
            option(&choice.label, description, is_default(&choice.value))
        })
        .collect()
}

fn range(lower: Option<u64>, upper: Option<u64>, unit: &str, units: &str) -> Option<String> {
    let noun = |count: u64| if count == 1 { unit } else { units };
    match (lower.filter(|min| *min > 0), upper) {
        (Some(min), Some(max)) if min == max => Some(format!("exactly {min} {}", noun(max))),
        (Some(min), Some(max)) => Some(format!("{min} to {max} {}", noun(max))),
        (Some(min), None) => Some(format!("at least {min} {}", noun(min))),
        (None, Some(max)) => Some(format!("at most {max} {}", noun(max))),
        (None, None) => None,
    }
}

fn number_range(integer: bool, minimum: Option<f64>, maximum: Option<f64>) -> String {
    let noun = if integer {
        "a whole number"
    } else {
        "a number"
    };
    let range = match (minimum, maximum) {
        (Some(min), Some(max)) => format!(" from {} to {}", number_text(min), number_text(max)),
        (Some(min), None) => format!(", at least {}", number_text(min)),
        (None, Some(max)) => format!(", at most {}", number_text(max)),
        (None, None) => String::new(),
    };
    format!("{noun}{range}")
}

impl SpecFormSchema {
    /// The schema as `ask_user` questions, one per property, sorted by name.
    ///
    /// `kind` is `"text"` for text and numbers (`allow_other: true`, no
    /// options) and `"choice"` for booleans and selects (`allow_other:
    /// false`); `multi_select` is true for multi-selects only. Every option
    /// has `label`, `description` (the value where it differs from the
    /// label, else empty) and `default` (whether the schema's default selects
    /// it). The question text is the title (or name), `": "` and a non-blank
    /// description, then the details in parentheses, separated by `"; "`:
    /// what to type (format or number range), lengths or how many to choose,
    /// `default: ...` for a text or number default, and `optional` for a
    /// property that is not required and has no default.
    pub fn questions(&self, server_name: &str) -> Vec<Value> {
        let header = attribution_header(server_name);
        self.properties
            .iter()
            .map(|property| {
                let mut question = property
                    .title
                    .clone()
                    .unwrap_or_else(|| property.name.clone());
                if let Some(description) = &property.description
                    && !description.trim().is_empty()
                {
                    question.push_str(": ");
                    question.push_str(description);
                }
                let mut details: Vec<String> = Vec::new();
                let mut multi_select = false;
                let (text, options, has_default) = match &property.kind {
                    SpecKind::Text {
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
                                .map(|default| format!("default: {default:?}")),
                        );
                        (true, Vec::new(), default.is_some())
                    }
                    SpecKind::Number {
                        integer,
                        minimum,
                        maximum,
                        default,
                    } => {
                        details.push(number_range(*integer, *minimum, *maximum));
                        details.extend(
                            default.map(|default| format!("default: {}", number_text(default))),
                        );
                        (true, Vec::new(), default.is_some())
                    }
                    SpecKind::Boolean { default } => (
                        false,
                        vec![
                            option(YES, "", *default == Some(true)),
                            option(NO, "", *default == Some(false)),
                        ],
                        default.is_some(),
                    ),
                    SpecKind::SingleSelect { options, default } => (
                        false,
                        select_options(options, |value| default.as_deref() == Some(value)),
                        default.is_some(),
                    ),
                    SpecKind::MultiSelect {
                        options,
                        min_items,
                        max_items,
                        default,
                    } => {
                        multi_select = true;
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
                        (false, select_options(options, chosen), default.is_some())
                    }
                };
                if !property.required && !has_default {
                    details.push("optional".to_string());
                }
                if !details.is_empty() {
                    question.push_str(&format!(" ({})", details.join("; ")));
                }
                json!({
                    "kind": if text { "text" } else { "choice" },
                    "id": property.name,
                    "header": header,
                    "question": question,
                    "multi_select": multi_select,
                    // A server's options are closed: free text beside them
                    // would be a value the server never offered.
                    "allow_other": text,
                    "options": options,
                })
            })
            .collect()
    }
}

#[cfg(test)]
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
        assert_eq!(
            number_range(true, Some(1.0), Some(50.0)),
            "a whole number from 1 to 50"
        );
        assert_eq!(
            number_range(false, None, Some(2.5)),
            "a number, at most 2.5"
        );
    }
}
