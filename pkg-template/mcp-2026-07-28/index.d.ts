// Types of elicit-form/mcp-2026-07-28: the same API as "elicit-form" (the
// classes, bounds, init, formAnswerStorageKey, namesACredential and every type
// are the default entry's, re-exported), with each profiled function taking
// either profile: `{ profile: "mcp-2026-07-28" }` picks the Spec* types by
// overload; no options, or `{ profile: "backend" }`, the backend's.

import type {
  AskUserQuestion,
  BackendProfileOptions,
  FormAnswer,
  FormAnswerAction,
  FormContent,
  FormElicitation,
  FormElicitationPending,
  FormOptions,
  FormOutcome,
  FormSchema,
  FormTime,
  PreparedForm,
  RequestedSchema,
  SpecAskUserQuestion,
  SpecFormAnswerAction,
  SpecFormContent,
  SpecFormElicitationPending,
  SpecFormOutcome,
  SpecFormSchema,
  SpecProfileOptions,
  SpecStoredFormAnswer,
  StoredFormAnswer,
} from "../index.js";

// The names declared below take the place of the default entry's.
export * from "../index.js";

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
