//! URL mode against the backend, both releases (everruns-core 0.43.0 and
//! 0.50.1, `mcp::elicitation` and `mcp::protocol`):
//!
//! - this crate's rules are stricter only: every link `url_elicitation`
//!   shows, the backend's `InputRequest::url_elicitation` reads (with the
//!   same message, its default text when none is sent) and its
//!   `validate_elicitation_url` accepts, with the view's ASCII host and the
//!   same punycode flag; over the hostile-URL suite and generated links;
//! - `validate_elicitation_url` here is the backend's, result and text, for
//!   every link, shown or not;
//! - a consent written here is honoured by the backend's
//!   `ConsentingUrlElicitations` over a shared JSON store, and one the
//!   backend wrote by this crate's.
#![cfg(all(feature = "url-mode", feature = "handler", not(target_arch = "wasm32")))]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

const SUITE: &str = include_str!("data/url-suite.json");

/// Splitmix64: every generated link comes from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn pick<'a>(&mut self, choices: &[&'a str]) -> &'a str {
        choices[(self.next() % choices.len() as u64) as usize]
    }
}

const SCHEMES: [&str; 12] = [
    "https://",
    "https://",
    "https://",
    "http://",
    "http://",
    "HTTPS://",
    "HtTp://",
    "javascript:",
    "ftp://",
    "wss://",
    "https:",
    "https:/",
];
const USER_INFO: [&str; 8] = ["", "", "", "", "a@", "a:b@", "@", ":@"];
const HOSTS: [&str; 40] = [
    "example.com",
    "login.bank.example.evil.example",
    "localhost",
    "LOCALHOST",
    "localhost.",
    "127.0.0.1",
    "127.3.4.5",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "0177.0.0.1",
    "[::1]",
    "[0:0::1]",
    "[::ffff:127.0.0.1]",
    "[::]",
    "0.0.0.0",
    "192.168.1.1",
    "xn--80ak6aa92e.com",
    "b\u{fc}cher.example",
    "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com",
    "\u{6d4b}\u{8bd5}.\u{4e2d}\u{56fd}",
    "xn--pple-43d.com",
    "intranet",
    "com",
    "",
    ".",
    "a..example.com",
    "example.com.",
    "%65xample.com",
    "exa mple.com",
    "example.com%40evil.example",
    "github.io",
    "co.uk",
    "EXAMPLE.COM",
    "xn--.example",
    "xn--a.example",
    "ex\u{200b}ample.com",
    "\u{ff45}xample.com",
    "a.b.c.d.e.f.example",
    "mtls.run.app",
];
const PORTS: [&str; 7] = ["", "", "", ":443", ":8080", ":0", ":99999"];
const PATHS: [&str; 10] = [
    "/",
    "",
    "/a?b=1#c",
    "/oauth/authorize?client_id=chat&state=9f2c",
    "/\u{202e}x",
    "\\evil",
    "/%2e%2e/",
    "?q",
    "#f",
    "/a b",
];

fn generated_link(seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut host = rng.pick(&HOSTS).to_string();
    if rng.next().is_multiple_of(16) {
        host = format!("{}.{host}", "a".repeat(60 + (rng.next() % 8) as usize));
    }
    format!(
        "{}{}{}{}{}",
        rng.pick(&SCHEMES),
        rng.pick(&USER_INFO),
        host,
        rng.pick(&PORTS),
        rng.pick(&PATHS)
    )
}

/// The `params` of every suite case, as sent.
fn suite_params() -> Vec<Value> {
    let suite: Value = serde_json::from_str(SUITE).unwrap();
    let message = suite["message"].as_str().unwrap().to_string();
    suite["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            case.get("params").cloned().unwrap_or_else(|| {
                json!({"mode": "url", "message": case.get("message").unwrap_or(&json!(message)), "url": case["url"]})
            })
        })
        .collect()
}

