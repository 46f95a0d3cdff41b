// <elicit-form>: the question card of one MCP form elicitation, as a standard
// custom element with no framework inside (`import "elicit-form/element"`).
//
// It keeps the backend's three safety rules where the person answers:
// - every decision comes from the package's wasm core: the refusal, the
//   questions, the fingerprint and each answer's check (this file only moves
//   text between it and the DOM);
// - attribution comes from the host's configured server name only, never from
//   server text;
// - server text is data: it reaches the DOM as text nodes (`append` of a
//   string), an input's `value`, or attributes that are not parsed as markup,
//   never through an HTML-parsing sink, so it works with Trusted Types
//   required. Its styles are a constructed stylesheet adopted by the shadow
//   root, so no inline style or script is needed under a strict CSP.

import { AnswerError, FormRefusalError, contentFromAnswers, parseRequestedSchema, pending } from "./browser.js";

// The key the card gives its one form in the engine's `inputRequests` sense:
// a card shows one form, so one key is enough.
const REQUEST_KEY = "form";
const SPEC_PROFILE = "mcp-2026-07-28";

const STYLE = `
:host {
  --_font: var(--elicit-form-font, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif);
  --_mono: var(--elicit-form-mono-font, ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace);
  --_radius: var(--elicit-form-radius, 8px);
  --_ink: var(--elicit-form-ink, #1d2329);
  --_muted: var(--elicit-form-muted, #56616c);
  --_paper: var(--elicit-form-paper, #ffffff);
  --_panel: var(--elicit-form-panel, #f6f8fa);
  --_line: var(--elicit-form-line, #d5dbe1);
  --_field-line: var(--elicit-form-field-line, #8a96a3);
  --_accent: var(--elicit-form-accent, #2457c5);
  --_accent-ink: var(--elicit-form-accent-ink, #ffffff);
  --_badge: var(--elicit-form-badge, #e6ecfa);
  --_badge-ink: var(--elicit-form-badge-ink, #1e3f8a);
  --_bad: var(--elicit-form-bad, #b3261e);
  --_bad-paper: var(--elicit-form-bad-paper, #fdf0ef);
  --_note: var(--elicit-form-note-paper, #fff8e6);
  --_note-line: var(--elicit-form-note-line, #e9c46a);
  display: block;
  color-scheme: light;
  font-family: var(--_font);
  line-height: 1.5;
  color: var(--_ink);
}
@media (prefers-color-scheme: dark) {
  :host {
    --_ink: var(--elicit-form-ink, #e4e8ec);
    --_muted: var(--elicit-form-muted, #a9b4bf);
    --_paper: var(--elicit-form-paper, #1b2026);
    --_panel: var(--elicit-form-panel, #242a31);
    --_line: var(--elicit-form-line, #3a434d);
    --_field-line: var(--elicit-form-field-line, #7d8894);
    --_accent: var(--elicit-form-accent, #8fb0ff);
    --_accent-ink: var(--elicit-form-accent-ink, #0c1630);
    --_badge: var(--elicit-form-badge, #25345a);
    --_badge-ink: var(--elicit-form-badge-ink, #cdd9ff);
    --_bad: var(--elicit-form-bad, #ff9b93);
    --_bad-paper: var(--elicit-form-bad-paper, #3a2120);
    --_note: var(--elicit-form-note-paper, #352c14);
    --_note-line: var(--elicit-form-note-line, #8a7020);
    color-scheme: dark;
  }
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
h2 { font-size: 1.1em; line-height: 1.3; margin: 0 0 .6em; overflow-wrap: anywhere; }
p { margin: 0 0 .75em; }
[part~=card], [part~=refusal], [part~=problem] {
  background: var(--_paper);
  border: 1px solid var(--_line);
  border-top: 4px solid var(--_accent);
  border-radius: var(--_radius);
  padding: 1em;
}
[part~=summary], [part~=fingerprint] { color: var(--_muted); font-size: .875em; }
[part~=fingerprint] { margin: 0; overflow-wrap: anywhere; }
code, [part~=option-value] { font-family: var(--_mono); font-size: .875em; }
[part~=message] {
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  padding: .6em .75em;
  border-left: 3px solid var(--_line);
  background: var(--_panel);
}
[part~=question] {
  display: block;
  min-width: 0;
  margin: 0 0 .75em;
  padding: .6em .75em .75em;
  border: 1px solid var(--_line);
  border-radius: calc(var(--_radius) - 2px);
}
[part~=question][part~=invalid] { border-color: var(--_bad); background: var(--_bad-paper); }
[part~=question-title] { display: block; padding: 0; margin-bottom: .4em; font-weight: 600; overflow-wrap: anywhere; }
legend[part~=question-title] { float: left; width: 100%; }
legend + * { clear: both; }
[part~=badge] {
  display: inline-block;
  padding: 0 .45em;
  margin-right: .25em;
  border-radius: 999px;
  background: var(--_badge);
  color: var(--_badge-ink);
  font-size: .75em;
  font-weight: 700;
  line-height: 1.6;
  vertical-align: .1em;
  white-space: nowrap;
}
[part~=question-text] { white-space: pre-wrap; }
[part~=options] { display: flex; flex-direction: column; gap: .2em; }
[part~=option] { display: flex; align-items: baseline; gap: .5em; }
[part~=choice] { flex: none; margin: 0; width: 1.05em; height: 1.05em; transform: translateY(.15em); accent-color: var(--_accent); }
[part~=option-label] { overflow-wrap: anywhere; }
[part~=option-value] { margin-left: .2em; color: var(--_muted); }
[part~=default-mark] {
  margin-left: .2em;
  padding: 0 .35em;
  border: 1px solid var(--_line);
  border-radius: 4px;
  color: var(--_muted);
  font-size: .75em;
}
[part~=input] {
  width: 100%;
  padding: .45em .55em;
  border: 1px solid var(--_field-line);
  border-radius: 6px;
  background: var(--_paper);
  color: inherit;
  font: inherit;
}
[part~=input][aria-invalid=true] { border-color: var(--_bad); box-shadow: 0 0 0 1px var(--_bad); }
[part~=field-error], [part~=form-error] { margin: .4em 0 0; color: var(--_bad); font-weight: 600; }
[part~=actions] { display: flex; flex-wrap: wrap; gap: .5em; margin: 1em 0 .75em; }
[part~=button] {
  font: inherit;
  font-weight: 600;
  padding: .45em 1em;
  border-radius: 6px;
  border: 1px solid var(--_accent);
  background: var(--_paper);
  color: var(--_accent);
  cursor: pointer;
}
[part~=submit] { background: var(--_accent); color: var(--_accent-ink); }
:disabled { opacity: .6; cursor: not-allowed; }
:focus-visible { outline: 3px solid var(--_accent); outline-offset: 2px; }
[part~=refusal] { border-top-color: var(--_bad); background: var(--_bad-paper); }
[part~=problem] { border-top-color: var(--_bad); }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .25em 1em; margin: 0 0 .75em; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
[part~=url-mode-note] { background: var(--_note); border: 1px solid var(--_note-line); border-radius: 6px; padding: .6em .75em; margin: 0; }
`;

