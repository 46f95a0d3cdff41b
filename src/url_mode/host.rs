//! The host as a person should read it.
//!
//! - `host`: the ASCII form the browser connects to (punycode for an
//!   internationalized name; an IPv6 address in brackets).
//! - `displayHost`: the Unicode form only when every label passes UTS #39's
//!   highly restrictive profile (one script, or Latin with Han and the
//!   Japanese or Korean scripts) and none is a whole-script confusable of
//!   Latin by its confusable skeleton: one that reads as an ASCII name
//!   (`аррӏе`, all Cyrillic, reads as `apple`), or, unless the host is under
//!   a known internationalized suffix (`рф`), one whose skeleton is Latin
//!   letters only (`сом`); otherwise the ASCII form, with a `lookalikeHost`
//!   warning.
//! - `site`: the registrable domain by the Public Suffix List
//!   ([`public_suffix`](crate::url_mode::public_suffix)):
//!   `login.bank.example.evil.example` is `evil.example`'s. For an
//!   IP address or `localhost`, the host itself. Written as `displayHost`
//!   writes its labels.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use unicode_script::Script;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{RestrictionLevel, RestrictionLevelDetection, skeleton};

use crate::url_mode::parse::{Target, without_trailing_dot};
use crate::url_mode::public_suffix::{public_suffix, registrable_domain};
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
    let unicode = url::quirks::domain_to_unicode(bare);
    // A known suffix whose top-level label is internationalized (`xn--p1ai`).
    let under_idn_suffix = public_suffix(bare).is_some_and(|suffix| {
        let top = suffix.name.rsplit('.').next();
        suffix.known && top.is_some_and(|label| label.starts_with("xn--"))
    });
    let readable = !unicode.is_empty()
        && unicode
            .split('.')
            .all(|label| label_reads_as_itself(label, under_idn_suffix));
    let display = if readable {
        unicode
    } else {
        warnings.push(UrlWarning::new(
            UrlWarningKind::LookalikeHost,
            format!(
                "the host's name is written with letters that can pass for others, so it could be \
                 mistaken for another site's; it is shown in its ASCII form, {bare}"
            ),
        ));
        bare.to_string()
    };
    let site = last_labels(&display, site_labels).to_string();
    ShownHost {
        host: name.to_string(),
        display_host: format!("{display}{trailing_dot}"),
        site,
        warnings,
    }
}

/// The last `count` labels of `name`.
fn last_labels(name: &str, count: usize) -> &str {
    let mut start = name.len();
    for _ in 0..count {
        match name
            .get(..start.saturating_sub(1))
            .and_then(|head| head.rfind('.'))
        {
            Some(dot) => start = dot + 1,
            None => return name,
        }
    }
    name.get(start..).unwrap_or(name)
}

/// Whether a label may be shown in Unicode: ASCII, or highly restrictive
/// and not confusable with Latin. `under_idn_suffix`: the host is under a
/// known internationalized public suffix (`рф`), where names in that
/// suffix's script are expected, and only a label that reads as an ASCII
/// name is a look-alike (as browsers weigh the top-level domain).
pub fn label_reads_as_itself(label: &str, under_idn_suffix: bool) -> bool {
    if label.is_ascii() {
        return true;
    }
    label.detect_restriction_level() <= RestrictionLevel::HighlyRestrictive
        && !reads_as_ascii(label)
        && (under_idn_suffix || !whole_script_confusable_of_latin(label))
}

/// A label (not all ASCII) whose confusable skeleton (UTS #39) is all ASCII
/// reads as an ASCII name: `аррӏе`, `ѕсоре` (all Cyrillic), `ɡoogle`.
fn reads_as_ascii(label: &str) -> bool {
    skeleton(label).all(|c| c.is_ascii())
}

/// A label with letters of a script other than Latin whose skeleton is
/// Latin (and common) letters only: `сом` (`coʍ`) could be read as `com`.
/// Under an ASCII or unknown suffix only: under `рф`, `москва` (`ʍocĸʙa`)
/// is the Russian name it is.
fn whole_script_confusable_of_latin(label: &str) -> bool {
    let latin_like = |c: char| {
        let set = AugmentedScriptSet::for_char(c).base;
        set.is_common() || set.is_inherited() || set.contains_script(Script::Latin)
    };
    label.chars().any(|c| !latin_like(c)) && skeleton(label).all(latin_like)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
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
        assert_eq!(last_labels("a.b.c", 2), "b.c");
        assert_eq!(last_labels("a.b.c", 3), "a.b.c");
        assert_eq!(last_labels("a.b.c", 5), "a.b.c");
        assert_eq!(last_labels("c", 1), "c");
    }
}
