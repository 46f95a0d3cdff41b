// Cloudflare Workers (workerd): the runtime hands the .wasm over as a compiled
// WebAssembly.Module (wrangler's CompiledWasm rule), instantiated synchronously.
import wasmModule from "./elicit_form_bg.wasm";
import { initSync } from "./core.js";

initSync({ module: wasmModule });

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
