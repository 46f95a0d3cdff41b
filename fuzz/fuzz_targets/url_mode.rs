//! Arbitrary text as a URL-mode request's URL (the first line) and message
//! (the rest): nothing panics; a view's host is ASCII, its Unicode form is
//! shown only where the display policy holds, the site ends the shown host,
//! a look-alike is shown as its ASCII form, and the URL shown passes again
//! and shows the same; a refusal has a sentence. The Public Suffix List
//! lookup agrees with the `psl` crate on the first line taken as a host, and
//! on the view's host.
#![no_main]

#[path = "../../tests/support/psl_reference.rs"]
mod psl_reference;

use elicit_form::url_mode::host::label_reads_as_itself;
use elicit_form::url_mode::{UrlRefusal, UrlRequest, UrlWarningKind, url_fingerprint};
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
    agrees_with_psl(&view.host);
    assert!(view.url.is_ascii(), "{view:?}");
    assert_eq!(view.fingerprint, url_fingerprint(&view.url, message));
    let bare = view.display_host.trim_end_matches('.');
    if !view.display_host.is_ascii() {
        let top = view.host.trim_end_matches('.').rsplit('.').next().unwrap_or("");
        for label in bare.split('.') {
            assert!(label_reads_as_itself(label, top.starts_with("xn--")), "{label:?} shown: {view:?}");
        }
    }
    if view.warnings.iter().any(|warning| warning.kind == UrlWarningKind::LookalikeHost) {
        assert_eq!(view.display_host, view.host, "{view:?}");
    }
    assert!(bare == view.site || bare.ends_with(&format!(".{}", view.site)), "{view:?}");
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
