//! The arguments JS hands over: their JSON texts read (`argument`,
//! `read_answers`), and those JS found unusable before any rule ran,
//! worded here ([`ArgumentProblem`]).
//!
//! The npm package's JS checks what only JS can see (a value's type, a lone
//! surrogate, a value `JSON.stringify` cannot write) and reports it as an
//! [`ArgumentProblem`]; the sentence and the error class come from here, as
//! every other error's do. A schema that is not JSON is the backend's
//! refusal (`requested schema is not JSON: ...`); anything else is a
//! `TypeError` naming the argument.

use elicit_form::FormRefusal;
#[cfg(any(feature = "form-exports", feature = "url-mode-ascii"))]
use elicit_form::json::{self, Keys, Value};

use crate::reply::Failure;

/// What JS's `typeof` (with `null` and arrays told apart) says a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    Undefined,
    Null,
    Array,
    Object,
    String,
    Number,
    Boolean,
    Bigint,
    Symbol,
    Function,
}

impl Found {
    /// From `typeof`'s word, or `null` / `array`.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "undefined" => Self::Undefined,
            "null" => Self::Null,
            "array" => Self::Array,
            "object" => Self::Object,
            "string" => Self::String,
            "number" => Self::Number,
            "boolean" => Self::Boolean,
            "bigint" => Self::Bigint,
            "symbol" => Self::Symbol,
            "function" => Self::Function,
            _ => return None,
        })
    }

    /// As an error text names it: `null`, `an array`, `a number`, ...
    pub fn phrase(self) -> &'static str {
        match self {
            Self::Undefined => "undefined",
            Self::Null => "null",
            Self::Array => "an array",
            Self::Object => "an object",
            Self::String => "a string",
            Self::Number => "a number",
            Self::Boolean => "a boolean",
            Self::Bigint => "a bigint",
            Self::Symbol => "a symbol",
            Self::Function => "a function",
        }
    }
}

/// One unusable argument, as JS reports it. `argument` names it as the
/// caller wrote it (`serverName`, `elicitation.toolName`, `options.profile`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgumentProblem {
    /// A name or text argument that is not a string.
    NotString { argument: String, found: Found },
    /// An argument that must be a plain object.
    NotObject { argument: String, found: Found },
    /// `options` that is not an object.
    NotOptions { found: Found },
    /// `options.profile` that is not a string.
    ProfileNotString { found: Found },
    /// Text with a UTF-16 unit that has no partner: it has no UTF-8 form, so
    /// it would reach the rules changed. `unit` is the unit, `at` its index.
    /// `json` says the text was to be read as JSON.
    LoneSurrogate {
        argument: String,
        unit: u16,
        at: usize,
        json: bool,
    },
    /// A value `JSON.stringify` threw on; `detail` is the engine's message.
    NotJson { argument: String, detail: String },
    /// A value `JSON.stringify` writes nothing for.
    NoJson { argument: String, found: Found },
}

/// The arguments that carry the server's schema: their problems are the
/// schema's refusal.
const SCHEMA_ARGUMENTS: [&str; 2] = ["schema", "elicitation.requestedSchema"];

/// The arguments that carry a server's URL-mode params (`urlElicitation`,
/// `answerUrl`): their problems (a lone surrogate, a value too deep for
/// `JSON.stringify`) are the URL refusal `params`, as in Rust.
const URL_PARAMS_ARGUMENTS: [&str; 2] = ["params", "elicitation.params"];

#[cfg(feature = "url-mode-ascii")]
fn url_params_refusal(reason: String) -> Failure {
    elicit_form::url_mode::UrlRefusal::Params(reason).into()
}

#[cfg(not(feature = "url-mode-ascii"))]
fn url_params_refusal(reason: String) -> Failure {
    Failure::Type(reason)
}

