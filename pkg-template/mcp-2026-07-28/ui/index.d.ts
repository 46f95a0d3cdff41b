// Types of elicit-form/mcp-2026-07-28/ui: elicit-form/mcp-2026-07-28's, less the answers on record
// (recordFormAnswer, appliesTo, answerForm), which this entry does not have.
// Every type is elicit-form/mcp-2026-07-28's.

export type * from "../index.js";
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
} from "../index.js";
