//! Answers under the MCP 2026-07-28 profile, turned into
//! `ElicitResult.content`. See the [module docs](crate::profile::mcp_2026_07_28) for the rules.

use alloc::string::{String, ToString};
use core::fmt;

use crate::json::{Map, Value};

use super::constraints::{MAX_SAFE_INTEGER, count_misfit, number_misfit, text_misfit};
use super::{FormPropertyKind, FormSchema};
use crate::rules::answer::Answers;
use crate::rules::answer::{finite_number, json_number};
use crate::rules::form::Misfit;
use crate::rules::question::{NO, YES};
use crate::rules::{NumberText, shown};

/// Why an answer set does not fit a [`FormSchema`]. `Display` is a
/// sentence naming the property and the bound.
pub type AnswerError = Misfit<AnswerProblem>;

/// What is wrong with one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerProblem {
    /// A required property without a default was left unanswered.
    Required,
    /// A single-select or boolean answer selected more than one label.
    NeedsOneChoice { chosen: usize },
    /// A selected label is not one the question offered.
    NotOffered { label: String },
    /// A multi-select answer selected the same label twice.
    ChosenTwice { label: String },
    /// A boolean answer selected something other than `Yes` or `No`.
    NeedsYesOrNo,
    /// The selection or text does not fit the schema; the text is a phrase
    /// following "the answer", e.g. `has 1 item, fewer than minItems 2`.
    Misfit { detail: String },
    /// Not a finite number as Rust's `f64::from_str` reads it.
    NotANumber { text: String },
}

impl AnswerProblem {
    /// The problem's name for a UI, which words it for a person (JS's
    /// `AnswerError.kind`): the variant's name in camelCase. A `misfit` is
    /// an answer outside the property's bounds (length, format, range,
    /// whole number, item count), which the schema view gives.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Required => "required",
            Self::NeedsOneChoice { .. } => "needsOneChoice",
            Self::NotOffered { .. } => "notOffered",
            Self::ChosenTwice { .. } => "chosenTwice",
            Self::NeedsYesOrNo => "needsYesOrNo",
            Self::Misfit { .. } => "misfit",
            Self::NotANumber { .. } => "notANumber",
        }
    }
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let property = &self.property;
        match &self.problem {
            AnswerProblem::Required => {
                write!(
                    f,
                    "'{property}' needs an answer: it is required and has no default"
                )
            }
            AnswerProblem::NeedsOneChoice { chosen } => write!(
                f,
                "'{property}' needs exactly one choice, but {chosen} were selected"
            ),
            AnswerProblem::NotOffered { label } => write!(
                f,
                "'{property}' was not offered {}; choose one of its options",
                shown(label)
            ),
            AnswerProblem::ChosenTwice { label } => write!(
                f,
                "'{property}' has {} selected more than once",
                shown(label)
            ),
            AnswerProblem::NeedsYesOrNo => write!(f, "'{property}' needs {YES} or {NO}"),
            AnswerProblem::Misfit { detail } => write!(f, "'{property}': the answer {detail}"),
            AnswerProblem::NotANumber { text } => write!(
                f,
                "'{property}' needs a number, and {} is not one",
                shown(text)
            ),
        }
    }
}

