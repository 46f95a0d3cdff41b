//! The host as a person should read it.
//!
//! - `host`: the ASCII form the browser connects to (punycode for an
//!   internationalized name; an IPv6 address in brackets).
//! - `displayHost`: the Unicode form only when every label passes the
//!   display policy of a browser ([`idn_policy`](crate::url_mode::idn_policy):
//!   Chromium's, with UTS #39 by `unicode-security`) and the host could not
//!   pass for a well-known name ([`well_known`](crate::url_mode::well_known));
//!   otherwise the ASCII form, with a `lookalikeHost` warning that says why.
//! - `site`: the registrable domain by the Public Suffix List
//!   ([`public_suffix`](crate::url_mode::public_suffix)):
//!   `login.bank.example.evil.example` is `evil.example`'s. For an
//!   IP address or `localhost`, the host itself. Written as `displayHost`
//!   writes its labels, counted on labels (never on bytes, which differ
//!   between the two forms).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

#[cfg(feature = "url-mode")]
use core::fmt;

#[cfg(feature = "url-mode")]
use crate::url_mode::idn_policy::{DisplayRisk, TopLevel, label_display_risk};
use crate::url_mode::parse::{Target, without_trailing_dot};
#[cfg(feature = "url-mode")]
use crate::url_mode::public_suffix::public_suffix;
use crate::url_mode::public_suffix::registrable_domain;
#[cfg(feature = "url-mode")]
use crate::url_mode::well_known::similar_well_known;
use crate::url_mode::{UrlWarning, UrlWarningKind};

/// The host's three forms and what a person should be told about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShownHost {
    pub(crate) host: String,
    pub(crate) display_host: String,
    pub(crate) site: String,
    pub(crate) warnings: Vec<UrlWarning>,
}

/// How `target` is shown; `host` is the URL's own host text.
pub(crate) fn shown_host(target: &Target, host: &str) -> ShownHost {
    match target {
        Target::Ipv4(_) | Target::Ipv6(_) => ShownHost {
            host: host.to_string(),
            display_host: host.to_string(),
            site: host.to_string(),
            warnings: vec![UrlWarning::new(
                UrlWarningKind::IpAddress,
                format!("the link goes to the IP address {host}, not to a named site"),
            )],
        },
        Target::Domain(name) => shown_domain(name),
    }
}

fn shown_domain(name: &str) -> ShownHost {
    let mut warnings = Vec::new();
    let bare = without_trailing_dot(name);
    let trailing_dot = if bare.len() < name.len() { "." } else { "" };
    if !trailing_dot.is_empty() {
        warnings.push(UrlWarning::new(
            UrlWarningKind::TrailingDot,
            format!(
                "the host ends with a dot: the same name as {bare}, but another origin to the browser"
            ),
        ));
    }
    // The site as the list has it; a host that is itself a public suffix
    // (or `localhost`) is its own site.
    let site_ascii = match registrable_domain(bare) {
        Some(site) => site,
        None => {
            if bare != "localhost" {
                warnings.push(UrlWarning::new(
                    UrlWarningKind::PublicSuffix,
                    format!(
                        "{bare} is a public suffix, under which many unrelated sites are registered, \
                         not one site's name"
                    ),
                ));
            }
            bare
        }
    };
    let site_labels = site_ascii.split('.').count();
    let display = displayed(bare, &mut warnings);
    let site = last_labels(&display, site_labels);
    ShownHost {
        host: name.to_string(),
        display_host: format!("{display}{trailing_dot}"),
        site,
        warnings,
    }
}

/// How the host `bare` (ASCII, no trailing dot) is shown: its Unicode form
/// when it passes the display policy, otherwise `bare`, with a
/// `lookalikeHost` warning saying why.
#[cfg(feature = "url-mode")]
fn displayed(bare: &str, warnings: &mut Vec<UrlWarning>) -> String {
    let unicode = url::quirks::domain_to_unicode(bare);
    match display_risk(bare, &unicode) {
        None => unicode,
        Some(risk) => {
            warnings.push(UrlWarning::new(
                UrlWarningKind::LookalikeHost,
                format!(
                    "the host's name {risk}, so it could be mistaken for another site's; \
                     it is shown in its ASCII form, {bare}"
                ),
            ));
            bare.to_string()
        }
    }
}

/// Without the Unicode rules only a plain ASCII host reaches here (no
/// `xn--` label: [`parse::needs_unicode_rules`](crate::url_mode::parse)
/// holds back every other), and such a host's Unicode form is itself, which
/// the display policy lets through: it is shown as it is. The differential
/// test of the two builds (`tests/js/url-ascii.test.mjs`) holds this.
#[cfg(not(feature = "url-mode"))]
fn displayed(bare: &str, _warnings: &mut Vec<UrlWarning>) -> String {
    bare.to_string()
}

