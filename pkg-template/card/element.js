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
//
// Every word the card writes itself comes from one message table (MESSAGES
// below, English): the host's own (`messages`), else a language module
// registered by import (element-messages/*.js) and picked by `lang`, else
// English, key by key. The card words errors and hints from the kind the
// wasm gives (`AnswerError.kind`) and the schema view's titles and bounds;
// the backend's exact texts stay in the API and the events.
//
// A URL-mode request is drawn by the consent card of elicit-form/url/element
// when the page imports it (it registers itself at URL_CARD); this file only
// hands the request over, so a page that renders forms only loads none of it.

import { AnswerError, FormRefusalError, contentFromAnswers, parseRequestedSchema, pending } from "./browser.js";

// The key the card gives its one form in the engine's `inputRequests` sense:
// a card shows one form, so one key is enough.
const REQUEST_KEY = "form";
const SPEC_PROFILE = "mcp-2026-07-28";
// Where language modules (element-messages/*.js) register their tables, so
// that every copy of the element (one per entry) finds them.
const LANGUAGES = Symbol.for("elicit-form.messages");
// Where the URL-mode consent card (elicit-form/url/element) registers itself:
// a page that renders forms only never downloads it.
const URL_CARD = Symbol.for("elicit-form.url-card");
// A live region inserted with its text is often not read out: the text
// comes a moment after the card is drawn.
const ANNOUNCE_DELAY_MS = 150;

/**
 * The English table: every word the card writes. A value is text with
 * `{name}` slots, or a function of the slots (for plurals). New keys are
 * added here, and a host table or language without them falls back to
 * this table key by key.
 */
export const MESSAGES = {
  title: "Questions from MCP server {server}",
  summary: "{server} has questions for you before {tool} can run",
  fingerprint: "Fingerprint of what is shown: {fingerprint}",
  announceForm: "New questions from {server}",
  announceRefusal: "A request from {server} was refused and not put to you",
  submit: "Submit",
  decline: "Decline",
  cancel: "Cancel",
  yes: "Yes",
  no: "No",
  defaultMark: "default",
  optional: "optional",
  defaultValue: "default: {value}",
  hintSeparator: "; ",
  wholeNumber: "a whole number",
  wholeNumberFromTo: "a whole number from {min} to {max}",
  wholeNumberAtLeast: "a whole number, at least {min}",
  wholeNumberAtMost: "a whole number, at most {max}",
  number: "a number",
  numberFromTo: "a number from {min} to {max}",
  numberAtLeast: "a number, at least {min}",
  numberAtMost: "a number, at most {max}",
  charactersFromTo: "{min} to {max} characters",
  charactersAtLeast: ({ min }) => `at least ${min} character${min == 1 ? "" : "s"}`,
  charactersAtMost: ({ max }) => `at most ${max} character${max == 1 ? "" : "s"}`,
  charactersExactly: ({ min }) => `exactly ${min} character${min == 1 ? "" : "s"}`,
  chooseFromTo: "choose {min} to {max}",
  chooseAtLeast: "choose at least {min}",
  chooseAtMost: "choose at most {max}",
  chooseExactly: "choose {min}",
  email: "an email address",
  uri: "a full web address (https://…)",
  date: "a date as YYYY-MM-DD",
  dateTime: "a date and time as YYYY-MM-DDThh:mm:ssZ",
  format: "format: {format}",
  fieldError: "{title}: {problem}",
  needsAnswer: "an answer is needed",
  chooseOne: "choose one option",
  chooseOffered: "choose one of the options shown",
  chooseOnce: "choose each option only once",
  yesOrNo: "choose {yes} or {no}",
  answersUnchecked: "These answers could not be checked.",
  refusalTitle: "Refused: nobody is asked",
  refusalExplanation: "The request breaks a rule of the {profile} profile: the tool call fails, and nothing is asked.",
  refusedCredential: "{app} does not collect passwords or keys through forms.",
  refusedOutOfProfile: "The form asks for something the {profile} profile does not allow.",
  refusedSchema: "This form cannot be shown.",
  refusedMessage: "The server's message is too long to show.",
  refusalField: "Field",
  credentialNote: "Passwords and keys never go through a form, where they would stay in the chat's record: the server can send you to a page of its own to enter them.",
  thisApp: "This app",
  problemTitle: "This request cannot be shown",
};