impl FormSchema {
    /// Turn answers, keyed by property name, into `ElicitResult.content`.
    ///
    /// Properties are checked in sorted order and the first misfit is
    /// returned; answers for names the schema does not have are ignored.
    /// An *empty* answer (no entry, or an entry with nothing selected and no
    /// non-blank text) takes the property's `default` if it has one, is left
    /// out of the content if the property is optional, and is an error if it
    /// is required. A multi-select entry with nothing selected is the empty
    /// array `[]` where the schema allows zero items, and empty otherwise.
    /// Text is trimmed (Rust's `trim`) and then checked for length (Unicode
    /// scalar values) and format; numbers are read as the backend reads them
    /// and checked against the bounds (integers: whole, and within
    /// ±9007199254740991); a multi-select's values come in option order.
    ///
    /// `answers` is a `BTreeMap<String, FormAnswer>`, or an
    /// [`AnswerList`](crate::AnswerList) read from JSON.
    pub fn content(&self, answers: &dyn Answers) -> Result<Map<String, Value>, AnswerError> {
        self.content_by(answers, |property, answer| {
            let misfit = |detail: String| AnswerProblem::Misfit { detail };
            let selected: &[String] = answer.map_or(&[], |answer| answer.selected.as_slice());
            let text = answer
                .and_then(|answer| answer.other_text.as_deref())
                .map(str::trim)
                .filter(|text| !text.is_empty());

            let value: Option<Value> = match &property.kind {
                FormPropertyKind::Text {
                    format,
                    min_length,
                    max_length,
                    default,
                } => match text {
                    Some(text) => {
                        if let Some(detail) = text_misfit(text, *format, *min_length, *max_length) {
                            return Err(misfit(detail));
                        }
                        Some(Value::String(text.to_string()))
                    }
                    None => default.clone().map(Value::String),
                },
                FormPropertyKind::Number {
                    integer,
                    minimum,
                    maximum,
                    default,
                } => {
                    let number =
                        match text {
                            Some(text) => Some(finite_number(text).ok_or_else(|| {
                                AnswerProblem::NotANumber {
                                    text: text.to_string(),
                                }
                            })?),
                            None => *default,
                        };
                    match number {
                        Some(number) => {
                            if let Some(detail) =
                                number_misfit(number, *integer, *minimum, *maximum)
                            {
                                return Err(misfit(format!("{} {detail}", NumberText(number))));
                            }
                            Some(
                                json_number(number, *integer, MAX_SAFE_INTEGER as f64).ok_or_else(
                                    || misfit(format!("{} is not a number", NumberText(number))),
                                )?,
                            )
                        }
                        None => None,
                    }
                }
                FormPropertyKind::Boolean { default } => match selected {
                    [] => default.map(Value::Bool),
                    [label] if label == YES => Some(Value::Bool(true)),
                    [label] if label == NO => Some(Value::Bool(false)),
                    _ => return Err(AnswerProblem::NeedsYesOrNo),
                },
                FormPropertyKind::SingleSelect { options, default } => match selected {
                    [] => default.clone().map(Value::String),
                    [label] => {
                        let option = options
                            .iter()
                            .find(|option| &option.label == label)
                            .ok_or_else(|| AnswerProblem::NotOffered {
                                label: label.clone(),
                            })?;
                        Some(Value::String(option.value.clone()))
                    }
                    more => {
                        return Err(AnswerProblem::NeedsOneChoice { chosen: more.len() });
                    }
                },
                FormPropertyKind::MultiSelect {
                    options,
                    min_items,
                    max_items,
                    default,
                } => {
                    for (index, label) in selected.iter().enumerate() {
                        if !options.iter().any(|option| &option.label == label) {
                            return Err(AnswerProblem::NotOffered {
                                label: label.clone(),
                            });
                        }
                        if selected.get(..index).unwrap_or_default().contains(label) {
                            return Err(AnswerProblem::ChosenTwice {
                                label: label.clone(),
                            });
                        }
                    }
                    let zero_allowed = min_items.unwrap_or(0) == 0;
                    if selected.is_empty() && !(answer.is_some() && zero_allowed) {
                        default.as_ref().map(|values| {
                            Value::Array(values.iter().cloned().map(Value::String).collect())
                        })
                    } else {
                        if let Some(detail) = count_misfit(selected.len(), *min_items, *max_items) {
                            return Err(misfit(detail));
                        }
                        Some(Value::Array(
                            options
                                .iter()
                                .filter(|option| selected.contains(&option.label))
                                .map(|option| Value::String(option.value.clone()))
                                .collect(),
                        ))
                    }
                }
            };
            match value {
                None if property.required => Err(AnswerProblem::Required),
                value => Ok(value),
            }
        })
    }
}