let sheet;
/** One stylesheet for every card, made on first use (a constructed sheet is not subject to style-src). */
function styleSheet() {
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** An element with `part` names and properties set, and children appended as text or nodes. */
function element(tag, part, properties, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  if (part) node.setAttribute("part", part);
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/** The `elicitation/create` params as an object: `request` is the value or its JSON text. */
function readParams(request) {
  const params = typeof request === "string" ? JSON.parse(request) : request;
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new TypeError("the request must be the elicitation/create params, an object with message and requestedSchema");
  }
  if (params.mode !== undefined && params.mode !== "form") {
    throw new TypeError(`the request is in ${JSON.stringify(params.mode)} mode; this card shows form mode only`);
  }
  return params;
}

/**
 * The requested schema as JSON text, read once so that the questions shown
 * and the answers checked come from the same text. A JSON string stays a
 * string (the backend refuses it, where the package would read it as schema
 * text); a value with no JSON text is passed on for the package to refuse.
 */
function schemaSnapshot(schema) {
  if (typeof schema === "string") return JSON.stringify(schema);
  try {
    return JSON.stringify(schema ?? null) ?? schema;
  } catch {
    return schema;
  }
}

/** What a render depends on, as text; undefined when the request has none (always drawn again). */
function inputsKey(request, serverName, toolName, profile) {
  try {
    return JSON.stringify([typeof request === "string" ? request : JSON.stringify(request), serverName, toolName, profile]);
  } catch {
    return undefined;
  }
}

const HTMLElementBase = globalThis.HTMLElement ?? class {};

/** `<elicit-form>`; see element.d.ts and the package README for its interface. */
export class ElicitFormElement extends HTMLElementBase {
  static observedAttributes = ["server-name", "tool-name", "profile", "disabled"];

  #root;
  #request = null;
  #dirty = true;
  #scheduled = false;
  /** What is shown: `{ state: "empty" | "form" | "refused" | "invalid", ... }`. */
  #view = { state: "empty" };

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    this.#root.adoptedStyleSheets = [styleSheet()];
    // A property set before the element was defined sits on the instance.
    for (const name of ["request", "serverName", "toolName", "profile", "disabled"]) {
      if (Object.hasOwn(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
      }
    }
  }

  /** The `elicitation/create` params `{ message, requestedSchema }`: a value or its JSON text. */
  get request() {
    return this.#request;
  }
  set request(value) {
    this.#request = value ?? null;
    this.#invalidate();
  }

  /** The configured name of the MCP server that asks (attribute `server-name`). */
  get serverName() {
    return this.getAttribute("server-name") ?? "";
  }
  set serverName(value) {
    this.setAttribute("server-name", value);
  }

  /** The tool whose call is waiting for the answer (attribute `tool-name`). */
  get toolName() {
    return this.getAttribute("tool-name") ?? "";
  }
  set toolName(value) {
    this.setAttribute("tool-name", value);
  }

  /** `"backend"` (the default) or `"mcp-2026-07-28"` (attribute `profile`). */
  get profile() {
    return this.getAttribute("profile") ?? "backend";
  }
  set profile(value) {
    if (value === null || value === undefined) this.removeAttribute("profile");
    else this.setAttribute("profile", value);
  }

  /** Whether the card's controls are disabled (attribute `disabled`), for instance once answered. */
  get disabled() {
    return this.hasAttribute("disabled");
  }
  set disabled(value) {
    this.toggleAttribute("disabled", Boolean(value));
  }

  /** What the card shows now: `"empty"`, `"form"`, `"refused"` or `"invalid"`. */
  get state() {
    this.#flush();
    return this.#view.state;
  }

  /** The fingerprint of the questions shown, or `null` when none are. */
  get fingerprint() {
    this.#flush();
    return this.#view.state === "form" ? this.#view.fingerprint : null;
  }

  /** The answers as entered so far, in `ask_user`'s answer shape, unchecked; `null` when no questions are shown. */
  get answers() {
    this.#flush();
    return this.#view.state === "form" ? this.#readAnswers() : null;
  }

  /** The refusal shown, `{ kind, property, reason, message }`, or `null`. */
  get refusal() {
    this.#flush();
    return this.#view.state === "refused" ? { ...this.#view.refusal } : null;
  }

  connectedCallback() {
    this.#flush();
  }

  attributeChangedCallback(name, before, after) {
    if (before === after) return;
    if (name === "disabled") this.#applyDisabled();
    else this.#invalidate();
  }

  // Several properties set in one task (as frameworks do) render once.
  #invalidate() {
    this.#dirty = true;
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected) this.#flush();
    });
  }

  #flush() {
    if (this.#dirty) this.#render();
  }

  #render() {
    this.#dirty = false;
    const profile = this.getAttribute("profile");
    // The same inputs again (a framework re-rendering with an equal request)
    // keep the card as it is: the person's focus and answers stay put.
    const inputs = inputsKey(this.#request, this.serverName, this.toolName, profile);
    if (inputs !== undefined && inputs === this.#view.inputs) return;
    const previous = this.#view.state === "form" ? this.#readAnswers() : {};
    this.#root.replaceChildren();
    this.#view = { state: "empty", inputs };
    if (this.#request === null) return;

    const options = profile === null ? undefined : { profile };
    let shown;
    try {
      if (this.serverName === "") {
        throw new TypeError("set server-name: the configured name of the MCP server that asks");
      }
      const params = readParams(this.#request);
      const schema = schemaSnapshot(params.requestedSchema);
      // pending() also holds the message to the engine's bound; the schema
      // view gives what the questions do not say: a number's kind, a default.
      const asked = pending({
        serverName: this.serverName,
        toolName: this.toolName,
        key: REQUEST_KEY,
        message: params.message,
        requestedSchema: schema,
      }, options);
      const properties = new Map(parseRequestedSchema(schema, options).properties.map((p) => [p.name, p]));
      shown = { asked, properties, schema, options };
    } catch (error) {
      if (error instanceof FormRefusalError) return this.#showRefusal(error, profile ?? "backend");
      return this.#showProblem(error);
    }
    this.#showCard(shown);
    this.#restoreAnswers(previous);
    this.#applyDisabled();
  }

  #showCard({ asked, properties, schema, options }) {
    const entries = asked.questions.map((question, index) =>
      questionEntry(question, `q${index}`, properties.get(question.id)));
    const formError = element("p", "form-error", { id: "form-error", hidden: true });
    formError.setAttribute("role", "alert");
    const button = (name, label, type = "button") =>
      element("button", `button ${name}`, { type, id: name }, label);
    const decline = button("decline", "Decline");
    const cancel = options?.profile === SPEC_PROFILE ? button("cancel", "Cancel") : null;
    const form = element(
      "form",
      "form",
      { noValidate: true },
      ...entries.map((entry) => entry.node),
      formError,
      element("div", "actions", {}, button("submit", "Submit", "submit"), decline, cancel),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#submit();
    });
    decline.addEventListener("click", () => this.#dismiss("decline"));
    cancel?.addEventListener("click", () => this.#dismiss("cancel"));

    const title = element("h2", "title", { id: "title" },
      "Questions from MCP server ", element("span", "server-name", {}, this.serverName));
    this.#root.append(element(
      "div",
      "card",
      {},
      title,
      this.toolName === "" ? null : element("p", "summary", {}, asked.summary),
      element("p", "message", {}, asked.message),
      form,
      element("p", "fingerprint", {}, "Fingerprint of what is shown: ",
        element("code", "fingerprint-value", {}, asked.fingerprint)),
    ));
    this.#view = { ...this.#view, state: "form", fingerprint: asked.fingerprint, schema, options, entries, form, formError };
  }

  #showRefusal(refusal, profile) {
    const facts = element("dl", "refusal-facts", {});
    for (const [term, value] of [
      ["Kind", refusal.kind],
      ["Property", refusal.property],
      ["Reason", refusal.reason],
      ["Message", refusal.message],
    ]) {
      if (value === undefined) continue;
      facts.append(element("dt", "", {}, term), element("dd", `refusal-${term.toLowerCase()}`, {}, value));
    }
    this.#root.append(element(
      "div",
      "refusal",
      {},
      element("h2", "refusal-title", {}, "Refused: nobody is asked"),
      element("p", "refusal-explanation", {},
        `The request breaks a rule of the ${profile} profile, so the tool call fails with this `
          + "error and no question is put in front of a person."),
      facts,
      refusal.kind === "credential"
        ? element("p", "url-mode-note", {},
          "A credential never travels through a form: the answer would land in the event log and "
            + "the model's context. URL mode elicitation is the channel for it: the server sends the "
            + "person to a page of its own to enter it there.")
        : null,
    ));
    const detail = { kind: refusal.kind, property: refusal.property, reason: refusal.reason, message: refusal.message };
    this.#view = { ...this.#view, state: "refused", refusal: detail };
    this.#emitAfterRender("elicit-refused", detail);
  }

  #showProblem(error) {
    const name = error instanceof Error ? error.name : "Error";
    const message = error instanceof Error ? error.message : String(error);
    const problem = element("div", "problem", {},
      element("h2", "problem-title", {}, "This request cannot be shown"),
      element("p", "problem-message", {}, message));
    problem.setAttribute("role", "alert");
    this.#root.append(problem);
    this.#view = { ...this.#view, state: "invalid" };
    this.#emitAfterRender("elicit-invalid", { name, message });
  }

  // What a render finds is told once the task that caused it is done (a
  // framework's commit, say), and only if the card still shows it.
  #emitAfterRender(type, detail) {
    const view = this.#view;
    queueMicrotask(() => {
      if (this.#view === view) this.#emit(type, detail);
    });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }

  /** The answers keyed by question id, in ask_user's answer shape. */
  #readAnswers() {
    const answers = {};
    for (const entry of this.#view.entries) answers[entry.question.id] = entry.read();
    return answers;
  }

  /** Keeps what was typed or picked when the card is drawn again for the same question ids. */
  #restoreAnswers(answers) {
    for (const entry of this.#view.entries) {
      const answer = Object.hasOwn(answers, entry.question.id) ? answers[entry.question.id] : null;
      if (answer === null) continue;
      if (entry.question.kind === "choice") {
        if (!answer.selected.some((label) => entry.inputs.some((input) => input.value === label))) continue;
        for (const input of entry.inputs) input.checked = answer.selected.includes(input.value);
      } else if (answer.other_text !== null) {
        entry.inputs[0].value = answer.other_text;
      }
    }
  }

  #applyDisabled() {
    if (this.#view.state !== "form") return;
    for (const control of this.#view.form.elements) control.disabled = this.disabled;
  }

  #clearErrors() {
    for (const entry of this.#view.entries) entry.clear();
    this.#view.formError.hidden = true;
    this.#view.formError.textContent = "";
  }

  #submit() {
    if (this.disabled) return;
    this.#clearErrors();
    const { schema, options, entries, fingerprint, formError } = this.#view;
    const answers = this.#readAnswers();
    let content;
    try {
      content = contentFromAnswers(schema, answers, options);
    } catch (error) {
      const entry = error instanceof AnswerError
        ? entries.find((candidate) => candidate.question.id === error.property)
        : undefined;
      if (entry !== undefined) return entry.mark(error.message);
      // Not one field's answer: said below the questions, and still nothing is sent.
      formError.textContent = error instanceof Error ? error.message : String(error);
      formError.hidden = false;
      return;
    }
    this.#emit("elicit-result", { action: "accept", content, answers, fingerprint });
  }

  #dismiss(action) {
    if (this.disabled) return;
    this.#clearErrors();
    this.#emit("elicit-result", { action, fingerprint: this.#view.fingerprint });
  }
}

