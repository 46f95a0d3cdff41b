//! Every recorded vector, checked natively and (under wasm-bindgen-test) in
//! wasm: the backend's (everruns-core 0.43.0's answers) and the
//! mcp-2026-07-28 profile's (this crate's answers, recorded with
//! `RECORD_VECTORS=1`, see below), 0 mismatches with either.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "support/vectors.rs"]
mod vectors;

#[cfg(not(target_arch = "wasm32"))]
#[path = "support/mcp_2026_07_28_cases.rs"]
mod mcp_2026_07_28_cases;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// How many vectors each file holds, so that a truncated file fails.
const BACKEND_VECTOR_COUNT: usize = 2573;
const MCP_2026_07_28_VECTOR_COUNT: usize = 573;

#[test]
fn every_backend_vector_matches_everruns_core() {
    match vectors::run_all(vectors::BACKEND_VECTORS) {
        Ok(count) => {
            assert_eq!(count, BACKEND_VECTOR_COUNT, "the vector file is complete");
            println!("backend: {count} vectors, 0 mismatches");
        }
        Err(report) => panic!("{report}"),
    }
}

#[test]
fn every_mcp_2026_07_28_vector_matches_the_recorded_answer() {
    match vectors::run_all(vectors::MCP_2026_07_28_VECTORS) {
        Ok(count) => {
            assert_eq!(
                count, MCP_2026_07_28_VECTOR_COUNT,
                "the vector file is complete"
            );
            println!("mcp-2026-07-28: {count} vectors, 0 mismatches");
        }
        Err(report) => panic!("{report}"),
    }
}

/// The recorded file is what the cases give: a case added, changed or
/// dropped without recording again fails here, natively.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_mcp_2026_07_28_vectors_are_recorded_from_the_current_cases() {
    let cases = mcp_2026_07_28_cases::all().0;
    let recorded: Vec<serde_json::Value> = vectors::MCP_2026_07_28_VECTORS
        .lines()
        .map(|line| serde_json::from_str(line).expect("vector is JSON"))
        .collect();
    assert_eq!(
        recorded.len(),
        cases.len(),
        "one vector per case; record again"
    );
    for (index, (case, vector)) in cases.iter().zip(&recorded).enumerate() {
        let mut without_expect = vector.clone();
        without_expect
            .as_object_mut()
            .expect("an object")
            .remove("expect");
        assert_eq!(
            &without_expect,
            case,
            "line {}: the case changed; record again",
            index + 1
        );
    }
}

/// The cases reach every outcome they are meant to. With `RECORD_VECTORS=1`
/// (`RECORD_VECTORS=1 cargo test --test vectors`) this also writes
/// `tests/data/mcp-2026-07-28-vectors.jsonl` from the cases and this crate's
/// answers.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_mcp_2026_07_28_cases_reach_every_outcome() {
    let mut lines = String::new();
    let mut outcomes = std::collections::BTreeMap::<String, usize>::new();
    for mut case in mcp_2026_07_28_cases::all().0 {
        let expect = vectors::actual(&case);
        let outcome = expect
            .as_object()
            .and_then(|o| o.keys().next().cloned())
            .expect("an outcome");
        *outcomes
            .entry(format!("{} {outcome}", case["op"].as_str().expect("op")))
            .or_default() += 1;
        case.as_object_mut()
            .expect("an object")
            .insert("expect".into(), expect);
        lines.push_str(&serde_json::to_string(&case).expect("JSON"));
        lines.push('\n');
    }
    for group in ["parse ok", "parse refused", "content ok", "content err"] {
        assert!(
            outcomes.contains_key(group),
            "no case reaches {group}: {outcomes:?}"
        );
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/mcp-2026-07-28-vectors.jsonl"
    );
    if std::env::var_os("RECORD_VECTORS").is_none() {
        return;
    }
    std::fs::write(path, lines).expect("write the vector file");
    println!(
        "recorded {} vectors: {outcomes:?}",
        outcomes.values().sum::<usize>()
    );
}

/// What a host hashes itself is what the fingerprint hashes: for every
/// schema of both vector files that its profile accepts, and for schemas at
/// every bound with non-ASCII texts, SHA-256 of `fingerprint_input` (through
/// `sha2`, and as digest bytes through `from_digest`) is `fingerprint`.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_fingerprint_is_the_sha256_of_its_input() {
    use elicit_form::profile::{Profile, read_requested_schema};
    use elicit_form::{MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTIES, fingerprint};
    use serde_json::{Value, json};
    use sha2::{Digest, Sha256};

    let check = |text: &str, profile: Profile| -> bool {
        let Ok(form) = read_requested_schema(text, profile) else {
            return false;
        };
        let input = form.fingerprint_input();
        let expected = form.fingerprint();
        assert_eq!(fingerprint::of_input(&input), expected, "{text}");
        assert_eq!(
            fingerprint::from_digest(&Sha256::digest(&input).into()),
            expected,
            "{text}"
        );
        true
    };
    let mut checked = [0usize; 2];
    for (file, slot) in [
        (vectors::BACKEND_VECTORS, 0),
        (vectors::MCP_2026_07_28_VECTORS, 1),
    ] {
        for line in file.lines() {
            let vector: Value = serde_json::from_str(line).expect("vector is JSON");
            let Some(text) = vector.get("schema_text").and_then(Value::as_str) else {
                continue;
            };
            let profile = vector
                .get("profile")
                .and_then(Value::as_str)
                .map_or(Profile::Backend, |name| name.parse().expect("a profile"));
            checked[slot] += usize::from(check(text, profile));
        }
    }
    // At every bound, with texts of one-, two-, three- and four-byte
    // characters and ones the `Debug` text escapes.
    let piece = "aé€😀\u{301}\u{200b}\"\\\n";
    let long = |length: usize, salt: usize| -> String {
        format!("{salt} {}", piece.repeat(length))
            .chars()
            .take(length)
            .collect()
    };
    let mut properties = serde_json::Map::new();
    for index in 0..MAX_FORM_PROPERTIES {
        let common = json!({"title": long(200, index), "description": long(2000, index)});
        let mut property = match index % 4 {
            0 => json!({
                "type": "string",
                "enum": (0..MAX_FORM_ENUM_MEMBERS).map(|member| long(200, member)).collect::<Vec<_>>(),
                "enumNames": (0..MAX_FORM_ENUM_MEMBERS).map(|member| long(199, member)).collect::<Vec<_>>(),
            }),
            1 => json!({"type": "string", "format": "email"}),
            2 => json!({"type": "boolean", "default": false}),
            _ => json!({"type": "number", "minimum": -0.0, "maximum": 1e300}),
        };
        property
            .as_object_mut()
            .expect("an object")
            .extend(common.as_object().expect("an object").clone());
        properties.insert(format!("p{index:02}_{}", "n".repeat(60)), property);
    }
    let bound = json!({"type": "object", "properties": properties}).to_string();
    for profile in [Profile::Backend, Profile::Mcp20260728] {
        assert!(
            check(&bound, profile),
            "the bound schema is accepted under {profile}"
        );
    }
    println!("fingerprint inputs: {checked:?} vector schemas");
    assert!(checked[0] > 500 && checked[1] > 100, "{checked:?}");
}
