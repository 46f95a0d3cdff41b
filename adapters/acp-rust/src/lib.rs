//! Answers an Agent Client Protocol agent's form elicitations on the
//! client's side (the editor's), for a client built with the
//! `agent-client-protocol` crate, with elicit-form's rules (those of the
//! everruns-core backend):
//!
//! - A refused schema is never shown: the agent gets JSON-RPC error -32602
//!   (Invalid params) with `data: {kind, property, reason}`, and the store is
//!   not touched. A credential belongs to URL mode.
//! - A turn does not block on a person: with no usable recorded answer the
//!   request is answered with error -32001 and `on_pending` gets the
//!   backend's questions and fingerprint, for the editor's UI.
//! - A recorded answer is taken from the host's store (through
//!   [`FormElicitationHandler`], e.g. [`elicit_form::StoredFormAnswers`],
//!   under the backend's profile; through a [`SpecFormAnswerStore`] under
//!   MCP 2026-07-28's, ACP's form schema) and sent at most once, only to the
//!   questions it answered.
//!
//! - URL mode, once [`AcpFormElicitation::with_url_handler`] gives it a
//!   handler (e.g. [`elicit_form::ConsentingUrlElicitations`] over the host's
//!   [`elicit_form::ElicitationConsentStore`]), on elicit-form's URL rules: a
//!   refused link is never shown (-32602 with `data: {kind}`, the store
//!   untouched); one with no consent waits (-32001, `on_url_pending` gets
//!   the consent view); a consent to this very host for this scope is sent
//!   once as `{action: "accept"}`, no content. Without a handler, URL mode
//!   is refused -32602, as before.
//!
//! - An accepted link's `elicitationId` is kept (the last
//!   [`OUTSTANDING_URL_ELICITATIONS`] per connection) until the agent's
//!   `elicitation/complete` notification for it, which reaches
//!   [`AcpFormElicitation::on_url_complete`] once
//!   ([`AcpFormElicitation::handle_notification`]); unknown and repeated
//!   ids, and those of links declined, refused or still waiting, are
//!   ignored.
//!
//! The handler reads `elicitation/create` as an [`UntypedMessage`]: the
//! crate's typed `CreateElicitationRequest` parses the schema into its own
//! types and drops keys the backend reads (`enumNames`, `writeOnly`).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use agent_client_protocol::v1::schema::{
    ClientCapabilities, ElicitationFormCapabilities, ElicitationUrlCapabilities,
};
use agent_client_protocol::{Error, Handled, Protocol, Responder, UntypedMessage};
use elicit_form::handler::BoxFuture;
use elicit_form::url_mode::{UrlPending, UrlRequest, UrlView};
use elicit_form::{
    ElicitationAction, ElicitationRefusal, FormElicitation, FormElicitationHandler,
    FormElicitationPending, FormOutcome, StoreError, Timestamp, UrlElicitation,
    UrlElicitationHandler, UrlElicitationPending, mcp_2026_07_28 as spec, validate_elicitation_url,
};
use serde_json::{Value, json};

/// JSON-RPC error code answered to a form while it waits for a person (as
/// elicit-form's MCP adapters answer a parked form).
pub const FORM_PENDING_ERROR_CODE: i32 = -32001;
/// JSON-RPC error code answered to a refused form, and to a mode this client
/// does not take (ACP's Invalid params).
pub const FORM_REFUSED_ERROR_CODE: i32 = -32602;

/// How many accepted links one connection keeps for their
/// `elicitation/complete` (the oldest forgotten first), as the JS adapter.
pub const OUTSTANDING_URL_ELICITATIONS: usize = 64;

const ELICITATION_CREATE: &str = "elicitation/create";
const ELICITATION_COMPLETE: &str = "elicitation/complete";

/// An accepted link the agent said is complete: what the person consented
/// to, and where it was asked.
#[derive(Debug, Clone, PartialEq)]
pub struct UrlCompletion {
    /// The configured name of the agent.
    pub server_name: String,
    /// The scope the consent was taken under.
    pub tool_name: String,
    /// The consent view of the link, its `elicitation_id` the completed one.
    pub view: UrlView,
    pub scope: FormScope,
}