/// Why the host (ASCII `ascii`, Unicode `unicode`, no trailing dot) is shown
/// in its ASCII form, if it is: a label fails the display policy, or the
/// host could pass for a well-known name.
#[cfg(feature = "url-mode")]
fn display_risk(ascii: &str, unicode: &str) -> Option<HostRisk> {
    if unicode.is_empty() {
        return Some(HostRisk::Unreadable);
    }
    if unicode.is_ascii() {
        return None;
    }
    let top_ascii = ascii.rsplit('.').next().unwrap_or(ascii);
    let top_unicode = unicode.rsplit('.').next().unwrap_or(unicode);
    let top = TopLevel {
        ascii: top_ascii,
        unicode: top_unicode,
        known: known_top_level(top_ascii),
    };
    if let Some(risk) = unicode
        .split('.')
        .find_map(|label| label_display_risk(label, top))
    {
        return Some(HostRisk::Label(risk));
    }
    similar_well_known(unicode).map(HostRisk::WellKnown)
}

/// Why a host is shown in its ASCII form.
#[cfg(feature = "url-mode")]
enum HostRisk {
    /// IDNA gives no Unicode form.
    Unreadable,
    Label(DisplayRisk),
    /// It could pass for this well-known name.
    WellKnown(&'static str),
}

#[cfg(feature = "url-mode")]
impl fmt::Display for HostRisk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable => f.write_str("has no readable Unicode form"),
            Self::Label(risk) => risk.fmt(f),
            Self::WellKnown(name) => write!(f, "looks like {name} but is not it"),
        }
    }
}

/// The last `count` labels of `name`, counted on labels (a label may have
/// letters of several bytes).
fn last_labels(name: &str, count: usize) -> String {
    let labels: Vec<&str> = name.split('.').collect();
    labels
        .get(labels.len().saturating_sub(count)..)
        .unwrap_or_default()
        .join(".")
}

/// Whether a label may be shown in Unicode in a host whose top-level label
/// is `top_level` (ASCII, punycode for an internationalized one): it passes
/// every rule of the display policy ([`idn_policy`](crate::url_mode::idn_policy)).
#[cfg(feature = "url-mode")]
pub fn label_reads_as_itself(label: &str, top_level: &str) -> bool {
    let unicode = url::quirks::domain_to_unicode(top_level);
    label_display_risk(
        label,
        TopLevel {
            ascii: top_level,
            unicode: &unicode,
            known: known_top_level(top_level),
        },
    )
    .is_none()
}

/// Whether the Public Suffix List has the top-level label `ascii`.
#[cfg(feature = "url-mode")]
fn known_top_level(ascii: &str) -> bool {
    public_suffix(ascii).is_some_and(|suffix| suffix.known)
}

#[cfg(all(test, feature = "url-mode", not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn shown(name: &str) -> ShownHost {
        shown_domain(name)
    }

    fn kinds(host: &ShownHost) -> Vec<&'static str> {
        host.warnings.iter().map(|w| w.kind.name()).collect()
    }

    #[test]
    fn the_site_is_the_registrable_domain() {
        let host = shown("login.bank.example.evil.example");
        assert_eq!(host.site, "evil.example");
        assert_eq!(host.display_host, "login.bank.example.evil.example");
        assert_eq!(shown("www.bbc.co.uk").site, "bbc.co.uk");
        assert_eq!(shown("a.b.example.com").site, "example.com");
        assert!(kinds(&shown("example.com")).is_empty());
    }

    #[test]
    fn a_public_suffix_is_its_own_site_with_a_warning() {
        let host = shown("github.io");
        assert_eq!(host.site, "github.io");
        assert_eq!(kinds(&host), ["publicSuffix"]);
    }

    #[test]
    fn readable_unicode_is_shown_in_unicode() {
        let host = shown("xn--bcher-kva.example");
        assert_eq!(host.display_host, "bücher.example");
        assert_eq!(host.host, "xn--bcher-kva.example");
        assert_eq!(host.site, "bücher.example");
        assert!(kinds(&host).is_empty());
        // Japanese: Han with Hiragana and Katakana is highly restrictive.
        let japanese = url::Url::parse("https://日本語.jp/").unwrap();
        let host = shown(japanese.host_str().unwrap());
        assert_eq!(host.display_host, "日本語.jp");
    }

    #[test]
    fn lookalikes_are_shown_in_ascii_with_a_warning() {
        for unicode in [
            "аpple.com",
            "аррӏе.com",
            "ѕсоре.com",
            "paypal.сом",
            "москва.com",
        ] {
            let url = url::Url::parse(&format!("https://{unicode}/")).unwrap();
            let host = shown(url.host_str().unwrap());
            assert!(host.display_host.is_ascii(), "{unicode}: {host:?}");
            assert_eq!(host.display_host, host.host);
            assert_eq!(kinds(&host), ["lookalikeHost"], "{unicode}");
        }
    }

    #[test]
    fn last_labels_counts_from_the_end() {
        assert_eq!(last_labels("accounts.google.com.evil.рф", 2), "evil.рф");
        assert_eq!(last_labels("a.b.みんな", 2), "b.みんな");
        assert_eq!(last_labels("a.b.c", 2), "b.c");
        assert_eq!(last_labels("a.b.c", 3), "a.b.c");
        assert_eq!(last_labels("a.b.c", 5), "a.b.c");
        assert_eq!(last_labels("c", 1), "c");
    }
}
