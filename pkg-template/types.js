// The package's types, for the JSDoc of core.js, form.js, records.js and
// url.js and for the declarations tsc emits from them (scripts/build.mjs):
// no code. The data shapes are generated from the Rust types
// (generated.d.ts); what follows names them and narrows them by `kind`. The
// Spec* types are elicit-form/mcp-2026-07-28's; the default entry exports
// them too, for code that names them.

/** @import * as G from "./generated.js" */

/**
 * @typedef {G.TextFormat} TextFormat
 */

/**
 * The server's `requestedSchema`: its JSON text, or a JSON-compatible value,
 * read exactly as `JSON.stringify` writes it.
 * @typedef {object | string} RequestedSchema
 */

/**
 * One answer, in `ask_user`'s answer shape: chosen labels, or free text.
 * @typedef {object} FormAnswer
 * @property {string[]} [selected]
 * @property {string | null} [other_text]
 */

/**
 * `ElicitResult.content`: plain own data properties, as `JSON.parse` gives them.
 * @typedef {Record<string, string | number | boolean>} FormContent
 */

/**
 * What every property of the validated view carries.
 * @typedef {G.FormPropertyOf<{}>} FormPropertyBase
 */

/**
 * One property of the validated schema, discriminated by `kind`.
 * @typedef {G.FormPropertyOf<G.BackendPropertyKind>} FormProperty
 */
/** @typedef {Extract<FormProperty, { kind: "enum" }>} EnumFormProperty */
/** @typedef {Extract<FormProperty, { kind: "text" }>} TextFormProperty */
/** @typedef {Extract<FormProperty, { kind: "boolean" }>} BooleanFormProperty */
/** @typedef {Extract<FormProperty, { kind: "number" }>} NumberFormProperty */

/**
 * The validated view of a requested schema.
 * @typedef {G.FormSchemaOf<G.BackendPropertyKind>} FormSchema
 */

/**
 * An option of a choice question: `description` is the value where it
 * differs from the label, else `""`; `default` (booleans only) whether the
 * schema's default selects it.
 * @typedef {G.AskUserOption} AskUserOption
 */

/**
 * An enum or boolean property: pick one of `options`.
 * @typedef {G.AskUserQuestionFields & { kind: "choice"; allow_other: false; multi_select: false }} AskUserChoiceQuestion
 */

/**
 * A text or number property: free text.
 * @typedef {G.AskUserQuestionFields & { kind: "text"; allow_other: true; multi_select: false; options: [] }} AskUserTextQuestion
 */

/**
 * One of the backend's `ask_user` questions.
 * @typedef {AskUserChoiceQuestion | AskUserTextQuestion} AskUserQuestion
 */

/**
 * What the person did with the questions.
 * @typedef {G.FormAnswerAction} FormAnswerAction
 */

/**
 * The durable record of an answer, in the backend's serde shape.
 * @typedef {G.StoredFormAnswerOf<G.FormAnswerAction>} StoredFormAnswer
 */

/**
 * A time: a `Date`, milliseconds since the epoch, or RFC 3339 text.
 * @typedef {Date | number | string} FormTime
 */

/**
 * A form elicitation as the server sent it, with the host's names for it.
 * @typedef {object} FormElicitation
 * @property {string} serverName The configured name of the server (never server text): the questions' header and half the storage key.
 * @property {string} toolName The tool call the form interrupted: the other half of the storage key.
 * @property {string} key
 *   The backend's `FormElicitation.key`: the server-assigned key of this form
 *   in a 2026-07-28 `input_required` round's `inputRequests` (the answer is
 *   returned under the same key). It decides nothing: it is not in the
 *   fingerprint, the storage key, the pending questions or the outcome. For
 *   a pushed `elicitation/create` (2025-11-25), which has no such key, pass
 *   any text (the adapters pass the JSON-RPC request id).
 * @property {string} message
 * @property {RequestedSchema} requestedSchema
 */

/**
 * The questions to put in front of a person before the tool can run.
 * @typedef {{ [K in keyof G.PendingFields]: K extends "questions" ? AskUserQuestion[] : G.PendingFields[K] }} FormElicitationPending
 */

/**
 * The backend's decision; `accept` and `decline` are the `ElicitResult` to send.
 * @typedef {{ action: "accept"; content: FormContent } | { action: "decline" } | { action: "ask"; pending: FormElicitationPending }} FormOutcome
 */

/**
 * Which rules apply: the backend's (the default) or the whole MCP 2026-07-28 form schema.
 * @typedef {"backend" | "mcp-2026-07-28"} FormProfile
 */

