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
//!   ([`questions`](crate::backend::questions)).
//!
//! - **A link is checked before anyone is asked to open it.** URL mode, where
//!   the credential refusal sends servers, has rules of its own (the
//!   `url-mode` feature, `url_mode`): the URL refused rather than repaired,
//!   the host shown as a person should read it, its site apart.
//!
//! An answer is honoured only for the questions it was given to: the
//! [`fingerprint`](crate::backend::fingerprint) of the parsed schema travels with a recorded answer
//! ([`stored`]), and answers are re-validated into typed content on the way
//! back ([`answers`](crate::backend::answers)).
//!
//! ```
//! # // serde_json's values: natively (in wasm, the crate's own; see `json`).
//! # #[cfg(not(target_arch = "wasm32"))] fn main() {
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
//! # }
//! # #[cfg(target_arch = "wasm32")] fn main() {}
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

#[macro_use]
extern crate alloc;

// The tree is the architecture:
// - `rules`: what both profiles keep (refusals and their wording, the
//   credential vocabulary, questions, the schema and elicitation, answers,
//   recorded answers and the decision), written once;
// - `profile`: the two profiles, `profile::backend` (everruns-core 0.43.0's,
//   exactly) and `profile::mcp_2026_07_28`, and the choice between them;
// - support that knows nothing of forms: `json`, `number`, `time`;
// - `url_mode`: the links an MCP server asks a person to open.
// The JS boundary is a crate of its own, crates/wasm (elicit-form-wasm),
// over this crate's API. The old flat module paths (`elicit_form::backend`,
// `::form`, ...) stay public as re-exports below.
pub mod json;
mod number;
pub mod profile;
mod rules;
// The unit tests run natively (`cargo test`), where they compare with
// serde_json and core; in wasm, `tests/vectors.rs` runs every vector through
// the core, and crates/wasm's `tests/wasm.rs` through the exports
// (`wasm-pack test`).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod testing;
mod text;
pub mod time;
#[cfg(feature = "url-mode-ascii")]
pub mod url_mode;
// The declarations cover both profiles and URL mode, so they are generated
// (and checked) with the second profile and URL mode built in.
#[cfg(all(
    test,
    feature = "mcp-2026-07-28",
    feature = "url-mode-ascii",
    not(target_arch = "wasm32")
))]
mod typescript;

pub use number::decimal;
pub use profile::backend;
#[cfg(all(feature = "handler", not(target_arch = "wasm32")))]
pub use profile::backend::handler;
pub use profile::backend::stored;
#[cfg(feature = "mcp-2026-07-28")]
pub use profile::mcp_2026_07_28;
pub use rules::{credential, fields, fingerprint, form, question};

pub use backend::{
    AnswerError, FormAnswerAction, FormElicitation, FormOutcome, FormProperty, FormPropertyKind,
    FormSchema, parse_requested_schema,
};
pub use credential::names_a_credential;
pub use form::{ElicitationRefusal, FormElicitationPending, MessageTooLong, check_message};
#[cfg(all(feature = "handler", not(target_arch = "wasm32")))]
pub use handler::{FormAnswerStore, FormElicitationHandler, StoreError, StoredFormAnswers};
pub use profile::{Profile, ProfiledAnswerError, ProfiledForm, parse_requested_schema_with};
pub use rules::answer::{AnswerList, Answers, FormAnswer, take_texts};
pub use rules::refusal::FormRefusal;
pub use stored::{
    FORM_ANSWER_TTL, MCP_ELICITATION_FORM_KV_PREFIX, StoredFormAnswer, form_answer_storage_key,
};
pub use time::Timestamp;
// URL mode by the backend's names (everruns-core's `mcp::elicitation`), as
// the forms' are at the root.
#[cfg(feature = "url-mode-ascii")]
pub use url_mode::{
    CONSENT_TTL, ElicitationAction, ElicitationUrlError, GrantedConsent,
    MCP_ELICITATION_CONSENT_KV_PREFIX, StoredConsent, UrlElicitation, UrlElicitationPending,
    consent_action, consent_storage_key, validate_elicitation_url,
};
#[cfg(all(
    feature = "url-mode-ascii",
    feature = "handler",
    not(target_arch = "wasm32")
))]
pub use url_mode::{
    ConsentingUrlElicitations, DeclineUrlElicitations, ElicitationConsentStore,
    RelayUrlElicitations, UrlElicitationHandler,
};

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
