// The demo page: a server's form request, shown as the backend's ask_user card
// shows it by the package's own <elicit-form> element, or a URL-mode request
// shown by its consent card (elicit-form/url/element), answered, declined, or
// recorded and retried. Every decision (the profile, refusals, questions,
// fingerprint, answers, the retry) comes from the elicit-form package; this
// file only moves text between the editor, the card and the panels.
//
// Every server string reaches the DOM as a text node (`append` of a string,
// `textContent`), never as markup; the page's Content-Security-Policy also
// forbids any HTML-parsing sink.
//
// The page offers both profiles and records answers, so it loads
// elicit-form/mcp-2026-07-28 (and its element); a page for the backend's
// profile alone imports "elicit-form" and "elicit-form/element", a smaller
// wasm, and a page that keeps no record, "elicit-form/ui" and
// "elicit-form/ui/element", smaller still. It shows URL-mode requests too, so
// it loads elicit-form/url (the URL rules' own wasm) and the consent card,
// which a page that renders forms only does not.

import {
  FormRefusalError,
  answerForm,
  appliesTo,
  formAnswerStorageKey,
  recordFormAnswer,
} from "elicit-form/mcp-2026-07-28";
import "elicit-form/mcp-2026-07-28/element";
import { UrlRefusalError, answerUrl, recordUrlConsent } from "elicit-form/url";
import "elicit-form/url/element";
import { EXAMPLES } from "./examples.js";

// The key the server gave this request in its `inputRequests` map. The engine
// answers one form elicitation per round, so one key is enough here.
const REQUEST_KEY = "form";

const byId = (id) => document.getElementById(id);
const ui = {
  example: byId("example"),
  profile: byId("profile"),
  serverName: byId("server-name"),
  toolName: byId("tool-name"),
  request: byId("request"),
  requestProblem: byId("request-problem"),
  card: byId("card"),
  outcomeNote: byId("outcome-note"),
  outcome: byId("outcome"),
  storageKey: byId("storage-key"),
  record: byId("record"),
  recordAccept: byId("record-accept"),
  recordDecline: byId("record-decline"),
  retry: byId("retry"),
  retryAction: byId("retry-action"),
  retryNote: byId("retry-note"),
  retryResult: byId("retry-result"),
};

/** The stored answer. Single use, as the backend's store is: a retry takes it. */
let stored = null;

