// The API of the ui entries (elicit-form/ui, elicit-form/mcp-2026-07-28/ui):
// api.js less the answers on record (recordFormAnswer, appliesTo,
// answerForm), which their wasm, built without the crate's `records` feature,
// does not have. For a page that renders forms and checks answers and keeps
// no record: 8 KB less gzip (bench/FINDINGS.md, "Session 8"). scripts/build.mjs
// puts it in place of api.js in the ui builds.
export {
  AnswerError,
  FormRefusalError,
  FORM_ANSWER_TTL_MS,
  MAX_FORM_ENUM_MEMBERS,
  MAX_FORM_PROPERTIES,
  MAX_FORM_PROPERTY_NAME_CHARS,
  MAX_FORM_TEXT_CHARS,
  MAX_FORM_TITLE_CHARS,
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
} from "./core.js";
