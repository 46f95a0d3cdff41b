//! The recorded vectors (both profiles') through the wasm exports (JSON
//! text in, one JSON envelope out), as the npm package calls them: under
//! Node here, and in a browser through `tests/in_browser.rs` (`wasm-pack
//! test --node`, `--headless --chrome`, `--headless --firefox`, from
//! crates/wasm). The core's `tests/vectors.rs` runs the same vectors against
//! the core in wasm.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use elicit_form_wasm as wasm;
use serde_json::{Value, json};
use wasm_bindgen_test::wasm_bindgen_test as test;

const BACKEND_VECTORS: &str = include_str!("../../../tests/data/backend-vectors.jsonl");
const MCP_2026_07_28_VECTORS: &str =
    include_str!("../../../tests/data/mcp-2026-07-28-vectors.jsonl");

/// `now` as the glue passes it (pkg-template/core.js): a kind (0
/// milliseconds, 1 RFC 3339 text, anything else neither) with the
/// milliseconds and the text.
#[derive(Debug, Clone, Copy)]
enum Now<'a> {
    Millis(f64),
    Text(&'a str),
    Unusable,
}

impl Now<'_> {
    fn kind(self) -> u32 {
        match self {
            Now::Millis(_) => 0,
            Now::Text(_) => 1,
            Now::Unusable => 2,
        }
    }

    fn millis(self) -> f64 {
        match self {
            Now::Millis(millis) => millis,
            _ => 0.0,
        }
    }

    fn text(self) -> Option<String> {
        match self {
            Now::Text(text) => Some(text.to_string()),
            _ => None,
        }
    }
}

/// `text` written into the wasm's inbox, as the package's JS writes a JSON
/// text: its byte length, for the export that reads it.
fn inbox(text: &str) -> usize {
    let [bytes] = wasm::texts_in([text]);
    bytes
}

fn envelope(text: String) -> Value {
    serde_json::from_str(&text).expect("every export answers with a JSON envelope")
}

fn ok(text: String) -> Value {
    let reply = envelope(text);
    reply
        .get("ok")
        .cloned()
        .unwrap_or_else(|| panic!("expected ok, got {reply}"))
}

/// The variant name that opens the kind's Debug text in the vectors
/// (`Text { format: None }` is `"text"`).
fn debug_kind(debug: &str) -> String {
    debug
        .split([' ', '{'])
        .next()
        .unwrap_or_default()
        .to_lowercase()
}

/// What the wasm layer answers for one vector, in the vectors' `expect` shape,
/// or the first way the envelope disagrees with itself.
fn actual(vector: &Value) -> Result<Value, String> {
    let text = |field: &str| vector[field].as_str().expect("text field");
    // A vector of another profile than the backend's names it; its expected
    // properties are the view itself.
    let profile = vector
        .get("profile")
        .and_then(Value::as_str)
        .map(str::to_string);
    if let (Some(_), "parse") = (&profile, text("op")) {
        let schema = text("schema_text");
        let view = envelope(wasm::parse_requested_schema(inbox(schema), profile.clone()));
        let Some(view) = view.get("ok") else {
            return Ok(view);
        };
        return Ok(json!({"ok": {
            "questions": ok(wasm::questions(inbox(schema), text("server"), profile.clone())),
            "fingerprint": ok(wasm::fingerprint(inbox(schema), profile.clone())),
            "properties": view["properties"],
        }}));
    }
    Ok(match text("op") {
        "parse" => {
            let schema = text("schema_text");
            let view = envelope(wasm::parse_requested_schema(inbox(schema), None));
            let Some(view) = view.get("ok") else {
                return Ok(view);
            };
            let expected = &vector["expect"]["ok"]["properties"];
            let properties = view["properties"].as_array().expect("properties");
            let mut seen = Vec::new();
            for (property, expected) in properties
                .iter()
                .zip(expected.as_array().expect("properties"))
            {
                for field in ["name", "title", "description", "required"] {
                    if property[field] != expected[field] {
                        return Err(format!("{field}: view {property}, vector {expected}"));
                    }
                }
                let kind = expected["kind"].as_str().expect("kind");
                if property["kind"] != json!(debug_kind(kind)) {
                    return Err(format!("kind: view {property}, vector {kind}"));
                }
                seen.push(json!({
                    "name": property["name"], "title": property["title"],
                    "description": property["description"], "required": property["required"],
                    "kind": kind,
                }));
            }
            if properties.len() != expected.as_array().map_or(0, Vec::len) {
                return Err(format!(
                    "{} properties in the view, {expected} in the vector",
                    properties.len()
                ));
            }
            json!({"ok": {
                "questions": ok(wasm::questions(inbox(schema), text("server"), None)),
                "fingerprint": ok(wasm::fingerprint(inbox(schema), None)),
                "properties": seen,
            }})
        }
        "content" => {
            let [schema, answers] =
                wasm::texts_in([text("schema_text"), &vector["answers"].to_string()]);
            let reply = envelope(wasm::content_from_answers(schema, answers, profile));
            match reply.get("answer") {
                Some(answer) => {
                    let property = answer["property"].as_str().expect("property");
                    let message = answer["message"].as_str().expect("message");
                    if !message.starts_with(&format!("'{property}'")) {
                        return Err(format!(
                            "the answer error names {property:?} but says {message:?}"
                        ));
                    }
                    json!({"err": message})
                }
                None => reply,
            }
        }
        "key" => json!({"ok": wasm::form_answer_storage_key(text("server"), text("tool"))}),
        "names_a_credential" => json!({"ok": wasm::names_a_credential(text("text"))}),
        other => panic!("unknown op {other}"),
    })
}