/**
 * One question as ask_user shows it: a group of radio buttons (checkboxes for
 * a multi-select) for a choice, else a labelled text box, with the place for
 * the backend's message about its answer.
 */
function questionEntry(question, id, property) {
  const error = element("p", "field-error", { id: `${id}-error`, hidden: true });
  const title = () => [
    element("span", "badge", {}, question.header),
    " ",
    element("span", "question-text", {}, question.question),
  ];
  let node;
  let inputs;
  let read;
  if (question.kind === "choice") {
    inputs = question.options.map((option, index) => element("input", "choice", {
      type: question.multi_select ? "checkbox" : "radio",
      name: id,
      id: `${id}-${index}`,
      value: option.label,
      checked: option.default === true,
    }));
    const options = question.options.map((option, index) => element(
      "div",
      "option",
      {},
      inputs[index],
      // The spaces keep the accessible name readable: "Team team", "Yes default".
      element("label", "option-label", { htmlFor: inputs[index].id },
        option.label,
        option.description ? " " : null,
        option.description ? element("span", "option-value", {}, option.description) : null,
        option.default === true ? " " : null,
        option.default === true ? element("span", "default-mark", {}, "default") : null),
    ));
    node = element("fieldset", "question", { id },
      element("legend", "question-title", {}, ...title()),
      element("div", "options", {}, ...options),
      error);
    read = () => ({ selected: inputs.filter((input) => input.checked).map((input) => input.value), other_text: null });
  } else {
    const input = element("input", "input", { type: "text", id: `${id}-input`, name: id, autocomplete: "off", spellcheck: false });
    if (property?.kind === "number") input.inputMode = property.integer ? "numeric" : "decimal";
    if (property?.kind === "text" && property.format === "email") input.inputMode = "email";
    // A text or number default (mcp-2026-07-28) is what a blank answer sends.
    if ((property?.kind === "text" || property?.kind === "number") && property.default != null) {
      input.placeholder = `${property.default}`;
    }
    inputs = [input];
    node = element("div", "question", { id },
      element("label", "question-title", { htmlFor: input.id }, ...title()),
      input,
      error);
    read = () => ({ selected: [], other_text: input.value });
  }

  const clear = () => {
    error.hidden = true;
    error.textContent = "";
    node.setAttribute("part", "question");
    for (const input of inputs) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  };
  const mark = (message) => {
    error.textContent = message;
    error.hidden = false;
    node.setAttribute("part", "question invalid");
    for (const input of inputs) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", error.id);
    }
    node.addEventListener("input", clear, { once: true });
    node.addEventListener("change", clear, { once: true });
    (inputs.find((input) => input.checked) ?? inputs[0]).focus();
  };
  return { question, node, inputs, read, clear, mark };
}

// Defined once: a second copy of this module (two bundles, two versions) leaves
// the first definition in place.
if (globalThis.customElements !== undefined && customElements.get("elicit-form") === undefined) {
  customElements.define("elicit-form", ElicitFormElement);
}
