//! URL mode by the backend's names (everruns-core's `mcp::elicitation`):
//! the link's gate, the consent record, its key and the consent decision.
//!
//! Three rules, each the backend's:
//!
//! - **The gate before anyone sees a link**: [`validate_elicitation_url`]
//!   accepts `https`, and plain `http` only to `localhost`, `127.0.0.1` and
//!   `[::1]`, and gives the ASCII host a consent is bound to with its
//!   punycode flag. This crate's own rules ([`url_elicitation`]) refuse more
//!   (user info, hidden characters, single-label hosts, over-long text), and
//!   every link they accept this gate accepts, with the same host.
//! - **A consent is bound to the host the person saw**: a
//!   [`StoredConsent`] names its server, tool and host, lives
//!   [`CONSENT_TTL`], and is kept under [`consent_storage_key`], apart from
//!   form answers ([`MCP_ELICITATION_FORM_KV_PREFIX`]): a link never takes a
//!   form's answer, nor a form a link's consent.
//! - **Never an implicit accept**: [`consent_action`] answers `accept` only
//!   for a record of the same server and tool, still fresh, for the very
//!   host asked; anything else (no record, another pairing, expired, another
//!   host) is `cancel`, and the person is asked.
//!
//! The time type is the crate's [`Timestamp`] (the backend's is chrono's
//! `DateTime<Utc>`, written and read as the same RFC 3339 text), as in
//! [`StoredFormAnswer`](crate::StoredFormAnswer).
//!
//! [`url_elicitation`]: crate::url_mode::url_elicitation
//! [`MCP_ELICITATION_FORM_KV_PREFIX`]: crate::MCP_ELICITATION_FORM_KV_PREFIX

use alloc::string::{String, ToString};
use core::fmt;
use core::time::Duration;

use serde::{Deserialize, Serialize};
use url::Url;

use crate::Timestamp;
use crate::json::Value;
use crate::rules::fields;

/// The storage prefix the backend reserves for URL consents, apart from the
/// form answers' `mcp/elicitation-form/`.
pub const MCP_ELICITATION_CONSENT_KV_PREFIX: &str = "mcp/elicitation-consent/";

/// How long a recorded consent stays usable: 30 minutes.
pub const CONSENT_TTL: Duration = Duration::from_secs(30 * 60);

/// The message of a URL-mode request that sent none, the backend's text.
pub const DEFAULT_URL_MESSAGE: &str =
    "The server needs you to complete an interaction in your browser.";

/// A server's request that a person visit a URL out of band, once the URL
/// passed [`validate_elicitation_url`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlElicitation {
    /// The configured server name.
    pub server_name: String,
    /// The interrupted tool, or `resources/read:<exact URI>` for a resource
    /// read.
    pub tool_name: String,
    /// The key of the `inputRequests` entry.
    pub key: String,
    /// The server's message, or [`DEFAULT_URL_MESSAGE`].
    pub message: String,
    /// The URL as sent.
    pub url: String,
    /// The URL's host in ASCII, as [`validate_elicitation_url`] gives it.
    pub host: String,
    /// Whether a label of the host starts with `xn--`.
    pub punycode: bool,
}

/// What a person decided about a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElicitationAction {
    /// Agreed to open it; not that the interaction at the other end is done.
    Accept,
    Decline,
    /// Dismissed, timed out, or nobody could be asked.
    Cancel,
}

impl ElicitationAction {
    /// The `action` of the `ElicitResult` that carries it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Accept => "accept",
            Self::Decline => "decline",
            Self::Cancel => "cancel",
        }
    }
}

/// A link that stopped a tool call: nothing is sent to the server, and the
/// person is shown the link. Its text is the backend's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlElicitationPending {
    pub server_name: String,
    pub tool_name: String,
    pub message: String,
    pub url: String,
    pub host: String,
    pub punycode: bool,
    /// `Cancel` when nobody consented yet, `Decline` when the person refused.
    pub action: ElicitationAction,
}

