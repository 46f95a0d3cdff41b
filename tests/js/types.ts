// Type-checked with `tsc --noEmit --strict` against the installed package
// (prepare.mjs copies it into the scratch project). Uses every export with
// the exact types the package declares; each `@ts-expect-error` fails the
// check if a declaration were loosened (to `any`, or a wider type).
import {
  AnswerError,
  FORM_ANSWER_TTL_MS,
  FormRefusalError,
  MAX_FORM_ENUM_MEMBERS,
  MAX_FORM_PROPERTIES,
  MAX_FORM_PROPERTY_NAME_CHARS,
  MAX_FORM_TEXT_CHARS,
  MAX_FORM_TITLE_CHARS,
  answerForm,
  appliesTo,
  contentFromAnswers,
  fingerprint,
  formAnswerStorageKey,
  init,
  initSync,
  namesACredential,
  parseRequestedSchema,
  pending,
  prepareForm,
  questions,
  recordFormAnswer,
} from "elicit-form";
import type {
  AskUserQuestion,
  FormAnswer,
  FormContent,
  FormElicitation,
  FormElicitationPending,
  FormOutcome,
  FormProperty,
  FormRefusalKind,
  FormSchema,
  PreparedForm,
  StoredFormAnswer,
  FormOptions,
  SpecFormContent,
  SpecFormElicitationPending,
  SpecFormOutcome,
  SpecFormProperty,
  SpecFormSchema,
  SpecAskUserQuestion,
  SpecStoredFormAnswer,
} from "elicit-form";
// The MCP 2026-07-28 profile is in its own entry (the default one has the backend only).
import * as mcp from "elicit-form/mcp-2026-07-28";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function exact<A, B>(_proof: Equal<A, B>): void {}

const schema = { type: "object", properties: { seats: { type: "integer" } } };

await init();
initSync({ module: new Uint8Array() });
const ready: Promise<void> = init({ module_or_path: new URL("https://example.invalid/x.wasm") });
void ready;

const form: FormSchema = parseRequestedSchema(schema);
// Without options (or with the backend's), the backend's types exactly.
const backendForm = parseRequestedSchema(schema);
exact<typeof backendForm, FormSchema>(true);
const backendFormToo = parseRequestedSchema(schema, { profile: "backend" });
exact<typeof backendFormToo, FormSchema>(true);
function describe(property: FormProperty): string {
  switch (property.kind) {
    case "enum":
      return property.values.join() + property.labels.join();
    case "text":
      return property.format ?? "";
    case "boolean":
      return String(property.default ?? "none");
    case "number":
      return `${property.integer} ${property.minimum ?? ""} ${property.maximum ?? ""}`;
  }
}
const first = form.properties[0];
if (first !== undefined) {
  const title: string | null = first.title;
  const description: string | null = first.description;
  const required: boolean = first.required;
  const name: string = first.name;
  void [title, description, required, name, describe(first)];
  // @ts-expect-error `format` exists only on text properties
  void first.format;
}

const asked: AskUserQuestion[] = questions(JSON.stringify(schema), "billing");
for (const q of asked) {
  const fields: [string, string, string, false] = [q.id, q.header, q.question, q.multi_select];
  void fields;
  if (q.kind === "text") {
    const none: [] = q.options;
    const other: true = q.allow_other;
    void [none, other];
  } else {
    const other: false = q.allow_other;
    for (const option of q.options) {
      const text: string = option.label + option.description;
      const isDefault: boolean | undefined = option.default;
      void [text, isDefault, other];
    }
  }
}
// @ts-expect-error serverName is a string
questions(schema, 42);

const fp: string = fingerprint(schema);
const answers: Record<string, FormAnswer> = { seats: { other_text: "12" }, plan: { selected: ["Team"], other_text: null } };
const content: FormContent = contentFromAnswers(schema, answers);
const value: string | number | boolean | undefined = content["seats"];
void value;
contentFromAnswers(schema, '{"seats": {"other_text": "12"}}');
// @ts-expect-error an answer's `selected` is a list of labels
contentFromAnswers(schema, { seats: { selected: "Team" } });

const key: string = formAnswerStorageKey("billing", "buy");
const credential: boolean = namesACredential("apiKey");

const record: StoredFormAnswer = recordFormAnswer({
  server: "billing", tool: "buy", fingerprint: fp, action: "accept", answers, now: new Date(),
});
recordFormAnswer({ server: "billing", tool: "buy", fingerprint: fp, action: "decline", now: 0 });
recordFormAnswer({ server: "billing", tool: "buy", fingerprint: fp, action: "decline", now: "2026-01-01T00:00:00Z" });
// @ts-expect-error the action is "accept" or "decline"
recordFormAnswer({ server: "billing", tool: "buy", fingerprint: fp, action: "maybe" });
const expires: string = record.expires_at;
const stored: string | null | undefined = record.answers["seats"]?.other_text;
const selected: string[] | undefined = record.answers["seats"]?.selected;
void [expires, stored, selected, key, credential];

