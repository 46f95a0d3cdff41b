//! Where recorded answers and consents come from: the root crate's two
//! single-use store traits, and an in-memory store that keeps each record as
//! the backend's JSON text under the backend's key, so a host can share its
//! records with an everruns backend (or a store of its own) unchanged.

use std::collections::BTreeMap;
use std::sync::Mutex;

use elicit_form::handler::BoxFuture;
use elicit_form::{
    ElicitationConsentStore, FormAnswerStore, GrantedConsent, StoreError, StoredConsent,
    StoredFormAnswer, Timestamp, consent_storage_key, form_answer_storage_key,
};

/// A store of both kinds of record: a form's answer (taken by
/// [`FormAnswerStore::take_form_answer`]) and a link's consent (taken by
/// [`ElicitationConsentStore::take_consent`]). The two never share a key,
/// so one is never taken for the other.
pub trait ElicitationStore: FormAnswerStore + ElicitationConsentStore {}

impl<T: FormAnswerStore + ElicitationConsentStore + ?Sized> ElicitationStore for T {}

/// Records in memory, as JSON text under the backend's keys
/// (`mcp/elicitation-form/<server>/<tool>` and
/// `mcp/elicitation-consent/<server>/<tool>`). Taking a record removes it.
#[derive(Debug, Default)]
pub struct MemoryStore {
    records: Mutex<BTreeMap<String, String>>,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a person's answer (or decline) for its server and tool,
    /// replacing any earlier one.
    pub fn record_form_answer(&self, record: &StoredFormAnswer) -> Result<(), StoreError> {
        let text = serde_json::to_string(record)?;
        self.insert(form_answer_storage_key(&record.server, &record.tool), text);
        Ok(())
    }

    /// Records a person's consent to a link's host for its server and tool,
    /// replacing any earlier one.
    pub fn record_consent(&self, consent: &StoredConsent) -> Result<(), StoreError> {
        let text = serde_json::to_string(consent)?;
        self.insert(consent_storage_key(&consent.server, &consent.tool), text);
        Ok(())
    }

    /// Puts a record's JSON text under `key` as it is (one read from an
    /// everruns backend's store, say). It is read when taken.
    pub fn insert(&self, key: String, json: String) {
        self.lock().insert(key, json);
    }

    /// The JSON text under `key`, without taking it.
    pub fn get(&self, key: &str) -> Option<String> {
        self.lock().get(key).cloned()
    }

    /// Removes and returns the JSON text under `key`.
    pub fn take(&self, key: &str) -> Option<String> {
        self.lock().remove(key)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, String>> {
        // A panic elsewhere while holding the lock leaves the map whole: every
        // write is a single insert or remove.
        self.records
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

fn parse(text: &str) -> Result<serde_json::Value, StoreError> {
    Ok(serde_json::from_str(text)?)
}

impl FormAnswerStore for MemoryStore {
    fn take_form_answer<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredFormAnswer>, StoreError>> {
        Box::pin(async move {
            let Some(text) = self.take(&form_answer_storage_key(server, tool)) else {
                return Ok(None);
            };
            // An unreadable record is an error, which the rules read as no
            // record: the person is asked again.
            let record = StoredFormAnswer::from_json(&parse(&text)?)?;
            Ok(Some(record))
        })
    }
}

impl ElicitationConsentStore for MemoryStore {
    fn take_consent<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<GrantedConsent>, StoreError>> {
        Box::pin(async move {
            let Some(text) = self.take(&consent_storage_key(server, tool)) else {
                return Ok(None);
            };
            let consent = StoredConsent::from_json(&parse(&text)?)?;
            Ok(consent.grant_for(server, tool, Timestamp::now()))
        })
    }
}
