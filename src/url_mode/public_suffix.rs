//! The Public Suffix List: which end of a host name is a public suffix
//! (`com`, `co.uk`, `github.io`), under which anyone may register a name,
//! and so which part of the host is the site a person should read, its
//! registrable domain (`evil.example` of `login.bank.example.evil.example`).
//!
//! The list is data, `public_suffix_list.dat` (the rules the `psl` crate
//! 2.1.247 compiles; the file is under the MPL 2.0), prepared ahead of time
//! into sorted texts, one name a line, each rule written in Unicode kept in
//! its punycode form too (`public_suffix_rules/`, written by
//! `UPDATE_PUBLIC_SUFFIXES=1 cargo test --test public_suffix`, which checks
//! they are the list's; the plain ASCII rules, most of the list, with their
//! labels reversed and front-coded): a lookup is a binary search over the
//! text as the binary holds it, with nothing to read or sort first, so the
//! first view is as quick as any other. The `psl` crate compiles the same rules into
//! nested matches, most of the URL entry's wasm (measured in docs/architecture.md). A differential test
//! (`tests/public_suffix.rs`) and the fuzz target `url_mode` hold the lookup
//! to that crate.
//!
//! The list's own algorithm (<https://publicsuffix.org/list/>), with ICANN
//! and private rules alike:
//!
//! - a rule matches a host that ends with its labels, `*` standing for any
//!   one label (`*.ck`);
//! - an exception rule (`!www.ck`) prevails over every other, and its
//!   suffix is the rule without its first label (`ck`);
//! - otherwise the matching rule of most labels prevails;
//! - when none matches, the host's last label is its suffix (the list's
//!   implicit `*` rule), and not a known one.
//!
//! Labels are compared byte for byte, as the `url` crate gives hosts: ASCII
//! in lowercase, with punycode for internationalized labels (each rule the
//! list writes in Unicode is kept in both forms). A trailing dot
//! (`example.com.`) stays on the suffix, and is left off the registrable
//! domain, as the `psl` crate has them.
//!
//! One departure from the `psl` crate, on purpose: a name that a wildcard
//! rule matches and that a longer rule also ends with (`mtls.run.app`:
//! `*.run.app` matches it, `*.mtls.run.app` ends with it) is a public
//! suffix, as the list's algorithm has it; `psl` 2.1.247 gives it the
//! suffix of the shorter rules instead (`app`). The 22 such names in the
//! list are named where the tests compare the two
//! (`tests/support/psl_reference.rs`).

use alloc::string::String;
use core::cmp::Ordering;

/// Rules without `*` or `!` of plain ASCII labels (`com`, `co.uk`,
/// `github.io`), each with its labels in reverse order (`uk.co`), sorted and
/// front-coded ([`FrontCodedRules`]): they are most of the list, and every
/// page with a link downloads them, so they are kept in the form that
/// compresses best while a lookup still needs nothing decoded ahead.
const SUFFIXES: FrontCodedRules =
    FrontCodedRules(include_str!("public_suffix_rules/suffixes_reversed.txt"));
/// Rules without `*` or `!` with a label in Unicode, in both forms (`рф` and
/// `xn--p1ai`, `xn--mgba3a4f16a.ir`), sorted: only a host with a label
/// beyond plain ASCII can end with one, and only the build with the Unicode
/// rules decides such a host.
#[cfg(feature = "url-mode")]
const UNICODE_SUFFIXES: RuleSet = RuleSet(include_str!("public_suffix_rules/unicode_suffixes.txt"));
/// What each wildcard rule's `*` stands before: `ck` for `*.ck`, sorted.
const WILDCARD_PARENTS: RuleSet = RuleSet(include_str!("public_suffix_rules/wildcard_parents.txt"));
/// Exception rules without their `!` (`www.ck`), sorted.
const EXCEPTIONS: RuleSet = RuleSet(include_str!("public_suffix_rules/exceptions.txt"));

