// Types of elicit-form: the MCP form-elicitation rules of everruns-core 0.43.0,
// compiled from Rust to WebAssembly. Every rule is decided in Rust.
//
// The default entry ("elicit-form") has the backend profile only, so its
// functions take `BackendProfileOptions`; `elicit-form/mcp-2026-07-28`
// (mcp-2026-07-28/index.d.ts) is the same API with the MCP 2026-07-28
// profile's overloads too. The Spec* types below are that entry's, and are
// exported here as well for code that names them.

import type * as G from "./generated.js";
export type { TextFormat } from "./generated.js";

/**
 * The server's `requestedSchema`: its JSON text, or a JSON-compatible value,
 * read exactly as `JSON.stringify` writes it.
 */
export type RequestedSchema = object | string;

/** One answer, in `ask_user`'s answer shape: chosen labels, or free text. */
export interface FormAnswer {
  selected?: string[];
  other_text?: string | null;
}

/** `ElicitResult.content`: plain own data properties, as `JSON.parse` gives them. */
export type FormContent = Record<string, string | number | boolean>;

// The data shapes are generated from the Rust types (generated.d.ts); what
// follows names them and narrows them by `kind`.

/** What every property of the validated view carries. */
export type FormPropertyBase = G.FormPropertyOf<{}>;

/** One property of the validated schema, discriminated by `kind`. */
export type FormProperty = G.FormPropertyOf<G.BackendPropertyKind>;
export type EnumFormProperty = Extract<FormProperty, { kind: "enum" }>;
export type TextFormProperty = Extract<FormProperty, { kind: "text" }>;
export type BooleanFormProperty = Extract<FormProperty, { kind: "boolean" }>;
export type NumberFormProperty = Extract<FormProperty, { kind: "number" }>;

/** The validated view of a requested schema. */
export type FormSchema = G.FormSchemaOf<G.BackendPropertyKind>;

/**
 * An option of a choice question: `description` is the value where it
 * differs from the label, else `""`; `default` (booleans only) whether the
 * schema's default selects it.
 */
export type AskUserOption = G.AskUserOption;

/** An enum or boolean property: pick one of `options`. */
export type AskUserChoiceQuestion = G.AskUserQuestionFields & {
  kind: "choice";
  allow_other: false;
  multi_select: false;
};

/** A text or number property: free text. */
export type AskUserTextQuestion = G.AskUserQuestionFields & {
  kind: "text";
  allow_other: true;
  multi_select: false;
  options: [];
};

/** One of the backend's `ask_user` questions. */
export type AskUserQuestion = AskUserChoiceQuestion | AskUserTextQuestion;

/** What the person did with the questions. */
export type FormAnswerAction = G.FormAnswerAction;

/** The durable record of an answer, in the backend's serde shape. */
export type StoredFormAnswer = G.StoredFormAnswerOf<G.FormAnswerAction>;

/** A time: a `Date`, milliseconds since the epoch, or RFC 3339 text. */
export type FormTime = Date | number | string;

/** A form elicitation as the server sent it, with the host's names for it. */
export interface FormElicitation {
  /** The configured name of the server (never server text): the questions' header and half the storage key. */
  serverName: string;
  /** The tool call the form interrupted: the other half of the storage key. */
  toolName: string;
  /**
   * The backend's `FormElicitation.key`: the server-assigned key of this form
   * in a 2026-07-28 `input_required` round's `inputRequests` (the answer is
   * returned under the same key). It decides nothing: it is not in the
   * fingerprint, the storage key, the pending questions or the outcome. For
   * a pushed `elicitation/create` (2025-11-25), which has no such key, pass
   * any text (the adapters pass the JSON-RPC request id).
   */
  key: string;
  message: string;
  requestedSchema: RequestedSchema;
}

/** The questions to put in front of a person before the tool can run. */
export interface FormElicitationPending extends Omit<G.PendingFields, "questions"> {
  questions: AskUserQuestion[];
}

/** The backend's decision; `accept` and `decline` are the `ElicitResult` to send. */
export type FormOutcome =
  | { action: "accept"; content: FormContent }
  | { action: "decline" }
  | { action: "ask"; pending: FormElicitationPending };

/** Which rules apply: the backend's (the default) or the whole MCP 2026-07-28 form schema. */
export type FormProfile = "backend" | "mcp-2026-07-28";

/** The options argument of the backend profile (the default). */
export interface BackendProfileOptions {
  profile?: "backend";
}

