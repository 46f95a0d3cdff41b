//! The in-memory store keeps the backend's records, byte for byte, under the
//! backend's keys (tests/data/backend-consents.json is the backend's own
//! output), and takes each once.

use std::sync::Arc;

use elicit_form::{
    ElicitationConsentStore, FormAnswerStore, StoredConsent, StoredFormAnswer, Timestamp,
};
use elicit_form_rmcp::MemoryStore;
use serde_json::Value;

fn backend_consents() -> Vec<Value> {
    let text = include_str!("../../../tests/data/backend-consents.json");
    let data: Value = serde_json::from_str(text).unwrap();
    data["consents"].as_array().unwrap().clone()
}

#[test]
fn a_consent_is_written_as_the_backend_writes_it_under_its_key() {
    let consents = backend_consents();
    assert!(!consents.is_empty());
    for case in consents {
        let record = case["record"].as_str().unwrap();
        let key = case["key"].as_str().unwrap();
        let store = MemoryStore::new();
        let consent = StoredConsent::from_json(&serde_json::from_str(record).unwrap()).unwrap();
        store.record_consent(&consent).unwrap();
        assert_eq!(store.get(key).as_deref(), Some(record), "{key}");
    }
}

#[tokio::test]
async fn a_backend_consent_is_taken_once_and_only_while_fresh() {
    let case = &backend_consents()[1];
    let (server, tool) = (
        case["server"].as_str().unwrap(),
        case["tool"].as_str().unwrap(),
    );
    let key = case["key"].as_str().unwrap().to_string();
    let record = case["record"].as_str().unwrap().to_string();
    let fresh = StoredConsent::new(
        server,
        tool,
        case["host"].as_str().unwrap(),
        Timestamp::now(),
    );
    let store = Arc::new(MemoryStore::new());
    store.record_consent(&fresh).unwrap();
    let granted = store.take_consent(server, tool).await.unwrap().unwrap();
    assert_eq!(granted.host, case["host"].as_str().unwrap());
    assert!(
        store.take_consent(server, tool).await.unwrap().is_none(),
        "single use"
    );
    // The backend's record expired in 2026-12-03; it grants nothing now.
    store.insert(key.clone(), record);
    let expired = store.take_consent(server, tool).await.unwrap();
    assert!(
        expired.is_none()
            || Timestamp::now() < Timestamp::parse_rfc3339("2026-12-03T12:30:00.123Z").unwrap()
    );
    assert_eq!(store.get(&key), None);
}

#[tokio::test]
async fn an_unreadable_record_is_an_error_and_is_gone() {
    let store = MemoryStore::new();
    let key = elicit_form::form_answer_storage_key("billing", "buy");
    store.insert(key.clone(), "{\"server\": \"billing\"}".into());
    assert!(store.take_form_answer("billing", "buy").await.is_err());
    assert_eq!(store.get(&key), None);
    // A form's answer and a link's consent never share a key.
    let answer = StoredFormAnswer::new(
        "billing",
        "buy",
        &"0".repeat(64),
        elicit_form::FormAnswerAction::Decline,
        Default::default(),
        Timestamp::now(),
    )
    .unwrap();
    store.record_form_answer(&answer).unwrap();
    assert!(
        store
            .take_consent("billing", "buy")
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        store.take_form_answer("billing", "buy").await.unwrap(),
        Some(answer)
    );
}
