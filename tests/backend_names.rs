//! Code written against the backend's Rust names compiles against this crate:
//! the same module body, expanded over `everruns_core`'s `form_elicitation`
//! (0.43.0 and 0.50.1) and over `elicit_form`, and likewise for URL mode
//! (`mcp::elicitation`), with exhaustive matches on
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
written_against_the_backend!(theirs_050, everruns_core_050::mcp::form_elicitation);
written_against_the_backend!(ours, elicit_form);

fn seats() -> serde_json::Value {
    serde_json::json!({"type": "object", "properties": {
        "seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50}
    }, "required": ["seats"]})
}

/// The tests, once per release: `$theirs` is the module body expanded over
/// that release's `form_elicitation`, `$krate` the release's crate.
macro_rules! the_backends_form_names_agree {
    ($agrees:ident, $kinds:ident, $theirs:ident, $krate:ident) => {
        #[test]
        fn $agrees() {
            let schemas = [
                seats(),
                serde_json::json!({"type": "object", "properties": {"apiKey": {"type": "string"}}}),
                serde_json::json!({"type": "object", "properties": {"tags": {"type": "array"}}}),
                serde_json::json!([]),
            ];
            for schema in &schemas {
                assert_eq!(ours::refusal(schema), $theirs::refusal(schema), "{schema}");
            }
            let (our_form, their_form) = (
                elicit_form::parse_requested_schema(&seats()).unwrap(),
                $krate::mcp::form_elicitation::parse_requested_schema(&seats()).unwrap(),
            );
            assert_eq!(ours::kinds(&our_form), $theirs::kinds(&their_form));
            // What a host logs is the backend's text too.
            assert_eq!(format!("{our_form:?}"), format!("{their_form:?}"));
            assert_eq!(
                format!("{:?}", ours::elicitation(our_form.clone())),
                format!("{:?}", $theirs::elicitation(their_form.clone()))
            );
            for seats in ["12", "51", "x"] {
                assert_eq!(
                    ours::content(&our_form, seats),
                    $theirs::content(&their_form, seats)
                );
            }
            assert_eq!(
                ours::pending(&ours::elicitation(our_form.clone())),
                $theirs::pending(&$theirs::elicitation(their_form.clone()))
            );
            let accepted = serde_json::json!({"seats": 12})
                .as_object()
                .unwrap()
                .clone();
            assert_eq!(
                ours::outcome(&elicit_form::FormOutcome::Accept(accepted.clone())),
                $theirs::outcome(&$krate::mcp::form_elicitation::FormOutcome::Accept(
                    accepted
                ))
            );
            assert_eq!(
                ours::outcome(&elicit_form::FormOutcome::Ask),
                $theirs::outcome(&$krate::mcp::form_elicitation::FormOutcome::Ask)
            );
            assert_eq!(ours::rest(), $theirs::rest());
        }

        /// The kinds' `Debug` text is the fingerprint's input: it is written by hand
        /// (no `core::fmt` in the wasm), and must be the backend's derived text, with
        /// every formatter option a host may log it with.
        #[test]
        fn $kinds() {
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
            let theirs = $krate::mcp::form_elicitation::parse_requested_schema(&schema).unwrap();
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
    };
}

the_backends_form_names_agree!(
    code_written_against_the_backends_names_compiles_and_agrees,
    the_kinds_debug_text_is_the_backends_under_every_formatter_option,
    theirs,
    everruns_core
);
the_backends_form_names_agree!(
    code_written_against_0_50_names_compiles_and_agrees,
    the_kinds_debug_text_is_0_50s_under_every_formatter_option,
    theirs_050,
    everruns_core_050
);

// --- URL mode and consent: `mcp::elicitation` ------------------------------------------

/// Code written against the backend's URL-mode names. `$time` is the
/// instant type (the backend's chrono `DateTime<Utc>`, this crate's
/// `Timestamp`: the one difference a caller writes), given by the test.
macro_rules! written_against_the_backends_url_names {
    ($name:ident, $($krate:ident)::+, $time:ty) => {
        mod $name {
            use $($krate)::+::{
                ElicitationAction, GrantedConsent, StoredConsent, UrlElicitation,
                UrlElicitationPending, consent_storage_key, validate_elicitation_url,
            };

            pub fn gate(url: &str) -> String {
                match validate_elicitation_url(url) {
                    Ok((host, punycode)) => format!("ok {host} {punycode}"),
                    Err(error) => format!("refused {error}"),
                }
            }

            /// The gate's error goes into anyhow with `?`, text unchanged.
            fn gated(url: &str) -> anyhow::Result<(String, bool)> {
                let checked = validate_elicitation_url(url)?;
                Ok(checked)
            }

            pub fn through_anyhow(url: &str) -> String {
                match gated(url) {
                    Ok((host, punycode)) => format!("ok {host} {punycode}"),
                    Err(error) => format!("refused {error:#}"),
                }
            }

            pub fn elicitation(url: &str) -> Option<UrlElicitation> {
                let (host, punycode) = validate_elicitation_url(url).ok()?;
                Some(UrlElicitation {
                    server_name: "billing".to_string(),
                    tool_name: "charge".to_string(),
                    key: "pay".to_string(),
                    message: "Complete the payment".to_string(),
                    url: url.to_string(),
                    host,
                    punycode,
                })
            }

            pub fn action(action: ElicitationAction) -> String {
                let letter = match action {
                    ElicitationAction::Accept => 'a',
                    ElicitationAction::Decline => 'd',
                    ElicitationAction::Cancel => 'c',
                };
                format!("{letter} {} {action:?}", action.as_str())
            }

            pub fn pending(asked: &UrlElicitation, action: ElicitationAction) -> String {
                let pending = UrlElicitationPending {
                    server_name: asked.server_name.clone(),
                    tool_name: asked.tool_name.clone(),
                    message: asked.message.clone(),
                    url: asked.url.clone(),
                    host: asked.host.clone(),
                    punycode: asked.punycode,
                    action,
                };
                let as_error = anyhow::Error::new(pending.clone());
                let UrlElicitationPending { server_name, tool_name, message, url, host, punycode, action } =
                    pending.clone();
                format!(
                    "{pending} | {as_error} | {pending:?} | {server_name} {tool_name} {message} {url} {host} {punycode} {}",
                    self::action(action)
                )
            }

            pub fn consent(server: &str, tool: &str, host: &str, now: $time, at: $time) -> String {
                let record = StoredConsent::new(server, tool, host, now);
                let text = serde_json::to_string(&record).unwrap();
                let back: StoredConsent = serde_json::from_str(&text).unwrap();
                assert_eq!(back, record.clone());
                let StoredConsent { server: named, tool: for_tool, host: to_host, expires_at: _ } = &record;
                let granted = |server: &str, tool: &str| match record.grant_for(server, tool, at) {
                    Some(GrantedConsent { host }) => format!("granted {host}"),
                    None => "nothing".to_string(),
                };
                format!(
                    "{text} {named} {for_tool} {to_host} {} {} {} {}",
                    granted(server, tool),
                    granted(server, "other"),
                    granted("other", tool),
                    consent_storage_key(server, tool),
                )
            }
        }
    };
}

written_against_the_backends_url_names!(
    their_urls,
    everruns_core::mcp::elicitation,
    chrono::DateTime<chrono::Utc>
);
written_against_the_backends_url_names!(
    their_urls_050,
    everruns_core_050::mcp::elicitation,
    chrono::DateTime<chrono::Utc>
);
written_against_the_backends_url_names!(our_urls, elicit_form, elicit_form::Timestamp);

const LINKS: [&str; 12] = [
    "https://auth.example.com/connect?x=1",
    "https://xn--80ak6aa92e.com/connect",
    "https://b\u{fc}cher.example/",
    "http://localhost:3000/cb",
    "http://127.0.0.1/",
    "http://[::1]:8080/",
    "http://127.3.4.5/",
    "http://example.com/",
    "javascript:alert(1)",
    "mailto:someone@example.com",
    "not a url",
    "https://user:pass@example.com/",
];

fn chrono_at(text: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&chrono::Utc)
}

