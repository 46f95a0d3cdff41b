//! Look-alikes of well-known names: a host with a non-ASCII label whose
//! skeleton, accents removed, is a well-known name's (`googlé.com`,
//! `paypał.com`, `faceböök.com`, `microsọft.com`) is shown in its ASCII
//! form, every label of it, as Chromium does (`idn.md` step 13,
//! `IDNSpoofChecker::GetSimilarTopDomain`): the last four labels at most,
//! then fewer, down to two, each compared with the names' skeletons; a host
//! that is the name or under it (`ü.google.com`) is not a look-alike.
//!
//! The names are `well_known_domains.txt`: a hand-picked subset of
//! Chromium's top-domain list (BSD licence), its header says which.

use alloc::string::String;
use alloc::vec::Vec;
use std::sync::OnceLock;

use crate::url_mode::idn_policy::plain_skeleton;

/// One registrable domain a line; `//` begins a comment line.
const LIST: &str = include_str!("well_known_domains.txt");

/// How many labels at the end of a host are compared at most.
const LABELS_COMPARED: usize = 4;

/// The well-known name `host` (Unicode, lower case, no trailing dot) could
/// be mistaken for, if it is not that name nor under it.
pub fn similar_well_known(host: &str) -> Option<&'static str> {
    if host.is_ascii() {
        return None;
    }
    let labels: Vec<&str> = host.split('.').collect();
    let skeletons: Vec<String> = labels.iter().map(|label| plain_skeleton(label)).collect();
    let most = labels.len().min(LABELS_COMPARED);
    for count in (2..=most).rev() {
        let shape = skeletons
            .get(labels.len() - count..)
            .unwrap_or_default()
            .join(".");
        if let Some(&(_, name)) = names().iter().find(|(skeleton, _)| *skeleton == shape) {
            let under = host
                .strip_suffix(name)
                .is_some_and(|head| head.is_empty() || head.ends_with('.'));
            return (!under).then_some(name);
        }
    }
    None
}

/// The names with their skeletons, made on first use.
fn names() -> &'static [(String, &'static str)] {
    static NAMES: OnceLock<Vec<(String, &'static str)>> = OnceLock::new();
    NAMES.get_or_init(|| {
        LIST.lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with("//"))
            .map(|name| {
                let skeleton: Vec<String> = name.split('.').map(plain_skeleton).collect();
                (skeleton.join("."), name)
            })
            .collect()
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn accented_and_confusable_names_are_look_alikes() {
        for (host, name) in [
            ("googlé.com", "google.com"),
            ("paypał.com", "paypal.com"),
            ("faceböök.com", "facebook.com"),
            ("microsọft.com", "microsoft.com"),
            ("www.googlé.com", "google.com"),
            ("login.аpple.com", "apple.com"),
            ("amazon.cö.uk", "amazon.co.uk"),
            ("gíthub.com", "github.com"),
        ] {
            assert_eq!(similar_well_known(host), Some(name), "{host}");
        }
    }

    #[test]
    fn names_and_their_subdomains_and_others_are_not() {
        for host in [
            "google.com",
            "ü.google.com",
            "bücher.de",
            "googlé.example",
            "пример.рф",
            "例え.jp",
        ] {
            assert_eq!(similar_well_known(host), None, "{host}");
        }
        assert!(names().len() > 100);
        assert!(names().iter().all(|(skeleton, _)| skeleton.is_ascii()));
    }
}
