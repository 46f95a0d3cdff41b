// The glue wasm-bindgen writes beside each build's wasm (elicit_form.js), as
// the sources call it, for tsc's check of pkg-template/ (not shipped): every
// export of crates/wasm takes and gives text, numbers and flags; its replies
// are JSON text (core.js's `envelope`). The form exports' JSON texts are in
// the inbox (core.js's `textsIn`): they take the texts' byte lengths.

export default function init(options?: { module_or_path?: unknown }): Promise<{ memory: WebAssembly.Memory }>;
export function initSync(options?: { module: BufferSource | WebAssembly.Module }): { memory: WebAssembly.Memory };
export function __wbg_reset_state(): void;
export function bounds(): Float64Array;
export function argument_problem(problem: string, argument: string, detail: string, unit: number, at: number): string;
export function inbox(written: number, room: number): number;
export function parse_requested_schema(schemaBytes: number, profile?: string): string;
export function questions(schemaBytes: number, serverName: string, profile?: string): string;
export function prepare_form(schemaBytes: number, serverName: string, profile?: string): string;
export function fingerprint(schemaBytes: number, profile?: string): string;
export function content_from_answers(schemaBytes: number, answersBytes: number, profile?: string): string;
export function form_answer_storage_key(server: string, tool: string): string;
export function names_a_credential(text: string): boolean;
export function pending(server: string, tool: string, key: string, message: string, schemaBytes: number, profile?: string): string;
export function record_form_answer(requestBytes: number, nowKind: number, nowMillis: number, nowText: string | undefined, profile?: string): string;
export function applies_to(recordBytes: number, server: string, tool: string, fingerprint: string, nowKind: number, nowMillis: number, nowText: string | undefined, profile?: string): string;
export function answer_form(server: string, tool: string, key: string, message: string, schemaBytes: number, recordBytes: number | undefined, nowKind: number, nowMillis: number, nowText: string | undefined, profile?: string): string;
export function url_elicitation(params: string, serverName: string): string;
export function consent_storage_key(server: string, tool: string): string;
export function record_url_consent(request: string, nowKind: number, nowMillis: number, nowText: string | undefined): string;
export function answer_url(server: string, tool: string, params: string, consent: string | undefined, nowKind: number, nowMillis: number, nowText: string | undefined): string;