/// The differential check of one request, against one release. Counts what
/// this crate showed.
macro_rules! stricter_only {
    ($krate:ident) => {
        |params: &Value, shown: &mut usize| {
            use $krate::mcp::elicitation as theirs;
            use $krate::mcp::protocol::InputRequest;
            // The backend reads the entry's params; the 2026-07-28 entry
            // wraps them.
            let inner = if params.get("method").is_some() {
                &params["params"]
            } else {
                params
            };
            if let Some(url) = inner.get("url").and_then(Value::as_str) {
                let ours =
                    elicit_form::validate_elicitation_url(url).map_err(|error| error.to_string());
                let theirs =
                    theirs::validate_elicitation_url(url).map_err(|error| error.to_string());
                assert_eq!(ours, theirs, "validate_elicitation_url({url:?})");
            }
            let Ok(view) = elicit_form::url_mode::url_elicitation(params, "calendar") else {
                return;
            };
            *shown += 1;
            let request = InputRequest {
                key: "link".to_string(),
                method: "elicitation/create".to_string(),
                params: inner.clone(),
            };
            let (message, url) = request.url_elicitation().unwrap_or_else(|| {
                panic!("shown, but not a URL elicitation to the backend: {params}")
            });
            assert_eq!(message, view.message, "{params}");
            let (host, punycode) = theirs::validate_elicitation_url(&url).unwrap_or_else(|error| {
                panic!("shown, but refused by the backend ({error}): {params}")
            });
            assert_eq!(host, view.host, "{params}");
            assert_eq!(
                punycode,
                view.host.split('.').any(|label| label.starts_with("xn--")),
                "{params}"
            );
        }
    };
}

const GENERATED: u64 = 40_000;

macro_rules! every_shown_link_the_backend_accepts {
    ($test:ident, $krate:ident) => {
        #[test]
        fn $test() {
            let check = stricter_only!($krate);
            let mut shown = 0;
            let params = suite_params();
            for request in &params {
                check(request, &mut shown);
            }
            assert!(shown >= 50, "{shown} of the suite's {} shown", params.len());
            let from_suite = shown;
            for seed in 0..GENERATED {
                let message = if seed.is_multiple_of(7) { json!(null) } else { json!("Sign in") };
                let request = json!({"mode": "url", "message": message, "url": generated_link(seed)});
                check(&request, &mut shown);
            }
            // The generator reaches both sides of the rules.
            let generated = shown - from_suite;
            println!("shown: {from_suite} of the suite's {}, {generated} of {GENERATED} generated links", params.len());
            assert!(generated > 2_000 && generated < 38_000, "{generated} of {GENERATED} generated links shown");
        }
    };
}

every_shown_link_the_backend_accepts!(
    every_link_shown_the_backend_0_43_accepts_with_the_same_host,
    everruns_core
);
every_shown_link_the_backend_accepts!(
    every_link_shown_the_backend_0_50_accepts_with_the_same_host,
    everruns_core_050
);

/// A session's key-value store, as JSON text under the backend's key: what
/// either side writes, the other takes.
#[derive(Default)]
struct JsonStore(Mutex<BTreeMap<String, String>>);

impl JsonStore {
    fn put(&self, key: String, text: String) {
        self.0.lock().unwrap().insert(key, text);
    }

    fn take(&self, key: &str) -> Option<String> {
        self.0.lock().unwrap().remove(key)
    }
}

impl elicit_form::ElicitationConsentStore for JsonStore {
    fn take_consent<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> elicit_form::handler::BoxFuture<
        'a,
        Result<Option<elicit_form::GrantedConsent>, elicit_form::StoreError>,
    > {
        Box::pin(async move {
            let Some(text) = self.take(&elicit_form::consent_storage_key(server, tool)) else {
                return Ok(None);
            };
            let record: elicit_form::StoredConsent = serde_json::from_str(&text)?;
            Ok(record.grant_for(server, tool, elicit_form::Timestamp::now()))
        })
    }
}