/// Where a form was asked, and the scope its recorded answer is kept under
/// (beside the agent's name).
#[derive(Debug, Clone, PartialEq)]
pub struct FormScope {
    /// `<sessionId>`, `<sessionId>/<toolCallId>`, or `request:<requestId>`
    /// (or what [`AcpFormElicitation::scope_of`] chose): the `tool` half of
    /// the storage key.
    pub scope: String,
    pub session_id: Option<String>,
    pub tool_call_id: Option<String>,
    pub request_id: Option<Value>,
}

impl FormScope {
    /// The scope ACP gives an elicitation: its session, and its tool call
    /// when the agent names one; a request-scoped one (before any session)
    /// under its request id. `None` when the params name neither.
    pub fn of(params: &Value) -> Option<Self> {
        let session_id = params
            .get("sessionId")
            .and_then(Value::as_str)
            .map(str::to_string);
        let tool_call_id = params
            .get("toolCallId")
            .and_then(Value::as_str)
            .map(str::to_string);
        let request_id = params.get("requestId").filter(|id| !id.is_null()).cloned();
        let scope = match (&session_id, &tool_call_id, &request_id) {
            (Some(session), Some(call), _) => format!("{session}/{call}"),
            (Some(session), None, _) => session.clone(),
            (None, _, Some(Value::String(id))) => format!("request:{id}"),
            (None, _, Some(id)) => format!("request:{id}"),
            (None, _, None) => return None,
        };
        Some(Self {
            scope,
            session_id,
            tool_call_id,
            request_id,
        })
    }
}

/// Durable, single-use store of answers recorded under the MCP 2026-07-28
/// profile (`elicit_form::mcp_2026_07_28::StoredFormAnswer`), as
/// [`elicit_form::FormAnswerStore`] is for the backend's.
pub trait SpecFormAnswerStore: Send + Sync {
    /// Consume the answer recorded for `server`/`tool`, if any.
    fn take_spec_form_answer<'a>(
        &'a self,
        server: &'a str,
        tool: &'a str,
    ) -> BoxFuture<'a, Result<Option<spec::StoredFormAnswer>, StoreError>>;
}

/// Which profile's rules decide, and where its records come from.
#[derive(Clone)]
enum Rules {
    Backend(Arc<dyn FormElicitationHandler>),
    Mcp20260728(Arc<dyn SpecFormAnswerStore>),
}

/// What the rules decided on one form.
enum Decision {
    Respond(Value),
    Wait(FormElicitationPending),
}

type PendingSink = Arc<dyn Fn(FormElicitationPending, FormScope) + Send + Sync>;
type UrlPendingSink = Arc<dyn Fn(UrlPending, FormScope) + Send + Sync>;
type ScopeRule = Arc<dyn Fn(&FormScope) -> String + Send + Sync>;
type UrlCompleteSink = Arc<dyn Fn(UrlCompletion) + Send + Sync>;
type Outstanding = Arc<Mutex<VecDeque<(String, UrlCompletion)>>>;

/// The form-elicitation side of one client connection to one configured agent.
#[derive(Clone)]
pub struct AcpFormElicitation {
    agent_name: String,
    rules: Rules,
    on_pending: Option<PendingSink>,
    scope_of: Option<ScopeRule>,
    links: Option<Arc<dyn UrlElicitationHandler>>,
    on_url_pending: Option<UrlPendingSink>,
    on_url_complete: Option<UrlCompleteSink>,
    /// Accepted links by `elicitationId`, oldest first; shared by clones,
    /// which answer the same connection.
    outstanding: Outstanding,
}

