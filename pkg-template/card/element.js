// <elicit-form>: the question card of one MCP form elicitation, as a standard
// custom element with no framework inside. This is its class, over the
// package's browser entry; define.js defines it. Each question's controls
// and words are question.js's, the English table messages.js, the styles
// style.css, and what it shares with the URL-mode consent card dom.js. Each
// entry's element.js is these parts bundled over that entry's browser entry
// (scripts/build.mjs); the URL card gets dom.js's helpers from the element
// with each request, so a page that shows both loads them once.
//
// It keeps the backend's three safety rules where the person answers:
// - every decision comes from the package's wasm core: the refusal, the
//   questions, the fingerprint and each answer's check (this file only moves
//   text between it and the DOM);
// - attribution comes from the host's configured server name only, never from
//   server text;
// - server text is data: it reaches the DOM through dom.js's helpers or
//   an input's `value`, never through an HTML-parsing sink, so it works with
//   Trusted Types required.
//
// Every word the card writes itself comes from one message table: the
// host's own (`messages`), else a language module registered by import
// (element-messages/*.js) and picked by `lang`, else English, key by key.
// The backend's exact texts stay in the API and the events.
//
// A URL-mode request is drawn by the consent card of elicit-form/url/element
// when the page imports it (it registers itself at URL_CARD); this file only
// hands the request over, so a page that renders forms only loads none of it.

import { AnswerError, FormRefusalError, contentFromAnswers, parseRequestedSchema, pending } from "../browser.js";
import * as dom from "./dom.js";
import {
  URL_CARD,
  announce,
  button,
  element,
  emit,
  emitAfterRender,
  fingerprintLine,
  heading,
  pickLanguage,
  refusalPanel,
  serverLabel,
  styleSheet,
  words,
} from "./dom.js";
import STYLE from "./style.css";
import { MESSAGES } from "./messages.js";
import { questionEntry } from "./question.js";

// The key the card gives its one form in the engine's `inputRequests` sense:
// a card shows one form, so one key is enough.
const REQUEST_KEY = "form";
const SPEC_PROFILE = "mcp-2026-07-28";
// Where language modules (element-messages/*.js) register their tables, so
// that every copy of the element (one per entry) finds them.
const LANGUAGES = Symbol.for("elicit-form.messages");

