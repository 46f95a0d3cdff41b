//! The comparisons against everruns-core 0.50.1, the newest release (its
//! form module behaves as 0.43.0's; this proves it).

pub(crate) use everruns_core_050::mcp::form_elicitation as theirs;

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
