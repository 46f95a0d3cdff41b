//! URL mode natively: the hostile-URL suite through the Rust API, and the
//! records and retry decision (issue 30).
#![cfg(all(feature = "url-mode", not(target_arch = "wasm32")))]

#[path = "support/url_suite.rs"]
mod url_suite;

use elicit_form::Timestamp;
use elicit_form::url_mode::reply::{answer_url, read_url_record, record_url_answer, url_view};
use elicit_form::view::Reply;
use serde_json::{Value, json};

fn envelope(params: &str, server: &str) -> Value {
    serde_json::from_str(&Reply::from(url_view(params, server)).to_json(0)).unwrap()
}

#[test]
fn the_hostile_url_suite_holds() {
    let ran = url_suite::run_suite(envelope);
    assert!(ran >= 60, "{ran} cases");
}

fn now() -> Timestamp {
    Timestamp::parse_rfc3339("2026-12-03T12:00:00Z").unwrap()
}

const PARAMS: &str =
    r#"{"mode":"url","message":"Sign in","url":"https://login.example.com/oauth"}"#;

fn fingerprint() -> String {
    url_view(PARAMS, "calendar").unwrap().fingerprint
}

fn record(action: &str, fingerprint: &str) -> String {
    let request = json!({"server": "calendar", "tool": "connect", "fingerprint": fingerprint, "action": action});
    let record = record_url_answer(&request.to_string(), now()).unwrap();
    serde_json::to_string(&record).unwrap()
}

fn decision(record: Option<&str>, at: Timestamp) -> Value {
    let reply = Reply::from(answer_url("calendar", "connect", PARAMS, record, at));
    serde_json::from_str(&reply.to_json(0)).unwrap()
}

#[test]
fn each_recorded_action_is_sent_for_the_same_link() {
    for action in ["accept", "decline", "cancel"] {
        let record = record(action, &fingerprint());
        assert_eq!(
            decision(Some(&record), now())["ok"],
            json!({"action": action})
        );
    }
}

#[test]
fn no_record_another_link_or_a_stale_one_asks_again() {
    let asked = decision(None, now());
    assert_eq!(asked["ok"]["action"], "ask");
    let pending = &asked["ok"]["pending"];
    assert_eq!(pending["serverName"], "calendar");
    assert_eq!(pending["toolName"], "connect");
    assert_eq!(pending["view"]["site"], "example.com");
    assert_eq!(
        pending["summary"],
        "MCP server 'calendar' asks you to open a link before tool 'connect' can run"
    );
    let other = record("accept", &"0".repeat(64));
    assert_eq!(decision(Some(&other), now())["ok"]["action"], "ask");
    let fresh = record("accept", &fingerprint());
    let last = now().plus_nanos(30 * 60 * 1_000_000_000 - 1).unwrap();
    assert_eq!(decision(Some(&fresh), last)["ok"]["action"], "accept");
    let expired = now().plus_nanos(30 * 60 * 1_000_000_000).unwrap();
    assert_eq!(decision(Some(&fresh), expired)["ok"]["action"], "ask");
}

#[test]
fn a_record_is_for_its_server_and_tool_only() {
    let record = read_url_record(&record("accept", &fingerprint())).unwrap();
    assert!(record.applies_to("calendar", "connect", &fingerprint(), now()));
    assert!(!record.applies_to("calendar", "other", &fingerprint(), now()));
    assert!(!record.applies_to("mail", "connect", &fingerprint(), now()));
    assert!(record.answers.is_empty());
}

