// Node.js (and Deno, Bun): the wasm is read from beside this file and
// instantiated synchronously, so the import needs no set-up call.
import { readFileSync } from "node:fs";
import { initSync } from "./core.js";

initSync({ module: readFileSync(new URL("./elicit_form_bg.wasm", import.meta.url)) });

export {
  AnswerError,
  FormRefusalError,
  FORM_ANSWER_TTL_MS,
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
  questions,
  recordFormAnswer,
} from "./core.js";
