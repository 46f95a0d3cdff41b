// The profiled functions of the entries with the backend profile only
// (elicit-form, elicit-form/ui): form.js's and records.js's, each at its
// first overload, the backend's; elicit-form/mcp-2026-07-28 has them all.
// By hand because one JS function has a narrower type in one entry than in
// another, which JSDoc cannot say; the signatures are the JSDoc's.

import type * as form from "./form.js";
import type * as records from "./records.js";
import type { BackendProfileOptions, RequestedSchema } from "./types.js";

/** The first of a function's overloads (it has two or three). */
type Backend<F> = F extends {
  (...args: infer A): infer R;
  (...args: infer _A2): infer _R2;
  (...args: infer _A3): infer _R3;
}
  ? (...args: A) => R
  : never;

/** The validated view of `schema`, its properties sorted by name; throws `FormRefusalError`. */
export declare const parseRequestedSchema: Backend<typeof form.parseRequestedSchema>;
/** The `ask_user` questions, attributed to `serverName`. */
export declare const questions: Backend<typeof form.questions>;
/**
 * The SHA-256 fingerprint of what `schema` asks: 64 lowercase hex digits.
 * (form.js's has one signature, for either profile's options.)
 */
export declare function fingerprint(schema: RequestedSchema, options?: BackendProfileOptions): string;
/** The answers as typed content; throws `FormRefusalError` or `AnswerError`. */
export declare const contentFromAnswers: Backend<typeof form.contentFromAnswers>;
/** `questions`, `fingerprint` and `contentFromAnswers` of one schema with one read of it. */
export declare const prepareForm: Backend<typeof form.prepareForm>;
/** The questions to put in front of a person, and the backend's summary. */
export declare const pending: Backend<typeof form.pending>;
/** A record of what a person did, usable until `now` (default: the current time) plus 30 minutes. */
export declare const recordFormAnswer: Backend<typeof records.recordFormAnswer>;
/** Whether `record` may answer this server's tool for these questions at `now`. */
export declare const appliesTo: Backend<typeof records.appliesTo>;
/** The backend's decision on a record already taken from the host's store. */
export declare const answerForm: Backend<typeof records.answerForm>;
