// The answers on record (recordFormAnswer, appliesTo, answerForm): the full
// entries' API beside core.js's. A ui entry, whose wasm is built without the
// crate's `records` feature and has none of their exports, leaves this module
// out (scripts/build.mjs writes its api.js without it). As in core.js, every
// rule is decided in Rust: this module checks argument types and converts.

import { elicitationArguments } from "./form.js";
import {
  envelope,
  jsonText,
  name,
  nowArgument,
  objectArgument,
  profileOption,
  schemaText,
  wasm,
  whenReady,
} from "./core.js";

/** A record of what a person did, usable for 30 minutes from `now`. */
export function recordFormAnswer(request, options) {
  whenReady();
  const profile = profileOption(options);
  const { now, ...rest } = objectArgument("the record request", request);
  const text = jsonText("the record request", rest);
  const at = nowArgument(now);
  return envelope(wasm.record_form_answer(text, ...at, profile));
}

/** Whether the record may answer this server's tool for these questions at `now`. */
export function appliesTo(record, server, tool, fingerprint, now, options) {
  whenReady();
  const profile = profileOption(options);
  const text = jsonText("record", objectArgument("record", record));
  name("server", server);
  name("tool", tool);
  name("fingerprint", fingerprint);
  const at = nowArgument(now);
  return envelope(wasm.applies_to(text, server, tool, fingerprint, ...at, profile));
}

/** The backend's decision on a record the host already took from its store. */
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
  return envelope(wasm.answer_form(...names, schema, recordText, ...at, profile));
}
