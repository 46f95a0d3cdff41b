//! The URL rules' Public Suffix List lookup (`url_mode::public_suffix`)
//! against the `psl` crate it replaced, on the same rules: every rule of the
//! list, names under it, and the edges (one label, unknown top-level
//! domains, trailing dots, uppercase, punycode). The fuzz target `url_mode`
//! compares the two on arbitrary hosts.
#![cfg(all(feature = "url-mode", not(target_arch = "wasm32")))]

#[path = "support/psl_reference.rs"]
mod psl_reference;

use elicit_form::url_mode::public_suffix::{PublicSuffix, public_suffix, registrable_domain};
use psl_reference::{PSL_DEPARTURES, difference_from_psl, is_psl_departure};

const LIST: &str = include_str!("../src/url_mode/public_suffix_list.dat");

fn rules() -> impl Iterator<Item = &'static str> {
    LIST.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
}

/// A name of plain ASCII labels, none of them punycode: what a host without
/// the Unicode rules can match.
fn is_plain_ascii(name: &str) -> bool {
    name.is_ascii() && !name.split('.').any(|label| label.starts_with("xn--"))
}

/// The prepared texts the lookup searches (src/url_mode/public_suffix_rules/),
/// made from the list: each kind's names (a rule written in Unicode in both
/// forms) sorted in byte order, after a note that sorts first. The plain
/// suffixes are apart from those with a label in Unicode or punycode
/// (`unicode_suffixes`), which only a build with the Unicode rules has; the
/// wildcard and exception rules are all of plain ASCII labels.
fn prepared_rules() -> [(&'static str, String); 4] {
    let mut kinds: [(&str, Vec<String>); 4] = [
        ("suffixes_reversed", Vec::new()),
        ("wildcard_parents", Vec::new()),
        ("exceptions", Vec::new()),
        ("unicode_suffixes", Vec::new()),
    ];
    for rule in rules() {
        let (kind, name) = match (rule.strip_prefix("*."), rule.strip_prefix('!')) {
            (Some(parent), _) => (1, parent),
            (_, Some(exception)) => (2, exception),
            _ if !is_plain_ascii(rule) => (3, rule),
            _ => (0, rule),
        };
        assert!(
            kind == 3 || is_plain_ascii(name),
            "{rule}: only the plain suffixes have names in Unicode or punycode"
        );
        let names = &mut kinds[kind].1;
        names.push(name.to_string());
        if !name.is_ascii() {
            let punycode = url::quirks::domain_to_ascii(name);
            assert!(!punycode.is_empty(), "{rule}");
            names.push(punycode);
        }
    }
    kinds.map(|(kind, mut names)| {
        if kind == "suffixes_reversed" {
            return (kind, front_coded(names));
        }
        names.sort_unstable();
        names.dedup();
        let note = format!(
            "// The Public Suffix List's {} (public_suffix_list.dat, MPL 2.0), sorted, with the punycode form of each name in Unicode: written by UPDATE_PUBLIC_SUFFIXES=1 cargo test --test public_suffix",
            kind.replace('_', " ")
        );
        (kind, format!("{note}\n{}\n", names.join("\n")))
    })
}

/// The rules of plain ASCII labels as `url_mode::public_suffix` searches
/// them: each name's labels reversed, sorted, front-coded (`!` and the name
/// in full every 16 names; otherwise `0` plus the bytes shared with the name
/// before, then the rest).
fn front_coded(names: Vec<String>) -> String {
    let mut reversed: Vec<String> = names
        .iter()
        .map(|name| name.rsplit('.').collect::<Vec<_>>().join("."))
        .collect();
    reversed.sort_unstable();
    reversed.dedup();
    let mut text = String::from(
        "// The Public Suffix List's suffixes of plain ASCII labels (public_suffix_list.dat, MPL 2.0), each with its labels reversed, sorted and front-coded (src/url_mode/public_suffix.rs): written by UPDATE_PUBLIC_SUFFIXES=1 cargo test --test public_suffix\n",
    );
    let mut before = "";
    for (index, name) in reversed.iter().enumerate() {
        assert!(
            name.len() < 64 && name.bytes().all(|b| b.is_ascii_graphic()),
            "{name}"
        );
        if index % 16 == 0 {
            text.push('!');
            text.push_str(name);
        } else {
            let shared = name
                .bytes()
                .zip(before.bytes())
                .take_while(|(a, b)| a == b)
                .count();
            text.push(char::from(b'0' + u8::try_from(shared).unwrap()));
            text.push_str(&name[shared..]);
        }
        text.push('\n');
        before = name;
    }
    text
}

/// The names of a front-coded text, in its order.
fn front_decoded(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for line in text.lines().skip(1) {
        let name = match line.strip_prefix('!') {
            Some(full) => full.to_string(),
            None => {
                let shared = usize::from(line.as_bytes()[0] - b'0');
                format!("{}{}", &names.last().unwrap()[..shared], &line[1..])
            }
        };
        names.push(name);
    }
    names
}

#[test]
fn the_prepared_rules_are_the_lists() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/url_mode/public_suffix_rules"
    );
    for (kind, text) in prepared_rules() {
        let path = format!("{dir}/{kind}.txt");
        if std::env::var_os("UPDATE_PUBLIC_SUFFIXES").is_some() {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == text,
            "{path} is not the list's {kind}: run UPDATE_PUBLIC_SUFFIXES=1 cargo test --test public_suffix"
        );
        // Sorted in byte order, the note first, as the binary search needs.
        let lines: Vec<&str> = if kind == "suffixes_reversed" {
            let decoded = front_decoded(&text);
            assert!(decoded.len() > 9000, "{kind}: {} names", decoded.len());
            assert!(decoded.windows(2).all(|pair| pair[0] < pair[1]), "{kind}");
            continue;
        } else {
            text.lines().collect()
        };
        assert!(lines.windows(2).all(|pair| pair[0] < pair[1]), "{kind}");
        assert!(lines[0].starts_with("//") && lines.len() > 1);
    }
}