/// Runs every vector of one file through the exports; gives how many ran,
/// and fails on the first few mismatches.
fn run_all(vectors: &str) -> usize {
    let mut count = 0;
    let mut mismatches = Vec::new();
    for (index, line) in vectors.lines().enumerate() {
        let vector: Value = serde_json::from_str(line).expect("vector is JSON");
        count += 1;
        match actual(&vector) {
            Ok(actual) if actual == vector["expect"] => {}
            Ok(actual) => mismatches.push(format!(
                "line {}: expected {}\n  actual {actual}",
                index + 1,
                vector["expect"]
            )),
            Err(problem) => mismatches.push(format!("line {}: {problem}", index + 1)),
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {count} differ:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(5)].join("\n")
    );
    count
}

#[test]
fn every_backend_vector_matches_everruns_core_through_the_wasm_exports() {
    assert_eq!(
        run_all(BACKEND_VECTORS),
        2573,
        "the vector file is complete"
    );
}

#[test]
fn every_mcp_2026_07_28_vector_matches_the_recorded_answer_through_the_wasm_exports() {
    assert_eq!(
        run_all(MCP_2026_07_28_VECTORS),
        573,
        "the vector file is complete"
    );
}

const SCHEMA: &str = r#"{"type": "object", "properties": {"seats": {"type": "integer", "minimum": 1, "maximum": 50}}}"#;

fn record(now: Now<'_>) -> Value {
    let fingerprint = ok(wasm::fingerprint(inbox(SCHEMA), None));
    let request = json!({"server": "billing", "tool": "buy", "fingerprint": fingerprint,
                         "action": "accept", "answers": {"seats": {"other_text": "12"}}});
    envelope(wasm::record_form_answer(
        inbox(&request.to_string()),
        now.kind(),
        now.millis(),
        now.text(),
        None,
    ))
}

/// `now` as the glue converts it (pkg-template/elicit_form.js): a Date, and
/// `undefined` or `null` (the clock's time), are milliseconds by then.
#[test]
fn now_is_read_from_milliseconds_or_rfc3339_text() {
    let at = |now: Now<'_>| record(now)["ok"]["expires_at"].clone();
    assert_eq!(at(Now::Millis(0.0)), json!("1970-01-01T00:30:00Z"));
    assert_eq!(
        at(Now::Text("2026-01-02T03:04:05Z")),
        json!("2026-01-02T03:34:05Z")
    );
    assert!(
        at(Now::Millis(js_sys::Date::now()))
            .as_str()
            .is_some_and(|text| text > "2026"),
        "the clock's time"
    );
}

#[test]
fn a_now_that_is_no_time_is_a_type_error_not_a_trap() {
    for now in [
        Now::Unusable,
        Now::Millis(f64::NAN),
        Now::Millis(1e300),
        Now::Text("yesterday"),
    ] {
        let reply = record(now);
        assert!(
            reply["type"]
                .as_str()
                .is_some_and(|text| text.starts_with("now ")),
            "{reply}"
        );
    }
    assert_eq!(
        record(Now::Millis(0.0))["ok"]["server"],
        "billing",
        "the module still works"
    );
}