#[test]
fn a_record_request_is_read_as_strictly_as_a_forms() {
    let refused = |request: Value| match record_url_answer(&request.to_string(), now()) {
        Err(elicit_form::view::Failure::Type(message)) => message,
        other => panic!("{other:?}"),
    };
    let base = json!({"server": "s", "tool": "t", "fingerprint": "f", "action": "accept"});
    let mut with_answers = base.clone();
    with_answers["answers"] = json!({});
    assert!(refused(with_answers).contains("has no member \"answers\""));
    let mut unknown = base.clone();
    unknown["action"] = json!("open");
    assert!(refused(unknown).contains(r#"must be "accept" or "decline" or "cancel""#));
}

#[test]
fn a_url_record_is_not_a_backend_form_record() {
    // `cancel` is no backend form action, so the form reader refuses it.
    let text = record("cancel", &fingerprint());
    let read = elicit_form::profile::ProfiledRecord::read(elicit_form::Profile::Backend, &text);
    assert!(read.is_err());
}

#[test]
fn unusable_params_are_refused_as_params_never_a_type_error() {
    let refused = |text: &str| {
        let reply = envelope(text, "calendar");
        assert_eq!(reply["urlRefused"]["kind"], "params", "{text}: {reply}");
        reply["urlRefused"]["message"].as_str().unwrap().to_string()
    };
    assert!(
        refused("{").starts_with("the URL-mode request is not usable: params must be JSON text")
    );
    assert_eq!(
        refused("[]"),
        "the URL-mode request is not usable: params must be an object, not an array"
    );
    // A lone surrogate, as JSON.stringify writes one from a JS string.
    let lone = r#"{"mode":"url","message":"Sign in \ud800","url":"https://example.com/"}"#;
    assert!(refused(lone).contains("params must be JSON text"));
    // Nesting past the reader's depth.
    let deep = format!(
        r#"{{"mode":"url","message":"m","url":"https://example.com/","x":{}{}}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    assert!(refused(&deep).contains("params must be JSON text"));
}

#[test]
fn the_message_and_the_id_are_shown_as_sent_or_refused() {
    for (message, id) in [
        ("Sign in\u{1b}[1A\u{1b}[2Ksite: example.com", None),
        ("Sign in\nsite: bank.example", None),
        ("\u{202e}nigis\u{202c} to continue", None),
        ("Sign\u{200b}in", None),
        ("Sign in\u{2028}now", None),
        ("Sign in", Some("id\u{1b}]0;title\u{7}")),
        ("Sign in", Some("a\u{202e}b")),
    ] {
        let mut params = json!({"mode": "url", "message": message, "url": "https://example.com/"});
        if let Some(id) = id {
            params["elicitationId"] = json!(id);
        }
        let reply = envelope(&params.to_string(), "calendar");
        assert_eq!(
            reply["urlRefused"]["kind"], "hiddenText",
            "{params}: {reply}"
        );
        let field = if id.is_some() {
            "elicitationId"
        } else {
            "message"
        };
        assert!(
            reply["urlRefused"]["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("the {field} has")),
            "{reply}"
        );
    }
}

#[test]
fn the_header_is_the_configured_server_name_as_forms_cut_it() {
    let params = r#"{"mode":"url","message":"m","url":"https://example.com/"}"#;
    let long = "a-server-name-longer-than-sixteen";
    let view = url_view(params, long).unwrap();
    assert_eq!(view.header, elicit_form::question::attribution_header(long));
}

/// The site of a host under every rule of the Public Suffix List, written in
/// ASCII or in Unicode, with a port and with a trailing dot: the registrable
/// domain (the lookup is held to the `psl` crate by tests/public_suffix.rs),
/// shown as `displayHost` writes its labels, counted on labels. A host
/// line must show more than the site.
#[test]
fn the_site_is_the_registrable_domain_under_every_rule_of_the_list() {
    use elicit_form::url_mode::public_suffix::registrable_domain;
    const LIST: &str = include_str!("../src/url_mode/public_suffix_list.dat");
    let mut checked = 0;
    for rule in LIST
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
    {
        let suffix = match (rule.strip_prefix("*."), rule.strip_prefix('!')) {
            (Some(parent), _) => format!("x.{parent}"),
            (_, Some(exception)) => exception.to_string(),
            _ => rule.to_string(),
        };
        let ascii_suffix = url::quirks::domain_to_ascii(&suffix);
        assert!(!ascii_suffix.is_empty(), "{rule}");
        let written = if suffix.is_ascii() {
            vec![suffix.clone()]
        } else {
            vec![suffix.clone(), ascii_suffix.clone()]
        };
        for form in &written {
            for (port, dot) in [("", ""), (":8443", ""), ("", "."), (":8443", ".")] {
                let link = format!("https://accounts.google.com.evil.{form}{dot}{port}/oauth");
                let params = json!({"mode": "url", "message": "Sign in", "url": link});
                let view = url_view(&params.to_string(), "calendar")
                    .unwrap_or_else(|refusal| panic!("{link}: {refusal:?}"));
                let host = view.host.trim_end_matches('.');
                assert!(host.ends_with(&ascii_suffix), "{link}: {view:?}");
                let site_ascii = registrable_domain(host).unwrap_or_else(|| panic!("{link}"));
                assert!(site_ascii.ends_with(&ascii_suffix), "{link}: {site_ascii}");
                let expected = if view.display_host.is_ascii() {
                    site_ascii.to_string()
                } else {
                    url::quirks::domain_to_unicode(site_ascii)
                };
                assert_eq!(view.site, expected, "{link}: {view:?}");
                assert_eq!(
                    view.site.split('.').count(),
                    site_ascii.split('.').count(),
                    "{link}"
                );
                let shown = view.display_host.trim_end_matches('.');
                assert!(
                    shown.ends_with(&format!(".{}", view.site)),
                    "{link}: {view:?}"
                );
                assert!(!view.site.contains("accounts"), "{link}: {view:?}");
                let kinds: Vec<&str> = view.warnings.iter().map(|w| w.kind.name()).collect();
                assert_eq!(kinds.contains(&"port"), !port.is_empty(), "{link}");
                assert_eq!(kinds.contains(&"trailingDot"), !dot.is_empty(), "{link}");
                checked += 1;
            }
        }
    }
    assert!(checked > 4 * 9000, "{checked} hosts");
}

#[test]
fn the_site_under_an_internationalized_suffix_is_its_last_labels() {
    for (link, display, site) in [
        (
            "https://accounts.google.com.evil.xn--p1ai/oauth",
            "accounts.google.com.evil.рф",
            "evil.рф",
        ),
        (
            "https://accounts.google.com.evil.рф:8443/",
            "accounts.google.com.evil.рф",
            "evil.рф",
        ),
        (
            "https://www.paypal.com.xn--80asehdb./",
            "www.paypal.com.онлайн.",
            "com.онлайн",
        ),
        (
            "https://login.apple.com.xn--q9jyb4c/",
            "login.apple.com.みんな",
            "com.みんな",
        ),
        ("https://a.b.xn--fiqs8s/", "a.b.中国", "b.中国"),
        ("https://a.b.xn--9dbq2a/", "a.b.קום", "b.קום"),
        ("https://a.b.xn--fhbei/", "a.b.كوم", "b.كوم"),
    ] {
        let params = json!({"mode": "url", "message": "Sign in", "url": link});
        let view = url_view(&params.to_string(), "calendar").unwrap();
        assert_eq!(view.display_host, display, "{link}");
        assert_eq!(view.site, site, "{link}");
    }
}
