//! The URL parsed as a browser parses it (the `url` crate, WHATWG URL), then
//! refused for what a person should never be asked to open: another scheme,
//! plain http beyond this computer, user info, and hosts that are no domain
//! name. What passes is exactly what a browser will open.

use alloc::string::{String, ToString};
use core::net::{Ipv4Addr, Ipv6Addr};

use url::{Host, Url};

use crate::rules::cut;
use crate::url_mode::UrlRefusal;
use crate::url_mode::text::{check_text, is_hidden};

/// Longest DNS label, in octets of its ASCII form (RFC 1035).
const MAX_LABEL_OCTETS: usize = 63;
/// Longest DNS name, without the trailing dot (RFC 1035's 255 octets on the
/// wire).
const MAX_NAME_OCTETS: usize = 253;
/// How much of a host a refusal quotes.
const QUOTED_HOST_CHARS: usize = 80;

/// Where the link goes, once it has passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// A domain name, in its ASCII (punycode) form, lower case, with the
    /// trailing dot if the link has one.
    Domain(String),
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
}

/// A URL that may be shown: the parsed URL and where it goes.
pub(crate) struct Checked {
    pub(crate) url: Url,
    pub(crate) target: Target,
    /// Plain http, to a loopback host.
    pub(crate) plain_http: bool,
}

/// The URL text as sent, checked and parsed.
pub(crate) fn check_url(text: &str) -> Result<Checked, UrlRefusal> {
    check_text(text)?;
    // Without the Unicode rules the `url` crate's IDNA has no Unicode data
    // (the npm package's small build pins `idna_adapter` 1.0, its stub):
    // such a build must not parse a host that IDNA would map or whose
    // punycode it would check.
    if cfg!(not(feature = "url-mode")) && needs_unicode_rules(text) {
        return Err(UrlRefusal::UnicodeRules);
    }
    let url = Url::parse(text).map_err(|error| UrlRefusal::Unparseable(error.to_string()))?;
    let plain_http = match url.scheme() {
        "https" => false,
        "http" => true,
        other => return Err(UrlRefusal::Scheme(cut(other, QUOTED_HOST_CHARS))),
    };
    if !url.username().is_empty() || url.password().is_some() {
        return Err(UrlRefusal::UserInfo);
    }
    if let Some(authority) = authority_as_sent(text) {
        // The parser keeps no trace of an empty user info
        // (`https://@evil.example/`), and IDNA drops invisible characters
        // from the host: both are read from the text as sent.
        if authority.text.contains('@') {
            return Err(UrlRefusal::UserInfo);
        }
        if let Some((character, at)) = hidden_in_host(&authority) {
            return Err(UrlRefusal::HiddenCharacter { character, at });
        }
    }
    let target = match url.host() {
        None => return Err(UrlRefusal::EmptyHost),
        Some(Host::Ipv4(address)) => Target::Ipv4(address),
        Some(Host::Ipv6(address)) => Target::Ipv6(address),
        Some(Host::Domain(name)) => {
            check_name(name)?;
            Target::Domain(name.to_string())
        }
    };
    if plain_http && !is_loopback(&target) {
        let host = url.host_str().unwrap_or_default();
        return Err(UrlRefusal::PlainHttp {
            host: cut(host, QUOTED_HOST_CHARS),
        });
    }
    Ok(Checked {
        url,
        target,
        plain_http,
    })
}

/// Whether a host in `text` (a URL text with no blank or control
/// character: the text as sent, once checked) could need the Unicode rules: where any host
/// of any scheme is written (the text up to its first `/`, `\`, `?` or `#`
/// after the `scheme:` and the slashes that follow it; the whole text up to
/// its first such character when it has no `:`), a character beyond ASCII,
/// a `%` (a percent-encoded byte, which the parser decodes before IDNA) or
/// `xn--` in any case (a punycode label, which IDNA decodes and checks).
/// Over-cautious on purpose: the scheme and user info are in that span too,
/// and a link held back is decided by the full rules, never shown
/// differently.
pub fn needs_unicode_rules(text: &str) -> bool {
    let after_scheme = match text.find(':') {
        Some(colon) => text
            .get(colon + 1..)
            .unwrap_or_default()
            .trim_start_matches(['/', '\\']),
        None => text,
    };
    let end = text.len() - after_scheme.len()
        + after_scheme
            .find(['/', '\\', '?', '#'])
            .unwrap_or(after_scheme.len());
    let written = text.get(..end).unwrap_or(text);
    !written.is_ascii()
        || written.contains('%')
        || written
            .as_bytes()
            .windows(4)
            .any(|four| four.eq_ignore_ascii_case(b"xn--"))
}

