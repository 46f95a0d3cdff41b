//! elicit-form-rmcp against a real rmcp server over an in-memory duplex
//! stream: 2026-07-28 `input_required` rounds (tools/call and
//! resources/read) and 2025-11-25 pushed `elicitation/create`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use elicit_form::{
    FormAnswer, FormAnswerAction, FormElicitationPending, StoredConsent, StoredFormAnswer,
    Timestamp, consent_storage_key, form_answer_storage_key, parse_requested_schema,
};
use elicit_form_rmcp::{ElicitError, ElicitForm, ElicitationPolicy, MemoryStore, Pending};
use rmcp::model::*;
use rmcp::service::{RequestContext, RoleClient, RoleServer, RunningService, serve_directly};
use rmcp::{ClientHandler, ServerHandler};
use serde_json::{Value, json};

const SERVER: &str = "billing";
const PAY_URL: &str = "https://pay.example.com/checkout/42";

fn plan_schema() -> Value {
    json!({
        "type": "object",
        "properties": {"plan": {"type": "string", "title": "Plan", "enum": ["pro", "team"]}},
        "required": ["plan"]
    })
}

fn seats_schema() -> Value {
    json!({
        "type": "object",
        "properties": {"seats": {"type": "integer", "title": "Seats", "minimum": 1, "maximum": 50}},
        "required": ["seats"]
    })
}

fn credential_schema() -> Value {
    json!({"type": "object", "properties": {"apiKey": {"type": "string", "title": "API key"}}})
}

fn form(message: &str, schema: &Value) -> ElicitRequestParams {
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: message.into(),
        requested_schema: serde_json::from_value(schema.clone()).unwrap(),
    }
}

fn link() -> ElicitRequestParams {
    ElicitRequestParams::UrlElicitationParams {
        meta: None,
        message: "Complete the payment".into(),
        url: PAY_URL.into(),
        elicitation_id: String::new(),
    }
}

/// A server whose tools ask by name; it keeps every answer it was sent.
#[derive(Clone)]
struct Shop {
    /// 2025-11-25: ask by pushing `elicitation/create`; else by rounds.
    pushed: bool,
    /// The schema `buy` asks with (a test changes it).
    buy_schema: Arc<Mutex<Value>>,
    received: Arc<Mutex<Vec<Value>>>,
    calls: Arc<Mutex<usize>>,
}

impl Shop {
    fn new(pushed: bool) -> Self {
        Self {
            pushed,
            buy_schema: Arc::new(Mutex::new(plan_schema())),
            received: Arc::new(Mutex::new(Vec::new())),
            calls: Arc::new(Mutex::new(0)),
        }
    }

    fn received(&self) -> Vec<Value> {
        self.received.lock().unwrap().clone()
    }

    fn calls(&self) -> usize {
        *self.calls.lock().unwrap()
    }

    fn asks(&self, name: &str) -> Vec<(&'static str, ElicitRequestParams)> {
        match name {
            "buy" => vec![(
                "details",
                form("Pick a plan", &self.buy_schema.lock().unwrap()),
            )],
            "login" => vec![("key", form("Your key", &credential_schema()))],
            "pay" => vec![("pay", link())],
            "checkout" => vec![
                ("details", form("Pick a plan", &plan_schema())),
                ("pay", link()),
            ],
            "two_forms" => vec![
                ("a", form("Pick a plan", &plan_schema())),
                ("b", form("How many seats", &seats_schema())),
            ],
            _ => vec![],
        }
    }

    fn round(&self, name: &str) -> InputRequiredResult {
        if name == "loop" {
            return InputRequiredResult::from_request_state("again");
        }
        let requests: InputRequests = self
            .asks(name)
            .into_iter()
            .map(|(key, params)| {
                (
                    key.to_string(),
                    InputRequest::Elicitation(ElicitRequest::new(params)),
                )
            })
            .collect();
        InputRequiredResult::new(Some(requests), Some(format!("state-{name}")))
    }

