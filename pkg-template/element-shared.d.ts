// Types of the `<elicit-form>` custom element, the question card of one MCP
// form elicitation, shared by every entry's element: element.d.ts
// (`elicit-form/element`, `elicit-form/ui/element`: the backend profile) and
// mcp-2026-07-28/element.d.ts (both profiles). Each entry adds its profile to
// `ElicitFormProfiles`, so the event detail's content is the entry's: a
// backend-only page never sees `SpecFormContent`. Every rule is decided in
// Rust.

import type { FormContent, FormProfile, FormRefusalKind, SpecFormContent } from "./index.js";

/** The backend profile's answer, as `ElicitFormProfiles` names it. */
export interface ElicitFormBackendProfile {
  content: FormContent;
  dismiss: "decline";
}

/** The mcp-2026-07-28 profile's answer, as `ElicitFormProfiles` names it. */
export interface ElicitFormSpecProfile {
  content: SpecFormContent;
  dismiss: "decline" | "cancel";
}

type ImportedProfile = ElicitFormProfiles[keyof ElicitFormProfiles];
// The other modes' cards imported (elicit-form/url/element adds `url`): never when none is.
type ImportedMode = ElicitFormModes[keyof ElicitFormModes];

/** `ElicitResult.content` from the card of the entries imported (`FormContent` unless one has mcp-2026-07-28). */
export type ElicitFormContent = ImportedProfile["content"];

/** The `elicitation/create` params the card shows (other keys are ignored). */
export interface ElicitFormRequest {
  /** `"form"` or absent; any other mode is not shown. */
  mode?: "form";
  message: string;
  requestedSchema: object;
}

/** One answer as `ask_user` records it: the chosen labels, or the text typed. */
export interface ElicitFormAnswer {
  selected: string[];
  other_text: string | null;
}

/** The answers by property name: what `recordFormAnswer({ answers })` takes. */
export type ElicitFormAnswers = Record<string, ElicitFormAnswer>;

/** `elicit-result` after Submit: the backend's content, checked in wasm. */
export interface ElicitFormAccept {
  mode?: undefined;
  action: "accept";
  /** `ElicitResult.content`, of the imported entry's profile. */
  content: ElicitFormContent;
  /** The answer set the content came from. */
  answers: ElicitFormAnswers;
  /** The fingerprint of the questions answered. */
  fingerprint: string;
}

/** `elicit-result` after Decline, or (profile `mcp-2026-07-28`) Cancel. */
export interface ElicitFormDismiss {
  mode?: undefined;
  /** `"decline"`; `"cancel"` too with an mcp-2026-07-28 entry imported. */
  action: ImportedProfile["dismiss"];
  fingerprint: string;
}

/**
 * The `detail` of `elicit-result`: the `ElicitResult` to send, with what it
 * answers; with elicit-form/url/element imported, a URL-mode card's too
 * (`mode: "url"`, `ElicitUrlResult`).
 */
export type ElicitFormResult = ElicitFormAccept | ElicitFormDismiss | ImportedMode["result"];

/** The `detail` of `elicit-refused`: the package's `FormRefusalError`, as data (or, with `mode: "url"`, a link's `UrlRefusalError`). */
export type ElicitFormRefusal = ElicitFormFormRefusal | ImportedMode["refusal"];

/** A form's refusal: the package's `FormRefusalError`, as data. */
export interface ElicitFormFormRefusal {
  mode?: undefined;
  kind: FormRefusalKind;
  property: string | undefined;
  reason: string | undefined;
  message: string;
}

/** The `detail` of `elicit-invalid`: why the request could not be read at all. */
export interface ElicitFormProblem {
  /** `"SyntaxError"` for JSON text that is not JSON, else usually `"TypeError"`. */
  name: string;
  message: string;
}

/**
 * A message table: every word the card writes, by key (`MESSAGES` has them
 * all, in English). A value is text with `{name}` slots, or a function of
 * the slots as text. A host's table (`messages`) may be partial: a key it
 * lacks comes from the language picked by `lang`, else English. `dir` is
 * the card's direction, set on its content unless the element has a `dir`
 * of its own; `lang` names the table's language (the shipped ones have it).
 */
