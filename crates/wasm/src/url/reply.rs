//! The URL rules as the `elicit-form/url` wasm exports call them (JSON texts
//! in, a value or a [`Failure`] out), so they are built and tested natively
//! too. The record is the backend's [`StoredConsent`], and the decision its
//! `ConsentingUrlElicitations`' ([`consent_action`]).

use elicit_form::Timestamp;
use elicit_form::fields;
use elicit_form::json::{self, Keys};
use elicit_form::url_mode::{
    ElicitationAction, StoredConsent, UrlDecision, UrlElicitation, UrlElicitationPending,
    UrlPending, UrlRefusal, UrlRequest, UrlView, consent_action, validate_elicitation_url,
};

use crate::argument::argument;
use crate::reply::Failure;

/// The view of the params' JSON text (read as serde_json reads it: the last
/// of a repeated key counts), attributed to `server_name`. The params are
/// the server's: unreadable JSON (a lone surrogate, nesting past the
/// reader's depth) is refused as `params`, as params that are no URL-mode
/// request are.
pub fn url_view(params_text: &str, server_name: &str) -> Result<UrlView, Failure> {
    let params = read_params(params_text)?;
    Ok(UrlRequest::from_params(&params)?.view(server_name)?)
}

fn read_params(params_text: &str) -> Result<json::Value, Failure> {
    json::read(params_text, Keys::LastWins)
        .map_err(|error| UrlRefusal::Params(format!("params must be JSON text: {error}")).into())
}

/// A person's consent to a link, usable for 30 minutes from `now`, from the
/// JSON text of `{ server, tool, host }` (`host`: the ASCII host the person
/// saw, the pending view's `host`).
pub fn record_url_consent(request_text: &str, now: Timestamp) -> Result<StoredConsent, Failure> {
    const PATH: &str = "request";
    let request = argument(
        "the consent request",
        "{ server, tool, host: string }",
        request_text,
        |value| {
            let object = fields::object(value, &PATH)?;
            fields::only(object, PATH, &["server", "tool", "host"])?;
            Ok((
                fields::string(object, PATH, "server")?.to_string(),
                fields::string(object, PATH, "tool")?.to_string(),
                fields::string(object, PATH, "host")?.to_string(),
            ))
        },
    )?;
    let (server, tool, host) = request;
    StoredConsent::try_new(&server, &tool, &host, now).map_err(|error| {
        Failure::Type(format!(
            "now must leave 30 minutes before the year 10000: {error}"
        ))
    })
}

/// A consent read from its JSON text, as the backend's serde reads one.
pub fn read_consent(text: &str) -> Result<StoredConsent, Failure> {
    argument("consent", "a StoredConsent", text, |value| {
        StoredConsent::from_json(value)
    })
}

/// The retry decision for `server_name`'s `tool_name`, whose request's
/// params are `params_text`, on the consent the host took from its store
/// (`None` when it found none): the URL rules first (a refusal), then the
/// backend's consent decision.
pub fn answer_url(
    server_name: &str,
    tool_name: &str,
    params_text: &str,
    consent_text: Option<&str>,
    now: Timestamp,
) -> Result<UrlDecision, Failure> {
    let params = read_params(params_text)?;
    let request = UrlRequest::from_params(&params)?;
    let view = request.view(server_name)?;
    let (host, punycode) = validate_elicitation_url(request.url).map_err(UrlRefusal::from)?;
    let consent = consent_text.map(read_consent).transpose()?;
    let elicitation = UrlElicitation {
        server_name: server_name.to_string(),
        tool_name: tool_name.to_string(),
        key: String::new(),
        message: request.message.to_string(),
        url: request.url.to_string(),
        host,
        punycode,
    };
    Ok(match consent_action(&elicitation, consent.as_ref(), now) {
        ElicitationAction::Accept => UrlDecision::Accept,
        action @ (ElicitationAction::Decline | ElicitationAction::Cancel) => {
            let stopped = UrlElicitationPending::of(&elicitation, action);
            UrlDecision::Ask {
                pending: Box::new(UrlPending::new(stopped, view)),
            }
        }
    })
}