impl fmt::Display for UrlElicitationPending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MCP server '{}' needs you to complete an interaction at {} before tool '{}' can run",
            self.server_name, self.host, self.tool_name
        )
    }
}

impl core::error::Error for UrlElicitationPending {}

impl UrlElicitationPending {
    /// The pending link of `elicitation`, with what the handler answered.
    pub fn of(elicitation: &UrlElicitation, action: ElicitationAction) -> Self {
        Self {
            server_name: elicitation.server_name.clone(),
            tool_name: elicitation.tool_name.clone(),
            message: elicitation.message.clone(),
            url: elicitation.url.clone(),
            host: elicitation.host.clone(),
            punycode: elicitation.punycode,
            action,
        }
    }
}

/// A consent a record grants: the host the person consented to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrantedConsent {
    pub host: String,
}

/// The record of a person's consent to a link, as the backend writes and
/// reads it: `{"server", "tool", "host", "expires_at"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoredConsent {
    /// Re-checked on read, so a folded key's collision fails closed.
    pub server: String,
    pub tool: String,
    /// The ASCII host the person saw ([`validate_elicitation_url`]'s).
    pub host: String,
    /// RFC 3339 UTC: when the consent was given plus [`CONSENT_TTL`].
    #[cfg_attr(test, ts(type = "string"))]
    pub expires_at: Timestamp,
}

impl StoredConsent {
    /// A consent given at `now`, usable until `now` plus [`CONSENT_TTL`].
    ///
    /// Within 30 minutes of the year 10000 (past [`Timestamp`]'s range),
    /// where the backend's chrono arithmetic panics, the record expires at
    /// `now`: it grants nothing. [`StoredConsent::try_new`] says so instead.
    pub fn new(server: &str, tool: &str, host: &str, now: Timestamp) -> Self {
        Self::try_new(server, tool, host, now).unwrap_or_else(|_| Self {
            server: server.to_string(),
            tool: tool.to_string(),
            host: host.to_string(),
            expires_at: now,
        })
    }

    /// [`StoredConsent::new`], failing when the expiry falls after the year
    /// 9999.
    pub fn try_new(
        server: &str,
        tool: &str,
        host: &str,
        now: Timestamp,
    ) -> Result<Self, crate::time::TimestampError> {
        let ttl_nanos = CONSENT_TTL.as_secs() as i64 * 1_000_000_000;
        Ok(Self {
            server: server.to_string(),
            tool: tool.to_string(),
            host: host.to_string(),
            expires_at: now.plus_nanos(ttl_nanos)?,
        })
    }

    /// The consent, only for the pairing the record names and only while
    /// fresh (an expiry at `now` has passed).
    pub fn grant_for(&self, server: &str, tool: &str, now: Timestamp) -> Option<GrantedConsent> {
        if self.server != server || self.tool != tool || self.expires_at <= now {
            return None;
        }
        Some(GrantedConsent {
            host: self.host.clone(),
        })
    }

    /// A record read from its JSON value as the backend's serde derive reads
    /// it (unknown members ignored; each of the four required). The wasm
    /// build reads records this way, without serde's deserializer.
    pub fn from_json(value: &Value) -> Result<Self, String> {
        const PATH: &str = "consent";
        let object = fields::object(value, &PATH)?;
        let expires_at = fields::string(object, PATH, "expires_at")?;
        Ok(Self {
            server: fields::string(object, PATH, "server")?.to_string(),
            tool: fields::string(object, PATH, "tool")?.to_string(),
            host: fields::string(object, PATH, "host")?.to_string(),
            expires_at: Timestamp::parse_rfc3339(expires_at)
                .map_err(|error| format!("{PATH}.expires_at is not an RFC 3339 time: {error}"))?,
        })
    }
}

