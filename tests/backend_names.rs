//! Code written against the backend's Rust names compiles against this crate:
//! the same module body, expanded once over `everruns_core`'s
//! `form_elicitation` and once over `elicit_form`, with exhaustive matches on
//! the backend's enums, its struct literals and patterns, and its functions.
//! Both expansions then give the same answers. Native only: everruns-core is
//! a native dev-dependency.
#![cfg(not(target_arch = "wasm32"))]

macro_rules! written_against_the_backend {
    ($name:ident, $($krate:ident)::+) => {
        mod $name {
            use std::collections::BTreeMap;

            use $($krate)::+::{
                FormAnswer, FormElicitation, FormElicitationPending, FormOutcome, FormProperty,
                FormPropertyKind, FormRefusal, FormSchema, MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTIES,
                MAX_FORM_PROPERTY_NAME_CHARS, MAX_FORM_TEXT_CHARS, MAX_FORM_TITLE_CHARS,
                form_answer_storage_key, names_a_credential, parse_requested_schema,
            };

            pub fn refusal(schema: &serde_json::Value) -> String {
                match parse_requested_schema(schema) {
                    Ok(form) => format!("accepted {}", form.properties.len()),
                    Err(FormRefusal::Credential { property }) => format!("credential {property}"),
                    Err(FormRefusal::OutOfProfile { property, reason }) => {
                        format!("out of profile {property}: {reason}")
                    }
                    Err(FormRefusal::Schema(reason)) => format!("schema {reason}"),
                }
            }

            pub fn kinds(form: &FormSchema) -> Vec<String> {
                form.properties
                    .iter()
                    .map(|property| {
                        let FormProperty { name, title, description, kind, required } = property;
                        let kind = match kind {
                            FormPropertyKind::Enum { values, labels } => format!("enum {values:?} {labels:?}"),
                            FormPropertyKind::Text { format } => format!("text {format:?}"),
                            FormPropertyKind::Boolean { default } => format!("boolean {default:?}"),
                            FormPropertyKind::Number { integer, minimum, maximum } => {
                                format!("number {integer} {minimum:?} {maximum:?}")
                            }
                        };
                        format!("{name} {title:?} {description:?} {required} {kind}")
                    })
                    .collect()
            }

            pub fn elicitation(schema: FormSchema) -> FormElicitation {
                FormElicitation {
                    server_name: "billing".to_string(),
                    tool_name: "buy".to_string(),
                    key: "details".to_string(),
                    message: "Pick a plan".to_string(),
                    schema,
                }
            }

            pub fn pending(asked: &FormElicitation) -> String {
                let FormElicitationPending { server_name, tool_name, message, questions, fingerprint } =
                    asked.pending();
                format!("{server_name} {tool_name} {message} {} {fingerprint}", questions.len())
            }

            pub fn outcome(outcome: &FormOutcome) -> String {
                match outcome {
                    FormOutcome::Accept(content) => format!("accept {}", serde_json::Value::Object(content.clone())),
                    FormOutcome::Decline => "decline".to_string(),
                    FormOutcome::Ask => "ask".to_string(),
                }
            }

            pub fn content(form: &FormSchema, seats: &str) -> String {
                let answers = BTreeMap::from([(
                    "seats".to_string(),
                    FormAnswer { selected: vec![], other_text: Some(seats.to_string()) },
                )]);
                match form.content_from_answers(&answers) {
                    Ok(content) => serde_json::Value::Object(content).to_string(),
                    Err(reason) => {
                        let reason: String = reason;
                        format!("does not fit: {reason}")
                    }
                }
            }

            pub fn rest() -> String {
                format!(
                    "{} {} {} {} {} {} {}",
                    MAX_FORM_PROPERTIES + MAX_FORM_ENUM_MEMBERS + MAX_FORM_PROPERTY_NAME_CHARS,
                    MAX_FORM_TITLE_CHARS,
                    MAX_FORM_TEXT_CHARS,
                    names_a_credential("apiKey"),
                    form_answer_storage_key("billing", "buy"),
                    elicitation(parse_requested_schema(&super::seats()).unwrap()).schema.fingerprint(),
                    parse_requested_schema(&super::seats()).unwrap().questions("billing")[0],
                )
            }
        }
    };
}

