//! Shared by the native and wasm vector tests: each vector's operation run
//! through this crate, answered in the vectors' own `expect` shape.
//!
//! Two files, one format (`/work/shared/conformance/README.md`'s, plus a
//! `profile` field on the second): the backend's answers recorded from
//! everruns-core 0.43.0, and the mcp-2026-07-28 profile's recorded from this
//! crate (`tests/support/mcp_2026_07_28_cases.rs` makes them).

use std::collections::BTreeMap;

use elicit_form::{
    FormAnswer, FormRefusal, Profile, form_answer_storage_key, names_a_credential,
    parse_requested_schema, parse_requested_schema_with,
};
use serde_json::{Value, json};

/// everruns-core 0.43.0's answers, byte for byte.
pub const BACKEND_VECTORS: &str = include_str!("../data/backend-vectors.jsonl");
/// This crate's answers under the opt-in MCP 2026-07-28 profile.
pub const MCP_2026_07_28_VECTORS: &str = include_str!("../data/mcp-2026-07-28-vectors.jsonl");

fn refused(refusal: &FormRefusal) -> Value {
    json!({"refused": {
        "kind": refusal.kind(),
        "property": refusal.property(),
        "reason": refusal.reason(),
        "message": refusal.to_string(),
    }})
}

/// The schema as the vector's exact JSON text when it has one (it keeps
/// `-0.0`), read as the crate's rules take it: serde_json's value natively,
/// the crate's own in wasm, read by its reader as the npm package reads it.
fn schema(vector: &Value) -> elicit_form::json::Value {
    let text = match vector.get("schema_text").and_then(Value::as_str) {
        Some(text) => text.to_string(),
        None => vector["schema"].to_string(),
    };
    #[cfg(not(target_arch = "wasm32"))]
    return serde_json::from_str(&text).expect("schema_text is JSON");
    #[cfg(target_arch = "wasm32")]
    return elicit_form::json::read(&text, elicit_form::json::Keys::LastWins)
        .expect("schema_text is JSON");
}

/// What this crate answers for one vector.
pub fn actual(vector: &Value) -> Value {
    if let Some(profile) = vector.get("profile") {
        let profile = profile
            .as_str()
            .and_then(|name| name.parse().ok())
            .expect("a profile name");
        return profiled_actual(vector, profile);
    }
    match vector["op"].as_str().expect("op") {
        "parse" => match parse_requested_schema(&schema(vector)) {
            Ok(form) => {
                let server = vector["server"].as_str().expect("server");
                let properties: Vec<Value> = form
                    .properties
                    .iter()
                    .map(|p| {
                        json!({
                            "name": p.name, "title": p.title, "description": p.description,
                            "required": p.required, "kind": format!("{:?}", p.kind),
                        })
                    })
                    .collect();
                json!({"ok": {"questions": form.questions(server), "fingerprint": form.fingerprint(), "properties": properties}})
            }
            Err(refusal) => refused(&refusal),
        },
        "content" => match parse_requested_schema(&schema(vector)) {
            Ok(form) => {
                let answers: BTreeMap<String, FormAnswer> =
                    serde_json::from_value(vector["answers"].clone()).expect("answers");
                match form.content_from_answers(&answers) {
                    Ok(content) => json!({"ok": content}),
                    Err(error) => json!({"err": error.to_string()}),
                }
            }
            Err(refusal) => refused(&refusal),
        },
        "key" => json!({"ok": form_answer_storage_key(
            vector["server"].as_str().expect("server"), vector["tool"].as_str().expect("tool"))}),
        "names_a_credential" => {
            json!({"ok": names_a_credential(vector["text"].as_str().expect("text"))})
        }
        other => panic!("unknown op {other}"),
    }
}

/// What this crate answers for one vector of a profile other than the
/// backend's, through `parse_requested_schema_with`. The properties are given
/// as `parseRequestedSchema` gives them to JS.
fn profiled_actual(vector: &Value, profile: Profile) -> Value {
    let form = match parse_requested_schema_with(&schema(vector), profile) {
        Ok(form) => form,
        Err(refusal) => return refused(&refusal),
    };
    match vector["op"].as_str().expect("op") {
        "parse" => {
            // The schema's view as JS gets it: the crate's own `Serialize`.
            let properties = serde_json::to_value(&form).expect("a view")["properties"].take();
            let server = vector["server"].as_str().expect("server");
            json!({"ok": {"questions": form.questions(server), "fingerprint": form.fingerprint(), "properties": properties}})
        }
        "content" => {
            let answers: BTreeMap<String, FormAnswer> =
                serde_json::from_value(vector["answers"].clone()).expect("answers");
            match form.content_from_answers(&answers) {
                Ok(content) => json!({"ok": content}),
                Err(error) => json!({"err": error.to_string()}),
            }
        }
        other => panic!("unknown op {other} for profile {profile}"),
    }
}

/// Runs every vector of one file; returns how many ran, or the first few
/// mismatches.
pub fn run_all(vectors: &str) -> Result<usize, String> {
    let mut count = 0;
    let mut mismatches = Vec::new();
    for (index, line) in vectors.lines().enumerate() {
        let vector: Value = serde_json::from_str(line).expect("vector is JSON");
        count += 1;
        let actual = actual(&vector);
        if actual != vector["expect"] {
            mismatches.push(format!(
                "line {}: {}\n  expected {}\n  actual   {}",
                index + 1,
                line.chars().take(300).collect::<String>(),
                vector["expect"],
                actual
            ));
        }
    }
    if mismatches.is_empty() {
        Ok(count)
    } else {
        Err(format!(
            "{} of {count} vectors differ:\n{}",
            mismatches.len(),
            mismatches
                .into_iter()
                .take(5)
                .collect::<Vec<_>>()
                .join("\n")
        ))
    }
}