/// The authority of an `http` or `https` URL as sent, and the index of its
/// first character in the text.
struct Authority<'a> {
    text: &'a str,
    start: usize,
}

/// As the WHATWG parser reads it for a special scheme: after `scheme:` and
/// any slashes and backslashes, up to the first `/`, `\`, `?` or `#`.
fn authority_as_sent(text: &str) -> Option<Authority<'_>> {
    let (scheme, rest) = text.split_once(':')?;
    if !scheme.eq_ignore_ascii_case("https") && !scheme.eq_ignore_ascii_case("http") {
        return None;
    }
    let after_slashes = rest.trim_start_matches(['/', '\\']);
    let end = after_slashes
        .find(['/', '\\', '?', '#'])
        .unwrap_or(after_slashes.len());
    let start = text.len() - after_slashes.len();
    Some(Authority {
        text: after_slashes.get(..end)?,
        start: text.get(..start)?.chars().count(),
    })
}

/// The first character of the host as sent, percent-decoded, that
/// [`is_hidden`] (a soft hyphen or zero-width space written `%C2%AD` or
/// `%E2%80%8B`, which IDNA would drop), with the 1-based index in the text
/// of the `%` that begins it.
fn hidden_in_host(authority: &Authority<'_>) -> Option<(char, usize)> {
    let host = match authority.text.strip_prefix('[') {
        Some(_) => return None,
        None => authority.text.split(':').next()?,
    };
    let chars: alloc::vec::Vec<char> = host.chars().collect();
    let hex = |at: usize| chars.get(at).and_then(|c| c.to_digit(16));
    let mut bytes = alloc::vec::Vec::new();
    let mut begins = 0;
    let mut at = 0;
    while at < chars.len() {
        let byte = match (chars.get(at), hex(at + 1), hex(at + 2)) {
            (Some('%'), Some(high), Some(low)) => high * 16 + low,
            _ => {
                bytes.clear();
                at += 1;
                continue;
            }
        };
        if bytes.is_empty() {
            begins = at;
        }
        bytes.push(u8::try_from(byte).ok()?);
        at += 3;
        match core::str::from_utf8(&bytes) {
            Ok(decoded) => {
                let character = decoded.chars().next()?;
                if is_hidden(character) {
                    return Some((character, authority.start + begins + 1));
                }
                bytes.clear();
            }
            Err(error) if error.error_len().is_some() || bytes.len() >= 4 => bytes.clear(),
            Err(_) => {}
        }
    }
    None
}

/// This computer, by the backend's three names for it: `localhost`,
/// `127.0.0.1` or `[::1]` (the rest of `127.0.0.0/8` is loopback too, but
/// the backend refuses plain http to it, and so does this gate).
pub(crate) fn is_loopback(target: &Target) -> bool {
    match target {
        Target::Domain(name) => name == "localhost",
        Target::Ipv4(address) => *address == Ipv4Addr::LOCALHOST,
        Target::Ipv6(address) => *address == Ipv6Addr::LOCALHOST,
    }
}

/// The name without its trailing dot, if it has one.
pub(crate) fn without_trailing_dot(name: &str) -> &str {
    name.strip_suffix('.').unwrap_or(name)
}

