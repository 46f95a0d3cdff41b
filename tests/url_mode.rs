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
fn unreadable_params_text_is_a_type_error_and_bad_params_a_refusal() {
    let reply = envelope("{", "calendar");
    assert!(
        reply["type"]
            .as_str()
            .unwrap()
            .starts_with("params must be JSON text")
    );
    let reply = envelope("[]", "calendar");
    assert_eq!(reply["urlRefused"]["kind"], "params");
    assert_eq!(
        reply["urlRefused"]["message"],
        "the URL-mode request is not usable: params must be an object, not an array"
    );
}

#[test]
fn the_header_is_the_configured_server_name_as_forms_cut_it() {
    let params = r#"{"mode":"url","message":"m","url":"https://example.com/"}"#;
    let long = "a-server-name-longer-than-sixteen";
    let view = url_view(params, long).unwrap();
    assert_eq!(view.header, elicit_form::question::attribution_header(long));
}
