//! The backend's async handler surface, for Rust hosts that keep recorded
//! answers in a store of their own.
//!
//! `FormAnswerStore` is destructive by contract (one answer is sent at most
//! once), and an unreachable store never turns into an answer nobody gave: it
//! reads as "no record", so the person is asked.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::{FormElicitation, FormOutcome, StoredFormAnswer, Timestamp};

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
