//! Every input through this crate and through `everruns-core` 0.43.0's
//! `mcp::form_elicitation`: any difference fails. Compared: the outcome of the
//! profile check (accepted schema, or refusal variant, fields and `Display`
//! text), the questions, the fingerprint, the content or error text of the
//! answers, the pending elicitation, the retry decision (`FormOutcome` from
//! each crate's `StoredFormAnswers` handler, for an accept and a decline
//! record, with the right fingerprint and a stale one), the storage key and
//! the credential check of the server name, and the server name read as a
//! stored record's `expires_at` (see `timestamp`).
#![no_main]

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use elicit_form as ours;
use elicit_form::handler::BoxFuture;
use everruns_core::mcp::form_elicitation as theirs;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

use ours::FormElicitationHandler as _;
use theirs::FormElicitationHandler as _;

const TOOL: &str = "buy";

fuzz_target!(|data: &[u8]| {
    let case = elicit_form_fuzz::split(data);
    let server = case.server.as_str();
    assert_eq!(ours::names_a_credential(server), theirs::names_a_credential(server), "names_a_credential({server:?})");
    assert_eq!(ours::form_answer_storage_key(server, TOOL), theirs::form_answer_storage_key(server, TOOL));
    timestamp(server);

    let Ok(schema) = serde_json::from_slice::<Value>(case.schema) else {
        return;
    };
    let mine = ours::parse_requested_schema(&schema);
    let reference = theirs::parse_requested_schema(&schema);
    // The derived Debug texts spell the same types the same way, so equal
    // text is equal variant and fields (f64 Debug is exact, -0.0 included).
    assert_eq!(format!("{mine:?}"), format!("{reference:?}"), "parse outcome");
    let (mine, reference) = match (mine, reference) {
        (Ok(mine), Ok(reference)) => (mine, reference),
        (Err(mine), Err(reference)) => {
            assert_eq!(mine.to_string(), reference.to_string(), "refusal text");
            return;
        }
        _ => unreachable!("Debug texts were equal"),
    };
    assert_eq!(mine.questions(server), reference.questions(server), "questions");
    let fingerprint = mine.fingerprint();
    assert_eq!(fingerprint, reference.fingerprint(), "fingerprint");

    let answers = elicit_form_fuzz::answers(case.rest, &mine);
    let their_answers: BTreeMap<String, theirs::FormAnswer> = answers
        .iter()
        .map(|(name, a)| (name.clone(), theirs::FormAnswer { selected: a.selected.clone(), other_text: a.other_text.clone() }))
        .collect();
    let content = mine.content_from_answers(&answers).map_err(|error| error.to_string());
    let their_content = reference.content_from_answers(&their_answers);
    assert_eq!(content, their_content, "content");
    if let (Ok(content), Ok(their_content)) = (&content, &their_content) {
        assert_eq!(serde_json::to_string(content).ok(), serde_json::to_string(their_content).ok(), "content text");
    }

    let message = String::from_utf8_lossy(case.rest).into_owned();
    let key = ours::form_answer_storage_key(server, TOOL);
    let my_elicitation = ours::FormElicitation {
        server_name: server.to_string(),
        tool_name: TOOL.to_string(),
        key: key.clone(),
        message: message.clone(),
        schema: mine,
    };
    let their_elicitation = theirs::FormElicitation {
        server_name: server.to_string(),
        tool_name: TOOL.to_string(),
        key,
        message,
        schema: reference,
    };
    let (pending, their_pending) = (my_elicitation.pending(), their_elicitation.pending());
    assert_eq!(pending.to_string(), their_pending.to_string());
    assert_eq!(
        (&pending.server_name, &pending.tool_name, &pending.message, &pending.questions, &pending.fingerprint),
        (&their_pending.server_name, &their_pending.tool_name, &their_pending.message, &their_pending.questions, &their_pending.fingerprint),
    );

    for accept in [true, false] {
        for recorded in [fingerprint.as_str(), "stale"] {
            let my_record = ours::StoredFormAnswer::new(
                server,
                TOOL,
                recorded,
                if accept { ours::FormAnswerAction::Accept } else { ours::FormAnswerAction::Decline },
                answers.clone(),
                ours::Timestamp::now(),
            )
            .expect("now is within the years 0000 to 9999");
            let their_record = theirs::StoredFormAnswer::new(
                server,
                TOOL,
                recorded,
                if accept { theirs::FormAnswerAction::Accept } else { theirs::FormAnswerAction::Decline },
                their_answers.clone(),
                chrono::Utc::now(),
            );
            let handler = ours::StoredFormAnswers::new(Arc::new(MyStore(Mutex::new(Some(my_record)))));
            let their_handler = theirs::StoredFormAnswers::new(Arc::new(TheirStore(Mutex::new(Some(their_record)))));
            let outcome = ready(handler.answer_form(&my_elicitation)).expect("our store never fails");
            let their_outcome = ready(their_handler.answer_form(&their_elicitation)).expect("their store never fails");
            assert_eq!(format!("{outcome:?}"), format!("{their_outcome:?}"), "retry decision");
        }
    }
});

/// A stored record's `expires_at`: the backend reads and writes it with
/// chrono's serde. Whatever this crate reads, chrono reads as the same
/// instant, and both write it as the same text. The other way round is not
/// compared: chrono's relaxed reader also takes forms this crate refuses
/// (leap second 60, spaces around the text or before the offset, `UTC`,
/// `+0100`, one-digit months, more than nine fraction digits, years outside
/// 0000 to 9999), none of which chrono writes.
fn timestamp(text: &str) {
    let Ok(at) = ours::Timestamp::parse_rfc3339(text) else {
        return;
    };
    let theirs: chrono::DateTime<chrono::Utc> = serde_json::from_value(Value::String(text.to_string()))
        .unwrap_or_else(|error| panic!("chrono refuses {text:?}, which this crate reads: {error}"));
    assert_eq!((at.unix_seconds(), at.subsec_nanos()), (theirs.timestamp(), theirs.timestamp_subsec_nanos()), "{text:?}");
    assert_eq!(serde_json::to_value(at).ok(), serde_json::to_value(theirs).ok(), "{text:?}");
}

/// Polls a future that never waits (both stores answer at once) to its end.
fn ready<T>(future: impl Future<Output = T>) -> T {
    let mut future = std::pin::pin!(future);
    match future.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => value,
        Poll::Pending => panic!("a handler waited on a store that answers at once"),
    }
}

struct MyStore(Mutex<Option<ours::StoredFormAnswer>>);

impl ours::FormAnswerStore for MyStore {
    fn take_form_answer<'a>(
        &'a self,
        _server: &'a str,
        _tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<ours::StoredFormAnswer>, ours::StoreError>> {
        let record = self.0.lock().expect("not poisoned").take();
        Box::pin(async move { Ok(record) })
    }
}

struct TheirStore(Mutex<Option<theirs::StoredFormAnswer>>);

#[async_trait::async_trait]
impl theirs::FormAnswerStore for TheirStore {
    async fn take_form_answer(&self, _server: &str, _tool: &str) -> anyhow::Result<Option<theirs::StoredFormAnswer>> {
        Ok(self.0.lock().expect("not poisoned").take())
    }
}
