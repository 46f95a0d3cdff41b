//! The hostile-URL suite (tests/data/url-suite.json), run through whatever
//! gives a reply envelope for a URL-mode request's params: the Rust API
//! natively (crates/wasm/tests/url_mode.rs), the wasm export in wasm
//! (crates/wasm/tests/wasm.rs).

use elicit_form::url_mode::host::label_reads_as_itself;
use elicit_form::url_mode::url_fingerprint;
use elicit_form::url_mode::well_known::similar_well_known;
use serde_json::{Value, json};

const SUITE: &str = include_str!("../data/url-suite.json");

/// Runs every case through `reply` (params text, server name → the reply
/// envelope's JSON value) and returns how many ran.
pub fn run_suite(reply: impl Fn(&str, &str) -> Value) -> usize {
    let suite: Value = serde_json::from_str(SUITE).unwrap();
    let server = suite["serverName"].as_str().unwrap();
    let cases = suite["cases"].as_array().unwrap();
    for case in cases {
        let message = case
            .get("message")
            .unwrap_or(&suite["message"])
            .as_str()
            .unwrap();
        let params = case
            .get("params")
            .cloned()
            .unwrap_or_else(|| json!({"mode": "url", "message": message, "url": case["url"]}));
        let got = reply(&params.to_string(), server);
        let name = format!("{} {}", case["class"], params);
        if let Some(kind) = case.get("refused") {
            let refused = got
                .get("urlRefused")
                .unwrap_or_else(|| panic!("{name}: not refused: {got}"));
            assert_eq!(&refused["kind"], kind, "{name}: {got}");
            assert!(!refused["message"].as_str().unwrap().is_empty());
            continue;
        }
        let view = got
            .get("ok")
            .unwrap_or_else(|| panic!("{name}: refused: {got}"));
        check_view(&name, case, view, server);
    }
    cases.len()
}

fn check_view(name: &str, case: &Value, view: &Value, server: &str) {
    let text = |key: &str| {
        view[key]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: no {key}"))
    };
    if let Some(expected) = case["view"].as_object() {
        for (key, value) in expected {
            assert_eq!(&view[key], value, "{name}: {key}");
        }
    } else {
        // Only the warnings are given: the host must be shown in ASCII.
        assert!(text("displayHost").is_ascii(), "{name}: {view}");
        assert!(text("site").is_ascii(), "{name}: {view}");
    }
    let kinds: Vec<&str> = view["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|warning| {
            assert!(!warning["message"].as_str().unwrap().is_empty());
            warning["kind"].as_str().unwrap()
        })
        .collect();
    let expected: Vec<&str> = case["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|kind| kind.as_str().unwrap())
        .collect();
    assert_eq!(kinds, expected, "{name}");
    assert_eq!(text("mode"), "url");
    assert_eq!(text("header"), server);
    let message = view["message"].as_str().unwrap();
    assert_eq!(text("fingerprint"), url_fingerprint(text("url"), message));
    assert_eq!(
        view["elicitationId"],
        case.get("elicitationId").cloned().unwrap_or(Value::Null)
    );
    check_display_policy(name, view);
}

/// Unicode is shown only when every label may be read as itself; a
/// look-alike is shown as the ASCII host; the site ends the shown host.
pub fn check_display_policy(name: &str, view: &Value) {
    let host = view["host"].as_str().unwrap();
    let display = view["displayHost"].as_str().unwrap();
    let site = view["site"].as_str().unwrap();
    assert!(host.is_ascii(), "{name}: host {host:?}");
    let top = host.trim_end_matches('.').rsplit('.').next().unwrap_or("");
    if !display.is_ascii() {
        // Every label shown in Unicode passes every rule of the display
        // policy (src/url_mode/idn_policy.rs), and the host is no
        // well-known name's look-alike.
        let bare = display.trim_end_matches('.');
        for label in bare.split('.') {
            assert!(
                label_reads_as_itself(label, top),
                "{name}: label {label:?} shown"
            );
        }
        assert_eq!(similar_well_known(bare), None, "{name}");
    }
    let warned = |kind: &str| {
        view["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|warning| warning["kind"] == kind)
    };
    if warned("lookalikeHost") {
        assert_eq!(display, host, "{name}");
    }
    // The site is the shown host's last labels, ending on a label boundary.
    let bare = display.trim_end_matches('.');
    assert!(
        bare == site || bare.ends_with(&format!(".{site}")),
        "{name}: site {site:?} does not end {display:?}"
    );
    assert!(
        !site.is_empty() && !site.starts_with('.'),
        "{name}: site {site:?}"
    );
}