macro_rules! consents_cross_between_the_crates {
    ($test:ident, $their_store:ident, $krate:ident) => {
        /// The backend's reading of the same store: its key, its serde.
        struct $their_store(Arc<JsonStore>);

        #[async_trait::async_trait]
        impl $krate::mcp::elicitation::ElicitationConsentStore for $their_store {
            async fn take_consent(
                &self,
                server: &str,
                tool: &str,
            ) -> anyhow::Result<Option<$krate::mcp::elicitation::GrantedConsent>> {
                use $krate::mcp::elicitation::{StoredConsent, consent_storage_key};
                let Some(text) = self.0.take(&consent_storage_key(server, tool)) else {
                    return Ok(None);
                };
                let record: StoredConsent = serde_json::from_str(&text)?;
                Ok(record.grant_for(server, tool, chrono::Utc::now()))
            }
        }

        #[tokio::test]
        async fn $test() {
            use elicit_form::UrlElicitationHandler as _;
            use theirs::UrlElicitationHandler as _;
            use $krate::mcp::elicitation as theirs;

            let store = Arc::new(JsonStore::default());
            let their_handler =
                theirs::ConsentingUrlElicitations::new(Arc::new($their_store(store.clone())));
            let our_handler = elicit_form::ConsentingUrlElicitations::new(store.clone());
            let their_link = |host: &str| theirs::UrlElicitation {
                server_name: "acme/billing".into(),
                tool_name: "charge".into(),
                key: "pay".into(),
                message: "Complete the payment".into(),
                url: format!("https://{host}/pay/1"),
                host: host.into(),
                punycode: false,
            };
            let our_link = |host: &str| elicit_form::UrlElicitation {
                server_name: "acme/billing".into(),
                tool_name: "charge".into(),
                key: "pay".into(),
                message: "Complete the payment".into(),
                url: format!("https://{host}/pay/1"),
                host: host.into(),
                punycode: false,
            };
            let key = elicit_form::consent_storage_key("acme/billing", "charge");
            let now = elicit_form::Timestamp::now();

            // Written here, taken by the backend: one accept, for its host
            // only. (The wasm's JSON path writes this very record:
            // crates/wasm/tests/url_mode.rs.)
            let ours =
                elicit_form::StoredConsent::new("acme/billing", "charge", "pay.example.com", now);
            for written in [serde_json::to_string(&ours).unwrap()] {
                store.put(key.clone(), written.clone());
                let action = their_handler
                    .request_url_consent(&their_link("pay.example.com"))
                    .await
                    .unwrap();
                assert_eq!(action, theirs::ElicitationAction::Accept, "{written}");
                let again = their_handler
                    .request_url_consent(&their_link("pay.example.com"))
                    .await
                    .unwrap();
                assert_eq!(again, theirs::ElicitationAction::Cancel, "taken once");
                store.put(key.clone(), written.clone());
                let swapped = their_handler
                    .request_url_consent(&their_link("evil.example"))
                    .await
                    .unwrap();
                assert_eq!(swapped, theirs::ElicitationAction::Cancel, "another host");
            }
            let stale = now.plus_nanos(-31 * 60 * 1_000_000_000).unwrap();
            let expired =
                elicit_form::StoredConsent::new("acme/billing", "charge", "pay.example.com", stale);
            store.put(key.clone(), serde_json::to_string(&expired).unwrap());
            let action = their_handler
                .request_url_consent(&their_link("pay.example.com"))
                .await
                .unwrap();
            assert_eq!(action, theirs::ElicitationAction::Cancel, "expired");

            // Written by the backend, taken here.
            let record = theirs::StoredConsent::new(
                "acme/billing",
                "charge",
                "pay.example.com",
                chrono::Utc::now(),
            );
            store.put(
                theirs::consent_storage_key("acme/billing", "charge"),
                serde_json::to_string(&record).unwrap(),
            );
            let action = our_handler
                .request_url_consent(&our_link("pay.example.com"))
                .await
                .unwrap();
            assert_eq!(action, elicit_form::ElicitationAction::Accept);
            let again = our_handler
                .request_url_consent(&our_link("pay.example.com"))
                .await
                .unwrap();
            assert_eq!(again, elicit_form::ElicitationAction::Cancel, "taken once");
            store.put(key.clone(), serde_json::to_string(&record).unwrap());
            let swapped = our_handler
                .request_url_consent(&our_link("evil.example"))
                .await
                .unwrap();
            assert_eq!(
                swapped,
                elicit_form::ElicitationAction::Cancel,
                "another host"
            );
            let foreign = theirs::StoredConsent::new(
                "acme/billing",
                "refund",
                "pay.example.com",
                chrono::Utc::now(),
            );
            store.put(key.clone(), serde_json::to_string(&foreign).unwrap());
            let action = our_handler
                .request_url_consent(&our_link("pay.example.com"))
                .await
                .unwrap();
            assert_eq!(
                action,
                elicit_form::ElicitationAction::Cancel,
                "another tool's record under the key"
            );
            assert!(store.0.lock().unwrap().is_empty(), "every record taken");
        }
    };
}

consents_cross_between_the_crates!(
    consents_cross_between_this_crate_and_the_backend_0_43,
    TheirStore043,
    everruns_core
);
consents_cross_between_the_crates!(
    consents_cross_between_this_crate_and_the_backend_0_50,
    TheirStore050,
    everruns_core_050
);