const STYLE = `
:host {
  position: relative;
  --_font: var(--elicit-form-font, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif);
  --_mono: var(--elicit-form-mono-font, ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace);
  --_radius: var(--elicit-form-radius, 8px);
  --_ink: var(--elicit-form-ink, #1d2329);
  --_muted: var(--elicit-form-muted, #56616c);
  --_paper: var(--elicit-form-paper, #fff);
  --_panel: var(--elicit-form-panel, #f6f8fa);
  --_line: var(--elicit-form-line, #d5dbe1);
  --_field-line: var(--elicit-form-field-line, #8a96a3);
  --_accent: var(--elicit-form-accent, #2457c5);
  --_accent-ink: var(--elicit-form-accent-ink, #fff);
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
  border-inline-start: 3px solid var(--_line);
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
legend[part~=question-title] { float: inline-start; width: 100%; }
legend + * { clear: both; }
[part~=badge] {
  display: inline-block;
  padding: 0 .45em;
  margin-inline-end: .25em;
  border-radius: 999px;
  background: var(--_badge);
  color: var(--_badge-ink);
  font-size: .75em;
  font-weight: 700;
  line-height: 1.6;
  vertical-align: .1em;
  white-space: nowrap;
}
[part~=question-text], [part~=question-description] { white-space: pre-wrap; }
/* Each piece of text sets its own direction (English in an Arabic card keeps its full stop at its end). */
span, dd, [part~=message], [part~=problem-message] { unicode-bidi: plaintext; }
[part~=question-description], [part~=hint] { display: block; font-weight: 400; }
[part~=hint] { color: var(--_muted); font-size: .875em; }
[part~=options] { display: flex; flex-direction: column; gap: .2em; }
[part~=option] { display: flex; align-items: baseline; gap: .5em; }
[part~=choice] { flex: none; margin: 0; width: 1.05em; height: 1.05em; transform: translateY(.15em); accent-color: var(--_accent); }
[part~=option-label] { overflow-wrap: anywhere; }
[part~=option-value] { margin-inline-start: .2em; color: var(--_muted); }
[part~=default-mark] {
  margin-inline-start: .2em;
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
[role=status] { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
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

/** The `elicitation/create` params as an object: `request` is the value or its JSON text (its mode is read by the render). */
function readParams(request) {
  const params = typeof request === "string" ? JSON.parse(request) : request;
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new TypeError("the request must be the elicitation/create params, an object with message and requestedSchema");
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

/**
 * What a render depends on (the request, read from its JSON text when it is
 * text, so that the text and an equal value draw the same card, and the
 * attributes and language the card is drawn with), as text; undefined when
 * the request cannot be read or written as JSON (then it is always drawn again).
 */
function inputsKey(request, ...attributes) {
  try {
    return JSON.stringify([typeof request === "string" ? JSON.parse(request) : request, ...attributes]);
  } catch {
    return undefined;
  }
}

/**
 * `message` (a table's value) with its `{name}` slots filled from `slots`: a
 * list of text and nodes, for `append`. A function gets the slots as text.
 */
function words(message, slots = {}) {
  if (typeof message === "function") {
    message = `${message(Object.fromEntries(Object.entries(slots).map(([name, value]) => [name, value?.textContent ?? value])))}`;
  }
  return `${message}`.split(/\{(\w+)\}/).map((piece, index) => (index % 2 ? slots[piece] ?? `{${piece}}` : piece));
}

/** The keys of a range's phrases, `{prefix}FromTo`, `…AtLeast`, `…AtMost`, `…Exactly` (when `exactly`), or `prefix` alone. */
function range(say, prefix, min, max, exactly) {
  const has = (bound) => bound !== null && bound !== undefined;
  if (has(min) && has(max)) return say(exactly && min === max ? `${prefix}Exactly` : `${prefix}FromTo`, { min, max });
  if (has(min)) return say(`${prefix}AtLeast`, { min });
  if (has(max)) return say(`${prefix}AtMost`, { max });
  return exactly ? null : say(prefix);
}

const FORMATS = { email: "email", uri: "uri", date: "date", "date-time": "dateTime" };

/**
 * What a property asks for, worded from the schema view: its kind and bounds
 * (the details the backend's question text gives in English), and with
 * `marks` its default and, under mcp-2026-07-28, that it is optional. The
 * same reading as the profiles' questions.rs, worded from the table.
 */
function hints(say, property, spec, marks) {
  const found = [];
  const { kind } = property;
  if (kind === "number") {
    found.push(range(say, property.integer ? "wholeNumber" : "number", property.minimum, property.maximum, false));
  } else if (kind === "text") {
    if (property.format != null) found.push(say(FORMATS[property.format] ?? "format", { format: property.format }));
    found.push(range(say, "characters", property.minLength || null, property.maxLength, true));
  } else if (kind === "multiSelect") {
    // "at most N" says nothing when N covers every option.
    const upper = property.maxItems != null && property.maxItems < property.options.length ? property.maxItems : null;
    found.push(range(say, "choose", property.minItems || null, upper, true));
  }
  if (marks && (kind === "text" || kind === "number") && property.default != null) {
    found.push(say("defaultValue", { value: `${property.default}` }));
  }
  if (marks && spec && !property.required && property.default == null) found.push(say("optional"));
  return found.filter((hint) => hint !== null).join(say("hintSeparator"));
}

/** An `AnswerError` for a person: the field's title and what it needs, from the error's kind and the field's bounds. */
function fieldProblem(say, kind, property, spec) {
  if (kind === "required" || kind === "notAnswered" || kind === "noText") return say("needsAnswer");
  if (property.kind === "number" || kind === "misfit") return hints(say, property, spec, false) || say("needsAnswer");
  if (kind === "needsYesOrNo") return say("yesOrNo", { yes: say("yes"), no: say("no") });
  if (kind === "chosenTwice") return say("chooseOnce");
  return say(kind === "notOffered" ? "chooseOffered" : "chooseOne");
}

const REFUSALS = {
  credential: "refusedCredential",
  outOfProfile: "refusedOutOfProfile",
  message: "refusedMessage",
};

const HTMLElementBase = globalThis.HTMLElement ?? class {};

/** `<elicit-form>`; see element.d.ts and the package README for its interface. */
export class ElicitFormElement extends HTMLElementBase {
  static observedAttributes = ["server-name", "tool-name", "profile", "disabled", "app-name", "lang", "dir"];

  #root;
  #body;
  #status;
  #announcing;
  #request = null;
  #messages = null;
  #dirty = true;
  #scheduled = false;
  /** What is shown: `{ state: "empty" | "form" | "refused" | "invalid", ... }`. */
  #view = { state: "empty" };

  constructor() {
    super();
    // delegatesFocus: focusing the card (a click on it, or `focus()` from
    // a chat that moves to a new card) lands inside it.
    this.#root = this.attachShadow({ mode: "open", delegatesFocus: true });
    this.#root.adoptedStyleSheets = [styleSheet()];
    // The live region stays across renders: one inserted with its text is
    // often not read out.
    this.#status = element("p", "", {});
    this.#status.setAttribute("role", "status");
    this.#status.setAttribute("aria-live", "polite");
    this.#body = element("div", "", {});
    this.#root.append(this.#status, this.#body);
    // A property set before the element was defined sits on the instance.
    for (const name of ["request", "serverName", "toolName", "profile", "disabled", "appName", "messages"]) {
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

  /** The host's message table (any keys of `MESSAGES`), or `null` for the shipped ones. */
  get messages() {
    return this.#messages;
  }
  set messages(value) {
    this.#messages = value ?? null;
    this.#view.inputs = undefined;
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

  /** The name of the app the person uses (attribute `app-name`), for the refusal; the table's `thisApp` when unset. */
  get appName() {
    return this.getAttribute("app-name") ?? "";
  }
  set appName(value) {
    this.setAttribute("app-name", value);
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

  /** The fingerprint of the questions shown (on a URL-mode card, the link's), or `null` when none are. */
  get fingerprint() {
    this.#flush();
    return this.#view.fingerprint ?? null;
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

  /**
   * Focus on the first field, or after a refused Submit on the field marked;
   * on a refusal or an unreadable request, on the card itself.
   */
  focus(options) {
    this.#flush();
    const { invalid, entries, form, panel } = this.#view;
    const target = (invalid ?? entries?.[0])?.focusTarget() ?? form?.elements[0] ?? panel;
    if (target) target.focus(options);
    else super.focus(options);
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

  /**
   * The table the card speaks: the host's, else the language registered for
   * the nearest `lang` (the element's, an ancestor's, the document's; `de-AT`
   * finds `de`), and English for any key they lack. `dir` is the host
   * table's, else the language's. (The language needs no `lang` of the
   * card's own: it is the one of the nearest `lang`, or the host's choice.)
   */
  #language() {
    const lang = (this.closest("[lang]")?.lang || document.documentElement.lang || "").toLowerCase();
    const registered = globalThis[LANGUAGES] ?? {};
    const shipped = registered[lang] ?? registered[lang.split("-")[0]];
    const table = { ...MESSAGES, ...shipped, ...this.#messages };
    const say = (key, slots) => words(table[key], slots).map((piece) => piece?.textContent ?? piece).join("");
    return { lang, table, say, dir: this.#messages?.dir ?? shipped?.dir };
  }

  #render() {
    this.#dirty = false;
    const profile = this.getAttribute("profile");
    const language = this.#language();
    // The same inputs again (a framework re-rendering with an equal request)
    // keep the card as it is: the person's focus and answers stay put.
    const inputs = inputsKey(this.#request, this.serverName, this.toolName, profile, this.appName, language.lang, this.dir);
    if (inputs !== undefined && inputs === this.#view.inputs) return;
    const previous = this.#view.state === "form" ? this.#readAnswers() : {};
    this.#body.replaceChildren();
    // The card's own direction, unless the host element has its own.
    if (language.dir && !this.dir) this.#body.dir = language.dir;
    else this.#body.removeAttribute("dir");
    this.#view = { state: "empty", inputs, language };
    if (this.#request === null) return;

    const options = profile === null ? undefined : { profile };
    let shown;
    try {
      if (this.serverName === "") {
        throw new TypeError("set server-name: the configured name of the MCP server that asks");
      }
      const params = readParams(this.#request);
      const { mode } = params;
      // A URL-mode request goes to the consent card (elicit-form/url/element),
      // when imported: it draws into the shadow root and sets the view's
      // state, panel and fingerprint (the view holds the language).
      if (mode === "url" && globalThis[URL_CARD]) return globalThis[URL_CARD](this, params, this.#view);
      if (mode !== undefined && mode !== "form") {
        throw new TypeError(`the request is in ${JSON.stringify(mode)} mode; this card shows form mode only`);
      }
      const schema = schemaSnapshot(params.requestedSchema);
      // pending() also holds the message to the engine's bound; the schema
      // view gives what the questions do not say: titles, bounds, defaults.
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
    const { table, say } = this.#view.language;
    const spec = options?.profile === SPEC_PROFILE;
    const entries = asked.questions.map((question, index) =>
      questionEntry(question, `q${index}`, properties.get(question.id), this.#view.language, spec));
    const formError = element("p", "form-error", { id: "form-error", hidden: true });
    formError.setAttribute("role", "alert");
    const button = (name, type = "button") =>
      element("button", `button ${name}`, { type, id: name }, say(name));
    const decline = button("decline");
    const cancel = spec ? button("cancel") : null;
    const form = element(
      "form",
      "form",
      { noValidate: true },
      ...entries.map((entry) => entry.node),
      formError,
      element("div", "actions", {}, button("submit", "submit"), decline, cancel),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#submit();
    });
    decline.addEventListener("click", () => this.#dismiss("decline"));
    cancel?.addEventListener("click", () => this.#dismiss("cancel"));

    const server = () => element("span", "server-name", {}, this.serverName);
    const title = element("h2", "title", { id: "title" }, ...words(table.title, { server: server() }));
    this.#body.append(element(
      "div",
      "card",
      {},
      title,
      this.toolName === "" ? null : element("p", "summary", {},
        ...words(table.summary, { server: server(), tool: element("span", "tool-name", {}, this.toolName) })),
      element("p", "message", {}, asked.message),
      form,
      element("p", "fingerprint", {}, ...words(table.fingerprint, {
        fingerprint: element("code", "fingerprint-value", {}, asked.fingerprint),
      })),
    ));
    this.#view = { ...this.#view, state: "form", fingerprint: asked.fingerprint, schema, options, entries, form, formError };
    this.#announce(say("announceForm", { server: this.serverName }));
  }

  #showRefusal(refusal, profile) {
    const { table, say } = this.#view.language;
    const app = this.appName || say("thisApp");
    const facts = refusal.property === undefined ? null : element("dl", "refusal-facts", {},
      element("dt", "", {}, say("refusalField")),
      element("dd", "refusal-property", {}, refusal.property));
    const panel = element(
      "div",
      "refusal",
      { tabIndex: -1 },
      element("h2", "refusal-title", {}, say("refusalTitle")),
      element("p", "refusal-reason", {}, ...words(table[REFUSALS[refusal.kind] ?? "refusedSchema"], { app, profile })),
      facts,
      element("p", "refusal-explanation", {}, say("refusalExplanation", { profile })),
      refusal.kind === "credential" ? element("p", "url-mode-note", {}, say("credentialNote")) : null,
    );
    this.#body.append(panel);
    // The backend's exact text stays in the event and `refusal`.
    const detail = { kind: refusal.kind, property: refusal.property, reason: refusal.reason, message: refusal.message };
    this.#view = { ...this.#view, state: "refused", refusal: detail, panel };
    this.#announce(say("announceRefusal", { server: this.serverName }));
    this.#emitAfterRender("elicit-refused", detail);
  }

  #showProblem(error) {
    const { say } = this.#view.language;
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    // The package's text, for the developer: a request the host should not have passed.
    const panel = element("div", "problem", { tabIndex: -1 },
      element("h2", "problem-title", {}, say("problemTitle")),
      element("p", "problem-message", {}, message));
    panel.setAttribute("role", "alert");
    this.#body.append(panel);
    this.#view = { ...this.#view, state: "invalid", panel };
    this.#emitAfterRender("elicit-invalid", { name, message });
  }

  /** Tells assistive technology, politely, what just arrived. */
  #announce(text) {
    clearTimeout(this.#announcing);
    this.#status.textContent = "";
    this.#announcing = setTimeout(() => {
      this.#status.textContent = text;
    }, ANNOUNCE_DELAY_MS);
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
    for (const control of this.#view.form?.elements ?? []) control.disabled = this.disabled;
  }

  #clearErrors() {
    for (const entry of this.#view.entries) entry.clear();
    this.#view.invalid = undefined;
    this.#view.formError.hidden = true;
    this.#view.formError.textContent = "";
  }

  #submit() {
    if (this.disabled) return;
    this.#clearErrors();
    const { schema, options, entries, fingerprint, formError, language } = this.#view;
    const answers = this.#readAnswers();
    let content;
    try {
      content = contentFromAnswers(schema, answers, options);
    } catch (error) {
      const entry = error instanceof AnswerError
        ? entries.find((candidate) => candidate.question.id === error.property)
        : undefined;
      if (entry !== undefined) {
        this.#view.invalid = entry;
        return entry.mark(error.kind);
      }
      // Not one field's answer: said below the questions, and still nothing is sent.
      formError.textContent = language.say("answersUnchecked");
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
 * the card's words about its answer. Its title and hints come from the schema
 * view (`property`), worded from the table.
 */
function questionEntry(question, id, property, { say, table }, spec) {
  const error = element("p", "field-error", { id: `${id}-error`, hidden: true });
  const fieldTitle = property.title || property.name;
  const hint = hints(say, property, spec, true);
  const description = property.description?.trim() ? property.description : null;
  const title = () => [
    element("span", "badge", {}, question.header),
    " ",
    element("span", "question-text", {}, fieldTitle),
    description && " ",
    description && element("span", "question-description", {}, description),
    hint && " ",
    hint && element("span", "hint", {}, hint),
  ];
  // A boolean's options are the backend's labels, Yes and No: sent as they
  // are, shown in the card's words.
  const shownLabel = (label) => (property.kind === "boolean" ? say(label === "Yes" ? "yes" : "no") : label);
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
        shownLabel(option.label),
        option.description ? " " : null,
        option.description ? element("span", "option-value", {}, option.description) : null,
        option.default === true ? " " : null,
        option.default === true ? element("span", "default-mark", {}, say("defaultMark")) : null),
    ));
    node = element("fieldset", "question", { id },
      element("legend", "question-title", {}, ...title()),
      element("div", "options", {}, ...options),
      error);
    read = () => ({ selected: inputs.filter((input) => input.checked).map((input) => input.value), other_text: null });
  } else {
    const input = element("input", "input", { type: "text", id: `${id}-input`, name: id, autocomplete: "off", spellcheck: false });
    if (property.kind === "number") input.inputMode = property.integer ? "numeric" : "decimal";
    if (property.kind === "text" && property.format === "email") input.inputMode = "email";
    // A text or number default (mcp-2026-07-28) is what a blank answer sends.
    if ((property.kind === "text" || property.kind === "number") && property.default != null) {
      input.placeholder = `${property.default}`;
    }
    inputs = [input];
    node = element("div", "question", { id },
      element("label", "question-title", { htmlFor: input.id }, ...title()),
      input,
      error);
    read = () => ({ selected: [], other_text: input.value });
  }

  const focusTarget = () => inputs.find((input) => input.checked) ?? inputs[0];
  const clear = () => {
    error.hidden = true;
    error.textContent = "";
    node.setAttribute("part", "question");
    for (const input of inputs) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  };
  const mark = (kind) => {
    error.replaceChildren(...words(table.fieldError, {
      title: element("span", "field-title", {}, fieldTitle),
      problem: fieldProblem(say, kind, property, spec),
    }));
    error.hidden = false;
    node.setAttribute("part", "question invalid");
    for (const input of inputs) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", error.id);
    }
    node.addEventListener("input", clear, { once: true });
    node.addEventListener("change", clear, { once: true });
    focusTarget().focus();
  };
  return { question, node, inputs, read, clear, mark, focusTarget };
}

// Defined once: a second copy of this module (two bundles, two versions) leaves
// the first definition in place.
if (globalThis.customElements !== undefined && customElements.get("elicit-form") === undefined) {
  customElements.define("elicit-form", ElicitFormElement);
}
