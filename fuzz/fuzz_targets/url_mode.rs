//! Arbitrary text as a URL-mode request's URL (the first line) and message
//! (the rest): nothing panics; a view's host is ASCII, its Unicode form is
//! shown only where every rule of the display policy holds (and the host is
//! no well-known name's look-alike), the site is a suffix of the shown host
//! on label boundaries with as many labels as the ASCII host's registrable
//! domain,
//! a look-alike is shown as its ASCII form, and the URL shown passes again
//! and shows the same; a refusal has a sentence. The Public Suffix List
//! lookup agrees with the `psl` crate on the first line taken as a host, and
//! on the view's host.
#![no_main]

#[path = "../../tests/support/psl_reference.rs"]
mod psl_reference;

use elicit_form::url_mode::host::label_reads_as_itself;
use elicit_form::url_mode::public_suffix::registrable_domain;
use elicit_form::url_mode::well_known::similar_well_known;
use elicit_form::url_mode::{needs_unicode_rules, UrlRefusal, UrlRequest, UrlWarningKind, url_fingerprint};
use libfuzzer_sys::fuzz_target;
use psl_reference::{difference_from_psl, is_psl_departure};

/// The lookup and `psl` agree on `host`, but where the list's algorithm
/// and `psl` part (`PSL_DEPARTURES`).
fn agrees_with_psl(host: &str) {
    if !is_psl_departure(host) {
        assert_eq!(difference_from_psl(host), None);
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (url, message) = text.split_once('\n').unwrap_or((&text, "Sign in"));
    agrees_with_psl(url);
    let request = UrlRequest { url, message, elicitation_id: None };
    let view = match request.view("server") {
        Ok(view) => view,
        Err(refusal) => {
            assert!(!refusal.to_string().is_empty());
            assert!(!refusal.kind().is_empty());
            return;
        }
    };
    assert!(view.host.is_ascii(), "{view:?}");
    // A link the rules for plain ASCII hosts decide (the npm package's first
    // wasm, which shows such a host as it is) is shown so by every rule.
    if !needs_unicode_rules(url) {
        assert_eq!(view.display_host, view.host, "{view:?}");
        assert!(!view.warnings.iter().any(|warning| warning.kind == UrlWarningKind::LookalikeHost), "{view:?}");
    }
    agrees_with_psl(&view.host);
    assert!(view.url.is_ascii(), "{view:?}");
    assert_eq!(view.fingerprint, url_fingerprint(&view.url, message));
    let bare = view.display_host.trim_end_matches('.');
    if !view.display_host.is_ascii() {
        // A Unicode label shown passes every rule of the display policy, and
        // the host is no well-known name's look-alike.
        let top = view.host.trim_end_matches('.').rsplit('.').next().unwrap_or("");
        for label in bare.split('.') {
            assert!(label_reads_as_itself(label, top), "{label:?} shown: {view:?}");
        }
        assert_eq!(similar_well_known(bare), None, "{view:?}");
    }
    if view.warnings.iter().any(|warning| warning.kind == UrlWarningKind::LookalikeHost) {
        assert_eq!(view.display_host, view.host, "{view:?}");
    }
    // The site is a suffix of the host on label boundaries: the shown host's
    // last labels, as many as the registrable domain of the ASCII host has.
    assert!(bare == view.site || bare.ends_with(&format!(".{}", view.site)), "{view:?}");
    let ascii_bare = view.host.trim_end_matches('.');
    let site_labels = view.site.split('.').count();
    let ascii_site: Vec<&str> = ascii_bare.split('.').collect();
    let ascii_site = ascii_site[ascii_site.len().saturating_sub(site_labels)..].join(".");
    if !view.warnings.iter().any(|warning| warning.kind == UrlWarningKind::IpAddress) {
        assert_eq!(registrable_domain(ascii_bare).unwrap_or(ascii_bare), ascii_site, "{view:?}");
    }
    // What is shown (and opened) passes the same checks and shows the same;
    // only its length may pass the bound, which counts the text as sent
    // (percent-encoding makes the serialization longer).
    match (UrlRequest { url: &view.url, message, elicitation_id: None }).view("server") {
        Ok(again) => {
            assert_eq!(again.url, view.url);
            assert_eq!(again.display_host, view.display_host);
        }
        Err(UrlRefusal::UrlTooLong { .. }) => {}
        Err(refusal) => panic!("{} refused when shown: {refusal}", view.url),
    }
});
