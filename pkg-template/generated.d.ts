// Generated from the Rust types by `UPDATE_TYPES=1 cargo test --lib typescript`
// (src/typescript.rs). Do not edit: a test fails when this file is stale.

export type BackendPropertyKind = { "kind": "enum", values: Array<string>, labels: Array<string>, } | { "kind": "text", format: string | null, } | { "kind": "boolean", default: boolean | null, } | { "kind": "number", integer: boolean, minimum: number | null, maximum: number | null, };

export type SpecPropertyKind = { "kind": "text", format: TextFormat | null, minLength: number | null, maxLength: number | null, default: string | null, } | { "kind": "number", integer: boolean, minimum: number | null, maximum: number | null, default: number | null, } | { "kind": "boolean", default: boolean | null, } | { "kind": "singleSelect", options: Array<SelectOption>, default: string | null, } | { "kind": "multiSelect", options: Array<SelectOption>, minItems: number | null, maxItems: number | null, default: Array<string> | null, };

export type SelectOption = { value: string, label: string, };

export type TextFormat = "email" | "uri" | "date" | "date-time";

export type FormPropertyOf<K> = { name: string, title: string | null, description: string | null, 
/**
 * Named in the schema's `required`.
 */
required: boolean, } & K;

export type FormSchemaOf<K> = { 
/**
 * Sorted by name (byte order), so neither the questions nor the
 * fingerprint depend on the order of the server's object keys.
 */
properties: Array<FormPropertyOf<K>>, };

export type AskUserQuestionFields = { 
/**
 * True for text and numbers: the answer is typed, as `other_text`.
 */
allow_other: boolean, 
/**
 * The configured server name as a badge (at most 16 characters).
 */
header: string, 
/**
 * The property name.
 */
id: string, kind: "choice" | "text", multi_select: boolean, options: Array<AskUserOption>, question: string, };

export type AskUserOption = { default?: boolean, description: string, label: string, };

export type RecordedFormAnswer = { selected: Array<string>, other_text: string | null, };

export type FormAnswerAction = "accept" | "decline";

export type SpecAnswerAction = "accept" | "decline" | "cancel";

export type StoredFormAnswerOf<A = FormAnswerAction> = { 
/**
 * Re-checked on read, so a key collision fails closed.
 */
server: string, tool: string, 
/**
 * The fingerprint of the questions the person answered.
 */
fingerprint: string, action: A, 
/**
 * Keyed by property name, which is also the question id.
 */
answers: { [key in string]: RecordedFormAnswer }, 
/**
 * RFC 3339 UTC: when the record was made plus 30 minutes.
 */
expires_at: string, };

export type PendingFields = { server_name: string, tool_name: string, message: string, 
/**
 * `ask_user` questions, already attributed.
 */
questions: AskUserQuestionFields[], 
/**
 * 64 lowercase hex digits.
 */
fingerprint: string, 
/**
 * `MCP server '…' has questions for you before tool '…' can run`.
 */
summary: string, };

export type UrlWarningKind = "lookalikeHost" | "ipAddress" | "plainHttp" | "trailingDot" | "publicSuffix" | "port";

export type UrlWarning = { kind: UrlWarningKind, message: string, };

export type UrlView = { 
/**
 * Always `"url"`.
 */
mode: "url", 
/**
 * The exact text that will be opened: the URL as a browser parses it.
 */
url: string, 
/**
 * The host the browser connects to, in ASCII (punycode).
 */
host: string, 
/**
 * The host as a person should read it: Unicode only where that is safe.
 */
displayHost: string, 
/**
 * The registrable domain, written as `displayHost` writes it.
 */
site: string, warnings: Array<UrlWarning>, 
/**
 * The configured server name (the attribution), never server text.
 */
header: string, 
/**
 * The server's message: text, never markup.
 */
message: string, 
/**
 * 64 lowercase hex digits (see the module's documentation).
 */
fingerprint: string, 
/**
 * The request's `elicitationId` (2025-11-25), if it had one.
 */
elicitationId: string | null, };

export type UrlPending = { serverName: string, toolName: string, 
/**
 * The backend's `UrlElicitationPending` text: `MCP server '…' needs
 * you to complete an interaction at {host} before tool '…' can run`.
 */
summary: string, 
/**
 * The server's message, or the backend's default text.
 */
message: string, 
/**
 * The URL as sent.
 */
url: string, 
/**
 * The ASCII host a consent is bound to (`validate_elicitation_url`'s).
 */
host: string, 
/**
 * Whether a label of `host` starts with `xn--`.
 */
punycode: boolean, view: UrlView, };

export type UrlDecision = { "action": "accept" } | { "action": "ask", pending: UrlPending, };

export type StoredConsent = { 
/**
 * Re-checked on read, so a folded key's collision fails closed.
 */
server: string, tool: string, 
/**
 * The ASCII host the person saw ([`validate_elicitation_url`]'s).
 */
host: string, 
/**
 * RFC 3339 UTC: when the consent was given plus [`CONSENT_TTL`].
 */
expires_at: string, };
