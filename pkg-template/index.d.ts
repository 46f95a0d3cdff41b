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

/** The last argument of every profiled function. A profile not named here is a `TypeError`. */
export type FormOptions = BackendProfileOptions | SpecProfileOptions;

/** `ElicitResult.content` under the MCP 2026-07-28 profile: multi-selects are `string[]`. */
export type SpecFormContent = Record<string, string | number | boolean | string[]>;

/** One option of a select under the MCP 2026-07-28 profile. */
export interface SpecSelectOption {
  /** What the server receives. */
  value: string;
  /** What a person sees (the value for an untitled `enum`). */
  label: string;
}

export interface SpecTextFormProperty extends FormPropertyBase {
  kind: "text";
  format: "email" | "uri" | "date" | "date-time" | null;
  minLength: number | null;
  maxLength: number | null;
  default: string | null;
}

export interface SpecNumberFormProperty extends FormPropertyBase {
  kind: "number";
  integer: boolean;
  minimum: number | null;
  maximum: number | null;
  default: number | null;
}

export interface SpecBooleanFormProperty extends FormPropertyBase {
  kind: "boolean";
  default: boolean | null;
}

export interface SpecSingleSelectFormProperty extends FormPropertyBase {
  kind: "singleSelect";
  options: SpecSelectOption[];
  /** A value of `options`. */
  default: string | null;
}

export interface SpecMultiSelectFormProperty extends FormPropertyBase {
  kind: "multiSelect";
  options: SpecSelectOption[];
  minItems: number | null;
  maxItems: number | null;
  /** Values of `options`, in option order. */
  default: string[] | null;
}

/** One property under the MCP 2026-07-28 profile, discriminated by `kind`. */
export type SpecFormProperty =
  | SpecTextFormProperty
  | SpecNumberFormProperty
  | SpecBooleanFormProperty
  | SpecSingleSelectFormProperty
  | SpecMultiSelectFormProperty;

/** The validated view of a requested schema under the MCP 2026-07-28 profile. */
export interface SpecFormSchema {
  /** Sorted by name. */
  properties: SpecFormProperty[];
}

/** An option of a choice question under the MCP 2026-07-28 profile. */
export interface SpecAskUserOption {
  label: string;
  /** The option's value where it differs from the label, else `""`. */
  description: string;
  /** Whether the schema's default selects this option. */
  default: boolean;
}

/** A single- or multi-select or boolean property: pick from `options`. */
export interface SpecAskUserChoiceQuestion {
  kind: "choice";
  id: string;
  header: string;
  question: string;
  multi_select: boolean;
  allow_other: false;
  options: SpecAskUserOption[];
}

/** A text or number property: free text. */
export interface SpecAskUserTextQuestion {
  kind: "text";
  id: string;
  header: string;
  question: string;
  multi_select: false;
  allow_other: true;
  options: [];
}

/** One question under the MCP 2026-07-28 profile. */
export type SpecAskUserQuestion = SpecAskUserChoiceQuestion | SpecAskUserTextQuestion;

/** What the person did, under the MCP 2026-07-28 profile: `cancel` is dismissed, `decline` refused. */
export type SpecFormAnswerAction = "accept" | "decline" | "cancel";

/** A record made under the MCP 2026-07-28 profile; it never applies under the backend's. */
export interface SpecStoredFormAnswer {
  server: string;
  tool: string;
  fingerprint: string;
  action: SpecFormAnswerAction;
  answers: Record<string, { selected: string[]; other_text: string | null }>;
  /** RFC 3339 UTC: when the record was made plus 30 minutes. */
  expires_at: string;
}

/** The questions to put in front of a person, under the MCP 2026-07-28 profile. */
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
export function parseRequestedSchema(schema: RequestedSchema, options?: BackendProfileOptions): FormSchema;
export function parseRequestedSchema(schema: RequestedSchema, options: SpecProfileOptions): SpecFormSchema;
export function parseRequestedSchema(schema: RequestedSchema, options?: FormOptions): FormSchema | SpecFormSchema;

/** The `ask_user` questions, attributed to `serverName`. */
export function questions(schema: RequestedSchema, serverName: string, options?: BackendProfileOptions): AskUserQuestion[];
export function questions(schema: RequestedSchema, serverName: string, options: SpecProfileOptions): SpecAskUserQuestion[];
export function questions(
  schema: RequestedSchema,
  serverName: string,
  options?: FormOptions,
): AskUserQuestion[] | SpecAskUserQuestion[];

/**
 * The SHA-256 fingerprint of what `schema` asks: 64 lowercase hex digits. The
 * two profiles hash in different domains, so their fingerprints never coincide.
 */
export function fingerprint(schema: RequestedSchema, options?: FormOptions): string;

/** The answers as typed content; throws `FormRefusalError` or `AnswerError`. */
export function contentFromAnswers(
  schema: RequestedSchema,
  answers: Record<string, FormAnswer> | string,
  options?: BackendProfileOptions,
): FormContent;
export function contentFromAnswers(
  schema: RequestedSchema,
  answers: Record<string, FormAnswer> | string,
  options: SpecProfileOptions,
): SpecFormContent;
export function contentFromAnswers(
  schema: RequestedSchema,
  answers: Record<string, FormAnswer> | string,
  options?: FormOptions,
): FormContent | SpecFormContent;

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
export function prepareForm(
  schema: RequestedSchema,
  serverName: string,
  options: SpecProfileOptions,
): PreparedForm<SpecAskUserQuestion, SpecFormContent>;
export function prepareForm(
  schema: RequestedSchema,
  serverName: string,
  options?: FormOptions,
): PreparedForm<AskUserQuestion, FormContent> | PreparedForm<SpecAskUserQuestion, SpecFormContent>;

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
/** Under the MCP 2026-07-28 profile the action may also be `"cancel"`. */
export function recordFormAnswer(
  r: {
    server: string;
    tool: string;
    fingerprint: string;
    action: SpecFormAnswerAction;
    answers?: Record<string, FormAnswer>;
    now?: FormTime;
  },
  options: SpecProfileOptions,
): SpecStoredFormAnswer;

/** Whether `record` may answer this server's tool for these questions at `now`. */
export function appliesTo(
  record: StoredFormAnswer,
  server: string,
  tool: string,
  fingerprint: string,
  now?: FormTime,
  options?: BackendProfileOptions,
): boolean;
export function appliesTo(
  record: SpecStoredFormAnswer,
  server: string,
  tool: string,
  fingerprint: string,
  now: FormTime | undefined,
  options: SpecProfileOptions,
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
export function answerForm(
  elicitation: FormElicitation,
  record: SpecStoredFormAnswer | null,
  now: FormTime | undefined,
  options: SpecProfileOptions,
): SpecFormOutcome;

/**
 * The questions to put in front of a person, and the backend's summary.
 * Throws `FormRefusalError` for a refused schema, or (kind `"message"`) a
 * message longer than `MAX_FORM_TEXT_CHARS` scalars, as the backend's engine.
 */
export function pending(elicitation: FormElicitation, options?: BackendProfileOptions): FormElicitationPending;
export function pending(elicitation: FormElicitation, options: SpecProfileOptions): SpecFormElicitationPending;