impl ArgumentProblem {
    /// The problem as JS reports it, in flat arguments: its name
    /// (`notString`, `notObject`, `notOptions`, `profileNotString`,
    /// `loneSurrogate`, `loneSurrogateInJson`, `notJson`, `noJson`), the
    /// argument, the detail (what `typeof` said, or the engine's message),
    /// and for a lone surrogate its unit and index. `None` for a report that
    /// names no problem.
    pub fn from_report(
        problem: &str,
        argument: &str,
        detail: &str,
        unit: u16,
        at: usize,
    ) -> Option<Self> {
        let argument = argument.to_string();
        let found = || Found::from_name(detail);
        Some(match problem {
            "notString" => Self::NotString {
                argument,
                found: found()?,
            },
            "notObject" => Self::NotObject {
                argument,
                found: found()?,
            },
            "notOptions" => Self::NotOptions { found: found()? },
            "profileNotString" => Self::ProfileNotString { found: found()? },
            "loneSurrogate" => Self::LoneSurrogate {
                argument,
                unit,
                at,
                json: false,
            },
            "loneSurrogateInJson" => Self::LoneSurrogate {
                argument,
                unit,
                at,
                json: true,
            },
            "notJson" => Self::NotJson {
                argument,
                detail: detail.to_string(),
            },
            "noJson" => Self::NoJson {
                argument,
                found: found()?,
            },
            _ => return None,
        })
    }

    /// The error JS throws for it.
    pub fn failure(&self) -> Failure {
        let (argument, text) = match self {
            Self::NotString { argument, found } => {
                return Failure::Type(format!(
                    "{argument} must be a string, not {}",
                    found.phrase()
                ));
            }
            Self::NotObject { argument, found } => {
                return Failure::Type(format!(
                    "{argument} must be an object, not {}",
                    found.phrase()
                ));
            }
            Self::NotOptions { found } => {
                return Failure::Type(format!(
                    "options must be an object ({{ profile?: \"backend\" | \"mcp-2026-07-28\" }}), not {}",
                    found.phrase()
                ));
            }
            Self::ProfileNotString { found } => {
                return Failure::Type(format!(
                    "options.profile must be \"backend\" or \"mcp-2026-07-28\", not {}",
                    found.phrase()
                ));
            }
            Self::LoneSurrogate {
                argument,
                unit,
                at,
                json,
            } => {
                let lone = format!("a lone surrogate (U+{unit:X}) at index {at}");
                if !json {
                    return Failure::Type(format!(
                        "{argument} must be well-formed Unicode text: it has {lone}"
                    ));
                }
                (argument, format!("is not valid JSON: it has {lone}"))
            }
            Self::NotJson { argument, detail } => (argument, format!("is not JSON: {detail}")),
            Self::NoJson { argument, found } => (
                argument,
                format!(
                    "is not JSON: JSON.stringify gives nothing for {}",
                    found.phrase()
                ),
            ),
        };
        if SCHEMA_ARGUMENTS.contains(&argument.as_str()) {
            FormRefusal::Schema(text).into()
        } else if cfg!(feature = "url-mode-ascii")
            && URL_PARAMS_ARGUMENTS.contains(&argument.as_str())
        {
            url_params_refusal(format!("{argument} {text}"))
        } else {
            Failure::Type(format!("{argument} {text}"))
        }
    }
}

/// The JSON text of an argument JS wrote, read as `T` by `from_json`; `name`
/// and `shape` word the error.
#[cfg(any(feature = "form-exports", feature = "url-mode-ascii"))]
pub(crate) fn argument<T>(
    name: &str,
    shape: &str,
    text: &str,
    from_json: impl FnOnce(&mut Value) -> Result<T, String>,
) -> Result<T, Failure> {
    json::read(text, Keys::Unique)
        .map_err(|error| error.to_string())
        .and_then(|mut value| from_json(&mut value))
        .map_err(|error| Failure::Type(format!("{name} must be {shape}: {error}")))
}

/// The answers JS hands over: `{ [name]: { selected?, other_text? } }`.
#[cfg(feature = "form-exports")]
pub(crate) fn read_answers(text: &str) -> Result<ReadAnswers, Failure> {
    argument(
        "answers",
        "an object of answers ({ selected?: string[], other_text?: string | null })",
        text,
        read_answers_from,
    )
}

/// What [`read_answers`] gives with the answers on record (the feature
/// `records`): the record's own kind, a `BTreeMap`, so that the build has
/// one kind of answers.
#[cfg(feature = "records")]
pub(crate) type ReadAnswers = std::collections::BTreeMap<String, elicit_form::FormAnswer>;
/// What [`read_answers`] gives without the answers on record (a ui build):
/// a list, so that the build has no `BTreeMap`.
#[cfg(all(feature = "form-exports", not(feature = "records")))]
pub(crate) type ReadAnswers = elicit_form::AnswerList;

