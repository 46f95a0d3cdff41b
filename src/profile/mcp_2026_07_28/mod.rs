//! An opt-in second profile: the whole MCP 2026-07-28 form schema, under the
//! same safety rules as the backend profile.
//!
//! The default stays [`Profile::Backend`](crate::profile::Profile::Backend), the rules of `everruns-core`
//! 0.43.0 byte for byte ([`parse_requested_schema`](crate::parse_requested_schema)).
//! [`Profile::Mcp20260728`](crate::profile::Profile::Mcp20260728) accepts every primitive schema of the MCP
//! 2026-07-28 `ElicitRequestFormParams.requestedSchema`: text with lengths,
//! formats and defaults; numbers and integers with bounds and defaults;
//! booleans with defaults; untitled (`enum`), titled (`oneOf` of
//! `{const, title}`) and legacy (`enum` + `enumNames`) single-selects; and
//! untitled (`items.enum`) and titled (`items.anyOf` of `{const, title}`)
//! multi-selects with `minItems`/`maxItems` and defaults.
//!
//! ```
//! # // serde_json's values: natively (in wasm, the crate's own; see `json`).
//! # #[cfg(not(target_arch = "wasm32"))] fn main() {
//! use elicit_form::{FormAnswer, Profile, parse_requested_schema_with};
//! use serde_json::json;
//! use std::collections::BTreeMap;
//!
//! let schema = json!({"type": "object", "properties": {
//!     "colors": {"type": "array", "title": "Colors", "minItems": 1,
//!                "items": {"anyOf": [{"const": "#f00", "title": "Red"},
//!                                    {"const": "#00f", "title": "Blue"}]},
//!                "default": ["#00f"]}
//! }});
//! let form = parse_requested_schema_with(&schema, Profile::Mcp20260728).unwrap();
//! let questions = form.questions("paint");
//! assert_eq!(questions[0]["multi_select"], true);
//! assert_eq!(questions[0]["question"], "Colors (choose at least 1 option)");
//! assert_eq!(questions[0]["options"][1]["default"], true);
//!
//! let answers = BTreeMap::from([(
//!     "colors".to_string(),
//!     FormAnswer { selected: vec!["Blue".into(), "Red".into()], other_text: None },
//! )]);
//! let content = form.content_from_answers(&answers).unwrap();
//! assert_eq!(serde_json::Value::Object(content), json!({"colors": ["#f00", "#00f"]}));
//! # }
//! # #[cfg(target_arch = "wasm32")] fn main() {}
//! ```
//!
//! # The schema
//!
//! The top level must be an object with `type: "object"` and 1 to 16
//! `properties`; `required`, if present, must be an array of distinct
//! property names (a name that is not a property is refused: no answer could
//! satisfy it). `additionalProperties` (a boolean; the content never holds
//! other properties) and the strings `$schema`, `title`, `description` and
//! `$comment` are accepted and otherwise ignored. Any other top-level keyword
//! is refused.
//!
//! Each property is checked in byte order of the names, in the backend's
//! order: the name (1 to 64 of `A-Z a-z 0-9 _ - .`), an object definition,
//! `title` (a string of at most 200 characters) and `description` (at most
//! 2000), then **credentials** — `format: "password"`, `writeOnly: true`, or
//! a name or title that [`names_a_credential`](crate::names_a_credential) —
//! are refused with [`FormRefusal::Credential`](crate::FormRefusal) (the
//! URL-mode text) whatever the rest of the definition says; then `$ref`; then
//! the type and the keywords.
//!
//! ## Accepted keywords
//!
//! | shape | `type` | keywords |
//! |---|---|---|
//! | text | `"string"` | `minLength`, `maxLength`, `format` (`email`, `uri`, `date`, `date-time`), `default` |
//! | number, integer | `"number"`, `"integer"` | `minimum`, `maximum`, `default` |
//! | boolean | `"boolean"` | `default` |
//! | single-select | `"string"` | `enum` (+ `enumNames`) or `oneOf` of `{const, title}`; `default` |
//! | multi-select | `"array"` | `items` (`{type: "string", enum}` or `{anyOf: [{const, title}]}`), `minItems`, `maxItems`, `uniqueItems`, `default` |
//!
//! On every property the annotations `title`, `description`, `$comment` (a
//! string), `examples` (an array), and `deprecated`, `readOnly`, `writeOnly`
//! (booleans) are accepted; apart from showing title and description, and
//! `writeOnly: true` being a credential, they change nothing. In `items`
//! only `type`, `enum`, `anyOf` and the strings `title`, `description`,
//! `$comment` are accepted; a `oneOf`/`anyOf` member must have exactly a
//! string `const` and a string `title`.
//!
//! ## Refused
//!
//! **Every other keyword is refused, never ignored**, because the form could
//! not enforce it and a person would answer a question the server did not
//! ask: among them `pattern`, `multipleOf`, `exclusiveMinimum`,
//! `exclusiveMaximum`, `const`, `enum` on a number, `allOf`, `anyOf`/`oneOf`
//! outside the select shapes, `not`, `if`/`then`/`else`, `nullable`,
//! `contains`, `prefixItems`, `additionalProperties` or `minLength` inside
//! `items`, `$ref`, `$defs`, and unknown formats (`hostname`, `uuid`, ...).
//! Types other than the five above (`object`, `null`, a list of types) are
//! refused. Malformed values of accepted keywords are refused too (a
//! non-string title, a negative or fractional length, a non-number bound).
//!
//! The bounds are the backend's: 16 properties; 32 options (members of
//! `enum`, `oneOf` and `anyOf` alike); 64-character names; 200-character
//! titles, option values, option labels and text defaults; 2000-character
//! descriptions. Option values and labels must not be blank and must each be
//! unique. Contradictions are refused: `minLength > maxLength`, `maxLength:
//! 0`, `minimum > maximum`, `minItems > maxItems`, `maxItems: 0`, `minItems`
//! above the number of options; so are integer bounds and defaults that are
//! not whole, lengths and item counts that are not whole numbers from 0 to
//! 2^53 - 1, and **a `default` that breaks its own schema** (wrong type,
//! outside the lengths, not in the format, out of range, not an option,
//! repeated or too few/many items).
//!
//! # The questions
//!
//! [`FormSchema::questions`] keeps the backend's question JSON
//! (`kind, id, header, question, multi_select, allow_other, options`), with
//! the header from the configured server name. Choice options always carry
//! `default` (true where the schema's default selects them); multi-selects
//! have `multi_select: true`. The question text adds, in parentheses and
//! separated by `"; "`: the format (`an email address`, `a full URI such as
//! https://example.com/page`, `a date as YYYY-MM-DD`, `a date and time such
//! as 2026-07-28T09:30:00Z`), lengths (`3 to 20 characters`, `at least 1
//! character`, `exactly 5 characters`), the number range as the backend
//! words it (`a whole number from 1 to 50`), how many to choose (`choose 1 to
//! 3 options`), a text or number default (`default: "John Doe"`, quoted as
//! a Rust string; `default: 30`), and `optional` when the property is not
//! required and has no default, so a person knows a blank leaves it out.
//!
//! # The answers
//!
//! Answers use the backend's [`FormAnswer`] shape. An
//! *empty* answer (no entry, nothing selected, blank text) takes the
//! property's default if it has one (as MCP clients apply defaults under
//! SEP-1034), is left out of the content if the property is optional, and is
//! refused if it is required. A multi-select entry with nothing selected is
//! `[]` when zero items are allowed. Text is trimmed, its length counted in
//! Unicode scalar values (as JSON Schema counts code points), and its format
//! checked for real ([`formats`]); numbers are read as the backend reads
//! them, within the bounds, and integers must be whole and within
//! ±(2^53 - 1); a multi-select's content is the selected values **in option
//! order**, each once (so `uniqueItems` holds). Errors are
//! [`AnswerError`]s naming the property and the bound.
//!
//! # The outcome
//!
//! [`FormAnswerAction`] has `accept`, `decline` and `cancel`; the backend
//! profile's `FormAnswerAction` is unchanged. See [`outcome`](crate::profile::mcp_2026_07_28::stored).
//!
//! # The fingerprint
//!
//! SHA-256 over the domain `elicit-form/mcp-2026-07-28\0` and a canonical
//! encoding of each property ([`fingerprint`]), so a record made under one
//! profile never applies under the other.

