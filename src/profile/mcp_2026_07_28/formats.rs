//! The four string formats the MCP 2026-07-28 profile accepts, each checked
//! for real on every answer and every `default`.
//!
//! Each check accepts a subset of what the format's standard allows, chosen
//! so that whatever passes here also passes the format checks of common JSON
//! Schema validators (ajv-formats in full mode, `@cfworker/json-schema`):
//! a server that validates the content it receives never sees a value this
//! crate let through as well-formed refused there.
//!
//! - `email`: an RFC 5322 `addr-spec` without quoted strings, comments or
//!   domain literals: a dot-atom local part (at most 64 bytes) of letters,
//!   digits and ``!#$%&'*+-/=?^_`{|}~``, `@`, and a domain name of at least
//!   two dot-separated labels (each 1 to 63 letters, digits or hyphens, not
//!   starting or ending with a hyphen; at most 253 bytes in all) whose last
//!   label starts with a letter; 254 bytes at most in all. ASCII only.
//! - `uri`: an RFC 3986 `URI` (absolute, with a scheme; query and fragment
//!   allowed), ASCII only, percent-encodings well formed, with a non-empty
//!   hier-part (`x:` alone is refused, as ajv-formats refuses it). A
//!   bracketed host must be an IPv6 address (`IPvFuture` is refused).
//! - `date`: an RFC 3339 `full-date`, `YYYY-MM-DD`, naming a real calendar
//!   day (leap years counted), years 0000 to 9999.
//! - `date-time`: an RFC 3339 `date-time`: a full date, `T` (or `t`), a time
//!   with seconds (no leap second), an optional fraction of 1 to 9 digits,
//!   and `Z` (or `z`) or a `+HH:MM`/`-HH:MM` offset, within the years 0000 to
//!   9999 in UTC. A space in place of `T` is refused.

use alloc::vec::Vec;
use core::fmt;

use crate::time::Timestamp;

/// A `format` this profile can check; JS sees its JSON Schema name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename_all = "kebab-case"))]
pub enum TextFormat {
    Email,
    Uri,
    Date,
    DateTime,
}

impl TextFormat {
    /// Every accepted format, in the order error texts list them.
    pub const ALL: [TextFormat; 4] = [Self::Email, Self::Uri, Self::Date, Self::DateTime];

    /// The format from its JSON Schema name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|format| format.name() == name)
    }

    /// The JSON Schema name: `email`, `uri`, `date` or `date-time`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Uri => "uri",
            Self::Date => "date",
            Self::DateTime => "date-time",
        }
    }

    /// How the question states the format to a person.
    pub fn phrase(self) -> &'static str {
        match self {
            Self::Email => "an email address",
            Self::Uri => "a full URI such as https://example.com/page",
            Self::Date => "a date as YYYY-MM-DD",
            Self::DateTime => "a date and time such as 2026-07-28T09:30:00Z",
        }
    }

    /// Whether `text` (already trimmed) is well formed for this format.
    pub fn accepts(self, text: &str) -> bool {
        match self {
            Self::Email => is_email(text),
            Self::Uri => is_uri(text),
            Self::Date => is_date(text),
            Self::DateTime => is_date_time(text),
        }
    }
}

impl fmt::Display for TextFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn is_atext(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&byte)
}

fn is_domain_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    (1..=63).contains(&bytes.len())
        && bytes
            .iter()
            .all(|byte| byte.is_ascii_alphanumeric() || *byte == b'-')
        && !label.starts_with('-')
        && !label.ends_with('-')
}

/// See the module docs for the subset of RFC 5322 accepted.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    let labels: Vec<&str> = domain.split('.').collect();
    text.len() <= 254
        && !local.is_empty()
        && local.len() <= 64
        && local
            .split('.')
            .all(|atom| !atom.is_empty() && atom.bytes().all(is_atext))
        && domain.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(|label| is_domain_label(label))
        && labels
            .last()
            .and_then(|label| label.bytes().next())
            .is_some_and(|byte| byte.is_ascii_alphabetic())
}

