// The package's error classes, core.js's FormRefusalError and AnswerError
// and url.js's UrlRefusalError, declared by hand: their fields are readonly
// and `name` is a literal on the prototype, neither of which tsc emits from
// JSDoc. tests/js/types.ts holds them to the classes' behaviour.

import type { AnswerErrorKind, FormRefusalKind } from "./types.js";
import type { UrlRefusalKind } from "./url.js";

/** The schema cannot be put in front of a person (the backend's `FormRefusal`). */
export class FormRefusalError extends Error {
  constructor(
    message: string,
    fields: { kind: FormRefusalKind; property?: string; reason?: string },
  );
  readonly name: "FormRefusalError";
  readonly kind: FormRefusalKind;
  /** The property refused (`credential`, `outOfProfile`), else `undefined`. */
  readonly property: string | undefined;
  /** Why (`outOfProfile`, `schema`), else `undefined`. */
  readonly reason: string | undefined;
}

/** The answers do not fit the schema (the backend's `AnswerError`). */
export class AnswerError extends Error {
  constructor(message: string, fields: { property: string; kind?: AnswerErrorKind });
  readonly name: "AnswerError";
  /** The property the answer is wrong for. */
  readonly property: string;
  /**
   * What is wrong, by name, for a UI to word it in a person's language (the
   * message is the backend's text). `misfit` (mcp-2026-07-28): the answer is
   * outside the property's bounds (length, format, range, whole number,
   * item count), which `parseRequestedSchema` gives. Undefined on an error
   * made with `new AnswerError(message, { property })`.
   */
  readonly kind: AnswerErrorKind | undefined;
}

/** The link cannot be put in front of a person: nothing is shown or opened. */
export class UrlRefusalError extends Error {
  constructor(message: string, details?: { kind?: UrlRefusalKind });
  name: "UrlRefusalError";
  kind: UrlRefusalKind;
}