/// A host's public suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublicSuffix<'a> {
    /// The suffix as it ends the host, with the host's trailing dot if it
    /// has one.
    pub name: &'a str,
    /// Whether a rule of the list gives it; otherwise it is the host's last
    /// label, by the implicit `*` rule (an unknown top-level domain).
    pub known: bool,
}

/// The public suffix of `host`; none for an empty host.
pub fn public_suffix(host: &str) -> Option<PublicSuffix<'_>> {
    let name = host.strip_suffix('.').unwrap_or(host);
    let trailing_dot = host.len() - name.len();
    let (suffix_len, known) = suffix_of_name(name);
    let len = suffix_len + trailing_dot;
    if len == 0 {
        return None;
    }
    let name = host.get(host.len() - len..)?;
    Some(PublicSuffix { name, known })
}

/// The registrable domain of `host`: its public suffix and the one label
/// before it, without a trailing dot. None when the host is a public suffix
/// itself (`co.uk`, `github.io`, `com`).
pub fn registrable_domain(host: &str) -> Option<&str> {
    let suffix = public_suffix(host)?;
    // The host before the dot that ends at the suffix.
    let before_suffix = host
        .len()
        .checked_sub(suffix.name.len() + 1)
        .filter(|&end| end > 0)?;
    let subdomain = host.get(..before_suffix)?;
    let label_start = subdomain.rfind('.').map_or(0, |dot| dot + 1);
    let domain = host.get(label_start..)?;
    Some(domain.strip_suffix('.').unwrap_or(domain))
}

/// The length in bytes of the public suffix ending `name` (which has no
/// trailing dot), and whether a rule gives it.
fn suffix_of_name(name: &str) -> (usize, bool) {
    // The suffixes of `name`, label by label, shortest first: `com`,
    // `example.com`, `www.example.com`.
    let label_starts = name
        .rmatch_indices('.')
        .map(|(dot, _)| dot + 1)
        .chain(core::iter::once(0));
    let mut prevailing = None;
    for start in label_starts {
        let Some(candidate) = name.get(start..) else {
            break;
        };
        let parent = candidate.split_once('.').map(|(_, parent)| parent);
        if EXCEPTIONS.contains(candidate) {
            // `!www.ck`: the suffix is `ck`, whatever longer rule matches.
            let parent_len = parent.map_or(0, str::len);
            return (parent_len, true);
        }
        if is_suffix(candidate) || parent.is_some_and(|parent| WILDCARD_PARENTS.contains(parent)) {
            prevailing = Some(candidate.len());
        }
    }
    match prevailing {
        Some(len) => (len, true),
        None => (name.len() - name.rfind('.').map_or(0, |dot| dot + 1), false),
    }
}

/// Whether a rule without `*` or `!` is `name`.
fn is_suffix(name: &str) -> bool {
    #[cfg(feature = "url-mode")]
    if UNICODE_SUFFIXES.contains(name) {
        return true;
    }
    SUFFIXES.contains(&reversed_labels(name))
}

/// `name` with its labels in reverse order: `uk.co.example` for
/// `example.co.uk`.
fn reversed_labels(name: &str) -> String {
    let mut reversed = String::with_capacity(name.len());
    for (index, label) in name.rsplit('.').enumerate() {
        if index > 0 {
            reversed.push('.');
        }
        reversed.push_str(label);
    }
    reversed
}