impl AcpFormElicitation {
    /// `agent_name` is the configured name of the agent: the questions'
    /// header and half the storage key. `handler` decides each form; with
    /// [`elicit_form::StoredFormAnswers`] it takes the recorded answer from
    /// a store, once.
    pub fn new(agent_name: impl Into<String>, handler: Arc<dyn FormElicitationHandler>) -> Self {
        Self {
            agent_name: agent_name.into(),
            rules: Rules::Backend(handler),
            on_pending: None,
            scope_of: None,
            links: None,
            on_url_pending: None,
            on_url_complete: None,
            outstanding: Outstanding::default(),
        }
    }

    /// Under the whole MCP 2026-07-28 form schema (ACP's): multi-selects,
    /// formats, defaults, optional properties, and `cancel` distinct from
    /// `decline`. Records come from `store`, taken once.
    pub fn mcp_2026_07_28(
        agent_name: impl Into<String>,
        store: Arc<dyn SpecFormAnswerStore>,
    ) -> Self {
        Self {
            agent_name: agent_name.into(),
            rules: Rules::Mcp20260728(store),
            on_pending: None,
            scope_of: None,
            links: None,
            on_url_pending: None,
            on_url_complete: None,
            outstanding: Outstanding::default(),
        }
    }

    /// Gets the questions when a form waits for a person, and where it was asked.
    pub fn on_pending(
        mut self,
        sink: impl Fn(FormElicitationPending, FormScope) + Send + Sync + 'static,
    ) -> Self {
        self.on_pending = Some(Arc::new(sink));
        self
    }

    /// Answers URL mode with `handler` (e.g.
    /// [`elicit_form::ConsentingUrlElicitations`] over the host's consent
    /// store, records kept under the agent's name and the scope), and
    /// declares it in [`AcpFormElicitation::client_capabilities`].
    pub fn with_url_handler(mut self, handler: Arc<dyn UrlElicitationHandler>) -> Self {
        self.links = Some(handler);
        self
    }

    /// Gets the consent view when a link waits for a person, and where it
    /// was asked.
    pub fn on_url_pending(
        mut self,
        sink: impl Fn(UrlPending, FormScope) + Send + Sync + 'static,
    ) -> Self {
        self.on_url_pending = Some(Arc::new(sink));
        self
    }

    /// Gets each accepted link once when the agent sends
    /// `elicitation/complete` for its `elicitationId` (through
    /// [`AcpFormElicitation::handle_notification`]).
    pub fn on_url_complete(mut self, sink: impl Fn(UrlCompletion) + Send + Sync + 'static) -> Self {
        self.on_url_complete = Some(Arc::new(sink));
        self
    }

    /// For the connection builder's `on_receive_notification` with an
    /// [`UntypedMessage`]: takes `elicitation/complete` and hands every
    /// other notification on to the next handler.
    pub fn handle_notification<C>(
        &self,
        notification: UntypedMessage,
        connection: C,
    ) -> Handled<(UntypedMessage, C)> {
        if notification.method != ELICITATION_COMPLETE {
            return Handled::No {
                message: (notification, connection),
                retry: false,
            };
        }
        self.complete(&notification.params);
        Handled::Yes
    }

