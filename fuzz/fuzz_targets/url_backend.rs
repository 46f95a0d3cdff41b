//! Arbitrary text as a URL-mode request's URL (the first line) and message
//! (the rest; none at all when the rest is empty), against the backend's own
//! gate (everruns-core 0.43.0's `mcp::elicitation` and `mcp::protocol`,
//! whose URL code 0.50.1 keeps unchanged; tests/url_backend.rs runs both
//! releases): `validate_elicitation_url` here is the backend's, result and
//! error text, and every link this crate's stricter rules show, the backend
//! reads with the same message and accepts, with the view's ASCII host and
//! the same punycode flag.
#![no_main]

use everruns_core::mcp::elicitation as theirs;
use everruns_core::mcp::protocol::InputRequest;
use libfuzzer_sys::fuzz_target;
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (url, message) = text.split_once('\n').unwrap_or((&text, "Sign in"));
    let ours = elicit_form::validate_elicitation_url(url).map_err(|error| error.to_string());
    let backend = theirs::validate_elicitation_url(url).map_err(|error| error.to_string());
    assert_eq!(ours, backend, "{url:?}");
    let params = if message.is_empty() {
        json!({"mode": "url", "url": url})
    } else {
        json!({"mode": "url", "message": message, "url": url})
    };
    let Ok(view) = elicit_form::url_mode::url_elicitation(&params, "server") else {
        return;
    };
    let request = InputRequest {
        key: "link".to_string(),
        method: "elicitation/create".to_string(),
        params,
    };
    let (read_message, read_url) = request
        .url_elicitation()
        .expect("the backend reads the request");
    assert_eq!(read_message, view.message);
    assert_eq!(read_url, url);
    let (host, punycode) = backend.expect("a link shown here is accepted by the backend");
    assert_eq!(host, view.host, "{url:?}");
    assert_eq!(
        punycode,
        view.host.split('.').any(|label| label.starts_with("xn--"))
    );
});
