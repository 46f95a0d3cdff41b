//! URL mode natively: the hostile-URL suite through the URL rules as the
//! exports call them (JSON texts in, one envelope out), and the consent
//! record and decision, on the backend's `StoredConsent`.
#![cfg(all(feature = "url-mode", not(target_arch = "wasm32")))]

#[path = "../../../tests/support/url_suite.rs"]
mod url_suite;

use elicit_form::Timestamp;
use elicit_form_wasm::reply::Reply;
use elicit_form_wasm::url::reply::{answer_url, record_url_consent, url_view};
use serde_json::{Value, json};

fn envelope(params: &str, server: &str) -> Value {
    serde_json::from_str(&Reply::from(url_view(params, server)).to_json(0)).unwrap()
}

#[test]
fn the_hostile_url_suite_holds() {
    let ran = url_suite::run_suite(envelope);
    assert!(ran >= 60, "{ran} cases");
}

/// What the rules for plain ASCII hosts (the npm package's first wasm,
/// `url-mode-ascii`) take for granted of a link they decide: every rule
/// shows its host as it is, with no look-alike warning. And what they hold
/// back is every link whose host is written with anything but plain ASCII.
#[test]
fn links_the_ascii_rules_decide_are_shown_by_every_rule_as_they_are() {
    use elicit_form::url_mode::needs_unicode_rules;
    let suite: Value =
        serde_json::from_str(include_str!("../../../tests/data/url-suite.json")).unwrap();
    let mut decided = 0;
    for case in suite["cases"].as_array().unwrap() {
        let Some(url) = case["url"].as_str() else {
            continue;
        };
        let params = json!({"mode": "url", "message": "Sign in", "url": url}).to_string();
        let got = envelope(&params, "s");
        if needs_unicode_rules(url) {
            continue;
        }
        decided += 1;
        if let Some(view) = got.get("ok") {
            assert_eq!(view["displayHost"], view["host"], "{url}");
            assert!(
                !view["warnings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|w| w["kind"] == "lookalikeHost"),
                "{url}"
            );
        }
    }
    assert!(decided >= 100, "{decided}");
    for held in [
        "https://b\u{fc}cher.example/",
        "https://xn--bcher-kva.example/",
        "https://XN--bcher-kva.example/",
        "https://%65xample.com/",
        "https://user:p\u{e4}ss@example.com/",
        "https:\\\\b\u{fc}cher.example/",
    ] {
        assert!(needs_unicode_rules(held), "{held}");
    }
    for plain in [
        "https://example.com/b\u{fc}cher?q=%C3%BC#\u{fc}",
        "https://example.com:8443/xn--path",
        "javascript:alert(1)",
        "https://a_b.example.com/",
    ] {
        assert!(!needs_unicode_rules(plain), "{plain}");
    }
}

fn now() -> Timestamp {
    Timestamp::parse_rfc3339("2026-12-03T12:00:00Z").unwrap()
}

const PARAMS: &str =
    r#"{"mode":"url","message":"Sign in","url":"https://login.example.com/oauth"}"#;

fn consent(server: &str, tool: &str, host: &str) -> String {
    let request = json!({"server": server, "tool": tool, "host": host});
    let consent = record_url_consent(&request.to_string(), now()).unwrap();
    serde_json::to_string(&consent).unwrap()
}

fn decision_for(params: &str, consent: Option<&str>, at: Timestamp) -> Value {
    let reply = Reply::from(answer_url("calendar", "connect", params, consent, at));
    serde_json::from_str(&reply.to_json(0)).unwrap()
}

fn decision(consent: Option<&str>, at: Timestamp) -> Value {
    decision_for(PARAMS, consent, at)
}

#[test]
fn a_consent_to_the_same_host_is_sent_as_accept() {
    let consent = consent("calendar", "connect", "login.example.com");
    assert_eq!(
        consent,
        r#"{"server":"calendar","tool":"connect","host":"login.example.com","expires_at":"2026-12-03T12:30:00Z"}"#
    );
    let made_in_rust =
        elicit_form::StoredConsent::new("calendar", "connect", "login.example.com", now());
    assert_eq!(
        consent,
        serde_json::to_string(&made_in_rust).unwrap(),
        "the JSON path writes the record the Rust API makes"
    );
    assert_eq!(
        decision(Some(&consent), now())["ok"],
        json!({"action": "accept"})
    );
}

#[test]
fn no_consent_another_pairing_host_or_a_stale_one_asks_again() {
    let asked = decision(None, now());
    assert_eq!(asked["ok"]["action"], "ask");
    let pending = &asked["ok"]["pending"];
    assert_eq!(pending["serverName"], "calendar");
    assert_eq!(pending["toolName"], "connect");
    assert_eq!(pending["view"]["site"], "example.com");
    assert_eq!(pending["message"], "Sign in");
    assert_eq!(pending["url"], "https://login.example.com/oauth");
    assert_eq!(pending["host"], "login.example.com");
    assert_eq!(pending["punycode"], false);
    assert_eq!(
        pending["summary"],
        "MCP server 'calendar' needs you to complete an interaction at login.example.com before tool 'connect' can run"
    );
    for other in [
        consent("calendar", "connect", "evil.example"),
        consent("calendar", "other", "login.example.com"),
        consent("mail", "connect", "login.example.com"),
    ] {
        assert_eq!(
            decision(Some(&other), now())["ok"]["action"],
            "ask",
            "{other}"
        );
    }
    let fresh = consent("calendar", "connect", "login.example.com");
    let last = now().plus_nanos(30 * 60 * 1_000_000_000 - 1).unwrap();
    assert_eq!(decision(Some(&fresh), last)["ok"]["action"], "accept");
    let expired = now().plus_nanos(30 * 60 * 1_000_000_000).unwrap();
    assert_eq!(decision(Some(&fresh), expired)["ok"]["action"], "ask");
}

#[test]
fn a_consent_is_bound_to_the_ascii_host_and_flags_punycode() {
    let params = r#"{"mode":"url","message":"Pay","url":"https://b\u00fccher.example/pay"}"#;
    let asked = decision_for(params, None, now());
    let pending = &asked["ok"]["pending"];
    assert_eq!(pending["host"], "xn--bcher-kva.example");
    assert_eq!(pending["punycode"], true);
    assert_eq!(pending["url"], "https://b\u{fc}cher.example/pay");
    let unicode = consent("calendar", "connect", "b\u{fc}cher.example");
    assert_eq!(
        decision_for(params, Some(&unicode), now())["ok"]["action"],
        "ask"
    );
    let ascii = consent("calendar", "connect", "xn--bcher-kva.example");
    assert_eq!(
        decision_for(params, Some(&ascii), now())["ok"]["action"],
        "accept"
    );
}

#[test]
fn a_consent_request_and_a_consent_are_read_strictly() {
    let refused = |request: Value| match record_url_consent(&request.to_string(), now()) {
        Err(elicit_form_wasm::reply::Failure::Type(message)) => message,
        other => panic!("{other:?}"),
    };
    let base = json!({"server": "s", "tool": "t", "host": "h.example"});
    let mut extra = base.clone();
    extra["fingerprint"] = json!("f");
    assert!(refused(extra).contains("has no member \"fingerprint\""));
    let mut numeric = base.clone();
    numeric["host"] = json!(1);
    assert!(refused(numeric).contains("request.host must be a string"));
    let late = Timestamp::parse_rfc3339("9999-12-31T23:45:00Z").unwrap();
    assert!(record_url_consent(&base.to_string(), late).is_err());
    for broken in [
        r#"{"server":"calendar","tool":"connect","expires_at":"2026-12-03T12:30:00Z"}"#,
        r#"{"server":"calendar","tool":"connect","host":"login.example.com","expires_at":"later"}"#,
        r#"{"server":"calendar","tool":"connect","fingerprint":"f","action":"accept","expires_at":"2026-12-03T12:30:00Z"}"#,
        "[]",
        "{",
    ] {
        let reply = decision(Some(broken), now());
        let message = reply["type"].as_str().unwrap_or_default();
        assert!(
            message.starts_with("consent must be a StoredConsent"),
            "{broken}: {reply}"
        );
    }
    // The link's rules come first: a refused link is refused whatever the consent.
    let hostile = r#"{"mode":"url","message":"m","url":"https://a@evil.example/"}"#;
    let reply = decision_for(hostile, Some("["), now());
    assert_eq!(reply["urlRefused"]["kind"], "userInfo");
}

#[test]
fn a_url_mode_entry_with_no_message_is_shown_the_backends_text() {
    for params in [
        r#"{"mode":"url","url":"https://login.example.com/oauth"}"#,
        r#"{"mode":"url","message":null,"url":"https://login.example.com/oauth"}"#,
        r#"{"method":"elicitation/create","params":{"mode":"url","url":"https://login.example.com/oauth"}}"#,
    ] {
        let asked = decision_for(params, None, now());
        let text = elicit_form::url_mode::DEFAULT_URL_MESSAGE;
        assert_eq!(
            text,
            "The server needs you to complete an interaction in your browser."
        );
        assert_eq!(asked["ok"]["pending"]["message"], text, "{params}");
        assert_eq!(asked["ok"]["pending"]["view"]["message"], text, "{params}");
    }
    let numeric = r#"{"mode":"url","message":7,"url":"https://login.example.com/oauth"}"#;
    assert_eq!(
        decision_for(numeric, None, now())["urlRefused"]["kind"],
        "params"
    );
}

/// A consent the backend's `StoredConsent::new` wrote (each release), read
/// back as JSON text by this crate's decision.
macro_rules! written_by_the_backend {
    ($name:ident, $krate:ident) => {
        #[test]
        fn $name() {
            use $krate::mcp::elicitation::StoredConsent;
            let at = chrono::DateTime::parse_from_rfc3339("2026-12-03T12:00:00Z")
                .unwrap()
                .with_timezone(&chrono::Utc);
            let theirs = StoredConsent::new("calendar", "connect", "login.example.com", at);
            let text = serde_json::to_string(&theirs).unwrap();
            assert_eq!(decision(Some(&text), now())["ok"], json!({"action": "accept"}));
            let elsewhere = StoredConsent::new("calendar", "connect", "evil.example", at);
            let text = serde_json::to_string(&elsewhere).unwrap();
            assert_eq!(decision(Some(&text), now())["ok"]["action"], "ask");
            let expired = now().plus_nanos(30 * 60 * 1_000_000_000).unwrap();
            let text = serde_json::to_string(&theirs).unwrap();
            assert_eq!(decision(Some(&text), expired)["ok"]["action"], "ask");
        }
    };
}

written_by_the_backend!(
    a_consent_written_by_the_backend_0_43_is_honoured,
    everruns_core
);
written_by_the_backend!(
    a_consent_written_by_the_backend_0_50_is_honoured,
    everruns_core_050
);

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

/// The links, names and hosts of `tests/data/backend-consents.json`: names
/// the key folds, a punycode host, and the three loopback hosts.
const CONSENT_CASES: [(&str, &str, &str); 6] = [
    ("calendar", "connect", "https://accounts.example.com/oauth"),
    (
        "acme/billing",
        "charge now",
        "https://pay.example.com/pay/1",
    ),
    ("日本", "x.y-z_w", "https://b\u{fc}cher.example/"),
    ("local", "dev", "http://[::1]:8080/cb"),
    ("local", "loop", "http://localhost:3000/cb"),
    ("files", "resources/read:file:///a b", "http://127.0.0.1/"),
];
const CONSENT_NOW: &str = "2026-12-03T12:00:00.123Z";

/// What `tests/data/backend-consents.json` holds, made by one release's
/// `StoredConsent::new`, `consent_storage_key` and `validate_elicitation_url`.
macro_rules! backend_consents {
    ($krate:ident) => {{
        use $krate::mcp::elicitation::{StoredConsent, consent_storage_key, validate_elicitation_url};
        let now = chrono::DateTime::parse_from_rfc3339(CONSENT_NOW)
            .unwrap()
            .with_timezone(&chrono::Utc);
        let consents: Vec<Value> = CONSENT_CASES
            .iter()
            .map(|(server, tool, url)| {
                let (host, _) = validate_elicitation_url(url).unwrap();
                let record = StoredConsent::new(server, tool, &host, now);
                json!({
                    "server": server, "tool": tool, "host": host, "url": url,
                    "key": consent_storage_key(server, tool),
                    "record": serde_json::to_string(&record).unwrap(),
                })
            })
            .collect();
        json!({"now": CONSENT_NOW, "consents": consents})
    }};
}

/// `tests/data/backend-consents.json` is what both releases of the backend
/// write (`UPDATE_DATA=1` writes it anew); tests/js/url.test.mjs checks the
/// package against it. Here, this crate's key and record are the same.
#[test]
fn the_consents_in_tests_data_are_the_backends_and_ours_alike() {
    let theirs = backend_consents!(everruns_core);
    assert_eq!(theirs, backend_consents!(everruns_core_050));
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/backend-consents.json"
    );
    let text = format!("{}\n", serde_json::to_string_pretty(&theirs).unwrap());
    if std::env::var_os("UPDATE_DATA").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    assert_eq!(std::fs::read_to_string(path).unwrap_or_default(), text);
    let now = Timestamp::parse_rfc3339(CONSENT_NOW).unwrap();
    for case in theirs["consents"].as_array().unwrap() {
        let field = |name: &str| case[name].as_str().unwrap();
        assert_eq!(
            elicit_form::consent_storage_key(field("server"), field("tool")),
            field("key")
        );
        let ours =
            elicit_form::StoredConsent::new(field("server"), field("tool"), field("host"), now);
        assert_eq!(serde_json::to_string(&ours).unwrap(), field("record"));
        let params = json!({"mode": "url", "message": "m", "url": field("url")}).to_string();
        let reply = answer_url(
            field("server"),
            field("tool"),
            &params,
            Some(field("record")),
            now,
        );
        let decided = serde_json::from_str::<Value>(&Reply::from(reply).to_json(0)).unwrap();
        assert_eq!(decided["ok"], json!({"action": "accept"}), "{case}");
    }
}

/// The site of a host under every rule of the Public Suffix List, written in
/// ASCII or in Unicode, with a port and with a trailing dot: the registrable
/// domain (the lookup is held to the `psl` crate by tests/public_suffix.rs),
/// shown as `displayHost` writes its labels, counted on labels. A host
/// line must show more than the site.
#[test]
fn the_site_is_the_registrable_domain_under_every_rule_of_the_list() {
    use elicit_form::url_mode::public_suffix::registrable_domain;
    const LIST: &str = include_str!("../../../src/url_mode/public_suffix_list.dat");
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
