// The answers on record (recordFormAnswer, appliesTo, answerForm): the full
// entries' API beside core.js's. A ui entry, whose wasm is built without the
// crate's `records` feature and has none of their exports, leaves this module
// out (scripts/build.mjs writes its api.js without it). As in core.js, every
// rule is decided in Rust: this module checks argument types and converts.

/**
 * @import {
 *   BackendProfileOptions, FormAnswer, FormAnswerAction, FormElicitation, FormOptions, FormOutcome, FormTime,
 *   SpecFormAnswerAction, SpecFormOutcome, SpecProfileOptions, SpecStoredFormAnswer, StoredFormAnswer,
 * } from "./types.js"
 */

// Each function has an overload for each profile; the default entry declares
// each at its first, the backend's (backend.d.ts).

import { elicitationArguments } from "./form.js";
import {
  envelope,
  jsonText,
  name,
  nowArgument,
  objectArgument,
  profileOption,
  schemaText,
  textsIn,
  wasm,
  whenReady,
} from "./core.js";

/**
 * A record of what a person did, usable until `now` (default: the current time) plus 30 minutes.
 * @overload
 * @param {{ server: string; tool: string; fingerprint: string; action: FormAnswerAction; answers?: Record<string, FormAnswer>; now?: FormTime }} r
 * @param {BackendProfileOptions} [options]
 * @returns {StoredFormAnswer}
 */
/**
 * Under the MCP 2026-07-28 profile the action may also be `"cancel"`.
 * @overload
 * @param {{ server: string; tool: string; fingerprint: string; action: SpecFormAnswerAction; answers?: Record<string, FormAnswer>; now?: FormTime }} r
 * @param {SpecProfileOptions} options
 * @returns {SpecStoredFormAnswer}
 */
/**
 * @param {{ server: string; tool: string; fingerprint: string; action: SpecFormAnswerAction; answers?: Record<string, FormAnswer>; now?: FormTime }} request
 * @param {FormOptions} [options]
 * @returns {StoredFormAnswer | SpecStoredFormAnswer}
 */
export function recordFormAnswer(request, options) {
  whenReady();
  const profile = profileOption(options);
  const { now, ...rest } = objectArgument("the record request", request);
  const text = jsonText("the record request", rest);
  const at = nowArgument(now);
  return envelope(wasm.record_form_answer(...textsIn(text), ...at, profile));
}

/**
 * Whether `record` may answer this server's tool for these questions at `now`.
 * @overload
 * @param {StoredFormAnswer} record
 * @param {string} server
 * @param {string} tool
 * @param {string} fingerprint
 * @param {FormTime} [now]
 * @param {BackendProfileOptions} [options]
 * @returns {boolean}
 */
/**
 * @overload
 * @param {SpecStoredFormAnswer} record
 * @param {string} server
 * @param {string} tool
 * @param {string} fingerprint
 * @param {FormTime | undefined} now
 * @param {SpecProfileOptions} options
 * @returns {boolean}
 */
/**
 * @param {StoredFormAnswer | SpecStoredFormAnswer} record
 * @param {string} server
 * @param {string} tool
 * @param {string} fingerprint
 * @param {FormTime} [now]
 * @param {FormOptions} [options]
 * @returns {boolean}
 */
export function appliesTo(record, server, tool, fingerprint, now, options) {
  whenReady();
  const profile = profileOption(options);
  const text = jsonText("record", objectArgument("record", record));
  name("server", server);
  name("tool", tool);
  name("fingerprint", fingerprint);
  const at = nowArgument(now);
  return envelope(wasm.applies_to(...textsIn(text), server, tool, fingerprint, ...at, profile));
}

/**
 * The backend's decision on a record already taken from the host's store.
 * Throws `FormRefusalError` for a refused schema, or (kind `"message"`) a
 * message longer than `MAX_FORM_TEXT_CHARS` scalars, as the backend's engine.
 * @overload
 * @param {FormElicitation} elicitation
 * @param {StoredFormAnswer | null} record
 * @param {FormTime} [now]
 * @param {BackendProfileOptions} [options]
 * @returns {FormOutcome}
 */
/**
 * @overload
 * @param {FormElicitation} elicitation
 * @param {SpecStoredFormAnswer | null} record
 * @param {FormTime | undefined} now
 * @param {SpecProfileOptions} options
 * @returns {SpecFormOutcome}
 */
/**
 * @param {FormElicitation} elicitation
 * @param {StoredFormAnswer | SpecStoredFormAnswer | null} record
 * @param {FormTime} [now]
 * @param {FormOptions} [options]
 * @returns {FormOutcome | SpecFormOutcome}
 */
export function answerForm(elicitation, record, now, options) {
  whenReady();
  const profile = profileOption(options);
  const names = elicitationArguments(elicitation);
  let recordText;
  if (record !== null && record !== undefined) {
    recordText = jsonText("record", objectArgument("record", record));
  }
  const schema = schemaText(elicitation.requestedSchema, "elicitation.requestedSchema");
  const at = nowArgument(now);
  const [schemaBytes, recordBytes] = textsIn(schema, recordText ?? "");
  return envelope(
    wasm.answer_form(...names, schemaBytes, recordText === undefined ? undefined : recordBytes, ...at, profile),
  );
}
