//! What a consent card shows for a URL-mode request, and its fingerprint.
//!
//! # The fingerprint's input, precisely
//!
//! SHA-256 over these bytes, written as 64 lowercase hex digits:
//!
//! 1. [`FINGERPRINT_DOMAIN`] (`elicit-form url-mode 1`), UTF-8, then `0x00`;
//! 2. the URL as it will be opened (the view's `url`: the WHATWG
//!    serialization of the URL as sent), UTF-8, then `0x00`;
//! 3. the message, UTF-8.
//!
//! The URL has no `0x00` (control characters are refused), so the message
//! is everything after the second `0x00`. A form fingerprint cannot have the
//! same input: the backend's starts with a property name, which has no
//! space, and the MCP 2026-07-28 profile's with `elicit-form/mcp-2026-07-28`.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::consent::UrlElicitationPending;
use crate::rules::fingerprint::hex;

/// What starts a URL fingerprint's input, so it cannot be a form's.
pub const FINGERPRINT_DOMAIN: &str = "elicit-form url-mode 1";

/// What a person should know about a link before opening it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename_all = "camelCase"))]
pub enum UrlWarningKind {
    /// The host's Unicode form could pass for another name: shown in ASCII.
    LookalikeHost,
    /// An IP address, not a name.
    IpAddress,
    /// Plain http, to this computer.
    PlainHttp,
    /// The host ends with a dot.
    TrailingDot,
    /// The host is a public suffix (`github.io`), not one site's name.
    PublicSuffix,
    /// A port other than the scheme's own.
    Port,
}

impl UrlWarningKind {
    /// The kind as JS names it.
    pub fn name(self) -> &'static str {
        match self {
            Self::LookalikeHost => "lookalikeHost",
            Self::IpAddress => "ipAddress",
            Self::PlainHttp => "plainHttp",
            Self::TrailingDot => "trailingDot",
            Self::PublicSuffix => "publicSuffix",
            Self::Port => "port",
        }
    }
}

/// One warning: its kind, and the sentence a card shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UrlWarning {
    pub kind: UrlWarningKind,
    pub message: String,
}

impl UrlWarning {
    pub(crate) fn new(kind: UrlWarningKind, message: String) -> Self {
        Self { kind, message }
    }
}

/// The view of a URL-mode request: everything a consent card shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename_all = "camelCase"))]
pub struct UrlView {
    /// Always `"url"`.
    #[cfg_attr(test, ts(type = "\"url\""))]
    pub mode: &'static str,
    /// The exact text that will be opened: the URL as a browser parses it.
    pub url: String,
    /// The host the browser connects to, in ASCII (punycode).
    pub host: String,
    /// The host as a person should read it: Unicode only where that is safe.
    pub display_host: String,
    /// The registrable domain, written as `displayHost` writes it.
    pub site: String,
    pub warnings: Vec<UrlWarning>,
    /// The configured server name (the attribution), never server text.
    pub header: String,
    /// The server's message: text, never markup.
    pub message: String,
    /// 64 lowercase hex digits (see the module's documentation).
    pub fingerprint: String,
    /// The request's `elicitationId` (2025-11-25), if it had one.
    pub elicitation_id: Option<String>,
}

/// A URL-mode request waiting for a person: the view, who asks, and the
/// backend's `UrlElicitationPending` fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename_all = "camelCase"))]
pub struct UrlPending {
    pub server_name: String,
    pub tool_name: String,
    /// The backend's `UrlElicitationPending` text: `MCP server '…' needs
    /// you to complete an interaction at {host} before tool '…' can run`.
    pub summary: String,
    /// The server's message, or the backend's default text.
    pub message: String,
    /// The URL as sent.
    pub url: String,
    /// The ASCII host a consent is bound to (`validate_elicitation_url`'s).
    pub host: String,
    /// Whether a label of `host` starts with `xn--`.
    pub punycode: bool,
    pub view: UrlView,
}

impl UrlPending {
    /// The link a person is shown while the backend's `stopped` waits: its
    /// fields, its text as the summary, and the consent card's `view`.
    pub fn new(stopped: UrlElicitationPending, view: UrlView) -> Self {
        Self {
            summary: stopped.to_string(),
            server_name: stopped.server_name,
            tool_name: stopped.tool_name,
            message: stopped.message,
            url: stopped.url,
            host: stopped.host,
            punycode: stopped.punycode,
            view,
        }
    }
}

/// The retry decision, the backend's `ConsentingUrlElicitations`': `accept`
/// to send (URL mode's has no content) for a consent to this very host, or
/// `ask` with the consent card's view. Nothing else is ever sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(tag = "action", rename_all = "lowercase"))]
pub enum UrlDecision {
    Accept,
    Ask { pending: Box<UrlPending> },
}

/// The fingerprint of a link and its message.
pub fn url_fingerprint(url: &str, message: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(FINGERPRINT_DOMAIN.as_bytes());
    hasher.update([0]);
    hasher.update(url.as_bytes());
    hasher.update([0]);
    hasher.update(message.as_bytes());
    hex(&hasher.finalize())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_is_sha256_of_the_documented_input() {
        let input = "elicit-form url-mode 1\0https://example.com/\0Sign in";
        let expected = hex(&Sha256::digest(input.as_bytes()));
        assert_eq!(url_fingerprint("https://example.com/", "Sign in"), expected);
        assert_ne!(
            url_fingerprint("https://example.com/", "Sign in"),
            url_fingerprint("https://example.com/", "Sign in.")
        );
        assert_ne!(
            url_fingerprint("https://example.com/a", "b"),
            url_fingerprint("https://example.com/", "ab")
        );
    }
}
