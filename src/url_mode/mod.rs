//! URL-mode elicitation: the link an MCP server asks a person to open (for
//! OAuth, a payment, an API key: what form mode must not collect), checked
//! before a consent card shows it.
//!
//! The URL is attacker-controlled input, refused rather than repaired
//! ([`UrlRefusal`]):
//!
//! - the text as sent: at most [`MAX_URL_CHARS`] characters, with no control,
//!   bidi-control, zero-width or blank character anywhere ([`text`]);
//! - parsed as browsers parse it (WHATWG URL, the `url` crate), `https` only
//!   (plain `http` only to this computer, by the backend's three names:
//!   `localhost`, `127.0.0.1`, `[::1]`), with no user info, and a host that is a domain name of two
//!   labels or more (or `localhost`) or an IP address (`parse.rs`);
//! - the message within the forms' bound ([`MAX_FORM_TEXT_CHARS`](crate::MAX_FORM_TEXT_CHARS)),
//!   and it and the `elicitationId` with no control, bidi-control,
//!   zero-width or line-separator character ([`text`]);
//!   a request with no message is shown the backend's
//!   [`DEFAULT_URL_MESSAGE`].
//!
//! These are stricter than the backend's gate, [`validate_elicitation_url`]
//! ([`consent`], the backend's names): every link they accept, it accepts,
//! with the same ASCII host.
//!
//! What passes becomes a [`UrlView`]: the exact URL that will be opened, the
//! host in ASCII and as a person should read it, the site apart from the rest
//! of the host ([`host`]), warnings in words, the configured server name as
//! the header (as forms have it), the message, and a fingerprint of what is
//! shown ([`view`]). A person's consent is the backend's [`StoredConsent`],
//! bound to the host they saw, kept under [`consent_storage_key`] apart from
//! form answers, and decided on as the backend's `ConsentingUrlElicitations`
//! decides ([`consent_action`]).
//!
//! ```
//! # #[cfg(not(target_arch = "wasm32"))] fn main() {
//! use elicit_form::url_mode::{url_elicitation, UrlRefusal};
//!
//! let params = serde_json::json!({
//!     "mode": "url",
//!     "message": "Sign in to connect your calendar",
//!     "url": "https://login.bank.example.evil.example/oauth",
//! });
//! let view = url_elicitation(&params, "calendar").unwrap();
//! assert_eq!(view.site, "evil.example");
//! assert_eq!(view.header, "calendar");
//!
//! let phishing = serde_json::json!({
//!     "mode": "url", "message": "Sign in",
//!     "url": "https://accounts.example.com@evil.example/",
//! });
//! assert_eq!(url_elicitation(&phishing, "calendar").unwrap_err(), UrlRefusal::UserInfo);
//! # }
//! # #[cfg(target_arch = "wasm32")] fn main() {}
//! ```

pub mod consent;
#[cfg(all(feature = "handler", not(target_arch = "wasm32")))]
pub mod handler;
pub mod host;
#[cfg(feature = "url-mode")]
pub mod idn_policy;
pub(crate) mod parse;
pub mod public_suffix;
mod refusal;
pub mod text;
pub mod view;
#[cfg(feature = "url-mode")]
pub mod well_known;

use alloc::string::{String, ToString};

use crate::check_message;
use crate::json::{Map, Value};
use crate::question::attribution_header;
use crate::rules::fields;

pub use consent::{
    CONSENT_TTL, DEFAULT_URL_MESSAGE, ElicitationAction, ElicitationUrlError, GrantedConsent,
    MCP_ELICITATION_CONSENT_KV_PREFIX, StoredConsent, UrlElicitation, UrlElicitationPending,
    consent_action, consent_storage_key, granted_action, validate_elicitation_url,
};
#[cfg(all(feature = "handler", not(target_arch = "wasm32")))]
pub use handler::{
    ConsentingUrlElicitations, DeclineUrlElicitations, ElicitationConsentStore,
    RelayUrlElicitations, UrlElicitationHandler,
};
pub use parse::needs_unicode_rules;
pub use refusal::UrlRefusal;
pub use view::{
    FINGERPRINT_DOMAIN, UrlDecision, UrlPending, UrlView, UrlWarning, UrlWarningKind,
    url_fingerprint,
};