/** The options argument of the opt-in MCP 2026-07-28 profile. */
export interface SpecProfileOptions {
  profile: "mcp-2026-07-28";
}

/**
 * The last argument of every profiled function of `elicit-form/mcp-2026-07-28`
 * (the default entry takes `BackendProfileOptions`). A profile not named here
 * is a `TypeError`.
 */
export type FormOptions = BackendProfileOptions | SpecProfileOptions;

/** `ElicitResult.content` under the MCP 2026-07-28 profile: multi-selects are `string[]`. */
export type SpecFormContent = Record<string, string | number | boolean | string[]>;

/** One option of a select under the MCP 2026-07-28 profile: `value` is sent, `label` shown. */
export type SpecSelectOption = G.SelectOption;

export type SpecFormProperty = G.FormPropertyOf<G.SpecPropertyKind>;
export type SpecTextFormProperty = Extract<SpecFormProperty, { kind: "text" }>;
export type SpecNumberFormProperty = Extract<SpecFormProperty, { kind: "number" }>;
export type SpecBooleanFormProperty = Extract<SpecFormProperty, { kind: "boolean" }>;
export type SpecSingleSelectFormProperty = Extract<SpecFormProperty, { kind: "singleSelect" }>;
export type SpecMultiSelectFormProperty = Extract<SpecFormProperty, { kind: "multiSelect" }>;

export type SpecFormSchema = G.FormSchemaOf<G.SpecPropertyKind>;

/** Every option carries `default`: whether the schema's default selects it. */
export type SpecAskUserOption = G.AskUserOption & { default: boolean };

export type SpecAskUserChoiceQuestion = G.AskUserQuestionFields & {
  kind: "choice";
  allow_other: false;
  options: SpecAskUserOption[];
};

export type SpecAskUserTextQuestion = G.AskUserQuestionFields & {
  kind: "text";
  allow_other: true;
  multi_select: false;
  options: [];
};

export type SpecAskUserQuestion = SpecAskUserChoiceQuestion | SpecAskUserTextQuestion;

export type SpecFormAnswerAction = G.SpecAnswerAction;

export type SpecStoredFormAnswer = G.StoredFormAnswerOf<G.SpecAnswerAction>;

export interface SpecFormElicitationPending extends Omit<FormElicitationPending, "questions"> {
  questions: SpecAskUserQuestion[];
}

/** The decision under the MCP 2026-07-28 profile; all but `ask` are the `ElicitResult` to send. */
export type SpecFormOutcome =
  | { action: "accept"; content: SpecFormContent }
  | { action: "decline" }
  | { action: "cancel" }
  | { action: "ask"; pending: SpecFormElicitationPending };

/** The variant of the backend's `FormRefusal`. */
export type FormRefusalKind = "credential" | "outOfProfile" | "schema" | "message";

/** The schema cannot be put in front of a person (the backend's `FormRefusal`). */
export class FormRefusalError extends Error {
  constructor(
    message: string,
    fields: { kind: FormRefusalKind; property?: string; reason?: string },
  );
  readonly name: "FormRefusalError";
  readonly kind: FormRefusalKind;
  /** The property refused (`credential`, `outOfProfile`), else `undefined`. */
  readonly property: string | undefined;
  /** Why (`outOfProfile`, `schema`), else `undefined`. */
  readonly reason: string | undefined;
}

/** The answers do not fit the schema (the backend's `AnswerError`). */
export class AnswerError extends Error {
  constructor(message: string, fields: { property: string; kind?: AnswerErrorKind });
  readonly name: "AnswerError";
  /** The property the answer is wrong for. */
  readonly property: string;
  /**
   * What is wrong, by name, for a UI to word it in a person's language (the
   * message is the backend's text). `misfit` (mcp-2026-07-28): the answer is
   * outside the property's bounds (length, format, range, whole number,
   * item count), which `parseRequestedSchema` gives. Undefined on an error
   * made with `new AnswerError(message, { property })`.
   */
  readonly kind: AnswerErrorKind | undefined;
}

/** `AnswerError.kind`: the backend profile's problems, then mcp-2026-07-28's. */
export type AnswerErrorKind =
  | "notAnswered"
  | "needsOneChoice"
  | "notOffered"
  | "needsYesOrNo"
  | "noText"
  | "noNumber"
  | "notANumber"
  | "outOfRange"
  | "notWholeNumber"
  | "required"
  | "chosenTwice"
  | "misfit";

