//! The Rust start of README.md and docs/rust.md, compiled and run: the block
//! there is this test's body, word for word (tests/docs/docs.test.mjs holds
//! the docs to this file, line by line, whatever the indentation). Native
//! only: in wasm32 the crate's values are serde_json's only with its feature.

#![cfg(not(target_arch = "wasm32"))]

#[test]
#[rustfmt::skip] // the README's layout, as a reader sees it
fn the_readme_rust_start_compiles_and_runs() -> Result<(), Box<dyn std::error::Error>> {
    use elicit_form::{parse_requested_schema, FormAnswer, FormRefusal};
    use std::collections::BTreeMap;

    let schema: serde_json::Value = serde_json::from_str(r#"{
        "type": "object",
        "properties": {
            "plan": {"type": "string", "title": "Plan", "enum": ["pro", "team"],
                     "enumNames": ["Pro", "Team"]},
            "seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50}
        },
        "required": ["plan", "seats"]
    }"#)?;
    let form = parse_requested_schema(&schema)?;
    let questions = form.questions("billing");          // ask_user questions
    let fingerprint = form.fingerprint();               // 64 hex digits
    let answers = BTreeMap::from([
        ("plan".to_string(), FormAnswer { selected: vec!["Team".into()], other_text: None }),
        ("seats".to_string(), FormAnswer { selected: vec![], other_text: Some("12".into()) }),
    ]);
    let content = form.content(&answers)?;              // {"plan": "team", "seats": 12}

    let refused = parse_requested_schema(&serde_json::json!({
        "type": "object", "properties": {"apiKey": {"type": "string"}}
    }));
    assert!(matches!(refused, Err(FormRefusal::Credential { .. })));

    // What the block's comments say.
    assert_eq!(questions.len(), 2);
    assert_eq!(questions[0]["header"], "billing");
    assert_eq!(fingerprint.len(), 64);
    assert_eq!(serde_json::Value::Object(content), serde_json::json!({"plan": "team", "seats": 12}));
    Ok(())
}

/// docs/rust.md's URL-mode block, word for word: the backend's names, with
/// `?` into anyhow as code written against the backend has it.
#[cfg(all(feature = "url-mode", feature = "handler"))]
#[test]
#[rustfmt::skip] // the guide's layout, as a reader sees it
fn the_guides_url_mode_block_compiles_and_runs() -> anyhow::Result<()> {
    use elicit_form::{ElicitationAction, StoredConsent, Timestamp, UrlElicitation, consent_action};

    let (host, punycode) = elicit_form::validate_elicitation_url("https://pay.example.com/checkout")?;
    let asked = UrlElicitation {
        server_name: "billing".into(), tool_name: "charge".into(), key: "pay".into(),
        message: "Complete the payment".into(), url: "https://pay.example.com/checkout".into(),
        host: host.clone(), punycode,
    };
    let now = Timestamp::now();
    let consent = StoredConsent::new("billing", "charge", &host, now); // the person clicked Open
    assert_eq!(consent_action(&asked, Some(&consent), now), ElicitationAction::Accept);
    assert_eq!(consent_action(&asked, None, now), ElicitationAction::Cancel);
    assert_eq!(
        elicit_form::consent_storage_key("acme/billing", "charge"),
        "mcp/elicitation-consent/acme_billing/charge"
    );
    Ok(())
}
