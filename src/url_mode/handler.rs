//! The backend's async consent surface for URL mode, for Rust hosts with a
//! consent store of their own (the `handler` feature, native only, as
//! [`crate::handler`] is for forms).
//!
//! A handler never opens a link and never invents a consent: with no stored
//! consent to the very host asked, it answers `cancel`, and the caller stops
//! the call with [`UrlElicitationPending`](super::UrlElicitationPending) so a
//! person can be asked. An unreachable store reads as "no consent".

use std::sync::Arc;

use crate::handler::{BoxFuture, StoreError};
use crate::url_mode::consent::{ElicitationAction, GrantedConsent, UrlElicitation, granted_action};

/// Gets a person's consent for a link.
pub trait UrlElicitationHandler: Send + Sync {
    fn request_url_consent<'a>(
        &'a self,
        elicitation: &'a UrlElicitation,
    ) -> BoxFuture<'a, Result<ElicitationAction, StoreError>>;
}

/// Durable, single-use store of consents.
pub trait ElicitationConsentStore: Send + Sync {
    /// Consume the consent recorded for `server`/`tool`, if any, through
    /// [`StoredConsent::grant_for`](super::StoredConsent::grant_for): taking
    /// is destructive, so one consent answers one `accept`.
    fn take_consent<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<GrantedConsent>, StoreError>>;
}

/// Answers `accept` when, and only when, a person consented to this host
/// (the store's consent, taken once); `cancel` otherwise.
pub struct ConsentingUrlElicitations {
    store: Arc<dyn ElicitationConsentStore>,
}

impl ConsentingUrlElicitations {
    pub fn new(store: Arc<dyn ElicitationConsentStore>) -> Self {
        Self { store }
    }
}

impl UrlElicitationHandler for ConsentingUrlElicitations {
    fn request_url_consent<'a>(
        &'a self,
        elicitation: &'a UrlElicitation,
    ) -> BoxFuture<'a, Result<ElicitationAction, StoreError>> {
        Box::pin(async move {
            let granted = self
                .store
                .take_consent(&elicitation.server_name, &elicitation.tool_name)
                .await
                .unwrap_or(None);
            Ok(granted_action(elicitation, granted.as_ref()))
        })
    }
}

/// For hosts that show the link but cannot wait on the person: always
/// `cancel` (shown, not yet done), never `accept`.
pub struct RelayUrlElicitations;

impl UrlElicitationHandler for RelayUrlElicitations {
    fn request_url_consent<'a>(
        &'a self,
        _elicitation: &'a UrlElicitation,
    ) -> BoxFuture<'a, Result<ElicitationAction, StoreError>> {
        Box::pin(async { Ok(ElicitationAction::Cancel) })
    }
}

/// For hosts with nobody to ask on a run: always `decline`.
pub struct DeclineUrlElicitations;

impl UrlElicitationHandler for DeclineUrlElicitations {
    fn request_url_consent<'a>(
        &'a self,
        _elicitation: &'a UrlElicitation,
    ) -> BoxFuture<'a, Result<ElicitationAction, StoreError>> {
        Box::pin(async { Ok(ElicitationAction::Decline) })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::Timestamp;
    use crate::url_mode::consent::StoredConsent;

    /// Hands out its record once, through `grant_for`, like a destructive
    /// durable store.
    struct OneShot(Mutex<Option<StoredConsent>>);

    impl ElicitationConsentStore for OneShot {
        fn take_consent<'a>(
            &'a self,
            server: &'a str,
            tool: &'a str,
        ) -> BoxFuture<'a, Result<Option<GrantedConsent>, StoreError>> {
            Box::pin(async move {
                let taken = self.0.lock().unwrap().take();
                Ok(taken.and_then(|record| record.grant_for(server, tool, Timestamp::now())))
            })
        }
    }

    struct Unreachable;

    impl ElicitationConsentStore for Unreachable {
        fn take_consent<'a>(
            &'a self,
            _: &'a str,
            _: &'a str,
        ) -> BoxFuture<'a, Result<Option<GrantedConsent>, StoreError>> {
            Box::pin(async { Err("connection refused".into()) })
        }
    }

    fn asked(host: &str) -> UrlElicitation {
        UrlElicitation {
            server_name: "billing".into(),
            tool_name: "charge".into(),
            key: "pay".into(),
            message: "Complete the payment".into(),
            url: format!("https://{host}/pay/1"),
            host: host.into(),
            punycode: false,
        }
    }

    fn consenting(host: &str) -> ConsentingUrlElicitations {
        let record = StoredConsent::new("billing", "charge", host, Timestamp::now());
        ConsentingUrlElicitations::new(Arc::new(OneShot(Mutex::new(Some(record)))))
    }

    #[tokio::test]
    async fn a_consent_is_one_accept_for_its_host_then_cancel() {
        let handler = consenting("pay.example.com");
        let link = asked("pay.example.com");
        let first = handler.request_url_consent(&link).await;
        assert_eq!(first.unwrap(), ElicitationAction::Accept);
        let second = handler.request_url_consent(&link).await;
        assert_eq!(second.unwrap(), ElicitationAction::Cancel);
    }

    #[tokio::test]
    async fn another_host_or_an_unreachable_store_is_cancel() {
        let swapped = consenting("pay.example.com");
        let action = swapped.request_url_consent(&asked("evil.example")).await;
        assert_eq!(action.unwrap(), ElicitationAction::Cancel);
        let unreachable = ConsentingUrlElicitations::new(Arc::new(Unreachable));
        let link = asked("pay.example.com");
        let action = unreachable.request_url_consent(&link).await;
        assert_eq!(action.unwrap(), ElicitationAction::Cancel);
    }

    #[tokio::test]
    async fn relay_cancels_and_decline_declines() {
        let link = asked("pay.example.com");
        let relayed = RelayUrlElicitations.request_url_consent(&link).await;
        assert_eq!(relayed.unwrap(), ElicitationAction::Cancel);
        let declined = DeclineUrlElicitations.request_url_consent(&link).await;
        assert_eq!(declined.unwrap(), ElicitationAction::Decline);
    }
}