use alloc::{string::String, vec::Vec};
pub mod answers;
pub mod constraints;
pub mod fingerprint;
pub mod formats;
pub mod questions;
pub mod schema;
pub mod stored;

use alloc::collections::BTreeMap;

use crate::json::{Map, Value};
use serde::Serialize;

use crate::rules::answer::FormAnswer;
use crate::rules::form::{Elicitation, Rules};
use crate::rules::refusal::FormRefusal;
use crate::rules::schema::{Property, Schema};

pub use answers::{AnswerError, AnswerProblem};
pub use constraints::MAX_SAFE_INTEGER;
pub use fingerprint::FINGERPRINT_DOMAIN;
pub use formats::TextFormat;
pub use schema::parse_requested_schema;
pub use stored::{FormAnswerAction, FormOutcome, StoredFormAnswer};

/// One option of a select: `value` is what the server receives, `label`
/// what a person sees (equal to the value for an untitled `enum`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SelectOption"))]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// What kind of value a property wants, with every constraint this profile
/// enforces. As JS sees it, the variant is the `kind` field (`text`,
/// `number`, `boolean`, `singleSelect`, `multiSelect`) and the fields are
/// camelCase.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SpecPropertyKind"))]
pub enum FormPropertyKind {
    /// `type: "string"` without `enum`/`oneOf`: free text, trimmed. Lengths
    /// count Unicode scalar values.
    Text {
        format: Option<TextFormat>,
        min_length: Option<u64>,
        max_length: Option<u64>,
        default: Option<String>,
    },
    /// `type: "number"` or `"integer"`, typed as text.
    Number {
        integer: bool,
        minimum: Option<f64>,
        maximum: Option<f64>,
        default: Option<f64>,
    },
    /// `type: "boolean"`: Yes or No.
    Boolean { default: Option<bool> },
    /// `type: "string"` with `enum` (labels from `enumNames` if given) or
    /// `oneOf` of `{const, title}`: one option. `default` is a value.
    SingleSelect {
        options: Vec<Choice>,
        default: Option<String>,
    },
    /// `type: "array"` whose `items` have `enum` or `anyOf` of
    /// `{const, title}`: any number of options within the bounds. `default`
    /// lists values in option order.
    MultiSelect {
        options: Vec<Choice>,
        min_items: Option<u64>,
        max_items: Option<u64>,
        default: Option<Vec<String>>,
    },
}

/// One property of a schema that fits the MCP 2026-07-28 profile.
pub type FormProperty = Property<FormPropertyKind>;

/// A `requestedSchema` that passed every rule of the MCP 2026-07-28 profile.
pub type FormSchema = Schema<FormPropertyKind>;

/// A form elicitation the server sent, validated under this profile.
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
