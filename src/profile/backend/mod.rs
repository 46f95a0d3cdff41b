//! The backend profile: `everruns-core` 0.43.0's rules, exactly.
//!
//! One flat object whose properties are each a string, an enum of strings, a
//! boolean, a number or an integer, within the crate's bounds ([`schema`]);
//! `ask_user` questions headed by the configured server name
//! ([`questions`]); the SHA-256 fingerprint over the kinds' `Debug` text
//! ([`fingerprint`]); answers re-validated into typed content ([`answers`]);
//! and the retry decision over `accept` and `decline`. Every name here is
//! the backend's, re-exported at the crate root.

use alloc::{string::String, vec::Vec};
pub mod answers;
pub mod fingerprint;
#[cfg(all(feature = "handler", not(target_arch = "wasm32")))]
pub mod handler;
pub mod questions;
pub mod schema;
pub mod stored;

use alloc::collections::BTreeMap;

use crate::json::{Map, Value};
use serde::Serialize;

use crate::number::float_text::FloatDebug;
use crate::rules::answer::FormAnswer;
use crate::rules::form::{Elicitation, Rules};
use crate::rules::refusal::FormRefusal;
use crate::rules::schema::{Property, Schema};
use crate::text::Quoted;

pub use answers::{AnswerError, AnswerProblem};
pub use schema::parse_requested_schema;
pub use stored::{FormAnswerAction, FormOutcome, StoredFormAnswer};

/// What kind of value a property wants.
///
/// The variant and field names are part of the fingerprint (it hashes this
/// type's `Debug` text), so they must not change. As JS sees it, the variant
/// is the `kind` field: `enum`, `text`, `boolean` or `number`.
#[derive(Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BackendPropertyKind"))]
pub enum FormPropertyKind {
    /// A closed set. `labels` are shown, `values` are sent; they are
    /// index-aligned, and equal when the schema gave no `enumNames`.
    Enum {
        values: Vec<String>,
        labels: Vec<String>,
    },
    /// Free text. `format` is stated to the person, enforced by the server.
    Text { format: Option<String> },
    /// Yes or no.
    Boolean { default: Option<bool> },
    /// A number typed as text and re-validated on the way back.
    Number {
        integer: bool,
        minimum: Option<f64>,
        maximum: Option<f64>,
    },
}

/// The derive's text (the backend's type derives `Debug`), with the bounds
/// written by `crate::number::float_text` (core's float formatter stays out of the
/// wasm); `tests/backend_names.rs` and the fingerprint vectors hold it to the
/// backend's. Natively, a formatter with options (`{:#?}`, `{:.2?}`, a width)
/// gets the derive's text for them as well.
impl core::fmt::Debug for FormPropertyKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        #[cfg(not(target_arch = "wasm32"))]
        if f.alternate() || f.precision().is_some() || f.width().is_some() || f.sign_plus() {
            return self.derived_debug(f);
        }
        match self {
            Self::Enum { values, labels } => write!(
                f,
                "Enum {{ values: {}, labels: {} }}",
                QuotedList(values),
                QuotedList(labels)
            ),
            Self::Text { format } => match format {
                Some(format) => write!(f, "Text {{ format: Some({}) }}", Quoted(format)),
                None => f.write_str("Text { format: None }"),
            },
            Self::Boolean { default } => write!(f, "Boolean {{ default: {default:?} }}"),
            Self::Number {
                integer,
                minimum,
                maximum,
            } => write!(
                f,
                "Number {{ integer: {integer}, minimum: {}, maximum: {} }}",
                OptionalFloat(*minimum),
                OptionalFloat(*maximum)
            ),
        }
    }
}

/// An `Option<f64>` as `{:?}` writes it (`None`, `Some(1.0)`), the float by
/// [`FloatDebug`].
struct OptionalFloat(Option<f64>);

/// A list of texts as `{:?}` writes a `Vec<String>`: `["a", "b"]`, each by
/// [`Quoted`].
struct QuotedList<'a>(&'a [String]);

impl core::fmt::Display for QuotedList<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("[")?;
        for (index, text) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Quoted(text))?;
        }
        f.write_str("]")
    }
}

impl core::fmt::Display for OptionalFloat {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            None => f.write_str("None"),
            Some(value) => write!(f, "Some({})", FloatDebug(value)),
        }
    }
}

impl FormPropertyKind {
    /// The derive's text under any formatter options.
    #[cfg(not(target_arch = "wasm32"))]
    fn derived_debug(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Enum { values, labels } => f
                .debug_struct("Enum")
                .field("values", values)
                .field("labels", labels)
                .finish(),
            Self::Text { format } => f.debug_struct("Text").field("format", format).finish(),
            Self::Boolean { default } => {
                f.debug_struct("Boolean").field("default", default).finish()
            }
            Self::Number {
                integer,
                minimum,
                maximum,
            } => f
                .debug_struct("Number")
                .field("integer", integer)
                .field("minimum", minimum)
                .field("maximum", maximum)
                .finish(),
        }
    }
}

/// One property of a schema that fits the backend profile.
pub type FormProperty = Property<FormPropertyKind>;

/// A `requestedSchema` that passed every rule of the backend profile.
pub type FormSchema = Schema<FormPropertyKind>;

/// A form elicitation the server sent, validated and projected.
pub type FormElicitation = Elicitation<FormSchema>;

impl Rules for FormPropertyKind {
    type Action = FormAnswerAction;

    fn parse(schema: &Value) -> Result<FormSchema, FormRefusal> {
        parse_requested_schema(schema)
    }

    fn fingerprint(schema: &FormSchema) -> String {
        schema.fingerprint()
    }

    fn accepted_content(
        schema: &FormSchema,
        answers: &BTreeMap<String, FormAnswer>,
    ) -> Option<Map<String, Value>> {
        schema.content(answers).ok()
    }
}