/**
 * The options argument of the backend profile (the default).
 * @typedef {object} BackendProfileOptions
 * @property {"backend"} [profile]
 */

/**
 * The options argument of the opt-in MCP 2026-07-28 profile.
 * @typedef {object} SpecProfileOptions
 * @property {"mcp-2026-07-28"} profile
 */

/**
 * The last argument of every profiled function of `elicit-form/mcp-2026-07-28`
 * (the default entry takes `BackendProfileOptions`). A profile not named here
 * is a `TypeError`.
 * @typedef {BackendProfileOptions | SpecProfileOptions} FormOptions
 */

/**
 * `ElicitResult.content` under the MCP 2026-07-28 profile: multi-selects are `string[]`.
 * @typedef {Record<string, string | number | boolean | string[]>} SpecFormContent
 */

/**
 * One option of a select under the MCP 2026-07-28 profile: `value` is sent, `label` shown.
 * @typedef {G.SelectOption} SpecSelectOption
 */

/** @typedef {G.FormPropertyOf<G.SpecPropertyKind>} SpecFormProperty */
/** @typedef {Extract<SpecFormProperty, { kind: "text" }>} SpecTextFormProperty */
/** @typedef {Extract<SpecFormProperty, { kind: "number" }>} SpecNumberFormProperty */
/** @typedef {Extract<SpecFormProperty, { kind: "boolean" }>} SpecBooleanFormProperty */
/** @typedef {Extract<SpecFormProperty, { kind: "singleSelect" }>} SpecSingleSelectFormProperty */
/** @typedef {Extract<SpecFormProperty, { kind: "multiSelect" }>} SpecMultiSelectFormProperty */

/** @typedef {G.FormSchemaOf<G.SpecPropertyKind>} SpecFormSchema */

/**
 * Every option carries `default`: whether the schema's default selects it.
 * @typedef {G.AskUserOption & { default: boolean }} SpecAskUserOption
 */

/** @typedef {G.AskUserQuestionFields & { kind: "choice"; allow_other: false; options: SpecAskUserOption[] }} SpecAskUserChoiceQuestion */

/** @typedef {G.AskUserQuestionFields & { kind: "text"; allow_other: true; multi_select: false; options: [] }} SpecAskUserTextQuestion */

/** @typedef {SpecAskUserChoiceQuestion | SpecAskUserTextQuestion} SpecAskUserQuestion */

/** @typedef {G.SpecAnswerAction} SpecFormAnswerAction */

/** @typedef {G.StoredFormAnswerOf<G.SpecAnswerAction>} SpecStoredFormAnswer */

/** @typedef {{ [K in keyof G.PendingFields]: K extends "questions" ? SpecAskUserQuestion[] : G.PendingFields[K] }} SpecFormElicitationPending */

/**
 * The decision under the MCP 2026-07-28 profile; all but `ask` are the `ElicitResult` to send.
 * @typedef {{ action: "accept"; content: SpecFormContent } | { action: "decline" } | { action: "cancel" } | { action: "ask"; pending: SpecFormElicitationPending }} SpecFormOutcome
 */

/**
 * The variant of the backend's `FormRefusal`.
 * @typedef {"credential" | "outOfProfile" | "schema" | "message"} FormRefusalKind
 */

/**
 * `AnswerError.kind`: the backend profile's problems, then mcp-2026-07-28's.
 * @typedef {"notAnswered" | "needsOneChoice" | "notOffered" | "needsYesOrNo" | "noText" | "noNumber" | "notANumber" | "outOfRange" | "notWholeNumber" | "required" | "chosenTwice" | "misfit"} AnswerErrorKind
 */

/**
 * Where the wasm comes from when the host loads it itself.
 * @typedef {RequestInfo | URL | Response | BufferSource | WebAssembly.Module} InitInput
 */

/**
 * One schema read once, for a UI's round: its questions and fingerprint, and
 * the person's answers checked against that same schema text. `questions`:
 * the `ask_user` questions, attributed to the `serverName` given;
 * `fingerprint`: the fingerprint of what was asked, 64 lowercase hex digits;
 * `contentFromAnswers`: the answers as typed content, checked against the
 * schema as it was when prepared; throws `AnswerError` (or `TypeError` for
 * answers of the wrong shape).
 * @template Question, Content
 * @typedef {{
 *   readonly questions: Question[];
 *   readonly fingerprint: string;
 *   contentFromAnswers(answers: Record<string, FormAnswer> | string): Content;
 * }} PreparedForm
 */

export {};