const applies: boolean = appliesTo(record, "billing", "buy", fp, Date.now());
// @ts-expect-error `now` is a Date, a number or text
appliesTo(record, "billing", "buy", fp, true);
void applies;

const elicitation: FormElicitation = {
  serverName: "billing", toolName: "buy", key, message: "How many seats?", requestedSchema: schema,
};
const outcome: FormOutcome = answerForm(elicitation, record, new Date());
answerForm(elicitation, null);
switch (outcome.action) {
  case "accept": {
    const sent: FormContent = outcome.content;
    void sent;
    break;
  }
  case "decline":
    // @ts-expect-error a decline carries no content
    void outcome.content;
    break;
  case "ask": {
    const later: FormElicitationPending = outcome.pending;
    void later;
  }
}
const waiting: FormElicitationPending = pending(elicitation);
const summary: string = waiting.summary + waiting.server_name + waiting.tool_name + waiting.message + waiting.fingerprint;
const waitingQuestions: AskUserQuestion[] = waiting.questions;
void [summary, waitingQuestions];

const bounds: number[] = [
  MAX_FORM_PROPERTIES, MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTY_NAME_CHARS,
  MAX_FORM_TITLE_CHARS, MAX_FORM_TEXT_CHARS, FORM_ANSWER_TTL_MS,
];
void bounds;

try {
  questions(schema, "billing");
} catch (error) {
  if (error instanceof FormRefusalError) {
    const kind: FormRefusalKind = error.kind;
    const property: string | undefined = error.property;
    const reason: string | undefined = error.reason;
    const name: "FormRefusalError" = error.name;
    const message: string = error.message;
    void [kind, property, reason, name, message];
    // @ts-expect-error the kind is one of three
    const wrong: "credential" = error.kind;
    void wrong;
  } else if (error instanceof AnswerError) {
    const property: string = error.property;
    const name: "AnswerError" = error.name;
    void [property, name];
  }
}
const made = new FormRefusalError("requested schema x", { kind: "schema", reason: "x" });
// @ts-expect-error a refusal kind is one of three
new FormRefusalError("x", { kind: "other" });
new AnswerError("'a' has no text", { property: "a" });
void made;

const backendQuestions = questions(schema, "s");
exact<typeof backendQuestions, AskUserQuestion[]>(true);
const backendContent = contentFromAnswers(schema, {});
exact<typeof backendContent, FormContent>(true);
const backendOutcome = answerForm({ serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: schema }, null);
exact<typeof backendOutcome, FormOutcome>(true);
const backendFingerprint = fingerprint(schema);
exact<typeof backendFingerprint, string>(true);
function printWith(options: FormOptions): string {
  // @ts-expect-error FormOptions (either profile) is the mcp-2026-07-28 entry's
  void fingerprint(schema, options);
  return mcp.fingerprint(schema, options);
}
void printWith({ profile: "backend" });

// The MCP 2026-07-28 profile: its own types.
const spec = { profile: "mcp-2026-07-28" } as const;
// @ts-expect-error the default entry has the backend profile only
parseRequestedSchema(schema, spec);
// @ts-expect-error the default entry has the backend profile only
answerForm({ serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: schema }, null, undefined, spec);
// The mcp entry's backend overloads are the default entry's types, its classes the same.
const mcpBackendForm = mcp.parseRequestedSchema(schema);
exact<typeof mcpBackendForm, FormSchema>(true);
exact<typeof mcp.FormRefusalError, typeof FormRefusalError>(true);
const specForm = mcp.parseRequestedSchema(schema, spec);
exact<typeof specForm, SpecFormSchema>(true);
function describeSpec(property: SpecFormProperty): string {
  switch (property.kind) {
    case "text":
      return `${property.format ?? ""}${property.minLength ?? ""}${property.maxLength ?? ""}${property.default ?? ""}`;
    case "number":
      return `${property.integer}${property.minimum ?? ""}${property.maximum ?? ""}${property.default ?? ""}`;
    case "boolean":
      return String(property.default ?? "none");
    case "singleSelect":
      return property.options.map((o) => o.value + o.label).join() + (property.default ?? "");
    case "multiSelect":
      return `${property.options.length}${property.minItems ?? ""}${property.maxItems ?? ""}${(property.default ?? []).join()}`;
  }
}
void specForm.properties.map(describeSpec);
const specQuestions = mcp.questions(schema, "s", spec);
exact<typeof specQuestions, SpecAskUserQuestion[]>(true);
const specContent = mcp.contentFromAnswers(schema, {}, spec);
exact<typeof specContent, SpecFormContent>(true);
const cancelled = mcp.recordFormAnswer({ server: "s", tool: "t", fingerprint: mcp.fingerprint(schema, spec), action: "cancel" }, spec);
exact<typeof cancelled, SpecStoredFormAnswer>(true);
// @ts-expect-error "cancel" is only a record under the MCP 2026-07-28 profile
mcp.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "cancel" });
const specOutcome = mcp.answerForm({ serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: schema }, cancelled, undefined, spec);
exact<typeof specOutcome, SpecFormOutcome>(true);
if (specOutcome.action === "cancel") void specOutcome;
const specPending: SpecFormElicitationPending = mcp.pending({ serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: schema }, spec);
void [specPending, mcp.appliesTo(cancelled, "s", "t", "f", undefined, spec)];
// @ts-expect-error a profile is one of two
mcp.fingerprint(schema, { profile: "mcp-2025-06-18" });
exact<typeof namesACredential, (text: string) => boolean>(true);

