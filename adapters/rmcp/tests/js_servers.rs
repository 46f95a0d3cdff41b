//! elicit-form-rmcp against the JavaScript SDK servers the flow tests run,
//! spawned over stdio: tests/flow/v2-server.mjs (forms) and
//! tests/flow/url-server.mjs (links), in both protocol versions (2026-07-28
//! `input_required` rounds; 2025-11-25, where the SDK's shim pushes the
//! same asks as `elicitation/create`), and the reference
//! server-everything (SDK v1, which pushes).

mod support;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use elicit_form::{
    FormAnswer, FormAnswerAction, FormElicitationPending, StoredConsent, StoredFormAnswer,
    Timestamp, consent_storage_key, form_answer_storage_key,
};
use elicit_form_rmcp::{ElicitError, ElicitForm, MemoryStore, Pending};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientConfig, ElicitRequestParams, ElicitResult,
    ErrorData, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{Peer, RequestContext, RoleClient, serve_directly};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::{Value, json};
use support::node_server;

/// How the server asks: the protocol version the client negotiates.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Era {
    /// 2026-07-28: `input_required` rounds, retried with `inputResponses`.
    Rounds,
    /// 2025-11-25: `elicitation/create` pushed during the call.
    Pushed,
}

const ERAS: [Era; 2] = [Era::Rounds, Era::Pushed];

/// The handler as a host runs it, counting the pushed `elicitation/create`
/// (so a test knows which way it was asked); on 2025-11-25 asking for that
/// older protocol version in `initialize`.
struct Counted {
    elicit: ElicitForm,
    version: Option<ProtocolVersion>,
    pushes: Arc<AtomicUsize>,
}

impl ClientHandler for Counted {
    fn get_info(&self) -> ClientConfig {
        let info = self.elicit.get_info();
        match &self.version {
            Some(version) => info.with_protocol_version(version.clone()),
            None => info,
        }
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.pushes.fetch_add(1, Ordering::SeqCst);
        self.elicit.create_elicitation(request, context).await
    }
}

/// One client connection to one spawned server.
struct Connection {
    elicit: ElicitForm,
    store: Arc<MemoryStore>,
    shown: Arc<Mutex<Vec<Pending>>>,
    peer: Peer<RoleClient>,
    pushes: Arc<AtomicUsize>,
    // Kept for their lifetimes: the running client, the child process.
    _running: Box<dyn std::any::Any>,
    _child: tokio::process::Child,
}

async fn connect(server_name: &str, era: Era, command: &[&str]) -> Connection {
    connect_with(server_name, era, command, |elicit| elicit).await
}

async fn connect_with(
    server_name: &str,
    era: Era,
    command: &[&str],
    configure: impl FnOnce(ElicitForm) -> ElicitForm,
) -> Connection {
    let store = Arc::new(MemoryStore::new());
    let shown = Arc::new(Mutex::new(Vec::new()));
    let sink = shown.clone();
    let elicit = configure(
        ElicitForm::new(server_name, store.clone())
            .on_pending(move |pending| sink.lock().unwrap().push(pending.clone())),
    );
    let (child, stdout, stdin) = node_server(command);
    let transport = (elicit.tap(stdout), stdin);
    let pushes = Arc::new(AtomicUsize::new(0));
    let handler = Counted {
        elicit: elicit.clone(),
        version: (era == Era::Pushed).then_some(ProtocolVersion::V_2025_11_25),
        pushes: pushes.clone(),
    };
    let running = match era {
        // 2026-07-28 has no handshake: the client speaks at once, its
        // protocol version and capabilities in each request's `_meta`.
        Era::Rounds => {
            let mut server =
                ServerConfig::new(ServerCapabilities::builder().enable_tools().build());
            server.protocol_version = ProtocolVersion::V_2026_07_28;
            serve_directly::<RoleClient, _, _, _, _>(handler, transport, Some(server.into()))
        }
        // 2025-11-25's `initialize`, asked for that version.
        Era::Pushed => handler.serve(transport).await.unwrap(),
    };
    let peer = running.peer().clone();
    Connection {
        elicit,
        store,
        shown,
        peer,
        pushes,
        _running: Box::new(running),
        _child: child,
    }
}

