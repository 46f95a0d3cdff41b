//! Arbitrary bytes as `requestedSchema` JSON text: the profile check, the
//! questions (with a server name from the input) and the fingerprint, checked
//! against the rules the crate documents.
#![no_main]

use elicit_form::{
    FormPropertyKind, FormRefusal, FormSchema, MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTIES,
    MAX_FORM_PROPERTY_NAME_CHARS, MAX_FORM_TEXT_CHARS, MAX_FORM_TITLE_CHARS, names_a_credential,
    parse_requested_schema,
};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value, json};

fuzz_target!(|data: &[u8]| {
    let case = elicit_form_fuzz::split(data);
    let Ok(schema) = serde_json::from_slice::<Value>(case.schema) else {
        return;
    };
    match parse_requested_schema(&schema) {
        Ok(form) => accepted(&schema, &form, &case.server),
        Err(refusal) => refused(&schema, &refusal),
    }
});

fn chars(text: &str) -> usize {
    text.chars().count()
}

fn header(server: &str) -> String {
    if chars(server) <= 16 {
        server.to_string()
    } else {
        server.chars().take(15).chain(['…']).collect()
    }
}

fn accepted(schema: &Value, form: &FormSchema, server: &str) {
    let properties = &form.properties;
    assert!((1..=MAX_FORM_PROPERTIES).contains(&properties.len()));
    assert!(properties.windows(2).all(|pair| pair[0].name < pair[1].name), "sorted, unique names");
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for property in properties {
        let name = &property.name;
        assert!((1..=MAX_FORM_PROPERTY_NAME_CHARS).contains(&chars(name)));
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')));
        assert!(schema["properties"].get(name).is_some(), "{name} is a schema property");
        assert!(!names_a_credential(name), "{name} names a credential");
        assert!(property.title.as_deref().is_none_or(|t| chars(t) <= MAX_FORM_TITLE_CHARS && !names_a_credential(t)));
        assert!(property.description.as_deref().is_none_or(|d| chars(d) <= MAX_FORM_TEXT_CHARS));
        assert_eq!(property.required, required.contains(&name.as_str()));
        match &property.kind {
            FormPropertyKind::Enum { values, labels } => {
                assert!((1..=MAX_FORM_ENUM_MEMBERS).contains(&values.len()));
                assert_eq!(values.len(), labels.len());
                for text in values.iter().chain(labels) {
                    assert!(!text.trim().is_empty() && chars(text) <= MAX_FORM_TITLE_CHARS);
                }
                let unique: std::collections::HashSet<_> = labels.iter().collect();
                assert_eq!(unique.len(), labels.len());
            }
            FormPropertyKind::Text { format } => {
                assert!(format.as_deref().is_none_or(|f| f != "password" && chars(f) <= MAX_FORM_TITLE_CHARS));
            }
            FormPropertyKind::Number { minimum, maximum, .. } => {
                assert!(minimum.is_none_or(f64::is_finite) && maximum.is_none_or(f64::is_finite));
            }
            FormPropertyKind::Boolean { .. } => {}
        }
    }

    let questions = form.questions(server);
    assert_eq!(questions.len(), properties.len());
    let header = header(server);
    for (question, property) in questions.iter().zip(properties) {
        assert_eq!(question["id"], property.name.as_str());
        assert_eq!(question["header"], header.as_str(), "the header is the server name, never schema text");
        assert_eq!(question["multi_select"], false);
        let text = matches!(property.kind, FormPropertyKind::Text { .. } | FormPropertyKind::Number { .. });
        assert_eq!(question["kind"], if text { "text" } else { "choice" });
        assert_eq!(question["allow_other"], text);
        let options = question["options"].as_array().expect("options").len();
        match &property.kind {
            FormPropertyKind::Enum { labels, .. } => assert_eq!(options, labels.len()),
            FormPropertyKind::Boolean { .. } => assert_eq!(options, 2),
            _ => assert_eq!(options, 0),
        }
        let asked = question["question"].as_str().expect("question text");
        assert!(asked.starts_with(property.title.as_deref().unwrap_or(&property.name)));
    }

    let fingerprint = form.fingerprint();
    assert_eq!(fingerprint.len(), 64);
    assert!(fingerprint.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')));
    // The schema written out and read back asks the same thing.
    let again: Value = serde_json::from_slice(&serde_json::to_vec(schema).expect("writes")).expect("reads back");
    let reparsed = parse_requested_schema(&again).expect("the same schema is accepted again");
    assert_eq!(&reparsed, form);
    assert_eq!(reparsed.fingerprint(), fingerprint);
}

fn refused(schema: &Value, refusal: &FormRefusal) {
    let message = refusal.to_string();
    match refusal {
        FormRefusal::Credential { property } => {
            assert!(message.starts_with(&format!("property '{property}' asks for a credential;")));
            assert!(message.ends_with("The server should use URL mode elicitation instead"));
        }
        FormRefusal::OutOfProfile { property, reason } => {
            assert_eq!(message, format!("property '{property}' is outside the form elicitation profile: {reason}"));
        }
        FormRefusal::Schema(reason) => assert_eq!(message, format!("requested schema {reason}")),
    }
    let Some(named) = refusal.property() else {
        return;
    };
    assert!(chars(named) <= MAX_FORM_PROPERTY_NAME_CHARS);
    // The refusal names the first bad property in byte order (cut to the
    // longest accepted name): every property before it is accepted.
    let properties = schema["properties"].as_object().expect("a property refusal has properties");
    let at = properties
        .keys()
        .position(|key| key == named || key.chars().take(MAX_FORM_PROPERTY_NAME_CHARS).eq(named.chars()))
        .expect("the refusal names a schema property");
    if at > 0 {
        let before: Map<String, Value> = properties.iter().take(at).map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut prefix = json!({"type": "object", "properties": before});
        if let Some(required) = schema.get("required") {
            prefix["required"] = required.clone();
        }
        if let Err(other) = parse_requested_schema(&prefix) {
            panic!("{other} refused although '{named}' was named first");
        }
    }
}
