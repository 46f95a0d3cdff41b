//! The adapter in a client built with the `agent-client-protocol` crate,
//! talking to a real ACP agent process over its stdin and stdout: the agent
//! of the JS flow tests (tests/flow/acp-agent.mjs, written with
//! `@agentclientprotocol/sdk`'s AgentApp, run with Node from the workspace's
//! node_modules). Each prompt asks for one form and the agent reports, as an
//! `agent_message_chunk`, what it received.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use agent_client_protocol::schema::ProtocolVersion;
use agent_client_protocol::v1::schema::{
    ClientCapabilities, ContentBlock, InitializeRequest, NewSessionRequest, PromptRequest,
    SessionNotification, SessionUpdate, TextContent,
};
use agent_client_protocol::{Agent, ByteStreams, Client, Error, UntypedMessage};
use elicit_form::handler::BoxFuture;
use elicit_form::mcp_2026_07_28 as spec;
use elicit_form::url_mode::UrlPending;
use elicit_form::{
    ConsentingUrlElicitations, ElicitationConsentStore, FormAnswer, FormAnswerAction,
    FormAnswerStore, FormElicitationPending, GrantedConsent, StoreError, StoredConsent,
    StoredFormAnswer, StoredFormAnswers, Timestamp, parse_requested_schema,
};
use elicit_form_acp::{
    AcpFormElicitation, FORM_PENDING_ERROR_CODE, FormScope, SpecFormAnswerStore, UrlCompletion,
};
use serde_json::{Value, json};
use tokio_util::compat::{TokioAsyncReadCompatExt, TokioAsyncWriteCompatExt};

/// The backend's billing form, as tests/flow/support.mjs has it (`enumNames` included).
fn billing() -> Value {
    json!({
        "type": "object",
        "properties": {
            "plan": {"type": "string", "title": "Plan", "enum": ["pro", "team"], "enumNames": ["Pro", "Team"],
                     "description": "Which plan to buy"},
            "seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50},
            "notify": {"type": "boolean", "title": "Notify me", "default": true},
            "email": {"type": "string", "format": "email"}
        },
        "required": ["plan", "seats"]
    })
}

/// A destructive store in memory that counts its takes.
#[derive(Default)]
struct Memory {
    records: Mutex<BTreeMap<(String, String), StoredFormAnswer>>,
    takes: Mutex<usize>,
}

impl Memory {
    fn record(&self, record: StoredFormAnswer) {
        let key = (record.server.clone(), record.tool.clone());
        self.records.lock().unwrap().insert(key, record);
    }
    fn takes(&self) -> usize {
        *self.takes.lock().unwrap()
    }
}

impl FormAnswerStore for Memory {
    fn take_form_answer<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredFormAnswer>, StoreError>> {
        Box::pin(async move {
            *self.takes.lock().unwrap() += 1;
            Ok(self
                .records
                .lock()
                .unwrap()
                .remove(&(server.to_string(), tool.to_string())))
        })
    }
}

type Pendings = Arc<Mutex<Vec<(FormElicitationPending, FormScope)>>>;