async fn v2_server(era: Era) -> Connection {
    connect("billing", era, &["tests/flow/v2-server.mjs", "stdio"]).await
}

impl Connection {
    async fn call(&self, tool: &str, arguments: Value) -> Result<CallToolResult, ElicitError> {
        let Value::Object(arguments) = arguments else {
            panic!("arguments are an object")
        };
        self.elicit
            .call_tool(
                &self.peer,
                CallToolRequestParams::new(tool.to_string()).with_arguments(arguments),
            )
            .await
    }

    /// Whether the server asked by pushing `elicitation/create`.
    fn was_pushed(&self) -> bool {
        self.pushes.load(Ordering::SeqCst) > 0
    }

    fn shown(&self) -> Vec<Pending> {
        self.shown.lock().unwrap().clone()
    }
}

/// The JSON the flow servers' tools reply with: `{received, state}`.
fn reported(result: &CallToolResult) -> Value {
    serde_json::from_str(&result.content[0].as_text().unwrap().text).unwrap()
}

fn form_pending(outcome: Result<CallToolResult, ElicitError>) -> FormElicitationPending {
    match outcome {
        Err(ElicitError::FormPending(pending)) => pending,
        other => panic!("expected a pending form, got {other:?}"),
    }
}

fn url_pending(
    outcome: Result<CallToolResult, ElicitError>,
) -> Box<elicit_form::url_mode::UrlPending> {
    match outcome {
        Err(ElicitError::UrlPending(pending)) => pending,
        other => panic!("expected a pending link, got {other:?}"),
    }
}

/// A person's answers to the billing form (tests/flow/support.mjs's
/// `billingAnswers`), recorded as a host does once they answered.
fn record_billing(store: &MemoryStore, pending: &FormElicitationPending, action: FormAnswerAction) {
    let answer = |selected: &[&str], other: Option<&str>| FormAnswer {
        selected: selected.iter().map(|label| label.to_string()).collect(),
        other_text: other.map(str::to_string),
    };
    let answers = BTreeMap::from([
        ("plan".to_string(), answer(&["Team"], None)),
        ("seats".to_string(), answer(&[], Some(" 12 "))),
        ("notify".to_string(), answer(&["Yes"], None)),
        ("email".to_string(), answer(&[], Some("ada@example.com"))),
    ]);
    let record = StoredFormAnswer::new(
        &pending.server_name,
        &pending.tool_name,
        &pending.fingerprint,
        action,
        answers,
        Timestamp::now(),
    )
    .unwrap();
    store.record_form_answer(&record).unwrap();
}

#[tokio::test]
async fn a_form_sends_the_exact_content_once_in_both_eras() {
    for era in ERAS {
        let c = v2_server(era).await;
        let pending = form_pending(c.call("buy", json!({})).await);
        assert_eq!(c.was_pushed(), era == Era::Pushed, "{era:?}");
        assert_eq!(pending.server_name, "billing");
        assert_eq!(pending.tool_name, "buy");
        let ids: Vec<&Value> = pending.questions.iter().map(|q| &q["id"]).collect();
        assert_eq!(ids, ["email", "notify", "plan", "seats"], "{era:?}");
        assert_eq!(pending.questions[2]["question"], "Plan: Which plan to buy");
        assert_eq!(c.shown(), vec![Pending::Form(pending.clone())]);

        record_billing(&c.store, &pending, FormAnswerAction::Accept);
        let got = reported(&c.call("buy", json!({})).await.unwrap());
        assert_eq!(
            got["received"],
            json!({"action": "accept", "content":
                {"email": "ada@example.com", "notify": true, "plan": "team", "seats": 12}}),
            "{era:?}"
        );
        if era == Era::Rounds {
            assert_eq!(got["state"], "buy:billing:ünïcödé \"state\"");
        }
        assert_eq!(
            c.store.get(&form_answer_storage_key("billing", "buy")),
            None
        );
        // Single use: the next call asks again, and the person sees it again.
        let again = form_pending(c.call("buy", json!({})).await);
        assert_eq!(again.fingerprint, pending.fingerprint);
        assert_eq!(c.shown().len(), 2, "{era:?}");
    }
}

