//! Shared by the native and wasm conformance tests: each vector's operation
//! run through this crate, answered in the vectors' own `expect` shape.

use std::collections::BTreeMap;

use elicit_form::{
    FormAnswer, FormRefusal, form_answer_storage_key, names_a_credential, parse_requested_schema,
};
use serde_json::{Value, json};

pub const VECTORS: &str = include_str!("../data/vectors.jsonl");

fn refused(refusal: &FormRefusal) -> Value {
    json!({"refused": {
        "kind": refusal.kind(),
        "property": refusal.property(),
        "reason": refusal.reason(),
        "message": refusal.to_string(),
    }})
}

/// The schema as the vector's exact JSON text when it has one (it keeps `-0.0`).
fn schema(vector: &Value) -> Value {
    match vector.get("schema_text").and_then(Value::as_str) {
        Some(text) => serde_json::from_str(text).expect("schema_text is JSON"),
        None => vector["schema"].clone(),
    }
}

/// What this crate answers for one vector.
pub fn actual(vector: &Value) -> Value {
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

/// Runs every vector; returns how many ran, or the first few mismatches.
pub fn run_all() -> Result<usize, String> {
    let mut count = 0;
    let mut mismatches = Vec::new();
    for (index, line) in VECTORS.lines().enumerate() {
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
