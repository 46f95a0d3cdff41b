//! The URL rules as the `elicit-form/url` wasm exports call them (JSON texts
//! in, a value or a [`Failure`] out), so they are built and tested natively
//! too. The records are the forms' (`made_record`, [`StoredFormAnswer`]'s
//! reader), over [`UrlAnswerAction`].

use alloc::boxed::Box;
use alloc::string::ToString;

use crate::json::{self, Keys};
use crate::profile::{argument, made_record};
use crate::url_mode::{
    StoredUrlAnswer, UrlAnswerAction, UrlDecision, UrlOutcome, UrlPending, UrlRefusal, UrlRequest,
    UrlView, decide_url,
};
use crate::view::Failure;
use crate::{StoredFormAnswer, Timestamp};

/// The view of the params' JSON text (read as serde_json reads it: the last
/// of a repeated key counts), attributed to `server_name`. The params are
/// the server's: unreadable JSON (a lone surrogate, nesting past the
/// reader's depth) is refused as `params`, as params that are no URL-mode
/// request are.
pub fn url_view(params_text: &str, server_name: &str) -> Result<UrlView, Failure> {
    let params = json::read(params_text, Keys::LastWins)
        .map_err(|error| UrlRefusal::Params(format!("params must be JSON text: {error}")))?;
    Ok(UrlRequest::from_params(&params)?.view(server_name)?)
}

/// A record of what a person did with a link, usable for 30 minutes from
/// `now`, from the JSON text of `{ server, tool, fingerprint, action }`.
pub fn record_url_answer(request_text: &str, now: Timestamp) -> Result<StoredUrlAnswer, Failure> {
    made_record::<_, false>(request_text, now)
}

/// A URL record read from its JSON text.
pub fn read_url_record(text: &str) -> Result<StoredUrlAnswer, Failure> {
    argument("record", "a StoredUrlAnswer", text, |value| {
        StoredFormAnswer::<UrlAnswerAction>::from_json(value)
    })
}

/// The retry decision for `server_name`'s `tool_name`, whose request's
/// params are `params_text`, on the record the host took from its store
/// (`None` when it found none).
pub fn answer_url(
    server_name: &str,
    tool_name: &str,
    params_text: &str,
    record_text: Option<&str>,
    now: Timestamp,
) -> Result<UrlDecision, Failure> {
    let view = url_view(params_text, server_name)?;
    let record = record_text.map(read_url_record).transpose()?;
    Ok(
        match decide_url(&view, server_name, tool_name, record.as_ref(), now) {
            UrlOutcome::Accept => UrlDecision::Accept,
            UrlOutcome::Decline => UrlDecision::Decline,
            UrlOutcome::Cancel => UrlDecision::Cancel,
            UrlOutcome::Ask => UrlDecision::Ask {
                pending: Box::new(UrlPending {
                    summary: format!(
                        "MCP server '{server_name}' asks you to open a link before tool '{tool_name}' can run"
                    ),
                    server_name: server_name.to_string(),
                    tool_name: tool_name.to_string(),
                    view,
                }),
            },
        },
    )
}