    fn done(&self, answers: &Value) -> CallToolResult {
        self.received.lock().unwrap().push(answers.clone());
        CallToolResult::success(vec![ContentBlock::text(answers.to_string())])
    }
}

impl ServerHandler for Shop {
    fn get_info(&self) -> ServerConfig {
        let mut info = ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        );
        info.protocol_version = if self.pushed {
            ProtocolVersion::V_2025_11_25
        } else {
            ProtocolVersion::V_2026_07_28
        };
        info
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        *self.calls.lock().unwrap() += 1;
        let name = request.name.to_string();
        if self.pushed {
            let mut answers = serde_json::Map::new();
            for (key, params) in self.asks(&name) {
                match context.peer.create_elicitation(params).await {
                    Ok(result) => answers.insert(key.into(), serde_json::to_value(result).unwrap()),
                    Err(error) => {
                        return Ok(CallToolResult::error(vec![ContentBlock::text(
                            error.to_string(),
                        )])
                        .into());
                    }
                };
            }
            return Ok(self.done(&Value::Object(answers)).into());
        }
        match request.input_responses {
            None => Ok(self.round(&name).into()),
            Some(responses) => {
                if request.request_state.as_deref() != Some(&format!("state-{name}")) {
                    return Err(ErrorData::invalid_params("requestState not echoed", None));
                }
                Ok(self.done(&serde_json::to_value(responses).unwrap()).into())
            }
        }
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        *self.calls.lock().unwrap() += 1;
        match request.input_responses {
            None => {
                let requests = InputRequests::from([(
                    "details".to_string(),
                    InputRequest::Elicitation(ElicitRequest::new(form(
                        "Pick a plan",
                        &plan_schema(),
                    ))),
                )]);
                Ok(InputRequiredResult::new(Some(requests), Some("state-read".into())).into())
            }
            Some(responses) => {
                let answers = serde_json::to_value(responses).unwrap();
                self.received.lock().unwrap().push(answers.clone());
                Ok(ReadResourceResult::new(vec![ResourceContents::text(
                    answers.to_string(),
                    request.uri,
                )])
                .into())
            }
        }
    }
}