/// Longest URL text accepted, in Unicode scalar values.
pub const MAX_URL_CHARS: usize = 2048;

/// A URL-mode request's members: `{ mode: "url", message?, url,
/// elicitationId? }` (with no message, the backend's
/// [`DEFAULT_URL_MESSAGE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UrlRequest<'a> {
    pub message: &'a str,
    pub url: &'a str,
    pub elicitation_id: Option<&'a str>,
}

impl<'a> UrlRequest<'a> {
    /// Read from the params of `elicitation/create` in URL mode (2025-11-25,
    /// pushed), or from an `input_required` round's entry (2026-07-28:
    /// `{ method: "elicitation/create", params }`). Members other than these
    /// are ignored, as the SDKs ignore them. A missing or `null` message is
    /// the backend's [`DEFAULT_URL_MESSAGE`]; a message of another type is
    /// refused (the backend would show its default text instead).
    pub fn from_params(value: &'a Value) -> Result<Self, UrlRefusal> {
        let refused = UrlRefusal::Params;
        let mut object = fields::object(value, &"params").map_err(refused)?;
        let mut path = "params";
        if let Some(method) = object.get("method") {
            if method.as_str() != Some("elicitation/create") {
                return Err(UrlRefusal::Params(
                    "entry.method must be \"elicitation/create\"".into(),
                ));
            }
            let params = object
                .get("params")
                .ok_or_else(|| UrlRefusal::Params("entry.params is missing".into()))?;
            object = fields::object(params, &"entry.params").map_err(refused)?;
            path = "entry.params";
        }
        let mode = object.get("mode").and_then(Value::as_str);
        if mode != Some("url") {
            return Err(UrlRefusal::Params(format!(
                "{path}.mode must be \"url\", not {}",
                mode.map_or_else(|| "missing".to_string(), crate::rules::shown)
            )));
        }
        Ok(Self {
            message: optional_string(object, path, "message")?.unwrap_or(DEFAULT_URL_MESSAGE),
            url: fields::string(object, path, "url").map_err(refused)?,
            elicitation_id: optional_string(object, path, "elicitationId")?,
        })
    }

    /// The view a consent card shows, attributed to `server_name`, or why
    /// the request is refused: the message first, then the URL.
    pub fn view(&self, server_name: &str) -> Result<UrlView, UrlRefusal> {
        check_message(self.message).map_err(|too_long| UrlRefusal::MessageTooLong {
            chars: too_long.chars,
        })?;
        text::check_shown_text("message", self.message)?;
        if let Some(id) = self.elicitation_id {
            text::check_shown_text("elicitationId", id)?;
        }
        let checked = parse::check_url(self.url)?;
        let mut shown =
            host::shown_host(&checked.target, checked.url.host_str().unwrap_or_default());
        if checked.plain_http {
            shown.warnings.push(UrlWarning::new(
                UrlWarningKind::PlainHttp,
                format!(
                    "the link uses plain http (not encrypted) to this computer, {}",
                    shown.display_host
                ),
            ));
        }
        if let Some(port) = checked.url.port() {
            shown.warnings.push(UrlWarning::new(
                UrlWarningKind::Port,
                format!(
                    "the link goes to port {port}, not the usual one for {}",
                    checked.url.scheme()
                ),
            ));
        }
        let url = checked.url.as_str().to_string();
        Ok(UrlView {
            mode: "url",
            fingerprint: url_fingerprint(&url, self.message),
            url,
            host: shown.host,
            display_host: shown.display_host,
            site: shown.site,
            warnings: shown.warnings,
            header: attribution_header(server_name),
            message: self.message.to_string(),
            elicitation_id: self.elicitation_id.map(str::to_string),
        })
    }
}

/// The view of a URL-mode request's `params` (either revision's shape; see
/// [`UrlRequest::from_params`]), attributed to `server_name`.
pub fn url_elicitation(params: &Value, server_name: &str) -> Result<UrlView, UrlRefusal> {
    UrlRequest::from_params(params)?.view(server_name)
}

fn optional_string<'a>(
    object: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<Option<&'a str>, UrlRefusal> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => fields::string(object, path, key)
            .map(Some)
            .map_err(UrlRefusal::Params),
    }
}