#[test]
fn a_recorded_answer_is_accepted_once_and_only_for_its_questions() {
    let stored = record(Now::Millis(0.0))["ok"].to_string();
    let fingerprint = ok(wasm::fingerprint(inbox(SCHEMA), None));
    let fingerprint = fingerprint.as_str().expect("hex");
    let applies = |server: &str, millis: f64| {
        ok(wasm::applies_to(
            inbox(&stored),
            server,
            "buy",
            fingerprint,
            0,
            millis,
            None,
            None,
        ))
    };
    assert_eq!(applies("billing", 60_000.0), json!(true));
    assert_eq!(applies("other", 60_000.0), json!(false));
    assert_eq!(
        applies("billing", 1_800_000.0),
        json!(false),
        "expired at 30 minutes"
    );

    let answer = |record: Option<String>| {
        let [schema, record_bytes] = wasm::texts_in([SCHEMA, record.as_deref().unwrap_or("")]);
        ok(wasm::answer_form(
            "billing",
            "buy",
            "key",
            "How many?",
            schema,
            record.map(|_| record_bytes),
            0,
            60_000.0,
            None,
            None,
        ))
    };
    assert_eq!(
        answer(Some(stored)),
        json!({"action": "accept", "content": {"seats": 12}})
    );
    let asked = answer(None);
    assert_eq!(asked["action"], "ask");
    assert_eq!(
        asked["pending"]["summary"],
        "MCP server 'billing' has questions for you before tool 'buy' can run"
    );
    assert_eq!(
        asked["pending"],
        ok(wasm::pending(
            "billing",
            "buy",
            "key",
            "How many?",
            inbox(SCHEMA),
            None
        ))
    );
}

#[test]
fn malformed_arguments_are_type_envelopes() {
    let [schema, answers] = wasm::texts_in([SCHEMA, "[1]"]);
    let reply = envelope(wasm::content_from_answers(schema, answers, None));
    assert!(
        reply["type"]
            .as_str()
            .is_some_and(|text| text.starts_with("answers must be")),
        "{reply}"
    );
    let reply = envelope(wasm::applies_to(
        inbox("{}"),
        "s",
        "t",
        "f",
        0,
        0.0,
        None,
        None,
    ));
    assert!(
        reply["type"]
            .as_str()
            .is_some_and(|text| text.starts_with("record must be")),
        "{reply}"
    );
    let reply = envelope(wasm::questions(inbox("{"), "s", None));
    assert_eq!(reply["refused"]["kind"], "schema");
}

#[test]
fn the_constants_are_the_backends_bounds() {
    // MAX_FORM_PROPERTIES, MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTY_NAME_CHARS,
    // MAX_FORM_TITLE_CHARS, MAX_FORM_TEXT_CHARS, FORM_ANSWER_TTL_MS.
    assert_eq!(
        wasm::bounds(),
        &[16.0, 32.0, 64.0, 200.0, 2000.0, 1_800_000.0]
    );
}

