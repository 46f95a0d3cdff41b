// elicit-form-mcp-core: what the MCP adapters share, written once and free
// of any SDK. elicit-form-mcp-client (SDK v2), elicit-form-mcp-sdk (SDK v1),
// elicit-form-ai-sdk-mcp, elicit-form-mcp-tasks and elicit-form-acp depend on
// it and re-export its public names; a host installs an adapter, never this
// package on its own.
//
// One module per concern:
// - errors.js: the errors a call ends with (pending, refused rounds, the bound);
// - options.js: the options check and the elicitation policy (url,
//   url_and_form, none: what is declared to a server and answered);
// - stores.js: the store for one process (form answers and link consents apart);
// - decide.js: the one routine that reads, checks and answers an entry, a form or a link;
// - round.js: input_required rounds as the backend answers them, their
//   retry and bound, tool calls and resource reads;
// - pushed.js: 2025-11-25's pushed requests, -32042 and completion notifications;
// - transport.js: the calls in flight and the messages as the server sent them.
//
// Each function that speaks for an adapter takes that adapter's `sdk`
// description: { name (for warnings), protocolError(code, message, data)
// (the SDK's error that becomes the JSON-RPC error answered to the server),
// codes: { pending, refused, internal } }. What differs per SDK
// (registering the `elicitation/create` handler, how a call is sent, which
// tool a pushed form belongs to, v2's auto-fulfilled rounds) stays in the
// adapter. Every decision is elicit-form's (the wasm build of the backend's
// rules): these modules only route messages.

export {
  FormElicitationPendingError,
  InputRequiredRoundError,
  InputRequiredRoundsExceededError,
  UrlElicitationPendingError,
  jsonRpcError,
} from "./errors.js";
export {
  DEFAULT_ELICITATION_POLICY,
  ELICITATION_POLICIES,
  checkOptions,
  checkPolicy,
  elicitationCapability,
  elicitationPolicy,
  policyModes,
} from "./options.js";
export { MemoryFormAnswers } from "./stores.js";
export {
  DEFAULT_URL_MESSAGE,
  answerEntry,
  checkEntry,
  decideEntry,
  decideForm,
  decideUrl,
  elicitationOf,
  readEntry,
  urlElicitationOf,
} from "./decide.js";
export {
  MAX_INPUT_REQUIRED_ROUNDS,
  RESOURCE_READ_SCOPE,
  answerInputRequired,
  answerRound,
  callToolWithRetries,
  checkToolName,
  mapOrder,
  readResourceWithRetries,
  resourceTarget,
  retryParams,
} from "./round.js";
export {
  OutstandingUrlElicitations,
  answerPushedElicitation,
  answerPushedForm,
  urlCompleted,
  urlRequiredError,
  urlRequiredFrom,
} from "./pushed.js";
export { SentForms, ToolCallsInFlight, observedTransport } from "./transport.js";
