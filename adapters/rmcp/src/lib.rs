//! Answers an MCP server's form and URL elicitations for a client built on
//! `rmcp` (the official Rust MCP SDK), with elicit-form's rules (those of
//! the everruns-core backend):
//!
//! - Attribution comes from the configured server name, never server text.
//! - A refused form (a credential, a schema out of the profile, an over-long
//!   message) or a refused link is never shown and touches no record.
//! - Nothing blocks on a person: with no usable record the call stops with
//!   [`ElicitError::FormPending`] or [`ElicitError::UrlPending`], and the
//!   host's `on_pending` callback gets the view for its own surface.
//! - A recorded answer (the root crate's [`StoredFormAnswers`]) or consent
//!   ([`ConsentingUrlElicitations`]) is taken from the host's store once, and
//!   only answers the very questions, or the very host, it was given for.
//! - 2026-07-28 `input_required` rounds are answered as the backend answers
//!   them ([`ElicitForm::call_tool`], [`ElicitForm::read_resource`]): at most
//!   one form per round beside any links, every entry checked before any
//!   record is taken, at most [`MAX_INPUT_REQUIRED_ROUNDS`] retries, and
//!   resource reads under the target `resources/read:<uri>`.
//! - 2025-11-25 pushed `elicitation/create` is answered by the same routine
//!   through [`rmcp::ClientHandler::create_elicitation`], for the tool call
//!   in flight through [`ElicitForm::call_tool`].

mod store;
mod tap;

use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex};

use elicit_form::url_mode::{UrlPending, UrlView, url_elicitation};
use elicit_form::{
    ConsentingUrlElicitations, ElicitationAction, ElicitationRefusal, FormElicitation,
    FormElicitationHandler, FormElicitationPending, FormOutcome, MAX_FORM_TEXT_CHARS, StoreError,
    StoredFormAnswers, UrlElicitation, UrlElicitationHandler, UrlElicitationPending,
    validate_elicitation_url,
};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ElicitRequestParams, ElicitResult, ElicitationCapability, ErrorCode, ErrorData,
    FormElicitationCapability, Implementation, InputRequest, InputRequiredResult, InputResponses,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, UrlElicitationCapability,
};
use rmcp::service::{Peer, RequestContext, RoleClient, ServiceError};
use serde_json::{Value, json};

pub use store::{ElicitationStore, MemoryStore};
use tap::RawSchemas;
pub use tap::Tapped;

/// How many `input_required` rounds one request is retried for: the
/// backend's `MAX_INPUT_REQUIRED_ROUNDS` (rmcp's own helpers drive 10).
pub const MAX_INPUT_REQUIRED_ROUNDS: usize = 2;

/// The prefix of a resource read's target; no tool may be named with it.
pub const RESOURCE_READ_SCOPE: &str = "resources/read:";

/// JSON-RPC error code answered to a pushed elicitation while it waits for a
/// person (as elicit-form's other adapters answer a parked form).
pub const PENDING_ERROR_CODE: i32 = -32001;
/// JSON-RPC error code answered to a refused pushed elicitation (Invalid
/// params).
pub const REFUSED_ERROR_CODE: i32 = -32602;

/// The target a resource read's answers and consents are kept under:
/// `resources/read:<exact uri>`.
pub fn resource_target(uri: &str) -> String {
    format!("{RESOURCE_READ_SCOPE}{uri}")
}

/// Which elicitation modes are declared to one server, and so answered: the
/// backend's `McpElicitationPolicy` by its names. The default here is
/// `url_and_form` where the backend's is `url`: a host adds this crate to
/// answer forms, and a default that declared no form mode would refuse every
/// one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ElicitationPolicy {
    /// URL mode only.
    Url,
    /// URL and form mode.
    #[default]
    UrlAndForm,
    /// No elicitation at all.
    None,
}