export type ElicitFormMessages = {
  [Key in ElicitFormMessageKey]?: ElicitFormMessage;
} & ElicitFormModeMessages & { lang?: string; dir?: "ltr" | "rtl" };

/** The keys of a message table (docs/element.md lists their slots). */
export type ElicitFormMessageKey =
    | "title" | "summary" | "fingerprint" | "announceForm" | "announceRefusal"
    | "submit" | "decline" | "cancel" | "yes" | "no" | "defaultMark" | "optional" | "defaultValue" | "hintSeparator"
    | "wholeNumber" | "wholeNumberFromTo" | "wholeNumberAtLeast" | "wholeNumberAtMost"
    | "number" | "numberFromTo" | "numberAtLeast" | "numberAtMost"
    | "charactersFromTo" | "charactersAtLeast" | "charactersAtMost" | "charactersExactly"
    | "chooseFromTo" | "chooseAtLeast" | "chooseAtMost" | "chooseExactly"
    | "email" | "uri" | "date" | "dateTime" | "format"
    | "fieldError" | "needsAnswer" | "chooseOne" | "chooseOffered" | "chooseOnce" | "yesOrNo" | "answersUnchecked"
    | "refusalTitle" | "refusalExplanation" | "refusedCredential" | "refusedOutOfProfile" | "refusedSchema"
    | "refusedMessage" | "refusalField" | "credentialNote" | "thisApp" | "problemTitle";

/** One message: text with `{name}` slots, or a function of the slots (as text) for plurals. */
export type ElicitFormMessage = string | ((slots: Record<string, string>) => string);

/** The English table, built in: every key. */
export declare const MESSAGES: { readonly [Key in ElicitFormMessageKey]: ElicitFormMessage };

/** What the card shows (`"url"`: a URL-mode consent card, with elicit-form/url/element). */
export type ElicitFormState = "empty" | "form" | "url" | "refused" | "invalid";

/**
 * `<elicit-form server-name="billing" tool-name="buy_plan">`: set `request`,
 * listen for `elicit-result`. Answers are checked in wasm; an `AnswerError`
 * marks its field and nothing is emitted.
 */
export class ElicitFormElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The `elicitation/create` params, as a value or its JSON text; `null` shows nothing. */
  request: ElicitFormRequest | object | string | null;
  /** The configured server name (attribute `server-name`): the only source of the card's attribution. Required. */
  serverName: string;
  /** The tool waiting for the answer (attribute `tool-name`); when set, the backend's summary is shown. */
  toolName: string;
  /** Attribute `profile`; default `"backend"`. Another name shows the package's `TypeError`. */
  profile: FormProfile | string;
  /** Attribute `disabled`: every control disabled, nothing emitted. */
  disabled: boolean;
  /** The app's name (attribute `app-name`), for the refusal; empty: the table's `thisApp` ("This app"). */
  appName: string;
  /** The host's message table, partial or whole; `null`: the language of `lang`, else English. */
  messages: ElicitFormMessages | null;
  /** Focus on the first field, or the field marked after a refused Submit; on a refusal, the card. */
  focus(options?: FocusOptions): void;
  /** What the card shows now. */
  readonly state: ElicitFormState;
  /** The fingerprint of the questions (or, on a URL-mode card, the link and message) shown, else `null`. */
  readonly fingerprint: string | null;
  /** The answers as entered so far, not checked; `null` when no questions are shown. */
  readonly answers: ElicitFormAnswers | null;
  /** The refusal shown, else `null`. */
  readonly refusal: ElicitFormRefusal | null;
}

declare global {
  /** The profiles of the element entries imported: each entry's declarations add theirs. */
  interface ElicitFormProfiles {}
  /** The cards of other modes imported, each `{ result, refusal }`: elicit-form/url/element adds `url`. */
  interface ElicitFormModes {}
  /** The keys of the other modes' cards imported, for a host's `messages`: elicit-form/url/element adds the URL card's. */
  interface ElicitFormModeMessages {}
  interface HTMLElementTagNameMap {
    "elicit-form": ElicitFormElement;
  }
  interface HTMLElementEventMap {
    "elicit-result": CustomEvent<ElicitFormResult>;
    "elicit-refused": CustomEvent<ElicitFormRefusal>;
    "elicit-invalid": CustomEvent<ElicitFormProblem>;
  }
}