/// The names a rule stands for: the rule's own name, with `*` as a label
/// and without an exception's `!`, in Unicode and punycode.
fn names_of(rule: &str) -> Vec<String> {
    let name = rule.trim_start_matches('!').replace('*', "wild");
    let punycode = url::quirks::domain_to_ascii(&name);
    let mut names = vec![name.clone()];
    if punycode != name && !punycode.is_empty() {
        names.push(punycode);
    }
    names
}

/// Hosts at and around `name`: itself, a label and two under it, the name
/// without its first label, each with a trailing dot too, and its uppercase.
fn hosts_around(name: &str) -> Vec<String> {
    let mut hosts = vec![
        name.to_string(),
        format!("a.{name}"),
        format!("b.a.{name}"),
        format!("www.{name}"),
        format!("city.{name}"),
        name.to_uppercase(),
    ];
    if let Some((_, parent)) = name.split_once('.') {
        hosts.push(parent.to_string());
    }
    let with_dots: Vec<String> = hosts.iter().map(|host| format!("{host}.")).collect();
    hosts.extend(with_dots);
    hosts
}

#[test]
fn every_rule_and_the_names_under_it_are_as_psl_has_them() {
    let mut checked = 0;
    let mut differences = Vec::new();
    for rule in rules() {
        for name in names_of(rule) {
            for host in hosts_around(&name) {
                checked += 1;
                if let Some(difference) =
                    difference_from_psl(&host).filter(|_| !is_psl_departure(&host))
                {
                    differences.push(difference);
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked} hosts");
    assert!(
        differences.is_empty(),
        "{} of {checked} hosts differ, for example:\n{}",
        differences.len(),
        differences
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_lookup_departs_from_psl_only_where_the_list_says_so() {
    for name in PSL_DEPARTURES {
        // The list's algorithm: a public suffix, not one site's name.
        let ours = public_suffix(name);
        assert_eq!(ours, Some(PublicSuffix { name, known: true }), "{name}");
        assert_eq!(registrable_domain(name), None, "{name}");
        // `psl`: the suffix of the rules above it, so a registrable domain.
        assert!(psl::domain_str(name).is_some(), "{name}: psl agrees now");
        // Under it, the longer wildcard rule, as `psl` has it.
        assert_eq!(difference_from_psl(&format!("a.{name}")), None);
        assert_eq!(difference_from_psl(&format!("b.a.{name}")), None);
    }
}

#[test]
fn edges_are_as_psl_has_them() {
    let hosts = [
        "",
        ".",
        "..",
        "com",
        "com.",
        "COM",
        "Example.COM",
        "example.com",
        "www.example.com",
        "www.example.com.",
        "www.example.com..",
        "localhost",
        "intranet",
        "not-a-tld",
        "a.b.not-a-tld",
        "a.b.not-a-tld.",
        "a..com",
        ".com",
        "..com",
        "a.b..c",
        "ck",
        "www.ck",
        "a.www.ck",
        "a.b.ck",
        "kawasaki.jp",
        "city.kawasaki.jp",
        "a.city.kawasaki.jp",
        "a.b.kawasaki.jp",
        "xn--p1ai",
        "xn--80adxhks.xn--p1ai",
        "www.xn--80adxhks.xn--p1ai",
        "москва.рф",
        "xn--bcher-kva.example",
        "xn--55qx5d.cn",
        "a.xn--55qx5d.cn",
        "xn--",
        "xn--zz.com",
        "github.io",
        "someone.github.io",
        "a.someone.github.io",
        "github.io.evil.example",
        "login.bank.example.evil.example",
        "127.0.0.1",
        "[::1]",
        "a b.com",
    ];
    for host in hosts {
        assert_eq!(difference_from_psl(host), None);
    }
}

#[test]
fn generated_hosts_are_as_psl_has_them() {
    // Labels from the list itself, joined at random (a fixed seed): names
    // that cross rules, which no rule lists.
    let labels: Vec<&str> = rules()
        .flat_map(|rule| rule.trim_start_matches(['!', '*', '.']).split('.'))
        .chain(["", "a", "www", "city", "xn--p1ai", "COM", "*"])
        .collect();
    let mut state: u64 = 0x5eed_1157;
    let mut next = |bound: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        usize::try_from(state >> 33).unwrap() % bound
    };
    for _ in 0..200_000 {
        let count = 1 + next(5);
        let mut host: Vec<&str> = (0..count).map(|_| labels[next(labels.len())]).collect();
        if next(4) == 0 {
            host.push("");
        }
        let host = host.join(".");
        if !is_psl_departure(&host) {
            assert_eq!(difference_from_psl(&host), None);
        }
    }
}