fn is_unreserved_or_sub_delim(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&byte)
}

/// Whether every byte of `text` is unreserved, a sub-delimiter, one of
/// `extra`, or part of a well-formed percent-encoding.
fn uri_chars(text: &str, extra: &[u8]) -> bool {
    let mut bytes = text.bytes();
    while let Some(byte) = bytes.next() {
        let fits = if byte == b'%' {
            matches!(
                (bytes.next(), bytes.next()),
                (Some(high), Some(low)) if high.is_ascii_hexdigit() && low.is_ascii_hexdigit()
            )
        } else {
            is_unreserved_or_sub_delim(byte) || extra.contains(&byte)
        };
        if !fits {
            return false;
        }
    }
    true
}

const PCHAR_EXTRA: &[u8] = b":@";

fn is_authority(authority: &str) -> bool {
    let host_port = match authority.split_once('@') {
        Some((userinfo, rest)) => {
            if !uri_chars(userinfo, b":") {
                return false;
            }
            rest
        }
        None => authority,
    };
    let (host_ok, port) = if let Some(literal) = host_port.strip_prefix('[') {
        let Some((address, after)) = literal.split_once(']') else {
            return false;
        };
        let port = match after {
            "" => "",
            _ => match after.strip_prefix(':') {
                Some(port) => port,
                None => return false,
            },
        };
        (address.parse::<core::net::Ipv6Addr>().is_ok(), port)
    } else {
        let (host, port) = host_port.split_once(':').unwrap_or((host_port, ""));
        (uri_chars(host, b""), port)
    };
    host_ok && port.bytes().all(|byte| byte.is_ascii_digit())
}

/// See the module docs: an RFC 3986 absolute URI with a scheme.
pub fn is_uri(text: &str) -> bool {
    if !text.is_ascii() {
        return false;
    }
    let Some((scheme, rest)) = text.split_once(':') else {
        return false;
    };
    let mut scheme_bytes = scheme.bytes();
    let scheme_ok = scheme_bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && scheme_bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if !scheme_ok {
        return false;
    }
    let (rest, fragment) = rest.split_once('#').unwrap_or((rest, ""));
    let (hier, query) = rest.split_once('?').unwrap_or((rest, ""));
    if !uri_chars(fragment, b":@/?") || !uri_chars(query, b":@/?") {
        return false;
    }
    let path = match hier.strip_prefix("//") {
        Some(after) => {
            let split = after.find('/').unwrap_or(after.len());
            let (authority, path) = after.split_at_checked(split).unwrap_or((after, ""));
            if !is_authority(authority) {
                return false;
            }
            path
        }
        // path-absolute or path-rootless ("//" was taken above). An empty
        // hier-part is RFC 3986 but refused by ajv-formats, so refused here.
        None if hier.is_empty() => return false,
        None => hier,
    };
    path.split('/')
        .all(|segment| uri_chars(segment, PCHAR_EXTRA))
}

/// See the module docs: `YYYY-MM-DD` naming a real day.
pub fn is_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    let number = |range: core::ops::Range<usize>| -> Option<u32> {
        let part = bytes.get(range)?;
        part.iter().try_fold(0u32, |total, byte| {
            byte.is_ascii_digit()
                .then(|| total * 10 + u32::from(byte - b'0'))
        })
    };
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else {
        return false;
    };
    if !(1..=12).contains(&month) {
        return false;
    }
    let days = crate::time::days_in_month(i64::from(year), i64::from(month));
    bytes.len() == 10
        && bytes.get(4) == Some(&b'-')
        && bytes.get(7) == Some(&b'-')
        && (1..=days).contains(&i64::from(day))
}