/// The storage key a consent for `server`/`tool` is kept under: the
/// reserved prefix, then each part with every character other than ASCII
/// letters, digits, `-`, `.` and `_` replaced by `_`, joined by `/`.
pub fn consent_storage_key(server: &str, tool: &str) -> String {
    fn fold(part: &str) -> String {
        part.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_') {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    }
    format!(
        "{MCP_ELICITATION_CONSENT_KV_PREFIX}{}/{}",
        fold(server),
        fold(tool)
    )
}

/// The consent decision of the backend's `ConsentingUrlElicitations`, on
/// what the store gave (already taken: single use is the store's job):
/// `Accept` only for a consent to the very host asked, `Cancel` otherwise.
pub fn granted_action(
    elicitation: &UrlElicitation,
    granted: Option<&GrantedConsent>,
) -> ElicitationAction {
    match granted {
        Some(consent) if consent.host == elicitation.host => ElicitationAction::Accept,
        _ => ElicitationAction::Cancel,
    }
}

/// The consent decision on a record taken from the store (`None` when there
/// was none): its pairing re-checked and its expiry by
/// [`StoredConsent::grant_for`], then its host compared. A missing, foreign
/// or expired record, or one for another host, is `Cancel`: never an
/// implicit accept.
pub fn consent_action(
    elicitation: &UrlElicitation,
    record: Option<&StoredConsent>,
    now: Timestamp,
) -> ElicitationAction {
    let granted = record
        .and_then(|record| record.grant_for(&elicitation.server_name, &elicitation.tool_name, now));
    granted_action(elicitation, granted.as_ref())
}

/// Why [`validate_elicitation_url`] refuses a link; its text is the
/// backend's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ElicitationUrlError {
    /// Not a URL (the `url` crate's reason).
    Invalid(url::ParseError),
    /// A URL with no host (`mailto:`, `data:`).
    NoHost,
    /// A scheme other than `https`, or `http` to another host than
    /// `localhost`, `127.0.0.1` or `[::1]`.
    Scheme(String),
}

impl fmt::Display for ElicitationUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid(error) => write!(f, "elicitation URL is not a valid URL: {error}"),
            Self::NoHost => f.write_str("elicitation URL has no host"),
            Self::Scheme(scheme) => write!(
                f,
                "elicitation URL must use https (got '{scheme}'); \
                 http is accepted only on loopback for local development"
            ),
        }
    }
}

impl core::error::Error for ElicitationUrlError {}

/// The backend's refusal in this crate's words. Unreached where this crate's
/// rules ran first (they refuse every link the backend refuses), so a link
/// is never shown on the strength of one check alone.
impl From<ElicitationUrlError> for crate::url_mode::UrlRefusal {
    fn from(error: ElicitationUrlError) -> Self {
        match error {
            ElicitationUrlError::Invalid(error) => Self::Unparseable(error.to_string()),
            ElicitationUrlError::NoHost => Self::EmptyHost,
            ElicitationUrlError::Scheme(scheme) => Self::Scheme(scheme),
        }
    }
}

/// The backend's gate for a server's link, before anyone is shown it: the
/// URL's ASCII host and whether it has a punycode label, or why it is
/// refused. Only `https`, and `http` to `localhost`, `127.0.0.1` or `[::1]`.
pub fn validate_elicitation_url(url: &str) -> Result<(String, bool), ElicitationUrlError> {
    let parsed = Url::parse(url).map_err(ElicitationUrlError::Invalid)?;
    let (host, punycode) = host_of(&parsed).ok_or(ElicitationUrlError::NoHost)?;
    match parsed.scheme() {
        "https" => {}
        "http" if is_loopback_host(&host) => {}
        scheme => return Err(ElicitationUrlError::Scheme(scheme.to_string())),
    }
    Ok((host, punycode))
}

/// The host a consent is bound to, and its punycode flag, of a parsed URL.
pub(crate) fn host_of(url: &Url) -> Option<(String, bool)> {
    let host = url.host_str()?;
    let punycode = host.split('.').any(|label| label.starts_with("xn--"));
    Some((host.to_string(), punycode))
}

