//! The hostile-URL suite (tests/data/url-suite.json) natively, through the
//! URL rules for plain ASCII hosts with this crate's lockfile (IDNA without
//! Unicode data, as the small wasm has it): a link whose host is plain ASCII
//! is decided exactly as the suite, which the full rules pass
//! (tests/url_mode.rs), says; any other is refused `unicodeRules` (or
//! earlier, by the message and the text as sent, as the full rules refuse
//! it), never decided otherwise.

use elicit_form::url_mode::needs_unicode_rules;
use elicit_form_wasm::reply::Reply;
use elicit_form_wasm::url::reply::url_view;
use serde_json::{Value, json};

const SUITE: &str = include_str!("../../../tests/data/url-suite.json");

#[test]
fn plain_ascii_hosts_are_decided_as_the_full_rules_decide_them_and_no_other_is() {
    let suite: Value = serde_json::from_str(SUITE).unwrap();
    let server = suite["serverName"].as_str().unwrap();
    let cases = suite["cases"].as_array().unwrap();
    let (mut decided, mut held_back) = (0, 0);
    for case in cases {
        let message = case.get("message").unwrap_or(&suite["message"]);
        let params = case
            .get("params")
            .cloned()
            .unwrap_or_else(|| json!({"mode": "url", "message": message, "url": case["url"]}));
        let got: Value =
            serde_json::from_str(&Reply::from(url_view(&params.to_string(), server)).to_json(0))
                .unwrap();
        let name = format!("{} {}", case["class"], params);
        let url = params
            .get("url")
            .or_else(|| params.get("params").and_then(|inner| inner.get("url")))
            .and_then(Value::as_str);
        let kind = got["urlRefused"]["kind"].as_str();
        if kind == Some("unicodeRules") {
            assert!(
                url.is_some_and(needs_unicode_rules),
                "{name}: held back, but its host is plain ASCII"
            );
            held_back += 1;
            continue;
        }
        decided += 1;
        if let Some(expected) = case.get("refused") {
            assert_eq!(kind, expected.as_str(), "{name}: {got}");
            continue;
        }
        let view = got
            .get("ok")
            .unwrap_or_else(|| panic!("{name}: refused: {got}"));
        if let Some(expected) = case["view"].as_object() {
            for (key, value) in expected {
                assert_eq!(&view[key], value, "{name}: {key}");
            }
        }
        assert!(view["displayHost"].as_str().unwrap().is_ascii(), "{name}");
        let kinds: Vec<&Value> = view["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|warning| &warning["kind"])
            .collect();
        let expected: Vec<&Value> = case["warnings"].as_array().unwrap().iter().collect();
        assert_eq!(kinds, expected, "{name}");
    }
    // Both kinds are in the suite in numbers.
    assert!(
        decided >= 120 && held_back >= 100,
        "{decided} decided, {held_back} held back"
    );
}
