// The forms' functions (parseRequestedSchema, questions, fingerprint,
// contentFromAnswers, prepareForm, formAnswerStorageKey, namesACredential,
// pending): every form entry's API, over core.js's loaders and argument
// checks. The elicit-form/url entry, whose wasm has no form exports, leaves
// this module out. As in core.js, every rule is decided in Rust.

/**
 * @import {
 *   AskUserQuestion, BackendProfileOptions, FormAnswer, FormContent, FormElicitation, FormElicitationPending,
 *   FormOptions, FormSchema, PreparedForm, RequestedSchema, SpecAskUserQuestion, SpecFormContent,
 *   SpecFormElicitationPending, SpecFormSchema, SpecProfileOptions,
 * } from "./types.js"
 */

// The profiled functions have an overload for each profile, then (where a
// caller may hold either) one for FormOptions; the default entry, which has
// the backend profile only, declares each at its first (backend.d.ts).

import {
  afterCall,
  envelope,
  jsonText,
  name,
  objectArgument,
  profileOption,
  schemaText,
  textsIn,
  wasm,
  whenReady,
} from "./core.js";

/**
 * The validated view of `schema`, its properties sorted by name; throws `FormRefusalError`.
 * @overload
 * @param {RequestedSchema} schema
 * @param {BackendProfileOptions} [options]
 * @returns {FormSchema}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {SpecProfileOptions} options
 * @returns {SpecFormSchema}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {FormOptions} [options]
 * @returns {FormSchema | SpecFormSchema}
 */
/**
 * @param {RequestedSchema} schema
 * @param {FormOptions} [options]
 * @returns {FormSchema | SpecFormSchema}
 */
export function parseRequestedSchema(schema, options) {
  whenReady();
  const profile = profileOption(options);
  return envelope(wasm.parse_requested_schema(...textsIn(schemaText(schema)), profile));
}

/**
 * The `ask_user` questions, attributed to `serverName`.
 * @overload
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {BackendProfileOptions} [options]
 * @returns {AskUserQuestion[]}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {SpecProfileOptions} options
 * @returns {SpecAskUserQuestion[]}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {FormOptions} [options]
 * @returns {AskUserQuestion[] | SpecAskUserQuestion[]}
 */
/**
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {FormOptions} [options]
 * @returns {AskUserQuestion[] | SpecAskUserQuestion[]}
 */
export function questions(schema, serverName, options) {
  whenReady();
  const profile = profileOption(options);
  name("serverName", serverName);
  return envelope(wasm.questions(...textsIn(schemaText(schema)), serverName, profile));
}

/**
 * The SHA-256 fingerprint of what `schema` asks: 64 lowercase hex digits. The
 * two profiles hash in different domains, so their fingerprints never coincide.
 * @param {RequestedSchema} schema
 * @param {FormOptions} [options]
 * @returns {string}
 */
export function fingerprint(schema, options) {
  whenReady();
  const profile = profileOption(options);
  return envelope(wasm.fingerprint(...textsIn(schemaText(schema)), profile));
}

/**
 * The answers as typed content; throws `FormRefusalError` or `AnswerError`.
 * @overload
 * @param {RequestedSchema} schema
 * @param {Record<string, FormAnswer> | string} answers
 * @param {BackendProfileOptions} [options]
 * @returns {FormContent}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {Record<string, FormAnswer> | string} answers
 * @param {SpecProfileOptions} options
 * @returns {SpecFormContent}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {Record<string, FormAnswer> | string} answers
 * @param {FormOptions} [options]
 * @returns {FormContent | SpecFormContent}
 */
/**
 * @param {RequestedSchema} schema
 * @param {Record<string, FormAnswer> | string} answers
 * @param {FormOptions} [options]
 * @returns {FormContent | SpecFormContent}
 */
