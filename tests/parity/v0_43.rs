//! The comparisons against everruns-core 0.43.0.

pub(crate) use everruns_core::mcp::form_elicitation as theirs;

#[path = "answers.rs"]
mod answers;
#[path = "credentials.rs"]
mod credentials;
// The store and handler side needs the `handler` feature (on by default).
#[cfg(feature = "handler")]
#[path = "outcomes.rs"]
mod outcomes;
#[path = "parse.rs"]
mod parse;
#[path = "records.rs"]
mod records;
#[path = "storage_keys.rs"]
mod storage_keys;