/// A host a DNS name can be, of at least two labels (or `localhost`).
fn check_name(name: &str) -> Result<(), UrlRefusal> {
    let bare = without_trailing_dot(name);
    if bare.is_empty() {
        return Err(UrlRefusal::EmptyHost);
    }
    let refused = |reason: String| UrlRefusal::Host {
        host: cut(name, QUOTED_HOST_CHARS),
        reason,
    };
    if bare.len() > MAX_NAME_OCTETS {
        return Err(refused(format!(
            "it is {} characters long; a domain name has at most {MAX_NAME_OCTETS}",
            bare.len()
        )));
    }
    for label in bare.split('.') {
        if label.is_empty() {
            return Err(refused("it has an empty label (two dots in a row)".into()));
        }
        if label.len() > MAX_LABEL_OCTETS {
            return Err(refused(format!(
                "a label is {} characters long; DNS allows at most {MAX_LABEL_OCTETS}",
                label.len()
            )));
        }
    }
    if !bare.contains('.') && bare != "localhost" {
        return Err(UrlRefusal::SingleLabelHost {
            host: cut(bare, QUOTED_HOST_CHARS),
        });
    }
    Ok(())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn kind(text: &str) -> &'static str {
        match check_url(text) {
            Ok(_) => "ok",
            Err(refusal) => refusal.kind(),
        }
    }

    #[test]
    fn only_https_and_loopback_http_pass() {
        assert_eq!(kind("https://example.com/"), "ok");
        assert_eq!(kind("http://localhost:8080/callback"), "ok");
        assert_eq!(kind("http://127.0.0.1/"), "ok");
        assert_eq!(kind("http://127.3.4.5/"), "plainHttp");
        assert_eq!(kind("http://[::1]/"), "ok");
        assert_eq!(kind("http://example.com/"), "plainHttp");
        assert_eq!(kind("http://localhost.example.com/"), "plainHttp");
        assert_eq!(kind("javascript:alert(1)"), "scheme");
        assert_eq!(kind("data:text/html,hi"), "scheme");
        assert_eq!(kind("ftp://example.com/"), "scheme");
    }

    #[test]
    fn hosts_are_domain_names_of_two_labels_or_more() {
        assert_eq!(kind("https://intranet/"), "singleLabelHost");
        assert_eq!(kind("https://localhost/"), "ok");
        assert_eq!(kind("https://./"), "emptyHost");
        assert_eq!(kind("https://a..example.com/"), "host");
        let label = "a".repeat(64);
        assert_eq!(kind(&format!("https://{label}.example.com/")), "host");
        assert_eq!(kind(&format!("https://{}.example.com/", &label[1..])), "ok");
    }

    #[test]
    fn user_info_is_refused() {
        assert_eq!(
            kind("https://accounts.example.com@evil.example/"),
            "userInfo"
        );
        assert_eq!(kind("https://user:pass@example.com/"), "userInfo");
        assert_eq!(kind("https://:secret@example.com/"), "userInfo");
        assert_eq!(kind("https://@evil.example/"), "userInfo");
        assert_eq!(kind("https://:@evil.example/"), "userInfo");
        assert_eq!(kind("HTTPS:@evil.example/"), "userInfo");
        assert_eq!(kind("https:\\\\@evil.example/"), "userInfo");
        assert_eq!(kind("https://evil.example/@home"), "ok");
        assert_eq!(kind("https://evil.example/?to=a@b.example"), "ok");
    }

    #[test]
    fn invisible_characters_in_the_host_are_refused_not_dropped() {
        for (text, character, at) in [
            ("https://exa%C2%ADmple.com/", '\u{ad}', 12),
            ("https://exa%e2%80%8bmple.com/", '\u{200b}', 12),
            ("https://exa%CD%8Fmple.com:8443/", '\u{34f}', 12),
            ("https://exa%EF%B8%8Fmple.com/", '\u{fe0f}', 12),
        ] {
            assert_eq!(
                check_url(text).err(),
                Some(UrlRefusal::HiddenCharacter { character, at }),
                "{text}"
            );
        }
        // Written as themselves, they are refused in the text as sent.
        for text in [
            "https://exa\u{34f}mple.com/",
            "https://exa\u{fe0f}mple.com/",
        ] {
            assert_eq!(kind(text), "hiddenCharacter", "{text:?}");
        }
        // Percent-encoded letters are the host they decode to.
        assert_eq!(kind("https://%65xample.com/"), "ok");
        assert_eq!(kind("https://b%C3%BCcher.de/"), "ok");
        assert_eq!(kind("https://example.com/%C2%AD"), "ok");
    }
}