export function contentFromAnswers(schema, answers, options) {
  whenReady();
  const profile = profileOption(options);
  const answersText = jsonText("answers", answers);
  return envelope(wasm.content_from_answers(...textsIn(schemaText(schema), answersText), profile));
}

/**
 * A UI's round in one crossing: the schema is read once, giving its questions
 * and fingerprint, and `contentFromAnswers` then checks answers against that
 * same text (a later change to the schema object does not reach it), so the
 * answers always belong to the questions shown and the fingerprint recorded.
 * Throws `FormRefusalError` as `questions` does.
 * @overload
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {BackendProfileOptions} [options]
 * @returns {PreparedForm<AskUserQuestion, FormContent>}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {SpecProfileOptions} options
 * @returns {PreparedForm<SpecAskUserQuestion, SpecFormContent>}
 */
/**
 * @overload
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {FormOptions} [options]
 * @returns {PreparedForm<AskUserQuestion, FormContent> | PreparedForm<SpecAskUserQuestion, SpecFormContent>}
 */
/**
 * @param {RequestedSchema} schema
 * @param {string} serverName
 * @param {FormOptions} [options]
 * @returns {PreparedForm<AskUserQuestion, FormContent> | PreparedForm<SpecAskUserQuestion, SpecFormContent>}
 */
export function prepareForm(schema, serverName, options) {
  whenReady();
  const profile = profileOption(options);
  name("serverName", serverName);
  const text = schemaText(schema);
  const { fingerprint, questions } = envelope(wasm.prepare_form(...textsIn(text), serverName, profile));
  return Object.freeze({
    fingerprint,
    questions,
    /** @param {Record<string, FormAnswer> | string} answers */
    contentFromAnswers(answers) {
      whenReady();
      const answersText = jsonText("answers", answers);
      return envelope(wasm.content_from_answers(...textsIn(text, answersText), profile));
    },
  });
}

/**
 * The storage key of a recorded answer for this server's tool.
 * @param {string} server
 * @param {string} tool
 * @returns {string}
 */
export function formAnswerStorageKey(server, tool) {
  whenReady();
  const key = wasm.form_answer_storage_key(name("server", server), name("tool", tool));
  afterCall();
  return key;
}

/**
 * Whether `text` names a credential in the backend's vocabulary.
 * @param {string} text
 * @returns {boolean}
 */
export function namesACredential(text) {
  whenReady();
  const names = wasm.names_a_credential(name("text", text));
  afterCall();
  return names;
}

/**
 * The elicitation's names, checked, in the order the wasm's exports take them.
 * @param {Record<string, unknown>} elicitation
 * @returns {[string, string, string, string]}
 * @internal
 */
export function elicitationArguments(elicitation) {
  objectArgument("elicitation", elicitation);
  return [
    name("elicitation.serverName", elicitation.serverName),
    name("elicitation.toolName", elicitation.toolName),
    name("elicitation.key", elicitation.key),
    name("elicitation.message", elicitation.message),
  ];
}

/**
 * The questions to put in front of a person, and the backend's summary.
 * Throws `FormRefusalError` for a refused schema, or (kind `"message"`) a
 * message longer than `MAX_FORM_TEXT_CHARS` scalars, as the backend's engine.
 * @overload
 * @param {FormElicitation} elicitation
 * @param {BackendProfileOptions} [options]
 * @returns {FormElicitationPending}
 */
/**
 * @overload
 * @param {FormElicitation} elicitation
 * @param {SpecProfileOptions} options
 * @returns {SpecFormElicitationPending}
 */
/**
 * @param {FormElicitation} elicitation
 * @param {FormOptions} [options]
 * @returns {FormElicitationPending | SpecFormElicitationPending}
 */
export function pending(elicitation, options) {
  whenReady();
  const profile = profileOption(options);
  const names = elicitationArguments(elicitation);
  return envelope(
    wasm.pending(...names, ...textsIn(schemaText(elicitation.requestedSchema, "elicitation.requestedSchema")), profile),
  );
}