/// See the module docs: RFC 3339 `date-time` with `T`, not a space.
pub fn is_date_time(text: &str) -> bool {
    matches!(text.as_bytes().get(10), Some(b'T' | b't'))
        && text.get(..10).is_some_and(is_date)
        && Timestamp::parse_rfc3339(text).is_ok()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn emails_are_dot_atoms_at_a_dotted_domain() {
        for good in [
            "ada@example.com",
            "a.b+tag@mail.example.org",
            "x!#$%&'*/=?^_`{|}~-@a-b.xn--p1ai",
            "1@1.io",
        ] {
            assert!(is_email(good), "{good}");
        }
        for bad in [
            "",
            "ada",
            "ada@",
            "@example.com",
            "ada@localhost",
            "ada@example",
            "a..b@example.com",
            ".a@example.com",
            "a.@example.com",
            "a@b@example.com",
            "\"a b\"@example.com",
            "ada@-example.com",
            "ada@example-.com",
            "ada@example..com",
            "ada@1.2.3.4",
            "ada@[127.0.0.1]",
            "adä@example.com",
            "ada@exämple.com",
            "ada @example.com",
            "ada@example.com ",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
        let long_local = format!("{}@example.com", "a".repeat(65));
        assert!(!is_email(&long_local));
        let long_label = format!("a@{}.com", "b".repeat(64));
        assert!(!is_email(&long_label));
    }

    #[test]
    fn uris_are_absolute_rfc_3986() {
        for good in [
            "https://example.com",
            "https://example.com/a/b?x=1&y=%20#frag",
            "http://user:pw@host:8080/p",
            "http://[::1]:80/",
            "http://[2001:db8::7]",
            "file:///etc/hosts",
            "mailto:ada@example.com",
            "urn:isbn:0451450523",
            "tel:+1-816-555-1212",
            "a+b.c-d:rest",
            "x:/",
            "http://",
            "news:comp.infosystems.www.servers.unix",
        ] {
            assert!(is_uri(good), "{good}");
        }
        for bad in [
            "",
            "example.com",
            "/relative/path",
            "//example.com",
            "1http://example.com",
            "x:",
            "x:?q",
            "x:#f",
            "ht tp://example.com",
            "https://exa mple.com",
            "https://example.com/%zz",
            "https://example.com/%2",
            "https://example.com/ä",
            "https://example.com/a#b#c",
            "http://[v1.fe]/",
            "http://[::1/",
            "http://[::1]x/",
            "http://host:80a/",
            "http://a@b@c/",
            "https://example.com/\"q\"",
            "https://example.com/<x>",
            "https://example.com/a\\b",
        ] {
            assert!(!is_uri(bad), "{bad}");
        }
    }

    #[test]
    fn dates_name_real_calendar_days() {
        for good in [
            "2026-07-28",
            "2024-02-29",
            "2000-02-29",
            "0000-01-01",
            "9999-12-31",
        ] {
            assert!(is_date(good), "{good}");
        }
        for bad in [
            "2026-02-29",
            "1900-02-29",
            "2026-04-31",
            "2026-13-01",
            "2026-00-10",
            "2026-01-00",
            "2026-1-01",
            "2026/01/01",
            "2026-01-01T00:00:00Z",
            "26-01-01",
            "２026-01-01",
            "",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }

    #[test]
    fn date_times_are_rfc_3339_with_a_t() {
        for good in [
            "2026-07-28T09:30:00Z",
            "2026-07-28t09:30:00z",
            "2026-07-28T09:30:00.123456789+02:00",
            "2024-02-29T23:59:59-00:30",
        ] {
            assert!(is_date_time(good), "{good}");
        }
        for bad in [
            "2026-07-28 09:30:00Z",
            "2026-07-28T09:30Z",
            "2026-07-28T09:30:00",
            "2026-07-28T24:00:00Z",
            "2026-07-28T23:59:60Z",
            "2026-02-30T00:00:00Z",
            "2026-07-28T09:30:00+2:00",
            "2026-07-28",
            "",
        ] {
            assert!(!is_date_time(bad), "{bad}");
        }
    }

    #[test]
    fn formats_round_trip_their_names() {
        for format in TextFormat::ALL {
            assert_eq!(TextFormat::from_name(format.name()), Some(format));
        }
        assert_eq!(TextFormat::from_name("hostname"), None);
        assert_eq!(TextFormat::from_name("password"), None);
    }
}