/** The `elicitation/create` params as an object: `request` is the value or its JSON text (its mode is read by the render). */
function readParams(request) {
  const params = typeof request === "string" ? JSON.parse(request) : request;
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new TypeError(
      "the request must be the elicitation/create params, an object with message and requestedSchema",
    );
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

const REFUSALS = {
  credential: "refusedCredential",
  outOfProfile: "refusedOutOfProfile",
  message: "refusedMessage",
};

const HTMLElementBase = globalThis.HTMLElement ?? class {};

/** `<elicit-form>`; see element.d.ts and docs/element.md for its interface. */
export class ElicitFormElement extends HTMLElementBase {
  static observedAttributes = ["server-name", "tool-name", "profile", "disabled", "app-name", "lang", "dir"];

  #root;
  #body;
  #status;
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
    this.#root.adoptedStyleSheets = [styleSheet(STYLE)];
    // The live region stays across renders: one inserted with its text is
    // often not read out.
    this.#status = element("p", "", { role: "status", ariaLive: "polite" });
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
    return pickLanguage(LANGUAGES, lang, MESSAGES, this.#messages);
  }

  #render() {
    this.#dirty = false;
    const profile = this.getAttribute("profile");
    const language = this.#language();
    // The same inputs again (a framework re-rendering with an equal request)
    // keep the card as it is: the person's focus and answers stay put.
    const inputs = inputsKey(
      this.#request,
      this.serverName,
      this.toolName,
      profile,
      this.appName,
      language.lang,
      this.dir,
    );
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
      // state, panel and fingerprint (the view holds the language), with
      // the DOM helpers the two cards share.
      if (mode === "url" && globalThis[URL_CARD]) return globalThis[URL_CARD](this, params, this.#view, dom);
      if (mode !== undefined && mode !== "form") {
        throw new TypeError(`the request is in ${JSON.stringify(mode)} mode; this card shows form mode only`);
      }
      const schema = schemaSnapshot(params.requestedSchema);
      // pending() also holds the message to the engine's bound; the schema
      // view gives what the questions do not say: titles, bounds, defaults.
      const asked = pending(
        {
          serverName: this.serverName,
          toolName: this.toolName,
          key: REQUEST_KEY,
          message: params.message,
          requestedSchema: schema,
        },
        options,
      );
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
      questionEntry(question, `q${index}`, properties.get(question.id), this.#view.language, spec),
    );
    const formError = element("p", "form-error", { id: "form-error", hidden: true, role: "alert" });
    const decline = button(say, "decline");
    const cancel = spec ? button(say, "cancel") : null;
    const form = element(
      "form",
      "form",
      { noValidate: true },
      ...entries.map((entry) => entry.node),
      formError,
      element("div", "actions", {}, button(say, "submit", "submit"), decline, cancel),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#submit();
    });
    decline.addEventListener("click", () => this.#dismiss("decline"));
    cancel?.addEventListener("click", () => this.#dismiss("cancel"));

    this.#body.append(
      element(
        "div",
        "card",
        {},
        heading(table.title, this.serverName),
        this.toolName === ""
          ? null
          : element(
              "p",
              "summary",
              {},
              ...words(table.summary, {
                server: serverLabel(this.serverName),
                tool: element("span", "tool-name", {}, this.toolName),
              }),
            ),
        element("p", "message", {}, asked.message),
        form,
        fingerprintLine(table, asked.fingerprint),
      ),
    );
    this.#view = {
      ...this.#view,
      state: "form",
      fingerprint: asked.fingerprint,
      schema,
      options,
      entries,
      form,
      formError,
    };
    announce(this.#status, say("announceForm", { server: this.serverName }));
  }

  #showRefusal(refusal, profile) {
    const { table, say } = this.#view.language;
    const app = this.appName || say("thisApp");
    const facts =
      refusal.property === undefined
        ? null
        : element(
            "dl",
            "refusal-facts",
            {},
            element("dt", "", {}, say("refusalField")),
            element("dd", "refusal-property", {}, refusal.property),
          );
    const panel = refusalPanel(
      "refusal",
      say("refusalTitle"),
      words(table[REFUSALS[refusal.kind] ?? "refusedSchema"], { app, profile }),
      facts,
      say("refusalExplanation", { profile }),
      refusal.kind === "credential" ? element("p", "url-mode-note", {}, say("credentialNote")) : null,
    );
    this.#body.append(panel);
    // The backend's exact text stays in the event and `refusal`.
    const detail = { kind: refusal.kind, property: refusal.property, reason: refusal.reason, message: refusal.message };
    this.#view = { ...this.#view, state: "refused", refusal: detail, panel };
    announce(this.#status, say("announceRefusal", { server: this.serverName }));
    this.#emitAfterRender("elicit-refused", detail);
  }

  #showProblem(error) {
    const { say } = this.#view.language;
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    // The package's text, for the developer: a request the host should not have passed.
    const panel = element(
      "div",
      "problem",
      { tabIndex: -1, role: "alert" },
      element("h2", "problem-title", {}, say("problemTitle")),
      element("p", "problem-message", {}, message),
    );
    this.#body.append(panel);
    this.#view = { ...this.#view, state: "invalid", panel };
    this.#emitAfterRender("elicit-invalid", { name, message });
  }

  // Told once the task that drew it is done, if this view is still shown.
  #emitAfterRender(type, detail) {
    const view = this.#view;
    emitAfterRender(this, type, detail, () => this.#view === view);
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
      const entry =
        error instanceof AnswerError
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
    emit(this, "elicit-result", { action: "accept", content, answers, fingerprint });
  }

  #dismiss(action) {
    if (this.disabled) return;
    this.#clearErrors();
    emit(this, "elicit-result", { action, fingerprint: this.#view.fingerprint });
  }
}