struct Pair {
    shop: Shop,
    store: Arc<MemoryStore>,
    elicit: ElicitForm,
    client: RunningService<RoleClient, ElicitForm>,
    shown: Arc<Mutex<Vec<Pending>>>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Pair {
    fn drop(&mut self) {
        self.server.abort();
    }
}

fn connect(pushed: bool, policy: ElicitationPolicy) -> Pair {
    let shop = Shop::new(pushed);
    let store = Arc::new(MemoryStore::new());
    let shown = Arc::new(Mutex::new(Vec::new()));
    let sink = shown.clone();
    let elicit = ElicitForm::new(SERVER, store.clone())
        .with_policy(policy)
        .on_pending(move |pending| sink.lock().unwrap().push(pending.clone()));
    let version = shop.get_info().protocol_version;
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    // The server knows the client by what the handler declares.
    let client_info = elicit.get_info().with_protocol_version(version);
    let server_side = shop.clone();
    let server = tokio::spawn(async move {
        let running =
            serve_directly::<RoleServer, _, _, _, _>(server_side, server_io, Some(client_info));
        let _ = running.waiting().await;
    });
    let server_info = shop.get_info();
    let (read, write) = tokio::io::split(client_io);
    let client = serve_directly::<RoleClient, _, _, _, _>(
        elicit.clone(),
        (elicit.tap(read), write),
        Some(server_info.into()),
    );
    Pair {
        shop,
        store,
        elicit,
        client,
        shown,
        server,
    }
}

fn shown(pair: &Pair) -> Vec<Pending> {
    pair.shown.lock().unwrap().clone()
}

fn form_pending(error: ElicitError) -> FormElicitationPending {
    match error {
        ElicitError::FormPending(pending) => pending,
        other => panic!("expected a pending form, got {other:?}"),
    }
}

/// What a host does once the person answered the pending form.
fn record_answer(
    store: &MemoryStore,
    pending: &FormElicitationPending,
    action: FormAnswerAction,
    answers: &[(&str, &str)],
) {
    let answers = answers
        .iter()
        .map(|(name, label)| {
            (
                name.to_string(),
                FormAnswer {
                    selected: vec![label.to_string()],
                    other_text: None,
                },
            )
        })
        .collect::<BTreeMap<_, _>>();
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

async fn call(pair: &Pair, tool: &str) -> Result<CallToolResult, ElicitError> {
    pair.elicit
        .call_tool(&pair.client, CallToolRequestParams::new(tool.to_string()))
        .await
}

fn text_of(result: &CallToolResult) -> Value {
    serde_json::from_str(&result.content[0].as_text().unwrap().text).unwrap()
}

#[test]
fn the_policy_declares_the_backends_capabilities() {
    let declared = |policy| {
        serde_json::to_value(
            ElicitForm::new(SERVER, Arc::new(MemoryStore::new()))
                .with_policy(policy)
                .capabilities(),
        )
        .unwrap()
    };
    assert_eq!(
        declared(ElicitationPolicy::UrlAndForm)["elicitation"],
        json!({"form": {}, "url": {}})
    );
    assert_eq!(
        declared(ElicitationPolicy::Url)["elicitation"],
        json!({"url": {}})
    );
    assert_eq!(declared(ElicitationPolicy::None).get("elicitation"), None);
    assert_eq!(ElicitationPolicy::default(), ElicitationPolicy::UrlAndForm);
    for name in ["url", "url_and_form", "none"] {
        assert_eq!(ElicitationPolicy::from_name(name).unwrap().name(), name);
    }
    assert_eq!(ElicitationPolicy::from_name("form"), None);
}

async fn exact_content_once(pushed: bool) {
    let pair = connect(pushed, ElicitationPolicy::UrlAndForm);
    let pending = form_pending(call(&pair, "buy").await.unwrap_err());
    // Attributed to the configured name, with the backend's fingerprint of
    // what the server sent.
    assert_eq!(pending.server_name, SERVER);
    assert_eq!(pending.tool_name, "buy");
    assert_eq!(
        pending.fingerprint,
        parse_requested_schema(&plan_schema())
            .unwrap()
            .fingerprint()
    );
    assert_eq!(pending.questions[0]["header"], SERVER);
    assert_eq!(shown(&pair), vec![Pending::Form(pending.clone())]);
    assert!(
        pair.shop.received().is_empty(),
        "nothing is sent while the person decides"
    );

    record_answer(
        &pair.store,
        &pending,
        FormAnswerAction::Accept,
        &[("plan", "team")],
    );
    let key = form_answer_storage_key(SERVER, "buy");
    let recorded: Value = serde_json::from_str(&pair.store.get(&key).unwrap()).unwrap();
    assert_eq!(
        recorded["fingerprint"], pending.fingerprint,
        "the record is the backend's JSON under its key"
    );

    let done = call(&pair, "buy").await.unwrap();
    assert_eq!(
        text_of(&done),
        json!({"details": {"action": "accept", "content": {"plan": "team"}}})
    );
    assert_eq!(pair.store.get(&key), None, "the record was taken");
    // Single use: the next call asks again.
    form_pending(call(&pair, "buy").await.unwrap_err());
    assert_eq!(
        pair.shop
            .received()
            .iter()
            .filter(|sent| sent["details"]["action"] == "accept")
            .count(),
        1
    );
}

#[tokio::test]
async fn a_round_sends_the_exact_content_once() {
    exact_content_once(false).await;
}

#[tokio::test]
async fn a_pushed_form_sends_the_exact_content_once() {
    exact_content_once(true).await;
}

#[tokio::test]
async fn a_changed_schema_is_asked_again() {
    let pair = connect(false, ElicitationPolicy::UrlAndForm);
    let pending = form_pending(call(&pair, "buy").await.unwrap_err());
    record_answer(
        &pair.store,
        &pending,
        FormAnswerAction::Accept,
        &[("plan", "pro")],
    );
    *pair.shop.buy_schema.lock().unwrap() = seats_schema();
    let asked = form_pending(call(&pair, "buy").await.unwrap_err());
    assert_ne!(asked.fingerprint, pending.fingerprint);
    assert_eq!(asked.questions[0]["id"], "seats");
    assert!(
        pair.shop.received().is_empty(),
        "the answer to other questions is never sent"
    );
}

async fn credential_refused(pushed: bool) {
    let pair = connect(pushed, ElicitationPolicy::UrlAndForm);
    // A record under the tool's key stays untouched by a refusal.
    let key = form_answer_storage_key(SERVER, "login");
    pair.store.insert(key.clone(), "{\"kept\": true}".into());
    let error = call(&pair, "login").await.unwrap_err();
    let ElicitError::Refused { message, kind } = &error else {
        panic!("expected a refusal, got {error:?}")
    };
    assert_eq!(*kind, "credential");
    assert!(
        message.starts_with("MCP server 'billing' asked questions for tool 'login' that Everruns will not put to a person: "),
        "{message}"
    );
    assert!(shown(&pair).is_empty(), "a refused form is never shown");
    assert_eq!(pair.store.get(&key).as_deref(), Some("{\"kept\": true}"));
    if pushed {
        let told = pair.shop.received();
        assert!(told.is_empty(), "the tool never got an answer: {told:?}");
    }
}

#[tokio::test]
async fn a_credential_round_is_refused_and_never_shown() {
    credential_refused(false).await;
}

#[tokio::test]
async fn a_pushed_credential_form_is_refused_and_never_shown() {
    credential_refused(true).await;
}

#[tokio::test]
async fn a_recorded_decline_is_sent_as_decline() {
    for pushed in [false, true] {
        let pair = connect(pushed, ElicitationPolicy::UrlAndForm);
        let pending = form_pending(call(&pair, "buy").await.unwrap_err());
        record_answer(&pair.store, &pending, FormAnswerAction::Decline, &[]);
        let done = call(&pair, "buy").await.unwrap();
        assert_eq!(
            text_of(&done),
            json!({"details": {"action": "decline"}}),
            "pushed: {pushed}"
        );
    }
}

fn url_pending(error: ElicitError) -> Box<elicit_form::url_mode::UrlPending> {
    match error {
        ElicitError::UrlPending(pending) => pending,
        other => panic!("expected a pending link, got {other:?}"),
    }
}

async fn link_consent_once(pushed: bool) {
    let pair = connect(pushed, ElicitationPolicy::Url);
    // No consent: nothing is sent, neither accept nor cancel; the person is
    // shown the site.
    let pending = url_pending(call(&pair, "pay").await.unwrap_err());
    assert_eq!(pending.host, "pay.example.com");
    assert_eq!(pending.view.site, "example.com");
    assert_eq!(pending.view.header, SERVER);
    assert_eq!(
        pending.summary,
        "MCP server 'billing' needs you to complete an interaction at pay.example.com before tool 'pay' can run"
    );
    assert!(pair.shop.received().is_empty());

    // A consent to another host grants nothing, and is used up.
    pair.store
        .record_consent(&StoredConsent::new(
            SERVER,
            "pay",
            "evil.example.net",
            Timestamp::now(),
        ))
        .unwrap();
    url_pending(call(&pair, "pay").await.unwrap_err());
    assert_eq!(pair.store.get(&consent_storage_key(SERVER, "pay")), None);

    pair.store
        .record_consent(&StoredConsent::new(
            SERVER,
            "pay",
            &pending.host,
            Timestamp::now(),
        ))
        .unwrap();
    let done = call(&pair, "pay").await.unwrap();
    assert_eq!(text_of(&done)["pay"]["action"], "accept");
    url_pending(call(&pair, "pay").await.unwrap_err());
    assert_eq!(pair.shop.received().len(), 1, "one consent, one accept");
}

#[tokio::test]
async fn a_link_in_a_round_is_accepted_once_per_consent() {
    link_consent_once(false).await;
}

#[tokio::test]
async fn a_pushed_link_is_accepted_once_per_consent() {
    link_consent_once(true).await;
}

#[tokio::test]
async fn a_form_and_a_link_in_one_round_are_answered_together() {
    let pair = connect(false, ElicitationPolicy::UrlAndForm);
    // The backend's map order: "details" before "pay"; the form parks first.
    let pending = form_pending(call(&pair, "checkout").await.unwrap_err());
    assert_eq!(pending.tool_name, "checkout");
    record_answer(
        &pair.store,
        &pending,
        FormAnswerAction::Accept,
        &[("plan", "pro")],
    );
    // The round answers its form (taking the record), then parks on the
    // link with nothing sent.
    let link = url_pending(call(&pair, "checkout").await.unwrap_err());
    assert_eq!(link.host, "pay.example.com");
    pair.store
        .record_consent(&StoredConsent::new(
            SERVER,
            "checkout",
            &link.host,
            Timestamp::now(),
        ))
        .unwrap();
    // That answer was used up by the round that parked, as the backend's
    // is: the person is asked again.
    let asked = form_pending(call(&pair, "checkout").await.unwrap_err());
    record_answer(
        &pair.store,
        &asked,
        FormAnswerAction::Accept,
        &[("plan", "pro")],
    );
    let done = call(&pair, "checkout").await.unwrap();
    assert_eq!(
        text_of(&done),
        json!({"details": {"action": "accept", "content": {"plan": "pro"}}, "pay": {"action": "accept"}})
    );
}

#[tokio::test]
async fn two_forms_in_one_round_are_refused_with_the_backends_text() {
    let pair = connect(false, ElicitationPolicy::UrlAndForm);
    let error = call(&pair, "two_forms").await.unwrap_err();
    assert_eq!(
        error.to_string(),
        "MCP server 'billing' sent 2 form elicitations in one round for tool 'two_forms'; Everruns answers at most one at a time"
    );
    assert!(shown(&pair).is_empty());
}

#[tokio::test]
async fn a_form_under_the_url_policy_is_refused_with_the_backends_text() {
    let pair = connect(false, ElicitationPolicy::Url);
    let error = call(&pair, "buy").await.unwrap_err();
    assert_eq!(
        error.to_string(),
        "MCP server 'billing' sent a form elicitation for tool 'buy', but this client did not declare form mode to it; \
         everruns declares form mode only to servers whose elicitation_policy is url_and_form"
    );
}

#[tokio::test]
async fn rounds_stop_at_the_backends_bound() {
    let pair = connect(false, ElicitationPolicy::UrlAndForm);
    let error = call(&pair, "loop").await.unwrap_err();
    assert!(
        matches!(error, ElicitError::RoundsExceeded { rounds: 2, .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "MCP request 'tools/call' for 'loop' still requires input after 2 rounds; if you were asked to complete \
         something in your browser, finish it and retry the request"
    );
    assert_eq!(pair.shop.calls(), 3, "the call and two retries");
}

#[tokio::test]
async fn a_resource_read_is_answered_under_its_own_target() {
    let pair = connect(false, ElicitationPolicy::UrlAndForm);
    let read = |pair: &Pair| {
        let params = ReadResourceRequestParams::new("billing://invoice/7");
        let elicit = pair.elicit.clone();
        let peer = pair.client.peer().clone();
        async move { elicit.read_resource(&peer, params).await }
    };
    let pending = form_pending(read(&pair).await.unwrap_err());
    assert_eq!(pending.tool_name, "resources/read:billing://invoice/7");
    record_answer(
        &pair.store,
        &pending,
        FormAnswerAction::Accept,
        &[("plan", "pro")],
    );
    let done = read(&pair).await.unwrap();
    assert_eq!(done.contents.len(), 1);
    assert_eq!(
        pair.shop.received(),
        vec![json!({"details": {"action": "accept", "content": {"plan": "pro"}}})]
    );
    let before = pair.shop.calls();
    let error = call(&pair, "resources/read:billing://invoice/7")
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "MCP tool name uses the reserved resource consent scope"
    );
    assert_eq!(
        pair.shop.calls(),
        before,
        "a reserved tool name is refused before anything is sent"
    );
}