// The answers' texts are moved out of the value before it is read, and put
// back into the answers read: a huge answer is then held once, not as its
// reading and its copy at the same time.
#[cfg(feature = "records")]
fn read_answers_from(value: &mut Value) -> Result<ReadAnswers, String> {
    let texts = elicit_form::take_texts(value);
    let mut answers = elicit_form::FormAnswer::map_from_json(value)?;
    for (name, text) in texts {
        if let Some(answer) = answers.get_mut(&name) {
            answer.other_text = Some(text);
        }
    }
    Ok(answers)
}
#[cfg(all(feature = "form-exports", not(feature = "records")))]
fn read_answers_from(value: &mut Value) -> Result<ReadAnswers, String> {
    let texts = elicit_form::take_texts(value);
    let mut answers = elicit_form::AnswerList::from_json(value)?;
    for (name, text) in texts {
        answers.set_text(&name, text);
    }
    Ok(answers)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn failure(problem: &str, argument: &str, detail: &str, unit: u16, at: usize) -> Failure {
        ArgumentProblem::from_report(problem, argument, detail, unit, at)
            .unwrap()
            .failure()
    }

    #[test]
    fn type_problems_are_type_errors_naming_the_argument() {
        assert_eq!(
            failure("notString", "serverName", "array", 0, 0),
            Failure::Type("serverName must be a string, not an array".into())
        );
        assert_eq!(
            failure("notObject", "record", "null", 0, 0),
            Failure::Type("record must be an object, not null".into())
        );
        assert_eq!(
            failure("loneSurrogate", "tool", "", 0xD800, 3),
            Failure::Type(
                "tool must be well-formed Unicode text: it has a lone surrogate (U+D800) at index 3".into()
            )
        );
        assert_eq!(
            failure("noJson", "answers", "function", 0, 0),
            Failure::Type(
                "answers is not JSON: JSON.stringify gives nothing for a function".into()
            )
        );
        assert_eq!(
            failure("profileNotString", "", "number", 0, 0),
            Failure::Type(
                "options.profile must be \"backend\" or \"mcp-2026-07-28\", not a number".into()
            )
        );
        assert_eq!(
            ArgumentProblem::from_report("notString", "x", "thing", 0, 0),
            None
        );
        assert_eq!(
            ArgumentProblem::from_report("other", "x", "null", 0, 0),
            None
        );
    }

    #[test]
    fn a_schema_that_is_not_json_is_the_schema_refused() {
        assert_eq!(
            failure("notJson", "schema", "cyclic", 0, 0),
            FormRefusal::Schema("is not JSON: cyclic".into()).into()
        );
        assert_eq!(
            failure(
                "loneSurrogateInJson",
                "elicitation.requestedSchema",
                "",
                0xDC00,
                0
            ),
            FormRefusal::Schema(
                "is not valid JSON: it has a lone surrogate (U+DC00) at index 0".into()
            )
            .into()
        );
        assert_eq!(
            failure("loneSurrogateInJson", "answers", "", 0xDC00, 0),
            Failure::Type(
                "answers is not valid JSON: it has a lone surrogate (U+DC00) at index 0".into()
            )
        );
    }

    #[test]
    fn answers_read_with_their_texts_moved_are_the_answers_read_by_reference() {
        let texts = [
            r#"{"b":{"other_text":" 12 "},"a":{"selected":["x"],"other_text":null},"c":{}}"#,
            r#"{"a":{"other_text":"é\n"},"z":{"selected":[],"other_text":"t"}}"#,
            r#"{"a":{"other_text":3}}"#,
            r#"{"a":{"selected":"x","other_text":"t"}}"#,
            r#"{"a":"t"}"#,
            r#"[{"other_text":"t"}]"#,
            r#"{}"#,
        ];
        for text in texts {
            #[cfg(feature = "records")]
            let read = |value: &Value| elicit_form::FormAnswer::map_from_json(value);
            #[cfg(not(feature = "records"))]
            let read = |value: &Value| elicit_form::AnswerList::from_json(value);
            let by_reference = json::read(text, Keys::Unique)
                .map_err(|error| error.to_string())
                .and_then(|value| read(&value));
            let moved = read_answers(text).map_err(|failure| match failure {
                Failure::Type(message) => message,
                other => format!("{other:?}"),
            });
            match (by_reference, moved) {
                (Ok(expected), Ok(actual)) => assert_eq!(actual, expected, "{text}"),
                (Err(expected), Err(actual)) => {
                    assert!(actual.ends_with(&expected), "{text}: {actual} / {expected}")
                }
                (expected, actual) => panic!("{text}: {expected:?} / {actual:?}"),
            }
        }
    }
}
