//! The backend's async handler surface, for Rust hosts that keep recorded
//! answers in a store of their own.
//!
//! `FormAnswerStore` is destructive by contract (one answer is sent at most
//! once), and an unreachable store never turns into an answer nobody gave: it
//! reads as "no record", so the person is asked.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::profile::backend::FormElicitation;
use crate::profile::backend::stored::{FormOutcome, StoredFormAnswer};
use crate::time::Timestamp;

/// Any error a store reports.
pub type StoreError = Box<dyn std::error::Error + Send + Sync>;

/// A boxed, sendable future, as `async_trait` would write it, so the traits
/// stay object-safe without a macro dependency.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Durable, single-use store of recorded answers.
pub trait FormAnswerStore: Send + Sync {
    /// Consume the answer recorded for `server`/`tool`, if any.
    fn take_form_answer<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredFormAnswer>, StoreError>>;
}

/// Answers form elicitations for a host.
pub trait FormElicitationHandler: Send + Sync {
    fn answer_form<'a>(
        &'a self,
        elicitation: &'a FormElicitation,
    ) -> BoxFuture<'a, Result<FormOutcome, StoreError>>;
}

/// Sends what a person recorded, and asks when nothing usable is recorded.
pub struct StoredFormAnswers {
    store: Arc<dyn FormAnswerStore>,
}

impl StoredFormAnswers {
    pub fn new(store: Arc<dyn FormAnswerStore>) -> Self {
        Self { store }
    }
}

impl FormElicitationHandler for StoredFormAnswers {
    fn answer_form<'a>(
        &'a self,
        elicitation: &'a FormElicitation,
    ) -> BoxFuture<'a, Result<FormOutcome, StoreError>> {
        Box::pin(async move {
            let record = self
                .store
                .take_form_answer(&elicitation.server_name, &elicitation.tool_name)
                .await
                .unwrap_or(None);
            Ok(elicitation.decide(record.as_ref(), Timestamp::now()))
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::profile::backend::parse_requested_schema;
    use crate::profile::backend::stored::FormAnswerAction;
    use crate::rules::answer::FormAnswer;
    use serde_json::json;
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    /// Hands out its record once, like a destructive durable store.
    struct OneShot(Mutex<Option<StoredFormAnswer>>);

    impl FormAnswerStore for OneShot {
        fn take_form_answer<'a>(
            &'a self,
            _: &'a str,
            _: &'a str,
        ) -> BoxFuture<'a, Result<Option<StoredFormAnswer>, StoreError>> {
            Box::pin(async move { Ok(self.0.lock().unwrap().take()) })
        }
    }

    struct Unreachable;

    impl FormAnswerStore for Unreachable {
        fn take_form_answer<'a>(
            &'a self,
            _: &'a str,
            _: &'a str,
        ) -> BoxFuture<'a, Result<Option<StoredFormAnswer>, StoreError>> {
            Box::pin(async { Err("connection refused".into()) })
        }
    }

    fn asked() -> FormElicitation {
        FormElicitation {
            server_name: "billing".into(),
            tool_name: "buy".into(),
            key: "details".into(),
            message: "Pick a plan".into(),
            schema: parse_requested_schema(
                &json!({"type": "object", "properties": {"plan": {"type": "string", "enum": ["pro"]}}}),
            )
            .unwrap(),
        }
    }

    fn store_with(action: FormAnswerAction) -> Arc<OneShot> {
        let answers = BTreeMap::from([(
            "plan".to_string(),
            FormAnswer {
                selected: vec!["pro".into()],
                other_text: None,
            },
        )]);
        let record = StoredFormAnswer::new(
            "billing",
            "buy",
            &asked().schema.fingerprint(),
            action,
            answers,
            Timestamp::now(),
        )
        .unwrap();
        Arc::new(OneShot(Mutex::new(Some(record))))
    }

    #[tokio::test]
    async fn a_recorded_answer_is_sent_once_then_the_person_is_asked() {
        let handler = StoredFormAnswers::new(store_with(FormAnswerAction::Accept));
        let first = handler.answer_form(&asked()).await.unwrap();
        assert_eq!(
            first,
            FormOutcome::Accept(json!({"plan": "pro"}).as_object().unwrap().clone())
        );
        assert_eq!(
            handler.answer_form(&asked()).await.unwrap(),
            FormOutcome::Ask
        );
    }

    #[tokio::test]
    async fn a_recorded_decline_is_sent_as_decline() {
        let handler = StoredFormAnswers::new(store_with(FormAnswerAction::Decline));
        assert_eq!(
            handler.answer_form(&asked()).await.unwrap(),
            FormOutcome::Decline
        );
    }

    #[tokio::test]
    async fn an_unreachable_store_asks_instead_of_inventing_an_answer() {
        let handler = StoredFormAnswers::new(Arc::new(Unreachable));
        assert_eq!(
            handler.answer_form(&asked()).await.unwrap(),
            FormOutcome::Ask
        );
    }
}