/// `prepare_form` against `questions` and `fingerprint` of the same schema,
/// with calls on the neighbouring schemas between them so that the one-entry
/// schema cache is missed as often as it is hit.
#[test]
fn prepare_form_is_questions_and_fingerprint_in_one_call_whatever_was_read_before() {
    let schemas: Vec<(String, String)> = BACKEND_VECTORS
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("vector is JSON"))
        .filter(|vector| vector["op"] == "parse")
        .map(|vector| {
            (
                vector["schema_text"].as_str().unwrap().to_string(),
                vector["server"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(schemas.len() > 1000, "{} parse vectors", schemas.len());
    let (mut prepared, mut refused) = (0, 0);
    for (index, (schema, server)) in schemas.iter().enumerate() {
        let (neighbour, _) = &schemas[(index + 1) % schemas.len()];
        let together = envelope(wasm::prepare_form(inbox(schema), server, None));
        let _ = wasm::fingerprint(inbox(neighbour), None);
        let questions = envelope(wasm::questions(inbox(schema), server, None));
        let _ = wasm::parse_requested_schema(inbox(neighbour), None);
        let fingerprint = envelope(wasm::fingerprint(inbox(schema), None));
        match together.get("ok") {
            Some(both) => {
                prepared += 1;
                assert_eq!(
                    both,
                    &json!({"fingerprint": fingerprint["ok"], "questions": questions["ok"]}),
                    "{schema}"
                );
            }
            None => {
                refused += 1;
                assert_eq!(together, questions, "the same refusal: {schema}");
                assert_eq!(together, fingerprint, "the same refusal: {schema}");
            }
        }
        // The profile is part of what is cached: the other profile's reading
        // of the same text is not the backend's.
        let spec = envelope(wasm::fingerprint(
            inbox(schema),
            Some("mcp-2026-07-28".into()),
        ));
        if let (Some(backend), Some(spec)) = (fingerprint.get("ok"), spec.get("ok")) {
            assert_ne!(backend, spec, "{schema}");
        }
    }
    assert!(
        prepared > 100 && refused > 100,
        "{prepared} prepared, {refused} refused"
    );
}

/// The wasm build's allocator (talc with the `talc` feature, else Rust's
/// default; `src/lib.rs`) keeps what is written in
/// each block through a mix of sizes (pieces of every class and blocks of
/// pages), reallocations that grow and shrink, and frees in scattered order;
/// and what is freed is reused: the same mix three more times leaves memory
/// within half again of what the first took (an allocator that did not reuse
/// would take four times as much).
#[test]
fn the_allocator_keeps_contents_and_reuses_what_is_freed() {
    fn round() {
        let mut state: u32 = 0x2545_f491;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let intact = |block: &Vec<u8>| {
            let fill = block.first().copied().unwrap_or(0);
            assert!(block.iter().all(|&byte| byte == fill));
        };
        let mut blocks: Vec<Vec<u8>> = Vec::new();
        for step in 0..3_000u32 {
            let size = match next() % 10 {
                0 => next() % 300_000,
                1..=3 => next() % 4_000,
                _ => next() % 100,
            };
            blocks.push(vec![(step % 251) as u8; size as usize]);
            if next() % 3 == 0 {
                let at = next() as usize % blocks.len();
                let block = &mut blocks[at];
                let fill = block.first().copied().unwrap_or(0);
                block.resize((next() % 200_000) as usize, fill);
                block.shrink_to_fit();
                intact(block);
            }
            if next() % 2 == 0 {
                let at = next() as usize % blocks.len();
                intact(&blocks.swap_remove(at));
            }
        }
        blocks.iter().for_each(intact);
    }
    let pages = || core::arch::wasm32::memory_size::<0>();
    round();
    let after_first = pages();
    for _ in 0..3 {
        round();
    }
    assert!(
        pages() <= after_first + after_first / 2,
        "{} pages after {after_first}",
        pages()
    );
}

/// `now` crosses as a kind with milliseconds and text: a text kind needs its
/// text, and an unknown kind is refused, whatever comes with it.
#[test]
fn now_crosses_as_a_kind_with_milliseconds_and_text() {
    let fingerprint = ok(wasm::fingerprint(inbox(SCHEMA), None));
    let request = json!({"server": "billing", "tool": "buy", "fingerprint": fingerprint, "action": "decline"})
        .to_string();
    let record = |kind: u32, millis: f64, now: Option<&str>| {
        envelope(wasm::record_form_answer(
            inbox(&request),
            kind,
            millis,
            now.map(str::to_string),
            None,
        ))
    };
    assert_eq!(
        record(0, 0.0, Some("2026-01-02T03:04:05Z"))["ok"]["expires_at"],
        "1970-01-01T00:30:00Z",
        "milliseconds, the text aside"
    );
    assert_eq!(
        record(1, 0.0, Some("2026-01-02T03:04:05Z"))["ok"]["expires_at"],
        "2026-01-02T03:34:05Z",
        "text, the milliseconds aside"
    );
    let refused = record(2, 0.0, Some("2026-01-02T03:04:05Z"));
    assert!(
        refused["type"]
            .as_str()
            .is_some_and(|t| t.starts_with("now must be")),
        "{refused}"
    );
    assert_eq!(record(1, 0.0, None), refused, "a text kind needs its text");
}

#[path = "../../../tests/support/url_suite.rs"]
mod url_suite;

#[test]
fn the_hostile_url_suite_through_the_url_export() {
    let ran =
        url_suite::run_suite(|params, server| envelope(wasm::url_elicitation(params, server)));
    assert!(ran >= 60, "{ran} cases");
}

#[test]
fn url_consents_through_the_exports() {
    let params = r#"{"mode":"url","message":"Sign in","url":"https://login.example.com/"}"#;
    assert_eq!(
        wasm::consent_storage_key("calendar", "con/nect"),
        "mcp/elicitation-consent/calendar/con_nect"
    );
    let now = Now::Text("2026-12-03T12:00:00Z");
    let request = json!({"server": "calendar", "tool": "connect", "host": "login.example.com"});
    let consent = ok(wasm::record_url_consent(
        &request.to_string(),
        now.kind(),
        now.millis(),
        now.text(),
    ));
    assert_eq!(
        consent,
        json!({"server": "calendar", "tool": "connect", "host": "login.example.com", "expires_at": "2026-12-03T12:30:00Z"})
    );
    let consent_text = consent.to_string();
    let decided = wasm::answer_url(
        "calendar",
        "connect",
        params,
        Some(consent_text.clone()),
        now.kind(),
        now.millis(),
        now.text(),
    );
    assert_eq!(ok(decided), json!({"action": "accept"}));
    let late = Now::Millis(1_800_000_000_000.0);
    let asked = ok(wasm::answer_url(
        "calendar",
        "connect",
        params,
        Some(consent_text),
        late.kind(),
        late.millis(),
        late.text(),
    ));
    assert_eq!(asked["action"], "ask");
    assert_eq!(asked["pending"]["host"], "login.example.com");
    let unusable = envelope(wasm::record_url_consent(
        &request.to_string(),
        Now::Unusable.kind(),
        0.0,
        None,
    ));
    assert!(
        unusable["type"]
            .as_str()
            .unwrap()
            .starts_with("now must be")
    );
}
