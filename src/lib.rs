//! The MCP form-elicitation rules of `everruns-core` 0.43.0, as a crate of
//! their own.
//!
//! An MCP server may pause a tool call and ask a person for a few values
//! (`elicitation/create` in form mode: a `message` and a `requestedSchema`).
//! This crate decides, exactly as the backend does, whether such a request can
//! be put in front of a person, what they are shown, and what goes back:
//!
//! - **Schemas are attacker-controlled input.** Only one flat object of
//!   strings, enums of strings, booleans and numbers is accepted, within fixed
//!   bounds; anything else is refused ([`FormRefusal`]), never trimmed, so
//!   nobody answers a silently shortened question ([`profile`]).
//! - **Credentials are refused, not collected.** A credential-shaped property
//!   makes the whole request unanswerable and the refusal names URL mode, the
//!   channel the MCP specification provides for secrets ([`credential`]).
//! - **The server does not author the attribution.** Each question's header is
//!   the configured server name; server text only fills body positions
//!   ([`questions`]).
//!
//! An answer is honoured only for the questions it was given to: the
//! [`fingerprint`] of the parsed schema travels with a recorded answer
//! ([`stored`]), and answers are re-validated into typed content on the way
//! back ([`answers`]).
//!
//! ```
//! use elicit_form::{parse_requested_schema, FormAnswer};
//! use std::collections::BTreeMap;
//!
//! let schema: serde_json::Value = serde_json::from_str(r#"{
//!     "type": "object",
//!     "properties": {
//!         "seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50}
//!     },
//!     "required": ["seats"]
//! }"#).unwrap();
//! let form = parse_requested_schema(&schema).unwrap();
//! let questions = form.questions("billing");
//! assert_eq!(questions[0]["question"], "Seats (a whole number from 1 to 50)");
//! assert_eq!(form.fingerprint().len(), 64);
//!
//! let answers = BTreeMap::from([(
//!     "seats".to_string(),
//!     FormAnswer { selected: vec![], other_text: Some(" 12 ".to_string()) },
//! )]);
//! let content = form.content_from_answers(&answers).unwrap();
//! assert_eq!(serde_json::Value::Object(content), serde_json::json!({"seats": 12}));
//! ```
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

pub mod answers;
pub mod credential;
pub mod fingerprint;
#[cfg(all(feature = "handler", not(target_arch = "wasm32")))]
pub mod handler;
pub mod outcome;
pub mod profile;
pub mod questions;
pub mod spec;
pub mod stored;
pub mod time;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use answers::{AnswerError, FormAnswer};
pub use credential::names_a_credential;
#[cfg(all(feature = "handler", not(target_arch = "wasm32")))]
pub use handler::{FormAnswerStore, FormElicitationHandler, StoreError, StoredFormAnswers};
pub use outcome::{FormElicitation, FormElicitationPending, FormOutcome, check_message};
pub use profile::{
    FormProperty, FormPropertyKind, FormRefusal, FormSchema, parse_requested_schema,
};
pub use spec::{
    Profile, ProfiledAnswerError, ProfiledForm, SpecAnswerAction, SpecAnswerError,
    SpecFormElicitation, SpecFormOutcome, SpecFormSchema, SpecStoredFormAnswer,
    parse_requested_schema_with, parse_spec_schema,
};
pub use stored::{
    FORM_ANSWER_TTL, FormAnswerAction, MCP_ELICITATION_FORM_KV_PREFIX, StoredFormAnswer,
    form_answer_storage_key,
};
pub use time::Timestamp;

/// Most properties one elicitation may ask for.
pub const MAX_FORM_PROPERTIES: usize = 16;
/// Most members one enum property may offer.
pub const MAX_FORM_ENUM_MEMBERS: usize = 32;
/// Longest property name accepted. Names become question ids.
pub const MAX_FORM_PROPERTY_NAME_CHARS: usize = 64;
/// Longest property title, and longest enum value or label (and `format`).
pub const MAX_FORM_TITLE_CHARS: usize = 200;
/// Longest property description, and longest elicitation message.
pub const MAX_FORM_TEXT_CHARS: usize = 2000;

/// Sorts at most `MAX_FORM_PROPERTIES` items by name: an insertion sort is a
/// few dozen bytes of wasm where the standard library's sort is kilobytes.
pub(crate) fn sort_by_name<T>(items: &mut [T], name: impl Fn(&T) -> &str) {
    for end in 1..items.len() {
        let mut at = end;
        while at > 0 {
            let (Some(before), Some(here)) = (items.get(at - 1), items.get(at)) else { break };
            if name(before) <= name(here) {
                break;
            }
            items.swap(at - 1, at);
            at -= 1;
        }
    }
}