fn timestamp_at(text: &str) -> elicit_form::Timestamp {
    elicit_form::Timestamp::parse_rfc3339(text).unwrap()
}

/// The URL tests, once per release.
macro_rules! the_backends_url_names_agree {
    ($test:ident, $theirs:ident, $krate:ident) => {
        #[test]
        fn $test() {
            for link in LINKS {
                assert_eq!(our_urls::gate(link), $theirs::gate(link), "{link}");
                assert_eq!(
                    our_urls::through_anyhow(link),
                    $theirs::through_anyhow(link),
                    "{link}"
                );
                let (ours, theirs) = (our_urls::elicitation(link), $theirs::elicitation(link));
                assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{link}");
                let (Some(ours), Some(theirs)) = (ours, theirs) else {
                    continue;
                };
                for (our, their) in [
                    (
                        elicit_form::ElicitationAction::Accept,
                        $krate::mcp::elicitation::ElicitationAction::Accept,
                    ),
                    (
                        elicit_form::ElicitationAction::Decline,
                        $krate::mcp::elicitation::ElicitationAction::Decline,
                    ),
                    (
                        elicit_form::ElicitationAction::Cancel,
                        $krate::mcp::elicitation::ElicitationAction::Cancel,
                    ),
                ] {
                    assert_eq!(our_urls::action(our), $theirs::action(their));
                    assert_eq!(
                        our_urls::pending(&ours, our),
                        $theirs::pending(&theirs, their)
                    );
                }
            }
            for (server, tool, host) in [
                ("billing", "charge", "pay.example.com"),
                (
                    "acme/billing",
                    "resources/read:file:///a b",
                    "xn--bcher-kva.example",
                ),
                ("日本", "x.y-z_w", "[::1]"),
            ] {
                for (now, at) in [
                    ("2026-12-03T12:00:00Z", "2026-12-03T12:29:59.999999999Z"),
                    ("2026-12-03T12:00:00.5Z", "2026-12-03T12:30:00.5Z"),
                    ("2026-12-03T12:00:00.123456Z", "2026-12-03T12:00:00+01:00"),
                ] {
                    assert_eq!(
                        our_urls::consent(server, tool, host, timestamp_at(now), timestamp_at(at)),
                        $theirs::consent(server, tool, host, chrono_at(now), chrono_at(at)),
                    );
                }
            }
            assert_eq!(
                elicit_form::CONSENT_TTL.as_secs(),
                $krate::mcp::elicitation::CONSENT_TTL.num_seconds() as u64
            );
            assert_eq!(
                elicit_form::MCP_ELICITATION_CONSENT_KV_PREFIX,
                $krate::capabilities::MCP_ELICITATION_CONSENT_KV_PREFIX
            );
            assert_eq!(
                elicit_form::MCP_ELICITATION_FORM_KV_PREFIX,
                $krate::capabilities::MCP_ELICITATION_FORM_KV_PREFIX
            );
        }
    };
}

the_backends_url_names_agree!(
    code_written_against_the_backends_url_names_compiles_and_agrees,
    their_urls,
    everruns_core
);
the_backends_url_names_agree!(
    code_written_against_0_50_url_names_compiles_and_agrees,
    their_urls_050,
    everruns_core_050
);
