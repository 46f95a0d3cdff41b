// Types of `elicit-form/element`: the `<elicit-form>` custom element, the
// question card of one MCP form elicitation. Every rule is decided in Rust.

import type {
  FormAnswerAction,
  FormContent,
  FormProfile,
  FormRefusalKind,
  SpecFormAnswerAction,
  SpecFormContent,
} from "./index.js";

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
  action: "accept";
  /** `ElicitResult.content`. */
  content: FormContent | SpecFormContent;
  /** The answer set the content came from. */
  answers: ElicitFormAnswers;
  /** The fingerprint of the questions answered. */
  fingerprint: string;
}

/** `elicit-result` after Decline, or (profile `mcp-2026-07-28`) Cancel. */
export interface ElicitFormDismiss {
  action: Exclude<FormAnswerAction | SpecFormAnswerAction, "accept">;
  fingerprint: string;
}

/** The `detail` of `elicit-result`: the `ElicitResult` to send, with what it answers. */
export type ElicitFormResult = ElicitFormAccept | ElicitFormDismiss;

/** The `detail` of `elicit-refused`: the package's `FormRefusalError`, as data. */
export interface ElicitFormRefusal {
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

/** What the card shows. */
export type ElicitFormState = "empty" | "form" | "refused" | "invalid";

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
  /** What the card shows now. */
  readonly state: ElicitFormState;
  /** The fingerprint of the questions shown, else `null`. */
  readonly fingerprint: string | null;
  /** The answers as entered so far, not checked; `null` when no questions are shown. */
  readonly answers: ElicitFormAnswers | null;
  /** The refusal shown, else `null`. */
  readonly refusal: ElicitFormRefusal | null;
}

declare global {
  interface HTMLElementTagNameMap {
    "elicit-form": ElicitFormElement;
  }
  interface HTMLElementEventMap {
    "elicit-result": CustomEvent<ElicitFormResult>;
    "elicit-refused": CustomEvent<ElicitFormRefusal>;
    "elicit-invalid": CustomEvent<ElicitFormProblem>;
  }
}