/// Runs one connection to a fresh agent process: `asks` are the prompts'
/// JSON, `between(i, pendings)` runs before prompt `i` (to record an
/// answer); resolves with the agent's reports and the session id.
async fn run(
    forms: AcpFormElicitation,
    asks: Vec<Value>,
    between: impl Fn(usize, &str) + Send + 'static,
) -> (Vec<Value>, String, ClientCapabilities) {
    let agent_script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/flow/acp-agent.mjs");
    let mut child = tokio::process::Command::new("node")
        .arg(agent_script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("node runs tests/flow/acp-agent.mjs (npm install first)");
    let transport = ByteStreams::new(
        child.stdin.take().unwrap().compat_write(),
        child.stdout.take().unwrap().compat(),
    );
    let reports = Arc::new(Mutex::new(Vec::<Value>::new()));
    let heard = reports.clone();
    let capabilities = forms.client_capabilities(ClientCapabilities::new());
    let declared = capabilities.clone();
    let mut session = String::new();
    let forms = Arc::new(forms);
    Client
        .v1()
        .on_receive_notification(
            async move |notification: SessionNotification, _cx| {
                if let SessionUpdate::AgentMessageChunk(chunk) = notification.update
                    && let ContentBlock::Text(text) = chunk.content
                {
                    heard
                        .lock()
                        .unwrap()
                        .push(serde_json::from_str(&text.text).unwrap());
                }
                Ok(())
            },
            agent_client_protocol::on_receive_notification!(),
        )
        .on_receive_notification(
            {
                let forms = forms.clone();
                async move |notification: UntypedMessage, cx| {
                    Ok(forms.handle_notification(notification, cx))
                }
            },
            agent_client_protocol::on_receive_notification!(),
        )
        .on_receive_request(
            {
                let forms = forms.clone();
                async move |request: UntypedMessage, responder, _cx| {
                    forms.handle(request, responder).await
                }
            },
            agent_client_protocol::on_receive_request!(),
        )
        .connect_with(
            transport,
            async |cx: agent_client_protocol::v1::ConnectionTo<Agent>| {
                cx.send_request(
                    InitializeRequest::new(ProtocolVersion::V1).client_capabilities(capabilities),
                )
                .block_task()
                .await?;
                let created = cx
                    .send_request(NewSessionRequest::new(std::env::current_dir().unwrap()))
                    .block_task()
                    .await?;
                session = created.session_id.to_string();
                for (index, ask) in asks.iter().enumerate() {
                    between(index, &session);
                    let text = ContentBlock::Text(TextContent::new(ask.to_string()));
                    cx.send_request(PromptRequest::new(created.session_id.clone(), vec![text]))
                        .block_task()
                        .await?;
                }
                Ok::<(), Error>(())
            },
        )
        .await
        .expect("the connection runs to the end");
    drop(child);
    let reports = reports.lock().unwrap().clone();
    (reports, session, declared)
}

fn billing_answers() -> BTreeMap<String, FormAnswer> {
    let answer = |selected: &[&str], other: Option<&str>| FormAnswer {
        selected: selected.iter().map(|s| s.to_string()).collect(),
        other_text: other.map(str::to_string),
    };
    BTreeMap::from([
        ("plan".to_string(), answer(&["Team"], None)),
        ("seats".to_string(), answer(&[], Some(" 12 "))),
        ("notify".to_string(), answer(&["Yes"], None)),
        ("email".to_string(), answer(&[], Some("ada@example.com"))),
    ])
}

#[tokio::test(flavor = "current_thread")]
async fn billing_is_pending_then_the_recorded_answer_reaches_the_agent_once() {
    let store = Arc::new(Memory::default());
    let pendings: Pendings = Arc::default();
    let seen = pendings.clone();
    let forms = AcpFormElicitation::new(
        "billing-agent",
        Arc::new(StoredFormAnswers::new(store.clone())),
    )
    .on_pending(move |pending, scope| seen.lock().unwrap().push((pending, scope)));
    let ask = json!({"form": "billing"});
    let recorder = store.clone();
    let waiting = pendings.clone();
    let (reports, session, declared) = run(
        forms,
        vec![ask.clone(), ask.clone(), ask],
        move |index, _| {
            if index == 1 {
                let (pending, scope) = waiting.lock().unwrap()[0].clone();
                recorder.record(
                    StoredFormAnswer::new(
                        "billing-agent",
                        &scope.scope,
                        &pending.fingerprint,
                        FormAnswerAction::Accept,
                        billing_answers(),
                        Timestamp::now(),
                    )
                    .unwrap(),
                );
            }
        },
    )
    .await;

    assert_eq!(
        serde_json::to_value(declared.elicitation).unwrap(),
        json!({"form": {}}),
        "the client declares form elicitation"
    );
    // First ask: pending, with the backend's questions of the form as sent.
    assert_eq!(reports[0]["error"]["code"], FORM_PENDING_ERROR_CODE);
    assert_eq!(
        reports[0]["error"]["message"],
        format!("MCP server 'billing-agent' has questions for you before tool '{session}' can run")
    );
    let pendings = pendings.lock().unwrap().clone();
    let (pending, scope) = &pendings[0];
    assert_eq!(scope.scope, session);
    assert_eq!(scope.session_id.as_deref(), Some(session.as_str()));
    let form = parse_requested_schema(&billing()).unwrap();
    assert_eq!(pending.fingerprint, form.fingerprint());
    assert_eq!(pending.questions, form.questions("billing-agent"));
    let labels: Vec<&str> = pending.questions[2]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|option| option["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        ["Pro", "Team"],
        "enumNames, which the typed request drops, are read"
    );
    // Second ask: the recorded answer, as the backend's content in its key order.
    assert_eq!(
        reports[1]["received"].to_string(),
        r#"{"action":"accept","content":{"email":"ada@example.com","notify":true,"plan":"team","seats":12}}"#
    );
    assert_eq!(
        Value::Object(form.content(&billing_answers()).unwrap()),
        reports[1]["received"]["content"]
    );
    // Third ask: the record was used up; pending again.
    assert_eq!(reports[2]["error"]["code"], FORM_PENDING_ERROR_CODE);
    assert_eq!(pendings.len(), 2);
    assert_eq!(store.takes(), 3);
}

#[tokio::test(flavor = "current_thread")]
async fn a_changed_schema_is_asked_again_and_the_old_record_is_not_sent() {
    let store = Arc::new(Memory::default());
    let pendings: Pendings = Arc::default();
    let seen = pendings.clone();
    let forms = AcpFormElicitation::new(
        "billing-agent",
        Arc::new(StoredFormAnswers::new(store.clone())),
    )
    .on_pending(move |pending, scope| seen.lock().unwrap().push((pending, scope)));
    let fingerprint = parse_requested_schema(&billing()).unwrap().fingerprint();
    let recorder = store.clone();
    let (reports, _, _) = run(
        forms,
        vec![json!({"form": "seats"}), json!({"form": "billing"})],
        move |index, session| {
            if index == 0 {
                recorder.record(
                    StoredFormAnswer::new(
                        "billing-agent",
                        session,
                        &fingerprint,
                        FormAnswerAction::Accept,
                        billing_answers(),
                        Timestamp::now(),
                    )
                    .unwrap(),
                );
            }
        },
    )
    .await;
    assert_eq!(reports[0]["error"]["code"], FORM_PENDING_ERROR_CODE);
    assert_eq!(
        reports[1]["error"]["code"], FORM_PENDING_ERROR_CODE,
        "the record was taken by the first ask, not sent"
    );
    let pendings = pendings.lock().unwrap();
    assert_eq!(pendings[0].0.fingerprint, parse_requested_schema(&json!({
        "type": "object",
        "properties": {"seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50}},
        "required": ["seats"]
    })).unwrap().fingerprint(), "the changed form's questions are asked");
    assert_eq!(store.takes(), 2);
}

#[tokio::test(flavor = "current_thread")]
async fn a_credential_form_is_refused_without_a_prompt_and_the_store_is_not_touched() {
    let store = Arc::new(Memory::default());
    let pendings: Pendings = Arc::default();
    let seen = pendings.clone();
    let forms = AcpFormElicitation::new(
        "billing-agent",
        Arc::new(StoredFormAnswers::new(store.clone())),
    )
    .on_pending(move |pending, scope| seen.lock().unwrap().push((pending, scope)));
    let (reports, _, _) = run(forms, vec![json!({"form": "credential"})], |_, _| {}).await;
    assert_eq!(reports[0]["error"]["code"], -32602);
    assert_eq!(
        reports[0]["error"]["data"],
        json!({"kind": "credential", "property": "apiKey", "reason": null})
    );
    assert!(
        reports[0]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("property 'apiKey' asks for a credential")
    );
    assert!(pendings.lock().unwrap().is_empty());
    assert_eq!(store.takes(), 0);
}

#[tokio::test(flavor = "current_thread")]
async fn a_recorded_decline_reaches_the_agent_as_decline_and_url_mode_is_not_taken() {
    let store = Arc::new(Memory::default());
    let forms = AcpFormElicitation::new(
        "billing-agent",
        Arc::new(StoredFormAnswers::new(store.clone())),
    );
    let fingerprint = parse_requested_schema(&billing()).unwrap().fingerprint();
    let recorder = store.clone();
    let asks = vec![
        json!({"form": "billing", "toolCallId": "call_1"}),
        json!({"form": "url"}),
    ];
    let (reports, _, _) = run(forms, asks, move |index, session| {
        if index == 0 {
            recorder.record(
                StoredFormAnswer::new(
                    "billing-agent",
                    &format!("{session}/call_1"),
                    &fingerprint,
                    FormAnswerAction::Decline,
                    BTreeMap::new(),
                    Timestamp::now(),
                )
                .unwrap(),
            );
        }
    })
    .await;
    assert_eq!(
        reports[0]["received"],
        json!({"action": "decline"}),
        "kept under session and tool call"
    );
    assert_eq!(reports[1]["error"]["code"], -32602);
    assert!(
        reports[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains(r#"mode "url" is not one this client advertised"#)
    );
}

#[tokio::test(flavor = "current_thread")]
async fn without_a_session_or_a_request_the_form_is_invalid_params() {
    let store = Arc::new(Memory::default());
    let forms = AcpFormElicitation::new("billing-agent", Arc::new(StoredFormAnswers::new(store)));
    let error = forms
        .answer(&json!({"mode": "form", "message": "m", "requestedSchema": billing()}))
        .await
        .unwrap_err();
    assert_eq!(i32::from(error.code), -32602);
    let scope = FormScope::of(&json!({"requestId": 7})).unwrap();
    assert_eq!(scope.scope, "request:7");
}

#[tokio::test(flavor = "current_thread")]
async fn of_several_refused_properties_the_first_in_byte_order_is_named_whatever_the_wire_order() {
    // serde_json's preserve_order is on in this build (agent-client-protocol
    // turns it on); the backend reads properties in byte order of the keys.
    let params: Value = serde_json::from_str(r#"{"sessionId": "s", "mode": "form", "message": "m",
        "requestedSchema": {"type": "object", "properties": {
            "zeta": {"type": "object"}, "alpha": {"type": "array", "items": {"type": "string"}}}}}"#).unwrap();
    let names: Vec<&String> = params["requestedSchema"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(names, ["zeta", "alpha"], "the wire's order is kept");
    let forms = AcpFormElicitation::new(
        "billing-agent",
        Arc::new(StoredFormAnswers::new(Arc::new(Memory::default()))),
    );
    let error = forms.answer(&params).await.unwrap_err();
    assert_eq!(error.data.unwrap()["property"], "alpha");
}

/// A destructive store of records made under the MCP 2026-07-28 profile.
#[derive(Default)]
struct SpecMemory(Mutex<BTreeMap<(String, String), spec::StoredFormAnswer>>);

impl SpecFormAnswerStore for SpecMemory {
    fn take_spec_form_answer<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<spec::StoredFormAnswer>, StoreError>> {
        Box::pin(async move {
            Ok(self
                .0
                .lock()
                .unwrap()
                .remove(&(server.to_string(), tool.to_string())))
        })
    }
}

#[tokio::test(flavor = "current_thread")]
async fn mcp_2026_07_28_sends_cancel_distinct_from_decline_and_the_profiles_content() {
    let store = Arc::new(SpecMemory::default());
    let pendings: Pendings = Arc::default();
    let seen = pendings.clone();
    let forms = AcpFormElicitation::mcp_2026_07_28("billing-agent", store.clone())
        .on_pending(move |pending, scope| seen.lock().unwrap().push((pending, scope)));
    let ask = json!({"form": "billing"});
    let waiting = pendings.clone();
    let (reports, _, _) = run(forms, vec![ask.clone(); 4], move |index, _| {
        if index == 0 {
            return;
        }
        let (pending, scope) = waiting.lock().unwrap()[0].clone();
        let one = |selected: &str, other: Option<&str>| FormAnswer {
            selected: if selected.is_empty() {
                vec![]
            } else {
                vec![selected.to_string()]
            },
            other_text: other.map(str::to_string),
        };
        let (action, answers) = match index {
            1 => (spec::FormAnswerAction::Cancel, BTreeMap::new()),
            2 => (spec::FormAnswerAction::Decline, BTreeMap::new()),
            _ => (
                spec::FormAnswerAction::Accept,
                BTreeMap::from([
                    ("plan".to_string(), one("Pro", None)),
                    ("seats".to_string(), one("", Some("3"))),
                ]),
            ),
        };
        let record = spec::StoredFormAnswer::new(
            "billing-agent",
            &scope.scope,
            &pending.fingerprint,
            action,
            answers,
            Timestamp::now(),
        )
        .unwrap();
        store
            .0
            .lock()
            .unwrap()
            .insert(("billing-agent".to_string(), scope.scope.clone()), record);
    })
    .await;
    assert_eq!(reports[0]["error"]["code"], FORM_PENDING_ERROR_CODE);
    assert_eq!(reports[1]["received"], json!({"action": "cancel"}));
    assert_eq!(reports[2]["received"], json!({"action": "decline"}));
    assert_eq!(
        reports[3]["received"],
        json!({"action": "accept", "content": {"notify": true, "plan": "pro", "seats": 3}}),
        "the profile fills the declared default and leaves the optional email out"
    );
    let pending = &pendings.lock().unwrap()[0].0;
    assert_eq!(
        pending.fingerprint,
        spec::parse_requested_schema(&billing())
            .unwrap()
            .fingerprint()
    );
}

#[tokio::test(flavor = "current_thread")]
async fn mcp_2026_07_28_refuses_a_credential_too() {
    let store = Arc::new(SpecMemory::default());
    let forms = AcpFormElicitation::mcp_2026_07_28("billing-agent", store);
    let (reports, _, _) = run(forms, vec![json!({"form": "credential"})], |_, _| {}).await;
    assert_eq!(reports[0]["error"]["code"], -32602);
    assert_eq!(reports[0]["error"]["data"]["kind"], "credential");
}

/// A destructive store of consents in memory, by agent and scope.
#[derive(Default)]
struct Consents(Mutex<BTreeMap<(String, String), StoredConsent>>);

impl Consents {
    fn record(&self, consent: StoredConsent) {
        let key = (consent.server.clone(), consent.tool.clone());
        self.0.lock().unwrap().insert(key, consent);
    }
    fn len(&self) -> usize {
        self.0.lock().unwrap().len()
    }
}

impl ElicitationConsentStore for Consents {
    fn take_consent<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<GrantedConsent>, StoreError>> {
        Box::pin(async move {
            let taken = self
                .0
                .lock()
                .unwrap()
                .remove(&(server.to_string(), tool.to_string()));
            Ok(taken.and_then(|consent| consent.grant_for(server, tool, Timestamp::now())))
        })
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_link_waits_with_its_view_then_one_consent_is_one_accept() {
    let consents = Arc::new(Consents::default());
    let shown: Arc<Mutex<Vec<(UrlPending, FormScope)>>> = Arc::default();
    let seen = shown.clone();
    let forms = AcpFormElicitation::new(
        "billing-agent",
        Arc::new(StoredFormAnswers::new(Arc::new(Memory::default()))),
    )
    .with_url_handler(Arc::new(ConsentingUrlElicitations::new(consents.clone())))
    .on_url_pending(move |pending, scope| seen.lock().unwrap().push((pending, scope)));
    let hostile = "https://accounts.example.com@evil.example/";
    let asks = vec![
        json!({"form": "url"}),
        json!({"form": "url"}),
        json!({"form": "url"}),
        json!({"form": "url", "url": "https://elsewhere.example/connect"}),
        json!({"form": "url", "url": hostile}),
    ];
    let recorder = consents.clone();
    let waiting = shown.clone();
    let (reports, session, declared) = run(forms, asks, move |index, _| {
        // The person opened the link shown first: a consent to its host.
        if index == 1 || index == 3 || index == 4 {
            let (pending, scope) = waiting.lock().unwrap()[0].clone();
            recorder.record(StoredConsent::new(
                "billing-agent",
                &scope.scope,
                &pending.host,
                Timestamp::now(),
            ));
        }
    })
    .await;
    let declared = serde_json::to_value(declared).unwrap();
    assert_eq!(declared["elicitation"]["url"], json!({}));
    assert_eq!(declared["elicitation"]["form"], json!({}));

    assert_eq!(reports[0]["error"]["code"], FORM_PENDING_ERROR_CODE);
    let (pending, scope) = shown.lock().unwrap()[0].clone();
    assert_eq!(scope.scope, session);
    assert_eq!(pending.host, "agent.example");
    assert_eq!(pending.view.header, "billing-agent");
    assert_eq!(pending.view.site, "agent.example");
    assert_eq!(pending.url, "https://agent.example/connect?e=oauth-1");
    assert_eq!(
        reports[0]["error"]["message"],
        format!(
            "MCP server 'billing-agent' needs you to complete an interaction at agent.example before tool '{session}' can run"
        )
    );
    // One consent, one accept, no content; then it waits again.
    assert_eq!(reports[1]["received"], json!({"action": "accept"}));
    assert_eq!(reports[2]["error"]["code"], FORM_PENDING_ERROR_CODE);
    // A consent to another host grants nothing (and is used up).
    assert_eq!(reports[3]["error"]["code"], FORM_PENDING_ERROR_CODE);
    assert_eq!(shown.lock().unwrap()[2].0.host, "elsewhere.example");
    // A hostile link is refused before anything is shown or taken.
    assert_eq!(reports[4]["error"]["code"], -32602);
    assert_eq!(reports[4]["error"]["data"]["kind"], "userInfo");
    assert_eq!(shown.lock().unwrap().len(), 3);
    assert_eq!(consents.len(), 1, "the consent is left in place");
}

#[tokio::test(flavor = "current_thread")]
async fn an_accepted_links_completion_reaches_on_url_complete_once() {
    let consents = Arc::new(Consents::default());
    let completed: Arc<Mutex<Vec<UrlCompletion>>> = Arc::default();
    let heard = completed.clone();
    let forms = AcpFormElicitation::new(
        "billing-agent",
        Arc::new(StoredFormAnswers::new(Arc::new(Memory::default()))),
    )
    .with_url_handler(Arc::new(ConsentingUrlElicitations::new(consents.clone())))
    .on_url_complete(move |completion| heard.lock().unwrap().push(completion));
    let asks = vec![
        // Waiting: its completion is ignored.
        json!({"form": "url"}),
        json!({"form": "complete", "elicitationIds": ["oauth-1"]}),
        // Accepted from a consent: kept until its completion.
        json!({"form": "url"}),
        json!({"form": "complete", "elicitationIds": ["unknown", "oauth-1", "oauth-1"]}),
        // A turn after them: the notifications were read before its answer.
        json!({"form": "url"}),
    ];
    let recorder = consents.clone();
    let seen = completed.clone();
    let (reports, session, _) = run(forms, asks, move |index, session| {
        if index == 2 {
            assert!(
                seen.lock().unwrap().is_empty(),
                "a waiting link is not complete"
            );
            recorder.record(StoredConsent::new(
                "billing-agent",
                session,
                "agent.example",
                Timestamp::now(),
            ));
        }
    })
    .await;
    assert_eq!(reports[0]["error"]["code"], FORM_PENDING_ERROR_CODE);
    assert_eq!(reports[1]["completed"], json!(["oauth-1"]));
    assert_eq!(reports[2]["received"], json!({"action": "accept"}));
    assert_eq!(
        reports[3]["completed"],
        json!(["unknown", "oauth-1", "oauth-1"])
    );
    assert_eq!(reports[4]["error"]["code"], FORM_PENDING_ERROR_CODE);
    let completed = completed.lock().unwrap().clone();
    assert_eq!(completed.len(), 1, "once, unknown and repeated ids ignored");
    let completion = &completed[0];
    assert_eq!(completion.server_name, "billing-agent");
    assert_eq!(completion.tool_name, session);
    assert_eq!(
        completion.scope.session_id.as_deref(),
        Some(session.as_str())
    );
    assert_eq!(completion.view.elicitation_id.as_deref(), Some("oauth-1"));
    assert_eq!(
        completion.view.url,
        "https://agent.example/connect?e=oauth-1"
    );
    assert_eq!(completion.view.header, "billing-agent");
}