/// The hosts plain `http` may go to: this computer, by the three names the
/// backend knows it by (`127.3.4.5` is loopback too, and refused).
pub(crate) fn is_loopback_host(host: &str) -> bool {
    matches!(host, "localhost" | "127.0.0.1" | "[::1]")
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn now() -> Timestamp {
        Timestamp::parse_rfc3339("2026-12-04T21:00:00Z").unwrap()
    }

    fn asked(host: &str) -> UrlElicitation {
        UrlElicitation {
            server_name: "billing".into(),
            tool_name: "charge".into(),
            key: "pay".into(),
            message: "Complete the payment".into(),
            url: format!("https://{host}/pay/1"),
            host: host.into(),
            punycode: false,
        }
    }

    #[test]
    fn a_consent_accepts_only_its_pairing_and_host_while_fresh() {
        let record = StoredConsent::new("billing", "charge", "pay.example.com", now());
        let action = |asked: &UrlElicitation, at| consent_action(asked, Some(&record), at);
        assert_eq!(
            action(&asked("pay.example.com"), now()),
            ElicitationAction::Accept
        );
        assert_eq!(
            action(&asked("evil.example"), now()),
            ElicitationAction::Cancel
        );
        assert_eq!(
            action(&asked("pay.example.com"), record.expires_at),
            ElicitationAction::Cancel
        );
        let mut other_tool = asked("pay.example.com");
        other_tool.tool_name = "refund".into();
        assert_eq!(action(&other_tool, now()), ElicitationAction::Cancel);
        assert_eq!(
            consent_action(&asked("pay.example.com"), None, now()),
            ElicitationAction::Cancel
        );
    }

    #[test]
    fn a_consent_made_past_the_last_instant_grants_nothing() {
        let late = Timestamp::parse_rfc3339("9999-12-31T23:45:00Z").unwrap();
        assert!(StoredConsent::try_new("s", "t", "h", late).is_err());
        let record = StoredConsent::new("s", "t", "h", late);
        assert_eq!(record.expires_at, late);
        assert_eq!(record.grant_for("s", "t", late), None);
    }

    #[test]
    fn the_record_reads_as_serde_reads_it() {
        let text = r#"{"server":"billing","tool":"charge","host":"pay.example.com","expires_at":"2026-12-04T21:30:00Z","extra":1}"#;
        let value: Value = serde_json::from_str(text).unwrap();
        let read = StoredConsent::from_json(&value).unwrap();
        assert_eq!(read, serde_json::from_str::<StoredConsent>(text).unwrap());
        assert_eq!(
            serde_json::to_string(&read).unwrap(),
            r#"{"server":"billing","tool":"charge","host":"pay.example.com","expires_at":"2026-12-04T21:30:00Z"}"#
        );
        // An array of the four fields, which serde's derive would take too,
        // is refused: a record is an object.
        for broken in [
            r#"{"server":"billing","tool":"charge","expires_at":"2026-12-04T21:30:00Z"}"#,
            r#"{"server":"billing","tool":"charge","host":7,"expires_at":"2026-12-04T21:30:00Z"}"#,
            r#"{"server":"billing","tool":"charge","host":"h","expires_at":"soon"}"#,
            r#"["billing","charge","h","2026-12-04T21:30:00Z"]"#,
        ] {
            let value: Value = serde_json::from_str(broken).unwrap();
            assert!(StoredConsent::from_json(&value).is_err(), "{broken}");
        }
    }

    #[test]
    fn only_three_loopback_hosts_take_plain_http() {
        for accepted in [
            "http://localhost:3000/x",
            "http://127.0.0.1/",
            "http://[::1]:8080/",
            "http://LOCALHOST/",
        ] {
            assert!(validate_elicitation_url(accepted).is_ok(), "{accepted}");
        }
        for refused in [
            "http://127.3.4.5/",
            "http://localhost./",
            "http://[::ffff:127.0.0.1]/",
            "http://example.com/",
        ] {
            assert_eq!(
                validate_elicitation_url(refused).unwrap_err().to_string(),
                "elicitation URL must use https (got 'http'); \
                 http is accepted only on loopback for local development",
                "{refused}"
            );
        }
        assert_eq!(
            validate_elicitation_url("mailto:a@example.com")
                .unwrap_err()
                .to_string(),
            "elicitation URL has no host"
        );
    }
}