#[tokio::test]
async fn a_recorded_decline_is_sent_as_decline_in_both_eras() {
    for era in ERAS {
        let c = v2_server(era).await;
        let pending = form_pending(c.call("buy", json!({})).await);
        record_billing(&c.store, &pending, FormAnswerAction::Decline);
        let got = reported(&c.call("buy", json!({})).await.unwrap());
        // No content goes with a decline, and the record is used up.
        assert_eq!(got["received"], json!({"action": "decline"}), "{era:?}");
        form_pending(c.call("buy", json!({})).await);
    }
}

#[tokio::test]
async fn a_changed_schema_is_asked_again_in_both_eras() {
    for era in ERAS {
        let c = v2_server(era).await;
        let pending = form_pending(c.call("buy", json!({})).await);
        record_billing(&c.store, &pending, FormAnswerAction::Accept);
        // The same tool now asks other questions: the answer to the first
        // ones is not theirs.
        let asked = form_pending(c.call("buy", json!({"variant": "seats-only"})).await);
        assert_ne!(asked.fingerprint, pending.fingerprint, "{era:?}");
        let ids: Vec<&Value> = asked.questions.iter().map(|q| &q["id"]).collect();
        assert_eq!(ids, ["seats"], "{era:?}");
        assert_eq!(c.shown().len(), 2);
    }
}

#[tokio::test]
async fn the_credential_form_is_refused_and_never_shown_in_both_eras() {
    for era in ERAS {
        let c = v2_server(era).await;
        // A record under the tool's key stays untouched by a refusal.
        let key = form_answer_storage_key("billing", "connect-account");
        c.store.insert(key.clone(), "{\"kept\": true}".into());
        let refused = c.call("connect-account", json!({})).await;
        let Err(ElicitError::Refused { message, kind }) = &refused else {
            panic!("expected a refusal, got {refused:?}")
        };
        assert_eq!(*kind, "credential", "{era:?}");
        assert_eq!(c.was_pushed(), era == Era::Pushed, "{era:?}");
        assert_eq!(
            message,
            "MCP server 'billing' asked questions for tool 'connect-account' that Everruns will \
             not put to a person: property 'apiKey' asks for a credential; Everruns does not \
             collect credentials through form elicitation. The server should use URL mode \
             elicitation instead"
        );
        assert!(
            c.shown().is_empty(),
            "{era:?}: a refused form is never shown"
        );
        assert_eq!(c.store.get(&key).as_deref(), Some("{\"kept\": true}"));
    }
}

#[tokio::test]
async fn a_link_is_parked_without_a_consent_and_accepted_once_with_one_in_both_eras() {
    for era in ERAS {
        let c = connect("accounts", era, &["tests/flow/url-server.mjs", "stdio"]).await;
        let pending = url_pending(c.call("connect_account", json!({})).await);
        assert_eq!(c.was_pushed(), era == Era::Pushed, "{era:?}");
        assert_eq!(pending.host, "login.accounts.example.com", "{era:?}");
        assert_eq!(pending.view.site, "example.com");
        assert_eq!(pending.view.header, "accounts");
        assert_eq!(
            pending.view.url,
            "https://login.accounts.example.com:8443/oauth/authorize?client=elicit-form&scope=calendar"
        );
        assert_eq!(
            pending.summary,
            "MCP server 'accounts' needs you to complete an interaction at \
             login.accounts.example.com before tool 'connect_account' can run"
        );
        assert_eq!(c.shown(), vec![Pending::Url(pending.clone())]);

        c.store
            .record_consent(&StoredConsent::new(
                "accounts",
                "connect_account",
                &pending.host,
                Timestamp::now(),
            ))
            .unwrap();
        let got = reported(&c.call("connect_account", json!({})).await.unwrap());
        assert_eq!(got["received"], json!({"action": "accept"}), "{era:?}");
        if era == Era::Rounds {
            assert_eq!(got["state"], "connect:ünïcödé \"state\"");
        }
        assert_eq!(
            c.store
                .get(&consent_storage_key("accounts", "connect_account")),
            None,
            "the consent was taken"
        );
        // One consent, one accept: the next call is parked again.
        url_pending(c.call("connect_account", json!({})).await);
        assert_eq!(c.shown().len(), 2, "{era:?}");
    }
}