/// Names sorted in byte order, front-coded, one a line after a first line
/// of `//` notes: a line that starts with `!` is a name in full (a restart,
/// every 16 names, as tests/public_suffix.rs writes them, so a lookup
/// decodes at most 15); any other starts with one character, `0`
/// plus the number of leading bytes it shares with the name before it, then
/// the rest of its name. Sorted names share long beginnings (more so with
/// their labels reversed: `jp.aichi.` begins a hundred), which the count
/// writes in one byte.
struct FrontCodedRules(&'static str);

impl FrontCodedRules {
    /// A binary search over the restarts (the last one not after `name`),
    /// then the names of its block, decoded one by one.
    fn contains(&self, name: &str) -> bool {
        let text = self.0;
        let (mut low, mut high) = (0, text.len());
        let mut block = None;
        while low < high {
            let middle = low + (high - low) / 2;
            let Some(start) = restart_at_or_after(text, middle, high) else {
                high = middle;
                continue;
            };
            let end = text
                .get(start..)
                .and_then(|rest| rest.find('\n'))
                .map_or(text.len(), |newline| start + newline);
            match text.get(start + 1..end).map(|restart| restart.cmp(name)) {
                Some(Ordering::Equal) => return true,
                Some(Ordering::Less) => {
                    block = Some(end);
                    low = end + 1;
                }
                Some(Ordering::Greater) => high = middle,
                None => return false,
            }
        }
        let Some(end) = block else { return false };
        // The restart before `end`, then each coded name after it.
        let restart = text
            .get(..end)
            .and_then(|before| before.rfind("\n!"))
            .map_or(1, |at| at + 2);
        let mut current = String::from(text.get(restart..end).unwrap_or_default());
        for line in text.get(end + 1..).unwrap_or_default().lines() {
            let mut chars = line.chars();
            let Some(shared) = chars
                .next()
                .and_then(|count| (count as usize).checked_sub('0' as usize))
            else {
                return false;
            };
            if line.starts_with('!') || shared > current.len() || !current.is_char_boundary(shared)
            {
                return false;
            }
            current.truncate(shared);
            current.push_str(chars.as_str());
            match current.as_str().cmp(name) {
                Ordering::Equal => return true,
                Ordering::Greater => return false,
                Ordering::Less => {}
            }
        }
        false
    }
}

/// The first byte at or after `from`, before `to`, that starts a restart
/// line of `text` (a `!` first on its line).
fn restart_at_or_after(text: &str, from: usize, to: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    (from..to)
        .find(|&at| bytes.get(at) == Some(&b'!') && (at == 0 || bytes.get(at - 1) == Some(&b'\n')))
}

/// Names, one a line, in byte order (a first line of `//` notes sorts
/// before every name).
struct RuleSet(&'static str);

impl RuleSet {
    /// A binary search over the text: halve the byte range, read the line
    /// around its middle, keep the half the name is in.
    fn contains(&self, name: &str) -> bool {
        let text = self.0;
        // `low..high` holds whole lines: `low` starts one, `high` ends one
        // (or the text).
        let (mut low, mut high) = (0, text.len());
        while low < high {
            let middle = low + (high - low) / 2;
            let start = text
                .get(low..middle)
                .and_then(|before| before.rfind('\n'))
                .map_or(low, |newline| low + newline + 1);
            let end = text
                .get(start..high)
                .and_then(|rest| rest.find('\n'))
                .map_or(high, |newline| start + newline);
            match text.get(start..end).map(|line| line.cmp(name)) {
                Some(Ordering::Equal) => return true,
                Some(Ordering::Less) => low = (end + 1).min(high),
                Some(Ordering::Greater) => high = start,
                None => return false,
            }
        }
        false
    }
}

#[cfg(all(test, feature = "url-mode", not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn site(host: &str) -> Option<&str> {
        registrable_domain(host)
    }

    #[test]
    fn the_registrable_domain_is_the_suffix_and_one_label() {
        assert_eq!(
            site("login.bank.example.evil.example"),
            Some("evil.example")
        );
        assert_eq!(site("www.bbc.co.uk"), Some("bbc.co.uk"));
        assert_eq!(site("someone.github.io"), Some("someone.github.io"));
        assert_eq!(site("example.com"), Some("example.com"));
    }

    #[test]
    fn a_public_suffix_has_no_registrable_domain() {
        for suffix in ["com", "co.uk", "github.io", "xn--p1ai"] {
            assert_eq!(site(suffix), None, "{suffix}");
            assert_eq!(public_suffix(suffix).map(|s| s.name), Some(suffix));
        }
    }

    #[test]
    fn wildcards_and_their_exceptions() {
        // `*.ck` and `!www.ck`.
        assert_eq!(site("a.b.ck"), Some("a.b.ck"));
        assert_eq!(site("b.ck"), None);
        assert_eq!(site("www.ck"), Some("www.ck"));
        assert_eq!(site("a.www.ck"), Some("www.ck"));
        assert_eq!(
            public_suffix("ck"),
            Some(PublicSuffix {
                name: "ck",
                known: false
            })
        );
        // `*.kawasaki.jp` and `!city.kawasaki.jp`.
        assert_eq!(site("x.city.kawasaki.jp"), Some("city.kawasaki.jp"));
        assert_eq!(site("x.y.kawasaki.jp"), Some("x.y.kawasaki.jp"));
    }

    #[test]
    fn an_unknown_top_level_domain_is_its_own_suffix_unknown() {
        let suffix = public_suffix("a.b.not-a-tld");
        assert_eq!(
            suffix,
            Some(PublicSuffix {
                name: "not-a-tld",
                known: false
            })
        );
        assert_eq!(site("a.b.not-a-tld"), Some("b.not-a-tld"));
        assert_eq!(site("not-a-tld"), None);
    }

    #[test]
    fn a_trailing_dot_stays_on_the_suffix_and_off_the_site() {
        let suffix = public_suffix("www.example.com.");
        assert_eq!(
            suffix,
            Some(PublicSuffix {
                name: "com.",
                known: true
            })
        );
        assert_eq!(site("www.example.com."), Some("example.com"));
        assert_eq!(site("com."), None);
    }

    #[test]
    fn internationalized_rules_match_in_punycode_and_unicode() {
        assert_eq!(site("xn--80adxhks.xn--p1ai"), Some("xn--80adxhks.xn--p1ai"));
        assert_eq!(site("москва.рф"), Some("москва.рф"));
        assert!(public_suffix("xn--p1ai").is_some_and(|s| s.known));
    }

    #[test]
    fn labels_are_reversed_empty_ones_too() {
        assert_eq!(reversed_labels("example.co.uk"), "uk.co.example");
        assert_eq!(reversed_labels("com"), "com");
        assert_eq!(reversed_labels("com."), ".com");
        assert_eq!(reversed_labels(".com"), "com.");
        assert_eq!(reversed_labels(""), "");
    }

    #[test]
    fn the_front_coded_text_is_searched_by_restart_then_name() {
        // Restarts every 16 names; here `!a`, `!c.d`.
        let mut text = String::from("// notes\n!a\n");
        let mut names = vec!["a".to_string()];
        for index in 0..15 {
            let name = format!("ab{index:02}");
            text.push_str(&format!(
                "{}{}\n",
                if index == 0 { "1" } else { "2" },
                &name[if index == 0 { 1 } else { 2 }..]
            ));
            names.push(name);
        }
        text.push_str("!c.d\n2x\n");
        names.extend(["c.d".to_string(), "c.x".to_string()]);
        let set = FrontCodedRules(Box::leak(text.into_boxed_str()));
        for name in &names {
            assert!(set.contains(name), "{name}");
        }
        for name in [
            "", "!a", "aa", "ab", "ab15", "ab1", "b", "c", "c.dd", "c.e", "zz", "// notes",
        ] {
            assert!(!set.contains(name), "{name}");
        }
        assert!(!FrontCodedRules("").contains("a"));
        assert!(!FrontCodedRules("// notes\n").contains("a"));
    }

    #[test]
    fn the_sorted_texts_are_searched_line_by_line() {
        let set = RuleSet("// notes\na\nab\nb\nc.d\nxn--p1ai");
        for name in ["a", "ab", "b", "c.d", "xn--p1ai"] {
            assert!(set.contains(name), "{name}");
        }
        for name in ["", "aa", "abc", "c", "d", "zz", "xn--p1a", "// notes!"] {
            assert!(!set.contains(name), "{name}");
        }
        assert!(!RuleSet("").contains("a"));
        assert!(RuleSet("a").contains("a"));
    }

    #[test]
    fn empty_hosts_have_no_suffix() {
        assert_eq!(public_suffix(""), None);
        assert_eq!(site(""), None);
        assert_eq!(site("."), None);
    }
}