impl ElicitationPolicy {
    /// The policy of the backend's name (`url`, `url_and_form`, `none`).
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "url" => Some(Self::Url),
            "url_and_form" => Some(Self::UrlAndForm),
            "none" => Some(Self::None),
            _ => None,
        }
    }

    /// The backend's name of the policy.
    pub fn name(self) -> &'static str {
        match self {
            Self::Url => "url",
            Self::UrlAndForm => "url_and_form",
            Self::None => "none",
        }
    }

    pub fn declares_form(self) -> bool {
        self == Self::UrlAndForm
    }

    pub fn declares_url(self) -> bool {
        matches!(self, Self::Url | Self::UrlAndForm)
    }

    /// The client capabilities' `elicitation` member, as the backend declares
    /// it: `{url: {}}`, `{form: {}, url: {}}`, or none at all.
    pub fn capability(self) -> Option<ElicitationCapability> {
        if !self.declares_url() {
            return None;
        }
        let mut declared = ElicitationCapability::new().with_url(UrlElicitationCapability::new());
        if self.declares_form() {
            declared = declared.with_form(FormElicitationCapability::default());
        }
        Some(declared)
    }
}

/// What waits for a person, for the host's own surface.
#[derive(Debug, Clone, PartialEq)]
pub enum Pending {
    /// The backend's questions, attributed, with their fingerprint.
    Form(FormElicitationPending),
    /// A link's consent view (site, host, warnings) and the backend's
    /// pending fields.
    Url(Box<UrlPending>),
}

/// Why a call stopped without a result. Refusals and round errors carry the
/// backend's texts.
#[derive(Debug)]
pub enum ElicitError {
    /// A form or link that is never shown; `kind` is the refusal's (as
    /// elicit-form names it: `credential`, `schema`, `message`, a URL
    /// refusal's kind...). No record was taken.
    Refused { message: String, kind: &'static str },
    /// Questions wait for a person; nothing was sent to the server.
    FormPending(FormElicitationPending),
    /// A link waits for a person's consent; nothing was sent to the server.
    UrlPending(Box<UrlPending>),
    /// A round this client does not answer (two forms, an input it does not
    /// take, a mode its policy did not declare), or a target it refuses.
    /// Nothing was sent.
    Round {
        message: String,
        key: Option<String>,
    },
    /// The server still asked for input after `rounds` answered rounds.
    RoundsExceeded {
        method: &'static str,
        target: String,
        rounds: usize,
        last: Box<InputRequiredResult>,
    },
    /// The host's form or consent handler failed.
    Handler(StoreError),
    /// The transport or the server failed the request.
    Service(ServiceError),
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Refused { message, .. } | Self::Round { message, .. } => f.write_str(message),
            Self::FormPending(pending) => pending.fmt(f),
            Self::UrlPending(pending) => f.write_str(&pending.summary),
            Self::RoundsExceeded {
                method,
                target,
                rounds,
                ..
            } => write!(
                f,
                "MCP request '{method}' for '{target}' still requires input after {rounds} rounds; \
                 if you were asked to complete something in your browser, finish it and retry \
                 the request"
            ),
            Self::Handler(error) => write!(f, "the elicitation handler failed: {error}"),
            Self::Service(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ElicitError {}

impl From<ServiceError> for ElicitError {
    fn from(error: ServiceError) -> Self {
        Self::Service(error)
    }
}

/// One entry a server asks for, as the backend reads it.
enum Entry {
    /// The schemas it may have been sent as: the server's own when the
    /// transport is tapped (more than one when several differ only in what
    /// rmcp drops), else rmcp's typed copy.
    Form {
        message: String,
        schemas: Vec<Value>,
    },
    Url {
        params: Value,
    },
    Other {
        method: &'static str,
    },
}

/// An entry that passed every rule that could refuse it.
enum Checked {
    Form(FormElicitation),
    Url(UrlElicitation, Box<UrlView>),
}

fn read_input(schemas: &RawSchemas, request: &InputRequest) -> Entry {
    match request {
        InputRequest::Elicitation(request) => read_params(schemas, &request.params),
        InputRequest::CreateMessage(_) => Entry::Other {
            method: "sampling/createMessage",
        },
        InputRequest::ListRoots(_) => Entry::Other {
            method: "roots/list",
        },
        _ => Entry::Other { method: "unknown" },
    }
}

fn read_params(schemas: &RawSchemas, params: &ElicitRequestParams) -> Entry {
    match params {
        ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } => {
            let mut schemas = schemas.raw_of(requested_schema);
            if schemas.is_empty() {
                match serde_json::to_value(requested_schema) {
                    Ok(schema) => schemas.push(schema),
                    Err(_) => {
                        return Entry::Other {
                            method: "elicitation/create",
                        };
                    }
                }
            }
            Entry::Form {
                message: message.clone(),
                schemas,
            }
        }
        ElicitRequestParams::UrlElicitationParams {
            message,
            url,
            elicitation_id,
            ..
        } => {
            let mut params = json!({"mode": "url", "message": message, "url": url});
            // rmcp reads an absent elicitationId (2026-07-28) as empty.
            if !elicitation_id.is_empty() {
                params["elicitationId"] = json!(elicitation_id);
            }
            Entry::Url { params }
        }
        _ => Entry::Other {
            method: "elicitation/create",
        },
    }
}

type PendingSink = Arc<dyn Fn(&Pending) + Send + Sync>;

/// A call in flight, for the pushed elicitations that arrive during it.
struct InFlight {
    id: u64,
    target: String,
    stopped: Option<ElicitError>,
}

#[derive(Default)]
struct Calls {
    next: u64,
    in_flight: Vec<InFlight>,
}

struct Inner {
    server_name: String,
    policy: ElicitationPolicy,
    max_rounds: usize,
    forms: Arc<dyn FormElicitationHandler>,
    links: Arc<dyn UrlElicitationHandler>,
    on_pending: Option<PendingSink>,
    client_info: Implementation,
    calls: Mutex<Calls>,
    schemas: Arc<RawSchemas>,
    untapped_forms: bool,
}

/// The elicitation side of one client connection to one configured server:
/// an [`rmcp::ClientHandler`] (for pushed requests and the declared
/// capabilities) and the round driver for the calls it makes.
///
/// ```no_run
/// # async fn run<R, W>(reader: R, writer: W) -> Result<(), Box<dyn std::error::Error>>
/// # where R: tokio::io::AsyncRead + Send + Unpin + 'static, W: tokio::io::AsyncWrite + Send + Unpin + 'static {
/// use std::sync::Arc;
/// use elicit_form_rmcp::{ElicitForm, MemoryStore};
/// use rmcp::{ServiceExt, model::CallToolRequestParams};
///
/// let store = Arc::new(MemoryStore::new());
/// let elicit = ElicitForm::new("billing", store.clone())
///     .on_pending(|pending| println!("{pending:?}"));
/// // Tapped, so the rules read each schema as the server sent it.
/// let client = elicit.clone().serve((elicit.tap(reader), writer)).await?;
/// let result = elicit.call_tool(client.peer(), CallToolRequestParams::new("buy")).await;
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct ElicitForm {
    inner: Arc<Inner>,
}

impl fmt::Debug for ElicitForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ElicitForm")
            .field("server_name", &self.inner.server_name)
            .field("policy", &self.inner.policy)
            .field("max_rounds", &self.inner.max_rounds)
            .finish_non_exhaustive()
    }
}

