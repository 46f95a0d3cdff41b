// Types of elicit-form: the MCP form-elicitation rules of everruns-core 0.43.0,
// compiled from Rust to WebAssembly. Every rule is decided in Rust.

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

/** What every property of the validated view carries. */
export interface FormPropertyBase {
  name: string;
  title: string | null;
  description: string | null;
  required: boolean;
}

export interface EnumFormProperty extends FormPropertyBase {
  kind: "enum";
  values: string[];
  labels: string[];
}

export interface TextFormProperty extends FormPropertyBase {
  kind: "text";
  format: string | null;
}

export interface BooleanFormProperty extends FormPropertyBase {
  kind: "boolean";
  default: boolean | null;
}

export interface NumberFormProperty extends FormPropertyBase {
  kind: "number";
  integer: boolean;
  minimum: number | null;
  maximum: number | null;
}

/** One property of the validated schema, discriminated by `kind`. */
export type FormProperty =
  | EnumFormProperty
  | TextFormProperty
  | BooleanFormProperty
  | NumberFormProperty;

/** The validated view of a requested schema. */
export interface FormSchema {
  /** Sorted by name. */
  properties: FormProperty[];
}

/** An option of a choice question. */
export interface AskUserOption {
  label: string;
  /** The enum value where it differs from the label, else `""`. */
  description: string;
  /** Present for boolean questions: whether this option is the schema's default. */
  default?: boolean;
}

interface AskUserQuestionBase {
  /** The property name. */
  id: string;
  /** The configured server name, cut to 16 characters. */
  header: string;
  question: string;
  multi_select: false;
}

/** An enum or boolean property: pick one of `options`. */
export interface AskUserChoiceQuestion extends AskUserQuestionBase {
  kind: "choice";
  allow_other: false;
  options: AskUserOption[];
}

/** A text or number property: free text. */
export interface AskUserTextQuestion extends AskUserQuestionBase {
  kind: "text";
  allow_other: true;
  options: [];
}

/** One of the backend's `ask_user` questions. */
export type AskUserQuestion = AskUserChoiceQuestion | AskUserTextQuestion;

/** What the person did with the questions. */
export type FormAnswerAction = "accept" | "decline";

/** The durable record of an answer, in the backend's serde shape. */
export interface StoredFormAnswer {
  server: string;
  tool: string;
  fingerprint: string;
  action: FormAnswerAction;
  answers: Record<string, { selected: string[]; other_text: string | null }>;
  /** RFC 3339 UTC: when the record was made plus 30 minutes. */
  expires_at: string;
}

/** A time: a `Date`, milliseconds since the epoch, or RFC 3339 text. */
export type FormTime = Date | number | string;

/** A form elicitation as the server sent it, with the host's names for it. */
export interface FormElicitation {
  serverName: string;
  toolName: string;
  key: string;
  message: string;
  requestedSchema: RequestedSchema;
}

/** The questions to put in front of a person before the tool can run. */
export interface FormElicitationPending {
  server_name: string;
  tool_name: string;
  message: string;
  questions: AskUserQuestion[];
  fingerprint: string;
  /** The backend's error text for the pending call. */
  summary: string;
}

/** The backend's decision; `accept` and `decline` are the `ElicitResult` to send. */
export type FormOutcome =
  | { action: "accept"; content: FormContent }
  | { action: "decline" }
  | { action: "ask"; pending: FormElicitationPending };

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
  constructor(message: string, fields: { property: string });
  readonly name: "AnswerError";
  /** The property the answer is wrong for. */
  readonly property: string;
}

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
export function parseRequestedSchema(schema: RequestedSchema): FormSchema;

/** The backend's `ask_user` questions, attributed to `serverName`. */
export function questions(schema: RequestedSchema, serverName: string): AskUserQuestion[];

/** The SHA-256 fingerprint of what `schema` asks: 64 lowercase hex digits. */
export function fingerprint(schema: RequestedSchema): string;

/** The answers as typed content; throws `FormRefusalError` or `AnswerError`. */
export function contentFromAnswers(
  schema: RequestedSchema,
  answers: Record<string, FormAnswer> | string,
): FormContent;

/** The storage key of a recorded answer for this server's tool. */
export function formAnswerStorageKey(server: string, tool: string): string;

/** Whether `text` names a credential in the backend's vocabulary. */
export function namesACredential(text: string): boolean;

/** A record of what a person did, usable until `now` (default: the current time) plus 30 minutes. */
export function recordFormAnswer(r: {
  server: string;
  tool: string;
  fingerprint: string;
  action: FormAnswerAction;
  answers?: Record<string, FormAnswer>;
  now?: FormTime;
}): StoredFormAnswer;

/** Whether `record` may answer this server's tool for these questions at `now`. */
export function appliesTo(
  record: StoredFormAnswer,
  server: string,
  tool: string,
  fingerprint: string,
  now?: FormTime,
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
): FormOutcome;

/**
 * The questions to put in front of a person, and the backend's summary.
 * Throws `FormRefusalError` for a refused schema, or (kind `"message"`) a
 * message longer than `MAX_FORM_TEXT_CHARS` scalars, as the backend's engine.
 */
export function pending(elicitation: FormElicitation): FormElicitationPending;