#[tokio::test]
async fn a_form_and_a_link_in_one_round_are_answered_together() {
    let c = connect(
        "accounts",
        Era::Rounds,
        &["tests/flow/url-server.mjs", "stdio"],
    )
    .await;
    let consent = || {
        c.store
            .record_consent(&StoredConsent::new(
                "accounts",
                "connect_and_name",
                "login.accounts.example.com",
                Timestamp::now(),
            ))
            .unwrap()
    };
    let key = consent_storage_key("accounts", "connect_and_name");
    // The backend's map order: "connect" before "name"; the link parks first.
    url_pending(c.call("connect_and_name", json!({})).await);
    consent();
    // The link is answered from its consent, then the form parks: nothing
    // is sent, and the consent was used, as the backend's take is.
    let pending = form_pending(c.call("connect_and_name", json!({})).await);
    let ids: Vec<&Value> = pending.questions.iter().map(|q| &q["id"]).collect();
    assert_eq!(ids, ["name"]);
    assert_eq!(c.store.get(&key), None);
    let record = StoredFormAnswer::new(
        "accounts",
        "connect_and_name",
        &pending.fingerprint,
        FormAnswerAction::Accept,
        BTreeMap::from([(
            "name".to_string(),
            FormAnswer {
                selected: vec![],
                other_text: Some("Ada".to_string()),
            },
        )]),
        Timestamp::now(),
    )
    .unwrap();
    c.store.record_form_answer(&record).unwrap();
    consent();
    let got = reported(&c.call("connect_and_name", json!({})).await.unwrap());
    assert_eq!(
        got["received"],
        json!({"connect": {"action": "accept"}, "name": {"action": "accept", "content": {"name": "Ada"}}})
    );
}

#[tokio::test]
async fn the_bound_stops_a_server_that_keeps_asking() {
    // One retry allowed; the server asks the billing form every round.
    let c = connect_with(
        "billing",
        Era::Rounds,
        &["tests/flow/v2-server.mjs", "stdio"],
        |elicit| elicit.with_max_rounds(1),
    )
    .await;
    let pending = form_pending(c.call("keep_asking_form", json!({})).await);
    record_billing(&c.store, &pending, FormAnswerAction::Accept);
    // The answer goes with the one retry; the round after it is the bound's.
    let outcome = c.call("keep_asking_form", json!({})).await;
    let Err(error @ ElicitError::RoundsExceeded { rounds, last, .. }) = &outcome else {
        panic!("expected the bound, got {outcome:?}")
    };
    assert_eq!(*rounds, 1);
    assert_eq!(last.request_state.as_deref(), Some("2"), "asked twice");
    assert_eq!(
        error.to_string(),
        "MCP request 'tools/call' for 'keep_asking_form' still requires input after 1 rounds; \
         if you were asked to complete something in your browser, finish it and retry the \
         request"
    );
    assert_eq!(
        c.store
            .get(&form_answer_storage_key("billing", "keep_asking_form")),
        None
    );
    assert_eq!(c.shown().len(), 1, "the bound's round is not shown");
}

#[tokio::test]
async fn server_everythings_elicitation_is_refused_with_the_property_and_never_shown() {
    let everything = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";
    // An SDK v1 server: 2025-11-25, with `initialize`.
    let c = connect("everything", Era::Pushed, &[everything, "stdio"]).await;
    let refused = c.call("trigger-elicitation-request", json!({})).await;
    let Err(ElicitError::Refused { message, kind }) = &refused else {
        panic!("expected a refusal, got {refused:?}")
    };
    assert_eq!(*kind, "outOfProfile");
    assert!(c.was_pushed(), "an SDK v1 server pushes its form");
    assert!(
        message.ends_with(
            "property 'titledMultipleSelectEnum' is outside the form elicitation profile: \
             type \"array\" is not a primitive"
        ),
        "{message}"
    );
    assert!(c.shown().is_empty(), "a refused form is never shown");
}
