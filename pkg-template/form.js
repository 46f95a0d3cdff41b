// The forms' functions (parseRequestedSchema, questions, fingerprint,
// contentFromAnswers, prepareForm, formAnswerStorageKey, namesACredential,
// pending): every form entry's API, over core.js's loaders and argument
// checks. The elicit-form/url entry, whose wasm has no form exports, leaves
// this module out. As in core.js, every rule is decided in Rust.

import { afterCall, envelope, jsonText, name, objectArgument, profileOption, schemaText, wasm, whenReady } from "./core.js";

/** The validated view of the schema: its properties, sorted by name. */
export function parseRequestedSchema(schema, options) {
  whenReady();
  const profile = profileOption(options);
  return envelope(wasm.parse_requested_schema(schemaText(schema), profile));
}

/** The `ask_user` questions, attributed to `serverName`. */
export function questions(schema, serverName, options) {
  whenReady();
  const profile = profileOption(options);
  name("serverName", serverName);
  return envelope(wasm.questions(schemaText(schema), serverName, profile));
}

/** The SHA-256 fingerprint of what the schema asks: 64 lowercase hex digits. */
export function fingerprint(schema, options) {
  whenReady();
  const profile = profileOption(options);
  return envelope(wasm.fingerprint(schemaText(schema), profile));
}

/** A person's answers as the typed `ElicitResult.content`. */
export function contentFromAnswers(schema, answers, options) {
  whenReady();
  const profile = profileOption(options);
  const answersText = jsonText("answers", answers);
  return envelope(wasm.content_from_answers(schemaText(schema), answersText, profile));
}

/**
 * A UI's round in one crossing: the schema is read once, giving its questions
 * and fingerprint, and `contentFromAnswers` then checks answers against that
 * same text (a later change to the schema object does not reach it), so the
 * answers always belong to the questions shown and the fingerprint recorded.
 */
export function prepareForm(schema, serverName, options) {
  whenReady();
  const profile = profileOption(options);
  name("serverName", serverName);
  const text = schemaText(schema);
  const { fingerprint, questions } = envelope(wasm.prepare_form(text, serverName, profile));
  return Object.freeze({
    fingerprint,
    questions,
    contentFromAnswers(answers) {
      whenReady();
      const answersText = jsonText("answers", answers);
      return envelope(wasm.content_from_answers(text, answersText, profile));
    },
  });
}

/** Where a recorded answer for this server's tool is stored. */
export function formAnswerStorageKey(server, tool) {
  whenReady();
  const key = wasm.form_answer_storage_key(name("server", server), name("tool", tool));
  afterCall();
  return key;
}

/** Whether the text names a credential in the backend's vocabulary. */
export function namesACredential(text) {
  whenReady();
  const names = wasm.names_a_credential(name("text", text));
  afterCall();
  return names;
}

export function elicitationArguments(elicitation) {
  objectArgument("elicitation", elicitation);
  return [
    name("elicitation.serverName", elicitation.serverName),
    name("elicitation.toolName", elicitation.toolName),
    name("elicitation.key", elicitation.key),
    name("elicitation.message", elicitation.message),
  ];
}

/** The questions to put in front of a person, and the backend's summary. */
export function pending(elicitation, options) {
  whenReady();
  const profile = profileOption(options);
  const names = elicitationArguments(elicitation);
  return envelope(wasm.pending(...names, schemaText(elicitation.requestedSchema, "elicitation.requestedSchema"), profile));
}

