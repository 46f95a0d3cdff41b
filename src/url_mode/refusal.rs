//! Why a URL-mode request cannot be put in front of a person: each refusal
//! with the `kind` JS names it by and a sentence the person (or the server's
//! author) can act on. The URL is attacker-controlled input: it is refused,
//! never repaired, so nobody is shown a link other than the one sent.

use alloc::string::String;
use core::fmt;

use crate::MAX_FORM_TEXT_CHARS;
use crate::url_mode::MAX_URL_CHARS;

/// Why a URL-mode elicitation is refused. Nothing is shown and nothing is
/// opened; the tool call fails with this.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlRefusal {
    /// The params are not a URL-mode request: a member missing or of the
    /// wrong type, or another mode.
    Params(String),
    /// The message is longer than the forms' bound, [`MAX_FORM_TEXT_CHARS`].
    MessageTooLong { chars: usize },
    /// The URL text is longer than [`MAX_URL_CHARS`].
    UrlTooLong { chars: usize },
    /// A control, bidi-control, zero-width or blank character in the URL
    /// text as sent (1-based `at`, in characters). The parser would strip or
    /// encode some of them, so the text is checked before it is parsed.
    HiddenCharacter { character: char, at: usize },
    /// A control (newlines too), bidi-control, zero-width or
    /// line-separator character in another text a card shows: `field` is
    /// `message` or `elicitationId` (1-based `at`, in characters). Shown
    /// text is shown as sent, so it is refused rather than cleaned.
    HiddenText {
        field: &'static str,
        character: char,
        at: usize,
    },
    /// Not a URL a browser would parse (the `url` crate's reason).
    Unparseable(String),
    /// A scheme other than `https` (and `http`, for loopback hosts).
    Scheme(String),
    /// Plain `http` to a host other than `localhost`, `127.0.0.1` or `[::1]`
    /// (the backend's names for this computer).
    PlainHttp { host: String },
    /// A user name or password before the host (`https://a.example@b.example/`),
    /// or an `@` with nothing before it (`https://@b.example/`).
    UserInfo,
    /// No host, or nothing but a dot.
    EmptyHost,
    /// One label and no domain (`https://intranet/`), other than `localhost`.
    SingleLabelHost { host: String },
    /// A host no DNS name can be: an empty label, a label over 63
    /// characters, or a name over 253.
    Host { host: String, reason: String },
    /// Only a build without the Unicode rules (the crate's `url-mode-ascii`
    /// feature without `url-mode`) gives it: the link's host is not plain
    /// ASCII (another character, an `xn--` label or a percent-encoded byte
    /// where the host is written), so the rules that show such a host are
    /// needed to decide it, and it is not decided here. The npm package
    /// hands the same call to its build with those rules.
    UnicodeRules,
}

impl UrlRefusal {
    /// The variant as JS names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Params(_) => "params",
            Self::MessageTooLong { .. } => "message",
            Self::UrlTooLong { .. } => "urlTooLong",
            Self::HiddenCharacter { .. } => "hiddenCharacter",
            Self::HiddenText { .. } => "hiddenText",
            Self::Unparseable(_) => "unparseable",
            Self::Scheme(_) => "scheme",
            Self::PlainHttp { .. } => "plainHttp",
            Self::UserInfo => "userInfo",
            Self::EmptyHost => "emptyHost",
            Self::SingleLabelHost { .. } => "singleLabelHost",
            Self::Host { .. } => "host",
            Self::UnicodeRules => "unicodeRules",
        }
    }
}

impl fmt::Display for UrlRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Params(reason) => write!(f, "the URL-mode request is not usable: {reason}"),
            Self::MessageTooLong { chars } => write!(
                f,
                "the message is {chars} characters long; at most {MAX_FORM_TEXT_CHARS} are accepted"
            ),
            Self::UrlTooLong { chars } => write!(
                f,
                "the link is {chars} characters long; at most {MAX_URL_CHARS} are accepted"
            ),
            Self::HiddenCharacter { character, at } => write!(
                f,
                "the link has a hidden or blank character (U+{:04X}) at character {at}; \
                 a link is opened only as it reads, so it is refused",
                u32::from(*character)
            ),
            Self::HiddenText {
                field,
                character,
                at,
            } => write!(
                f,
                "the {field} has a control, bidi-control, invisible or line-separator character \
                 (U+{:04X}) at character {at}, which could hide or reorder what is shown; \
                 it is refused",
                u32::from(*character)
            ),
            Self::Unparseable(reason) => write!(f, "the link is not a valid URL: {reason}"),
            Self::Scheme(scheme) => write!(
                f,
                "the link is a {scheme:?} link; only https links (and http to this computer) are opened"
            ),
            Self::PlainHttp { host } => write!(
                f,
                "the link uses plain http to {host}; plain http is opened only to localhost, 127.0.0.1 or [::1], other links only over https"
            ),
            Self::UserInfo => f.write_str(
                "the link has a user name or password before its host (text before an @), \
                 which makes a link read as another site's; it is refused",
            ),
            Self::EmptyHost => f.write_str("the link has no host"),
            Self::SingleLabelHost { host } => write!(
                f,
                "the link's host {host:?} is a single name, not a domain; only full domain names are opened"
            ),
            Self::Host { host, reason } => {
                write!(
                    f,
                    "the link's host {host:?} cannot be a domain name: {reason}"
                )
            }
            Self::UnicodeRules => f.write_str(
                "the link's host is not plain ASCII, and the rules that show such a host \
                 (IDNA and the display policy of a browser) are not loaded; \
                 it is not shown until they are",
            ),
        }
    }
}

impl core::error::Error for UrlRefusal {}