/** Most properties one elicitation may ask for (16). */
export const MAX_FORM_PROPERTIES: number;
/** Most members one enum property may offer (32). */
export const MAX_FORM_ENUM_MEMBERS: number;
/** Longest property name accepted (64 characters). */
export const MAX_FORM_PROPERTY_NAME_CHARS: number;
/** Longest title, enum value, label or format (200 characters). */
export const MAX_FORM_TITLE_CHARS: number;
/** Longest description or elicitation message (2,000 characters). */
export const MAX_FORM_TEXT_CHARS: number;
/** How long a recorded answer stays usable (30 minutes, in milliseconds). */
export const FORM_ANSWER_TTL_MS: number;

/** Where the wasm comes from when the host loads it itself. */
export type InitInput =
  | RequestInfo
  | URL
  | Response
  | BufferSource
  | WebAssembly.Module;

/** Loads the wasm (by default the `.wasm` beside the module). A no-op once ready. */
export function init(options?: {
  module_or_path?: InitInput | Promise<InitInput>;
}): Promise<void>;

/** Loads the wasm from its bytes or a compiled module. A no-op once ready. */
export function initSync(options: { module: BufferSource | WebAssembly.Module }): void;

/** The validated view of `schema`; throws `FormRefusalError`. */
export function parseRequestedSchema(schema: RequestedSchema, options?: BackendProfileOptions): FormSchema;

/** The `ask_user` questions, attributed to `serverName`. */
export function questions(schema: RequestedSchema, serverName: string, options?: BackendProfileOptions): AskUserQuestion[];

/**
 * The SHA-256 fingerprint of what `schema` asks: 64 lowercase hex digits. The
 * two profiles hash in different domains, so their fingerprints never coincide.
 */
export function fingerprint(schema: RequestedSchema, options?: BackendProfileOptions): string;

/** The answers as typed content; throws `FormRefusalError` or `AnswerError`. */
export function contentFromAnswers(
  schema: RequestedSchema,
  answers: Record<string, FormAnswer> | string,
  options?: BackendProfileOptions,
): FormContent;

/**
 * One schema read once, for a UI's round: its questions and fingerprint, and
 * the person's answers checked against that same schema text.
 */
export interface PreparedForm<Question, Content> {
  /** The `ask_user` questions, attributed to the `serverName` given. */
  readonly questions: Question[];
  /** The fingerprint of what was asked: 64 lowercase hex digits. */
  readonly fingerprint: string;
  /**
   * The answers as typed content, checked against the schema as it was when
   * prepared; throws `AnswerError` (or `TypeError` for answers of the wrong shape).
   */
  contentFromAnswers(answers: Record<string, FormAnswer> | string): Content;
}

/**
 * `questions`, `fingerprint` and `contentFromAnswers` of one schema with one
 * read of it; throws `FormRefusalError` as they do.
 */
export function prepareForm(
  schema: RequestedSchema,
  serverName: string,
  options?: BackendProfileOptions,
): PreparedForm<AskUserQuestion, FormContent>;

/** The storage key of a recorded answer for this server's tool. */
export function formAnswerStorageKey(server: string, tool: string): string;

/** Whether `text` names a credential in the backend's vocabulary. */
export function namesACredential(text: string): boolean;

/** A record of what a person did, usable until `now` (default: the current time) plus 30 minutes. */
export function recordFormAnswer(
  r: {
    server: string;
    tool: string;
    fingerprint: string;
    action: FormAnswerAction;
    answers?: Record<string, FormAnswer>;
    now?: FormTime;
  },
  options?: BackendProfileOptions,
): StoredFormAnswer;

/** Whether `record` may answer this server's tool for these questions at `now`. */
export function appliesTo(
  record: StoredFormAnswer,
  server: string,
  tool: string,
  fingerprint: string,
  now?: FormTime,
  options?: BackendProfileOptions,
): boolean;

/**
 * The backend's decision on a record already taken from the host's store.
 * Throws `FormRefusalError` for a refused schema, or (kind `"message"`) a
 * message longer than `MAX_FORM_TEXT_CHARS` scalars, as the backend's engine.
 */
export function answerForm(
  elicitation: FormElicitation,
  record: StoredFormAnswer | null,
  now?: FormTime,
  options?: BackendProfileOptions,
): FormOutcome;

/**
 * The questions to put in front of a person, and the backend's summary.
 * Throws `FormRefusalError` for a refused schema, or (kind `"message"`) a
 * message longer than `MAX_FORM_TEXT_CHARS` scalars, as the backend's engine.
 */
export function pending(elicitation: FormElicitation, options?: BackendProfileOptions): FormElicitationPending;