    /// One `elicitation/complete` (its params as the agent sent them): the
    /// accepted link it names reaches `on_url_complete`, once. Whether one
    /// did.
    pub fn complete(&self, params: &Value) -> bool {
        let Some(id) = params.get("elicitationId").and_then(Value::as_str) else {
            return false;
        };
        let completion = {
            let mut outstanding = self.outstanding();
            let at = outstanding.iter().position(|(kept, _)| kept == id);
            at.and_then(|at| outstanding.remove(at))
                .map(|(_, completion)| completion)
        };
        match (completion, &self.on_url_complete) {
            (Some(completion), Some(sink)) => {
                sink(completion);
                true
            }
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    fn outstanding(&self) -> std::sync::MutexGuard<'_, VecDeque<(String, UrlCompletion)>> {
        self.outstanding
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps records under another scope than [`FormScope::of`]'s, e.g. the
    /// session alone, for an agent that asks again in a new tool call.
    pub fn scope_of(mut self, rule: impl Fn(&FormScope) -> String + Send + Sync + 'static) -> Self {
        self.scope_of = Some(Arc::new(rule));
        self
    }

    /// `capabilities` (the client's, for `initialize`) with form elicitation
    /// declared, and URL mode when a URL handler was given.
    pub fn client_capabilities(&self, capabilities: ClientCapabilities) -> ClientCapabilities {
        let mut elicitation = capabilities
            .elicitation
            .clone()
            .unwrap_or_default()
            .form(ElicitationFormCapabilities::new());
        if self.links.is_some() {
            elicitation = elicitation.url(ElicitationUrlCapabilities::new());
        }
        capabilities.elicitation(elicitation)
    }

    /// For the connection builder's `on_receive_request` with an
    /// [`UntypedMessage`]: answers `elicitation/create` and hands every other
    /// request on to the next handler.
    pub async fn handle<P: Protocol>(
        &self,
        request: UntypedMessage,
        responder: Responder<Value, P>,
    ) -> Result<Handled<(UntypedMessage, Responder<Value, P>)>, Error> {
        if request.method != ELICITATION_CREATE {
            return Ok(Handled::No {
                message: (request, responder),
                retry: false,
            });
        }
        responder.respond_with_result(self.answer(&request.params).await)?;
        Ok(Handled::Yes)
    }

    /// The response to one `elicitation/create` (its params as the agent
    /// sent them), or the JSON-RPC error to answer it with.
    pub async fn answer(&self, params: &Value) -> Result<Value, Error> {
        // With serde_json's `preserve_order` (which agent-client-protocol
        // turns on) objects keep the wire's key order; the backend reads them
        // in byte order of the keys, so they are put in that order first.
        let params = in_key_order(params.clone());
        let mode = params.get("mode").unwrap_or(&Value::Null);
        if mode.as_str() == Some("url")
            && let Some(links) = &self.links
        {
            return self.answer_link(links.as_ref(), &params).await;
        }
        if mode.as_str() != Some("form") {
            return Err(Error::new(
                FORM_REFUSED_ERROR_CODE,
                format!("elicitation mode {mode} is not one this client advertised"),
            ));
        }
        let scope = self.scope(&params)?;
        let Some(message) = params.get("message").and_then(Value::as_str) else {
            return Err(Error::new(
                FORM_REFUSED_ERROR_CODE,
                "elicitation/create has no message (a string)",
            ));
        };
        let schema = params.get("requestedSchema").unwrap_or(&Value::Null);
        let (agent, tool) = (self.agent_name.as_str(), scope.scope.as_str());
        let decision = match &self.rules {
            Rules::Backend(handler) => {
                let asked =
                    FormElicitation::new(agent, tool, tool, message, schema).map_err(refused)?;
                let outcome = handler
                    .answer_form(&asked)
                    .await
                    .map_err(|error| Error::new(-32603, error.to_string()))?;
                match outcome {
                    FormOutcome::Accept(content) => {
                        Decision::Respond(json!({"action": "accept", "content": content}))
                    }
                    FormOutcome::Decline => Decision::Respond(json!({"action": "decline"})),
                    FormOutcome::Ask => Decision::Wait(asked.pending()),
                }
            }
            Rules::Mcp20260728(store) => {
                let asked = spec::FormElicitation::new(agent, tool, tool, message, schema)
                    .map_err(refused)?;
                // Refused before the store is touched; an unreachable store
                // reads as no record, so the person is asked.
                let record = store
                    .take_spec_form_answer(agent, tool)
                    .await
                    .unwrap_or(None);
                match asked.decide(record.as_ref(), Timestamp::now()) {
                    spec::FormOutcome::Accept(content) => {
                        Decision::Respond(json!({"action": "accept", "content": content}))
                    }
                    spec::FormOutcome::Decline => Decision::Respond(json!({"action": "decline"})),
                    spec::FormOutcome::Cancel => Decision::Respond(json!({"action": "cancel"})),
                    spec::FormOutcome::Ask => Decision::Wait(asked.pending()),
                }
            }
        };
        match decision {
            Decision::Respond(response) => Ok(response),
            Decision::Wait(pending) => {
                let summary = pending.to_string();
                if let Some(sink) = &self.on_pending {
                    sink(pending, scope);
                }
                Err(Error::new(FORM_PENDING_ERROR_CODE, summary))
            }
        }
    }
}

impl AcpFormElicitation {
    /// The scope a request is recorded under, `scope_of` applied.
    fn scope(&self, params: &Value) -> Result<FormScope, Error> {
        let mut scope = FormScope::of(params).ok_or_else(|| {
            Error::new(
                FORM_REFUSED_ERROR_CODE,
                "elicitation/create names neither a sessionId nor a requestId",
            )
        })?;
        if let Some(rule) = &self.scope_of {
            scope.scope = rule(&scope);
        }
        Ok(scope)
    }

    /// One URL-mode request: refused by the URL rules before anything is
    /// shown or taken, else the consent decision of `links`.
    async fn answer_link(
        &self,
        links: &dyn UrlElicitationHandler,
        params: &Value,
    ) -> Result<Value, Error> {
        let agent = self.agent_name.as_str();
        let link_refused = |message: String, kind: &str| {
            Error::new(FORM_REFUSED_ERROR_CODE, message).data(json!({ "kind": kind }))
        };
        let request = UrlRequest::from_params(params)
            .map_err(|refusal| link_refused(refusal.to_string(), refusal.kind()))?;
        let view = request
            .view(agent)
            .map_err(|refusal| link_refused(refusal.to_string(), refusal.kind()))?;
        // elicit-form's URL rules are stricter than the backend's, and only
        // stricter; the backend's give the host a consent is bound to.
        let (host, punycode) = validate_elicitation_url(request.url)
            .map_err(|error| link_refused(error.to_string(), "url"))?;
        let scope = self.scope(params)?;
        let elicitation = UrlElicitation {
            server_name: agent.to_string(),
            tool_name: scope.scope.clone(),
            key: scope.scope.clone(),
            message: request.message.to_string(),
            url: request.url.to_string(),
            host,
            punycode,
        };
        let action = links
            .request_url_consent(&elicitation)
            .await
            .map_err(|error| Error::new(-32603, error.to_string()))?;
        if action == ElicitationAction::Accept {
            if let Some(id) = view.elicitation_id.clone() {
                let mut outstanding = self.outstanding();
                outstanding.retain(|(kept, _)| *kept != id);
                if outstanding.len() == OUTSTANDING_URL_ELICITATIONS {
                    outstanding.pop_front();
                }
                outstanding.push_back((
                    id,
                    UrlCompletion {
                        server_name: agent.to_string(),
                        tool_name: scope.scope.clone(),
                        view,
                        scope,
                    },
                ));
            }
            return Ok(json!({"action": "accept"}));
        }
        // Not consented: nothing that would let the agent go on is sent.
        let pending = UrlPending::new(UrlElicitationPending::of(&elicitation, action), view);
        let summary = pending.summary.clone();
        if let Some(sink) = &self.on_url_pending {
            sink(pending, scope);
        }
        Err(Error::new(FORM_PENDING_ERROR_CODE, summary))
    }
}

fn refused(refusal: ElicitationRefusal) -> Error {
    let (property, reason) = match &refusal {
        ElicitationRefusal::Schema(form) => (form.property(), form.reason()),
        ElicitationRefusal::Message(_) => (None, None),
    };
    Error::new(FORM_REFUSED_ERROR_CODE, refusal.to_string())
        .data(json!({"kind": refusal.kind(), "property": property, "reason": reason}))
}

/// `value` with every object's members in byte order of their keys.
fn in_key_order(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut members: Vec<(String, Value)> = map.into_iter().collect();
            members.sort_by(|(a, _), (b, _)| a.cmp(b));
            Value::Object(
                members
                    .into_iter()
                    .map(|(key, member)| (key, in_key_order(member)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.into_iter().map(in_key_order).collect()),
        other => other,
    }
}
