//! A person's answer to a URL-mode request, on record, and the retry
//! decision: the forms' records exactly ([`StoredFormAnswer`], usable for
//! 30 minutes for the same server, tool and fingerprint; the host takes it
//! from its store, so it is used once), over the URL actions. `accept` means
//! the person agreed to open the link, not that anything at the other end
//! is done.

use alloc::string::String;

use serde::{Deserialize, Serialize};

use crate::json::{Map, Value};
use crate::rules::stored::RecordedAction;
use crate::url_mode::UrlView;
use crate::{StoredFormAnswer, Timestamp};

/// What the person did with the link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename_all = "snake_case"))]
pub enum UrlAnswerAction {
    /// Agreed to open the link (the card opened it after the click).
    Accept,
    /// Refused to open it.
    Decline,
    /// Dismissed the card, timed out, or could not be asked.
    Cancel,
}

/// The record of a URL answer: a form record's shape, with no answers.
pub type StoredUrlAnswer = StoredFormAnswer<UrlAnswerAction>;

/// What the host sends back (`ElicitResult.action`, no content), or that it
/// must ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlOutcome {
    Accept,
    Decline,
    Cancel,
    /// Nothing usable is recorded: put the consent card in front of a person.
    Ask,
}

impl RecordedAction for UrlAnswerAction {
    type Outcome = UrlOutcome;
    const NAMED: &'static [(&'static str, Self)] = &[
        ("accept", Self::Accept),
        ("decline", Self::Decline),
        ("cancel", Self::Cancel),
    ];

    fn ask() -> UrlOutcome {
        UrlOutcome::Ask
    }

    // A URL answer carries no content: `accept` stands as it is.
    fn outcome(self, _accepted: impl FnOnce() -> Option<Map<String, Value>>) -> UrlOutcome {
        match self {
            Self::Accept => UrlOutcome::Accept,
            Self::Decline => UrlOutcome::Decline,
            Self::Cancel => UrlOutcome::Cancel,
        }
    }
}

/// The retry decision for `view`, asked by `server`'s `tool`, on a record
/// already taken from the store (`None` when there was none): a record for
/// another server, tool or link, or an expired one, asks again.
pub fn decide_url(
    view: &UrlView,
    server: &str,
    tool: &str,
    record: Option<&StoredUrlAnswer>,
    now: Timestamp,
) -> UrlOutcome {
    match record.filter(|record| record.applies_to(server, tool, &view.fingerprint, now)) {
        Some(record) => record.action.outcome(|| None),
        None => UrlOutcome::Ask,
    }
}
