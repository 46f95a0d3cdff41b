// The demo page: a server's form request, shown as the backend's ask_user card
// shows it, answered, declined, or recorded and retried. Every decision (the
// profile, refusals, questions, fingerprint, answers, the retry) comes from the
// elicit-form package; this file only moves text between it and the DOM.
//
// Every server string reaches the DOM as a text node (`append` of a string,
// `textContent`, or an input's `value`), never as markup; the page's
// Content-Security-Policy also forbids any HTML-parsing sink.

import {
  AnswerError,
  FormRefusalError,
  answerForm,
  appliesTo,
  contentFromAnswers,
  formAnswerStorageKey,
  parseRequestedSchema,
  pending,
  recordFormAnswer,
} from "elicit-form";
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
  refusal: byId("refusal"),
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

/** What the card shows: the request and its questions, one entry per question. */
let shown = null;
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
const specProfile = () => ui.profile.value === "mcp-2026-07-28";

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
  if (params.mode !== undefined && params.mode !== "form") {
    return { problem: 'Only form mode ("mode": "form") is shown here.' };
  }
  if (typeof params.message !== "string") {
    return { problem: "The params need a message, as a string." };
  }
  return {
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
  const previous = shown ? readAnswers() : {};
  shown = null;
  enableRecording(false);
  ui.card.replaceChildren();
  ui.card.hidden = true;
  ui.refusal.replaceChildren();
  ui.refusal.hidden = true;
  ui.requestProblem.hidden = true;
  clearOutcome();
  ui.storageKey.textContent = formAnswerStorageKey(ui.serverName.value, ui.toolName.value);

  const { elicitation, problem } = readRequest();
  if (problem) return showProblem(problem);
  try {
    const asked = pending(elicitation, options());
    const schema = parseRequestedSchema(elicitation.requestedSchema, options());
    showCard(elicitation, asked, schema);
    restoreAnswers(previous);
  } catch (error) {
    if (error instanceof FormRefusalError) return showRefusal(error);
    if (error instanceof TypeError) return showProblem(error.message);
    throw error;
  }
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

function showRefusal(refusal) {
  const facts = element("dl");
  for (const [term, value] of [
    ["Kind", refusal.kind],
    ["Property", refusal.property],
    ["Reason", refusal.reason],
    ["Message", refusal.message],
  ]) {
    if (value === undefined) continue;
    const name = term.toLowerCase();
    facts.append(element("dt", {}, term), element("dd", { className: `refusal-${name}` }, value));
  }
  ui.refusal.append(
    element("h2", {}, "Refused: nobody is asked"),
    element(
      "p",
      {},
      `The request breaks a rule of the ${ui.profile.value} profile, so the tool call fails with this ` +
        "error and no card is put in front of a person.",
    ),
    facts,
  );
  if (refusal.kind === "credential") {
    ui.refusal.append(
      element(
        "p",
        { className: "note", id: "url-mode-note" },
        "A credential never travels through a form: the answer would land in the event log and " +
          "the model's context. URL mode elicitation is the channel for it: the server sends the " +
          "person to a page of its own to enter it there.",
      ),
    );
  }
  ui.refusal.hidden = false;
}

function showCard(elicitation, asked, schema) {
  const kinds = new Map(schema.properties.map((property) => [property.name, property]));
  const questions = asked.questions.map((question, index) =>
    questionField(question, `q${index}`, kinds.get(question.id)),
  );
  const form = element(
    "form",
    { id: "answers", noValidate: true },
    ...questions.map((entry) => entry.node),
    element(
      "div",
      { className: "actions" },
      element("button", { type: "submit", id: "submit" }, "Submit"),
      element("button", { type: "button", id: "decline", className: "secondary" }, "Decline"),
      // Dismissed without a choice: only the mcp-2026-07-28 profile sends it.
      specProfile()
        ? element("button", { type: "button", id: "cancel", className: "secondary" }, "Cancel")
        : null,
    ),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  form.querySelector("#decline").addEventListener("click", decline);
  form.querySelector("#cancel")?.addEventListener("click", cancel);

  ui.card.append(
    element(
      "h2",
      { id: "card-title" },
      "Questions from MCP server ",
      element("span", { className: "server-name" }, elicitation.serverName),
    ),
    element("p", { className: "summary", id: "card-summary" }, asked.summary),
    element("p", { className: "server-message", id: "server-message" }, asked.message),
    form,
    element(
      "p",
      { className: "fingerprint" },
      "Fingerprint of what is shown: ",
      element("code", { id: "fingerprint" }, asked.fingerprint),
    ),
  );
  ui.card.hidden = false;
  shown = { elicitation, fingerprint: asked.fingerprint, questions };
  enableRecording(true);
}

/** One question as ask_user shows it: radio buttons for a choice, else a text box. */
function questionField(question, id, property) {
  const error = element("p", { className: "field-error", id: `${id}-error`, hidden: true });
  const title = () => [
    element("span", { className: "badge" }, question.header),
    " ",
    element("span", { className: "question-text" }, question.question),
  ];

  if (question.kind === "choice") {
    const inputs = question.options.map((option, index) =>
      element("input", {
        type: question.multi_select ? "checkbox" : "radio",
        name: id,
        id: `${id}-${index}`,
        value: option.label,
        checked: option.default === true,
      }),
    );
    const options = question.options.map((option, index) =>
      element(
        "div",
        { className: "option" },
        inputs[index],
        element(
          "label",
          { htmlFor: inputs[index].id },
          option.label,
          // The spaces keep the accessible name readable: "Team team", "Yes default".
          ...(option.description
            ? [" ", element("span", { className: "option-description" }, option.description)]
            : []),
          ...(option.default === true
            ? [" ", element("span", { className: "default-mark" }, "default")]
            : []),
        ),
      ),
    );
    const node = element(
      "fieldset",
      { className: "question", id },
      element("legend", {}, ...title()),
      element("div", { className: "options" }, ...options),
      error,
    );
    return { question, node, inputs, error, read: () => readChoice(inputs) };
  }

  const input = element("input", {
    type: "text",
    id: `${id}-text`,
    name: id,
    autocomplete: "off",
    spellcheck: false,
  });
  if (property?.kind === "number") input.inputMode = property.integer ? "numeric" : "decimal";
  if (property?.kind === "text" && property.format === "email") input.inputMode = "email";
  // A text or number default (mcp-2026-07-28) is what a blank answer sends.
  if ((property?.kind === "text" || property?.kind === "number") && property.default != null) {
    input.placeholder = `${property.default}`;
  }
  const node = element(
    "div",
    { className: "question", id },
    element("label", { htmlFor: input.id }, ...title()),
    input,
    error,
  );
  return { question, node, inputs: [input], error, read: () => ({ other_text: input.value }) };
}

function readChoice(inputs) {
  return { selected: inputs.filter((input) => input.checked).map((input) => input.value) };
}

/** The person's answers, keyed by question id, in ask_user's answer shape. */
function readAnswers() {
  const answers = {};
  for (const entry of shown?.questions ?? []) answers[entry.question.id] = entry.read();
  return answers;
}

/** Keeps what was typed or picked when the card is redrawn for an edit. */
function restoreAnswers(answers) {
  for (const entry of shown.questions) {
    const answer = Object.hasOwn(answers, entry.question.id) ? answers[entry.question.id] : null;
    if (!answer) continue;
    if (entry.question.kind === "choice") {
      if (answer.selected?.length) {
        for (const input of entry.inputs) input.checked = answer.selected.includes(input.value);
      }
    } else if (typeof answer.other_text === "string") {
      entry.inputs[0].value = answer.other_text;
    }
  }
}

function clearFieldError(entry) {
  entry.error.hidden = true;
  entry.error.textContent = "";
  for (const input of entry.inputs) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
}

function markField(property, message) {
  const entry = shown.questions.find((candidate) => candidate.question.id === property);
  if (!entry) return false;
  entry.error.textContent = message;
  entry.error.hidden = false;
  for (const input of entry.inputs) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", entry.error.id);
  }
  const clear = () => clearFieldError(entry);
  entry.node.addEventListener("input", clear, { once: true });
  entry.node.addEventListener("change", clear, { once: true });
  (entry.inputs.find((input) => input.checked) ?? entry.inputs[0]).focus();
  return true;
}

// --- Answering now ------------------------------------------------------------

function clearOutcome() {
  ui.outcomeNote.textContent = "Nothing sent yet.";
  ui.outcome.textContent = "";
  ui.outcome.hidden = true;
}

function showOutcome(note, result) {
  ui.outcomeNote.textContent = note;
  ui.outcome.textContent = result === undefined ? "" : json(result);
  ui.outcome.hidden = result === undefined;
}

function submit() {
  for (const entry of shown.questions) clearFieldError(entry);
  try {
    const content = contentFromAnswers(shown.elicitation.requestedSchema, readAnswers(), options());
    showOutcome("Sent to the server (ElicitResult):", { action: "accept", content });
  } catch (error) {
    if (!(error instanceof AnswerError)) throw error;
    const marked = markField(error.property, error.message);
    showOutcome(
      marked
        ? "Not sent: an answer does not fit its question (marked above)."
        : `Not sent: ${error.message}`,
    );
  }
}

function decline() {
  for (const entry of shown.questions) clearFieldError(entry);
  showOutcome("Sent to the server (ElicitResult):", { action: "decline" });
}

function cancel() {
  for (const entry of shown.questions) clearFieldError(entry);
  showOutcome("Sent to the server (ElicitResult):", { action: "cancel" });
}

// --- Recording an answer and retrying -------------------------------------------

function showStored() {
  ui.record.textContent = stored ? json(stored) : "No answer recorded.";
}

function record(action) {
  stored = recordFormAnswer({
    server: ui.serverName.value,
    tool: ui.toolName.value,
    fingerprint: shown.fingerprint,
    action,
    answers: action === "accept" ? readAnswers() : {},
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
  const { elicitation, problem } = readRequest();
  if (problem) return showRetry("", `The retry cannot be read: ${problem}`);
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

// --- Wiring --------------------------------------------------------------------

function loadExample(id) {
  const example = EXAMPLES.find((candidate) => candidate.id === id) ?? EXAMPLES[0];
  ui.example.value = example.id;
  ui.serverName.value = example.serverName;
  ui.toolName.value = example.toolName;
  ui.request.value = json(example.params);
  shown = null;
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