impl ElicitForm {
    /// Answers `server_name`'s elicitations from `store` (answers through
    /// [`StoredFormAnswers`], consents through [`ConsentingUrlElicitations`])
    /// under the default policy, `url_and_form`.
    pub fn new<S: ElicitationStore + 'static>(server_name: &str, store: Arc<S>) -> Self {
        let forms: Arc<dyn FormElicitationHandler> =
            Arc::new(StoredFormAnswers::new(store.clone()));
        let links: Arc<dyn UrlElicitationHandler> = Arc::new(ConsentingUrlElicitations::new(store));
        Self {
            inner: Arc::new(Inner {
                server_name: server_name.to_string(),
                policy: ElicitationPolicy::default(),
                max_rounds: MAX_INPUT_REQUIRED_ROUNDS,
                forms,
                links,
                on_pending: None,
                client_info: Implementation::new("elicit-form-rmcp", env!("CARGO_PKG_VERSION")),
                calls: Mutex::new(Calls::default()),
                schemas: Arc::default(),
                untapped_forms: false,
            }),
        }
    }

    fn with(self, change: impl FnOnce(&mut Inner)) -> Self {
        let mut inner = Arc::try_unwrap(self.inner).unwrap_or_else(|shared| Inner {
            server_name: shared.server_name.clone(),
            policy: shared.policy,
            max_rounds: shared.max_rounds,
            forms: shared.forms.clone(),
            links: shared.links.clone(),
            on_pending: shared.on_pending.clone(),
            client_info: shared.client_info.clone(),
            calls: Mutex::new(Calls::default()),
            schemas: shared.schemas.clone(),
            untapped_forms: shared.untapped_forms,
        });
        change(&mut inner);
        Self {
            inner: Arc::new(inner),
        }
    }

    /// The modes declared to this server, and answered.
    pub fn with_policy(self, policy: ElicitationPolicy) -> Self {
        self.with(|inner| inner.policy = policy)
    }

    /// Called with every view that waits for a person, before the call stops.
    pub fn on_pending(self, sink: impl Fn(&Pending) + Send + Sync + 'static) -> Self {
        self.with(|inner| inner.on_pending = Some(Arc::new(sink)))
    }

    /// Decides forms with another handler than the store's answers.
    pub fn with_form_handler(self, handler: Arc<dyn FormElicitationHandler>) -> Self {
        self.with(|inner| inner.forms = handler)
    }

    /// Decides links with another handler than the store's consents (the
    /// root crate's `RelayUrlElicitations` or `DeclineUrlElicitations`).
    pub fn with_url_handler(self, handler: Arc<dyn UrlElicitationHandler>) -> Self {
        self.with(|inner| inner.links = handler)
    }

    /// The bound on retried rounds; the backend's is
    /// [`MAX_INPUT_REQUIRED_ROUNDS`], and so is the default.
    pub fn with_max_rounds(self, rounds: usize) -> Self {
        self.with(|inner| inner.max_rounds = rounds)
    }

    /// The client's name and version sent to the server.
    pub fn with_client_info(self, info: Implementation) -> Self {
        self.with(|inner| inner.client_info = info)
    }

    /// The reading half of the transport to this server, passed through
    /// unchanged, with every `requestedSchema` kept as the server sent it:
    /// rmcp's types drop `writeOnly`, which the rules refuse as a
    /// credential. Serve the client over `(elicit.tap(reader), writer)`.
    pub fn tap<R>(&self, reader: R) -> Tapped<R> {
        Tapped::new(reader, self.inner.schemas.clone())
    }

    /// Answers forms over a transport that is not tapped (rmcp's HTTP
    /// clients, say). Off by default: there the rules read rmcp's typed copy
    /// of the schema, which has lost `writeOnly`, so a field marked as a
    /// credential by `writeOnly` alone would be put to a person. Turn it on
    /// only for servers trusted not to ask for secrets that way.
    pub fn allow_untapped_forms(self) -> Self {
        self.with(|inner| inner.untapped_forms = true)
    }

    /// Whether [`ElicitForm::tap`] was used: the rules see the server's own
    /// schemas, not rmcp's typed copies.
    pub fn is_tapped(&self) -> bool {
        self.inner
            .schemas
            .tapped
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    pub fn server_name(&self) -> &str {
        &self.inner.server_name
    }

    pub fn policy(&self) -> ElicitationPolicy {
        self.inner.policy
    }

    /// The capabilities this client declares: elicitation as the policy
    /// says, nothing else.
    pub fn capabilities(&self) -> ClientCapabilities {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = self.inner.policy.capability();
        capabilities
    }

    fn undeclared(&self, target: &str, entry: &Entry, key: &str) -> Option<ElicitError> {
        let server = &self.inner.server_name;
        let policy = self.inner.policy;
        let message = match entry {
            Entry::Form { .. } if !policy.declares_form() => format!(
                "MCP server '{server}' sent a form elicitation for tool '{target}', but this \
                 client did not declare form mode to it; everruns declares form mode only to \
                 servers whose elicitation_policy is url_and_form"
            ),
            Entry::Url { .. } if !policy.declares_url() => format!(
                "MCP server '{server}' sent a URL elicitation for tool '{target}', but this host \
                 declared no elicitation capability and has no way to ask a user"
            ),
            _ => return None,
        };
        Some(ElicitError::Round {
            message,
            key: Some(key.to_string()),
        })
    }

    /// Everything that refuses an entry, before any record is touched.
    fn check(&self, target: &str, key: &str, entry: Entry) -> Result<Checked, ElicitError> {
        if let Some(refused) = self.undeclared(target, &entry, key) {
            return Err(refused);
        }
        let server = &self.inner.server_name;
        match entry {
            Entry::Form { .. } if !self.is_tapped() && !self.inner.untapped_forms => {
                Err(ElicitError::Refused {
                    message: format!(
                        "MCP server '{server}' sent a form elicitation for tool '{target}', but \
                         this client reads its schema only through rmcp's types, which drop \
                         writeOnly (a credential mark); serve it over ElicitForm::tap, or allow \
                         untapped forms"
                    ),
                    kind: "untapped",
                })
            }
            Entry::Form { message, schemas } => {
                let refused = |refusal: ElicitationRefusal| {
                    let kind = refusal.kind();
                    let message = match refusal {
                        ElicitationRefusal::Schema(refusal) => format!(
                            "MCP server '{server}' asked questions for tool '{target}' that \
                             Everruns will not put to a person: {refusal}"
                        ),
                        ElicitationRefusal::Message(_) => format!(
                            "MCP server '{server}' sent a form elicitation message longer than \
                             {MAX_FORM_TEXT_CHARS} characters for tool '{target}'"
                        ),
                    };
                    ElicitError::Refused { message, kind }
                };
                // Refused if any schema it may have been sent as is refused;
                // else asked as the latest one seen.
                let mut latest = None;
                for schema in schemas.iter().rev() {
                    let checked = FormElicitation::new(server, target, key, &message, schema)
                        .map_err(refused)?;
                    latest.get_or_insert(checked);
                }
                latest.map(Checked::Form).ok_or_else(|| ElicitError::Round {
                    message: format!(
                        "MCP server '{server}' sent a form elicitation for tool '{target}' \
                         with no schema this client could read"
                    ),
                    key: Some(key.to_string()),
                })
            }
            Entry::Url { params } => {
                let unusable = |error: &dyn fmt::Display, kind| ElicitError::Refused {
                    message: format!(
                        "MCP server '{server}' sent an unusable elicitation URL: {error}"
                    ),
                    kind,
                };
                // This crate's URL rules are stricter than the backend's,
                // and only stricter: a link they show, the backend accepts.
                let view = url_elicitation(&params, server)
                    .map_err(|error| unusable(&error, error.kind()))?;
                let url = params["url"].as_str().unwrap_or_default();
                let (host, punycode) =
                    validate_elicitation_url(url).map_err(|error| unusable(&error, "url"))?;
                Ok(Checked::Url(
                    UrlElicitation {
                        server_name: server.clone(),
                        tool_name: target.to_string(),
                        key: key.to_string(),
                        message: view.message.clone(),
                        url: url.to_string(),
                        host,
                        punycode,
                    },
                    Box::new(view),
                ))
            }
            Entry::Other { method } => Err(ElicitError::Round {
                message: format!(
                    "MCP server '{server}' requested input '{key}' ({method}) for tool '{target}' \
                     that this client does not support; everruns answers only URL and form mode \
                     elicitation"
                ),
                key: Some(key.to_string()),
            }),
        }
    }

    fn notify(&self, pending: &Pending) {
        if let Some(sink) = &self.inner.on_pending {
            sink(pending);
        }
    }

    /// The record taken and decided on: the `ElicitResult` to send, or the
    /// call stopped for a person.
    async fn answer(&self, checked: Checked) -> Result<Value, ElicitError> {
        match checked {
            Checked::Form(elicitation) => {
                let outcome = self
                    .inner
                    .forms
                    .answer_form(&elicitation)
                    .await
                    .map_err(ElicitError::Handler)?;
                match outcome {
                    FormOutcome::Accept(content) => {
                        Ok(json!({"action": "accept", "content": content}))
                    }
                    FormOutcome::Decline => Ok(json!({"action": "decline"})),
                    FormOutcome::Ask => {
                        let pending = elicitation.pending();
                        self.notify(&Pending::Form(pending.clone()));
                        Err(ElicitError::FormPending(pending))
                    }
                }
            }
            Checked::Url(elicitation, view) => {
                let action = self
                    .inner
                    .links
                    .request_url_consent(&elicitation)
                    .await
                    .map_err(ElicitError::Handler)?;
                if action == ElicitationAction::Accept {
                    return Ok(json!({"action": "accept"}));
                }
                // Not consented: nothing is sent that would let the server
                // go on; the person is shown the link.
                let stopped = UrlElicitationPending::of(&elicitation, action);
                let pending = Box::new(UrlPending::new(stopped, *view));
                self.notify(&Pending::Url(pending.clone()));
                Err(ElicitError::UrlPending(pending))
            }
        }
    }

    /// The `inputResponses` of one `input_required` round of `target` (a
    /// tool's name, or `resources/read:<uri>`), as the backend's
    /// `gather_input_responses` builds them; `None` for a round that asks
    /// nothing (retried with its `requestState` alone).
    ///
    /// Every entry is checked before any record is taken, where the backend
    /// takes as it goes: a round the backend would refuse half-way is
    /// refused here whole, so no answer or consent is used up by a round
    /// that sends nothing.
    pub async fn answer_round(
        &self,
        target: &str,
        round: &InputRequiredResult,
    ) -> Result<Option<InputResponses>, ElicitError> {
        let server = &self.inner.server_name;
        let Some(requests) = &round.input_requests else {
            return Ok(None);
        };
        // The map is a BTreeMap: the backend's order, keys by their bytes.
        let entries: Vec<(&String, Entry)> = requests
            .iter()
            .map(|(key, request)| (key, read_input(&self.inner.schemas, request)))
            .collect();
        let forms = entries
            .iter()
            .filter(|(_, entry)| matches!(entry, Entry::Form { .. }))
            .count();
        if forms > 1 {
            return Err(ElicitError::Round {
                message: format!(
                    "MCP server '{server}' sent {forms} form elicitations in one round for tool \
                     '{target}'; Everruns answers at most one at a time"
                ),
                key: None,
            });
        }
        let mut checked = Vec::with_capacity(entries.len());
        for (key, entry) in entries {
            checked.push((key, self.check(target, key, entry)?));
        }
        let mut responses = InputResponses::new();
        for (key, entry) in checked {
            responses.insert(key.clone(), self.answer(entry).await?);
        }
        Ok((!responses.is_empty()).then_some(responses))
    }

    /// Runs `request` as the call in flight for `target`: a pushed
    /// elicitation that stops it ends it with that error, whatever the
    /// server then answered.
    async fn during<T>(
        &self,
        target: &str,
        request: impl Future<Output = Result<T, ServiceError>>,
    ) -> Result<T, ElicitError> {
        let id = {
            let mut calls = self.calls();
            calls.next += 1;
            let id = calls.next;
            calls.in_flight.push(InFlight {
                id,
                target: target.to_string(),
                stopped: None,
            });
            id
        };
        let outcome = request.await;
        let stopped = {
            let mut calls = self.calls();
            let at = calls.in_flight.iter().position(|call| call.id == id);
            at.and_then(|at| calls.in_flight.remove(at).stopped)
        };
        match stopped {
            Some(error) => Err(error),
            None => outcome.map_err(ElicitError::Service),
        }
    }

    fn calls(&self) -> std::sync::MutexGuard<'_, Calls> {
        self.inner
            .calls
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn rounds_exceeded(
        &self,
        method: &'static str,
        target: &str,
        last: InputRequiredResult,
    ) -> ElicitError {
        ElicitError::RoundsExceeded {
            method,
            target: target.to_string(),
            rounds: self.inner.max_rounds,
            last: Box::new(last),
        }
    }

    /// Sends a `tools/call` and answers its `input_required` rounds (at most
    /// [`MAX_INPUT_REQUIRED_ROUNDS`] retries) and its pushed elicitations
    /// until the server gives a result. A tool whose name takes the prefix
    /// `resources/read:` is refused before anything is sent.
    pub async fn call_tool(
        &self,
        peer: &Peer<RoleClient>,
        mut params: CallToolRequestParams,
    ) -> Result<CallToolResult, ElicitError> {
        let target = params.name.to_string();
        if target.starts_with(RESOURCE_READ_SCOPE) {
            return Err(ElicitError::Round {
                message: "MCP tool name uses the reserved resource consent scope".to_string(),
                key: None,
            });
        }
        let mut round = 0;
        loop {
            match self
                .during(&target, peer.call_tool_once(params.clone()))
                .await?
            {
                CallToolResponse::Complete(result) => return Ok(result),
                CallToolResponse::InputRequired(asked) => {
                    if round >= self.inner.max_rounds {
                        return Err(self.rounds_exceeded("tools/call", &target, asked));
                    }
                    params.input_responses = self.answer_round(&target, &asked).await?;
                    params.request_state = asked.request_state;
                    round += 1;
                }
                // A task (SEP-2663) is the host's to poll.
                _ => return Err(ElicitError::Service(ServiceError::UnexpectedResponse)),
            }
        }
    }

    /// Sends a `resources/read` and answers its rounds as for a tool call,
    /// under the target `resources/read:<uri>`.
    pub async fn read_resource(
        &self,
        peer: &Peer<RoleClient>,
        mut params: ReadResourceRequestParams,
    ) -> Result<ReadResourceResult, ElicitError> {
        let target = resource_target(&params.uri);
        let mut round = 0;
        loop {
            match self
                .during(&target, peer.read_resource_once(params.clone()))
                .await?
            {
                ReadResourceResponse::Complete(result) => return Ok(result),
                ReadResourceResponse::InputRequired(asked) => {
                    if round >= self.inner.max_rounds {
                        return Err(self.rounds_exceeded("resources/read", &target, asked));
                    }
                    params.input_responses = self.answer_round(&target, &asked).await?;
                    params.request_state = asked.request_state;
                    round += 1;
                }
                _ => return Err(ElicitError::Service(ServiceError::UnexpectedResponse)),
            }
        }
    }

    /// The target of a pushed elicitation: the one call in flight. With none,
    /// or several, nobody can tell whom it is for.
    fn pushed_target(&self) -> Option<(u64, String)> {
        let calls = self.calls();
        match calls.in_flight.as_slice() {
            [call] => Some((call.id, call.target.clone())),
            _ => None,
        }
    }

    fn stop(&self, id: u64, error: ElicitError) {
        if let Some(call) = self.calls().in_flight.iter_mut().find(|call| call.id == id) {
            call.stopped.get_or_insert(error);
        }
    }

    /// Answers a pushed `elicitation/create` (2025-11-25) by the same rules
    /// as a round's entry: the `ElicitResult`, or the JSON-RPC error the
    /// server is told (the call in flight then ends with the reason).
    pub async fn answer_pushed(
        &self,
        params: &ElicitRequestParams,
        key: &str,
    ) -> Result<ElicitResult, ErrorData> {
        let Some((id, target)) = self.pushed_target() else {
            return Err(ErrorData::new(
                ErrorCode(REFUSED_ERROR_CODE),
                format!(
                    "MCP server '{}' sent an elicitation outside a tool call made through \
                     elicit-form, so it cannot be attributed; nothing was shown",
                    self.inner.server_name
                ),
                None,
            ));
        };
        let decided = match self.check(&target, key, read_params(&self.inner.schemas, params)) {
            Ok(checked) => self.answer(checked).await,
            Err(refused) => Err(refused),
        };
        let error = match decided {
            Ok(result) => {
                return serde_json::from_value(result).map_err(|error| {
                    ErrorData::internal_error(
                        format!("unreadable elicitation result: {error}"),
                        None,
                    )
                });
            }
            Err(error) => error,
        };
        let told = match &error {
            ElicitError::Refused { message, kind } => ErrorData::new(
                ErrorCode(REFUSED_ERROR_CODE),
                message.clone(),
                Some(json!({"kind": kind})),
            ),
            ElicitError::Round { message, .. } => {
                ErrorData::new(ErrorCode(REFUSED_ERROR_CODE), message.clone(), None)
            }
            ElicitError::FormPending(_) | ElicitError::UrlPending(_) => {
                ErrorData::new(ErrorCode(PENDING_ERROR_CODE), error.to_string(), None)
            }
            other => ErrorData::internal_error(other.to_string(), None),
        };
        self.stop(id, error);
        Err(told)
    }
}

impl rmcp::ClientHandler for ElicitForm {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(self.capabilities(), self.inner.client_info.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.answer_pushed(&request, &context.id.to_string()).await
    }
}