/** An element with properties set and children appended as text or nodes. */
function element(tag, properties = {}, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

const json = (value) => JSON.stringify(value, null, 2);

/** The options argument of every package call: the profile picked on the page. */
const options = () => ({ profile: ui.profile.value });

function readRequest() {
  let params;
  try {
    params = JSON.parse(ui.request.value);
  } catch (error) {
    return { problem: `The params are not JSON: ${error.message}` };
  }
  if (params === null || typeof params !== "object" || Array.isArray(params)) {
    return { problem: "The params must be a JSON object with message and requestedSchema." };
  }
  // URL mode: the consent card checks the link itself (elicit-form/url); a
  // retry is decided on the params as they are.
  if (params.mode === "url") {
    return {
      params,
      url: { serverName: ui.serverName.value, toolName: ui.toolName.value, params },
    };
  }
  if (params.mode !== undefined && params.mode !== "form") {
    return { problem: 'Only form mode ("mode": "form") and URL mode ("mode": "url") are shown here.' };
  }
  if (typeof params.message !== "string") {
    return { problem: "The params need a message, as a string." };
  }
  return {
    params,
    elicitation: {
      serverName: ui.serverName.value,
      toolName: ui.toolName.value,
      key: REQUEST_KEY,
      message: params.message,
      // As JSON text: the package would read a string value as schema text,
      // where the backend sees a JSON string and refuses it.
      requestedSchema: JSON.stringify(params.requestedSchema ?? null),
    },
  };
}

// --- The card ---------------------------------------------------------------

function render() {
  enableRecording(false);
  ui.requestProblem.hidden = true;
  clearOutcome();
  ui.storageKey.textContent = formAnswerStorageKey(ui.serverName.value, ui.toolName.value);

  const { params, problem } = readRequest();
  // The element re-renders on each input below; what it shows (card, refusal,
  // or why the request cannot be shown) is its own, from the package.
  ui.card.serverName = ui.serverName.value;
  ui.card.toolName = ui.toolName.value;
  ui.card.profile = ui.profile.value;
  ui.card.request = problem ? null : params;
  ui.card.hidden = Boolean(problem);
  if (problem) return showProblem(problem);
  if (ui.card.state === "refused") showRefusal(ui.card.refusal);
  enableRecording(ui.card.state === "form" || ui.card.state === "url");
}

/** Recording needs questions on the card to record answers to. */
function enableRecording(enabled) {
  ui.recordAccept.disabled = !enabled;
  ui.recordDecline.disabled = !enabled;
}

function showProblem(text) {
  ui.requestProblem.textContent = text;
  ui.requestProblem.hidden = false;
}

// --- Answering now ------------------------------------------------------------

function clearOutcome() {
  ui.outcomeNote.textContent = "Nothing sent yet.";
  ui.outcome.textContent = "";
  ui.outcome.hidden = true;
}

/** What the card sent: the ElicitResult, without the answers and fingerprint it came with. */
function showResult({ detail }) {
  const result = detail.content === undefined
    ? { action: detail.action }
    : { action: detail.action, content: detail.content };
  ui.outcomeNote.textContent = "Sent to the server (ElicitResult):";
  ui.outcome.textContent = json(result);
  ui.outcome.hidden = false;
}

/**
 * A refused request: the card words it for the person; the tool call fails
 * with the package's FormRefusalError (or, for a link, UrlRefusalError), the
 * backend's exact text, shown here.
 */
function showRefusal(refusal) {
  const error = refusal.mode === "url" ? "UrlRefusalError" : "FormRefusalError";
  ui.outcomeNote.textContent = `Refused: the tool call fails with this error (${error}):`;
  ui.outcome.textContent = json(refusal);
  ui.outcome.hidden = false;
}

// --- Recording an answer and retrying -------------------------------------------

function showStored() {
  ui.record.textContent = stored ? json(stored) : "No answer recorded.";
}

function record(action) {
  if (ui.card.state === "url") {
    // A link has no answer, only a person's consent to open it (the backend's
    // record, bound to the host shown); a decline records nothing.
    const { url } = readRequest();
    if (action !== "accept" || !url) {
      stored = null;
      showStored();
      return showRetry("", "Nothing is recorded for a declined link: the retry asks again.");
    }
    const { host } = answerUrl(url, null).pending;
    stored = recordUrlConsent({ server: url.serverName, tool: url.toolName, host });
    showStored();
    return showRetry("", "Consent recorded. Retry to see what the server's retry gets.");
  }
  stored = recordFormAnswer({
    server: ui.serverName.value,
    tool: ui.toolName.value,
    fingerprint: ui.card.fingerprint,
    action,
    answers: action === "accept" ? ui.card.answers : {},
  }, options());
  showStored();
  showRetry("", "Recorded. Retry to see what the server's retry gets.");
}

function showRetry(action, note, result) {
  ui.retryAction.textContent = action;
  ui.retryAction.hidden = action === "";
  ui.retryNote.textContent = note;
  ui.retryResult.textContent = result === undefined ? "" : json(result);
  ui.retryResult.hidden = result === undefined;
}

function retry() {
  const { elicitation, url, problem } = readRequest();
  if (problem) return showRetry("", `The retry cannot be read: ${problem}`);
  if (url) return retryUrl(url);
  // The store hands a record out once, whatever the decision is.
  const taken = stored;
  stored = null;
  showStored();
  let outcome;
  try {
    outcome = answerForm(elicitation, taken, undefined, options());
  } catch (error) {
    if (error instanceof FormRefusalError || error instanceof TypeError) {
      return showRetry("refused", error.message);
    }
    throw error;
  }
  if (outcome.action === "accept") {
    return showRetry("accept", "The recorded answer is sent (ElicitResult):", outcome);
  }
  if (outcome.action === "decline") {
    return showRetry("decline", "The recorded decline is sent (ElicitResult):", outcome);
  }
  if (outcome.action === "cancel") {
    return showRetry("cancel", "The recorded cancel is sent (ElicitResult):", outcome);
  }
  const why =
    taken === null
      ? "No answer is recorded (a retry takes a record once), so the person is asked."
      : appliesTo(taken, elicitation.serverName, elicitation.toolName, outcome.pending.fingerprint, undefined, options())
        ? "The recorded answers do not fit the questions, so the person is asked again."
        : "The recorded answer was given to other questions (or another server or tool, or it " +
          "expired), so the person is asked again.";
  showRetry("ask", why, {
    summary: outcome.pending.summary,
    fingerprint: outcome.pending.fingerprint,
    recorded_for: taken?.fingerprint ?? null,
  });
}

/** The retry of a URL-mode request: accept on a recorded consent to this host, or the consent card again. */
function retryUrl(elicitation) {
  const taken = stored;
  stored = null;
  showStored();
  let outcome;
  try {
    outcome = answerUrl(elicitation, taken);
  } catch (error) {
    if (error instanceof UrlRefusalError || error instanceof TypeError) return showRetry("refused", error.message);
    throw error;
  }
  if (outcome.action === "accept") {
    return showRetry("accept", "The recorded consent is sent as accept (ElicitResult):", outcome);
  }
  const why =
    taken === null
      ? "No consent is recorded (a retry takes a record once), so the person is asked."
      : "The recorded consent was given to another host (or another server or tool, or it " +
        "expired), so the person is asked again.";
  showRetry("ask", why, { summary: outcome.pending.summary, host: outcome.pending.host, recorded_for: taken?.host ?? null });
}

// --- Wiring --------------------------------------------------------------------

/** A new example is a new request: it gets a fresh card, as each request in a chat does. */
function freshCard() {
  const card = document.createElement("elicit-form");
  card.id = "card";
  card.addEventListener("elicit-result", showResult);
  ui.card.replaceWith(card);
  ui.card = card;
}

function loadExample(id) {
  const example = EXAMPLES.find((candidate) => candidate.id === id) ?? EXAMPLES[0];
  ui.example.value = example.id;
  ui.serverName.value = example.serverName;
  ui.toolName.value = example.toolName;
  ui.request.value = json(example.params);
  freshCard();
  render();
}

for (const example of EXAMPLES) {
  ui.example.append(element("option", { value: example.id }, example.label));
}
ui.example.addEventListener("change", () => loadExample(ui.example.value));
for (const input of [ui.serverName, ui.toolName, ui.request]) {
  input.addEventListener("input", render);
}
ui.profile.addEventListener("change", render);
ui.recordAccept.addEventListener("click", () => record("accept"));
ui.recordDecline.addEventListener("click", () => record("decline"));
ui.retry.addEventListener("click", retry);

showStored();
loadExample(EXAMPLES[0].id);
document.body.dataset.ready = "true";