// prepareForm: the backend's question and content types, or the profile's.
const prepared = prepareForm(schema, "billing");
exact<typeof prepared, PreparedForm<AskUserQuestion, FormContent>>(true);
exact<typeof prepared.questions, AskUserQuestion[]>(true);
const preparedContent = prepared.contentFromAnswers({ seats: { other_text: "3" } });
exact<typeof preparedContent, FormContent>(true);
const preparedSpec = mcp.prepareForm(schema, "billing", spec);
// @ts-expect-error the default entry has the backend profile only
prepareForm(schema, "billing", spec);
exact<typeof preparedSpec.contentFromAnswers, (answers: Record<string, FormAnswer> | string) => SpecFormContent>(true);
exact<typeof preparedSpec.questions, SpecAskUserQuestion[]>(true);
// @ts-expect-error the prepared form is read-only
prepared.fingerprint = "0";
// @ts-expect-error serverName is a string
prepareForm(schema, 1);

// The ui entries: the same declarations less the answers on record.
import * as ui from "elicit-form/ui";
import * as mcpUi from "elicit-form/mcp-2026-07-28/ui";
import type { StoredFormAnswer as UiStoredFormAnswer } from "elicit-form/ui";
const uiPrepared = ui.prepareForm(schema, "billing");
exact<typeof uiPrepared, PreparedForm<AskUserQuestion, FormContent>>(true);
exact<typeof ui.FormRefusalError, typeof FormRefusalError>(true);
exact<UiStoredFormAnswer, StoredFormAnswer>(true);
const uiPending = ui.pending({ serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: schema });
exact<typeof uiPending, FormElicitationPending>(true);
const uiSpecQuestions = mcpUi.questions(schema, "s", spec);
exact<typeof uiSpecQuestions, SpecAskUserQuestion[]>(true);
// @ts-expect-error elicit-form/ui has the backend profile only
ui.questions(schema, "s", spec);
// @ts-expect-error elicit-form/ui has no answers on record (a type-only export)
void ui.recordFormAnswer;
// @ts-expect-error elicit-form/mcp-2026-07-28/ui has no answers on record
void mcpUi.answerForm;

// elicit-form/url: URL mode (docs/url-mode.md).
import * as url from "elicit-form/url";

const urlView: url.UrlView = url.urlElicitation({ mode: "url", message: "Sign in", url: "https://example.com/" }, "calendar");
const shownSite: string = urlView.site;
const warningKinds: url.UrlWarningKind[] = urlView.warnings.map((warning) => warning.kind);
const openedId: string | null = urlView.elicitationId;
const consentKey: string = url.consentStorageKey("calendar", "connect");
const urlConsent: url.StoredConsent = url.recordUrlConsent({
  server: "calendar", tool: "connect", host: urlView.host, now: new Date(),
});
const consentExpiry: string = urlConsent.expires_at;
const urlDecision: url.UrlDecision = url.answerUrl({ serverName: "calendar", toolName: "connect", params: "{}" }, urlConsent);
if (urlDecision.action === "ask") {
  const pendingSite: string = urlDecision.pending.view.site;
  const pendingHost: string = urlDecision.pending.host;
  const punycode: boolean = urlDecision.pending.punycode;
  void [pendingSite, pendingHost, punycode];
} else {
  const accepted: "accept" = urlDecision.action;
  void accepted;
}
url.answerUrl({ serverName: "calendar", toolName: "connect", params: { mode: "url", url: "https://example.com/" } }, undefined);
try {
  url.urlElicitation("{}", "calendar");
} catch (error) {
  if (error instanceof url.UrlRefusalError) {
    const refusalKind: url.UrlRefusalKind = error.kind;
    void refusalKind;
  }
}
// @ts-expect-error a consent names the host, not a fingerprint
url.recordUrlConsent({ server: "s", tool: "t", fingerprint: "f" });
// @ts-expect-error links and forms never share a record: no recordUrlAnswer
void url.recordUrlAnswer;
// @ts-expect-error elicit-form/url has no form rules
url.prepareForm({}, "s");
void [shownSite, warningKinds, openedId, consentKey, consentExpiry];
