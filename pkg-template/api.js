// The package's public API: what every runtime entry (node.js, workerd.js,
// browser.js, require.js) exports, once each has loaded the wasm; each is
// bundled with it, core.js, form.js and records.js (scripts/build.mjs). core.js
// also has the entries' own helpers, which are not part of it. A ui entry's api.js
// is this less its last line (the answers on record).
export {
  AnswerError,
  FormRefusalError,
  FORM_ANSWER_TTL_MS,
  MAX_FORM_ENUM_MEMBERS,
  MAX_FORM_PROPERTIES,
  MAX_FORM_PROPERTY_NAME_CHARS,
  MAX_FORM_TEXT_CHARS,
  MAX_FORM_TITLE_CHARS,
  init,
  initSync,
} from "./core.js";
export {
  contentFromAnswers,
  fingerprint,
  formAnswerStorageKey,
  namesACredential,
  parseRequestedSchema,
  pending,
  prepareForm,
  questions,
} from "./form.js";
export { answerForm, appliesTo, recordFormAnswer } from "./records.js";