written_against_the_backend!(theirs, everruns_core::mcp::form_elicitation);
written_against_the_backend!(ours, elicit_form);

fn seats() -> serde_json::Value {
    serde_json::json!({"type": "object", "properties": {
        "seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50}
    }, "required": ["seats"]})
}

#[test]
fn code_written_against_the_backends_names_compiles_and_agrees() {
    let schemas = [
        seats(),
        serde_json::json!({"type": "object", "properties": {"apiKey": {"type": "string"}}}),
        serde_json::json!({"type": "object", "properties": {"tags": {"type": "array"}}}),
        serde_json::json!([]),
    ];
    for schema in &schemas {
        assert_eq!(ours::refusal(schema), theirs::refusal(schema), "{schema}");
    }
    let (our_form, their_form) = (
        elicit_form::parse_requested_schema(&seats()).unwrap(),
        everruns_core::mcp::form_elicitation::parse_requested_schema(&seats()).unwrap(),
    );
    assert_eq!(ours::kinds(&our_form), theirs::kinds(&their_form));
    // What a host logs is the backend's text too.
    assert_eq!(format!("{our_form:?}"), format!("{their_form:?}"));
    assert_eq!(
        format!("{:?}", ours::elicitation(our_form.clone())),
        format!("{:?}", theirs::elicitation(their_form.clone()))
    );
    for seats in ["12", "51", "x"] {
        assert_eq!(
            ours::content(&our_form, seats),
            theirs::content(&their_form, seats)
        );
    }
    assert_eq!(
        ours::pending(&ours::elicitation(our_form.clone())),
        theirs::pending(&theirs::elicitation(their_form.clone()))
    );
    let accepted = serde_json::json!({"seats": 12})
        .as_object()
        .unwrap()
        .clone();
    assert_eq!(
        ours::outcome(&elicit_form::FormOutcome::Accept(accepted.clone())),
        theirs::outcome(&everruns_core::mcp::form_elicitation::FormOutcome::Accept(
            accepted
        ))
    );
    assert_eq!(
        ours::outcome(&elicit_form::FormOutcome::Ask),
        theirs::outcome(&everruns_core::mcp::form_elicitation::FormOutcome::Ask)
    );
    assert_eq!(ours::rest(), theirs::rest());
}

/// The kinds' `Debug` text is the fingerprint's input: it is written by hand
/// (no `core::fmt` in the wasm), and must be the backend's derived text, with
/// every formatter option a host may log it with.
#[test]
fn the_kinds_debug_text_is_the_backends_under_every_formatter_option() {
    let schema = serde_json::json!({"type": "object", "properties": {
        "plan": {"type": "string", "enum": ["pro", "a\u{301}\"\\'\n\t\0\u{7f}"],
                 "enumNames": ["Pro", "x\u{200b}\u{3000}\u{ad}\u{feff}\u{2028}\u{e000}\u{10ffff}é😀"]},
        "same": {"type": "string", "enum": ["one"]},
        "email": {"type": "string", "format": "em\"ail"},
        "note": {"type": "string"},
        "notify": {"type": "boolean", "default": true},
        "off": {"type": "boolean", "default": false},
        "maybe": {"type": "boolean"},
        "seats": {"type": "integer", "minimum": -0.0, "maximum": 1e16},
        "ratio": {"type": "number", "minimum": 1.5e-7, "maximum": 999999999999999.9},
        "free": {"type": "number"}
    }});
    let ours = elicit_form::parse_requested_schema(&schema).unwrap();
    let theirs = everruns_core::mcp::form_elicitation::parse_requested_schema(&schema).unwrap();
    assert_eq!(ours.properties.len(), 10);
    for (our, their) in ours.properties.iter().zip(&theirs.properties) {
        let (a, b) = (&our.kind, &their.kind);
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        assert_eq!(format!("{a:#?}"), format!("{b:#?}"));
        assert_eq!(format!("{a:.2?}"), format!("{b:.2?}"));
        assert_eq!(format!("{a:+?}"), format!("{b:+?}"));
        assert_eq!(format!("{a:>40?}"), format!("{b:>40?}"));
    }
}
