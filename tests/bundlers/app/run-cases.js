// Runs cases through the package's functions and describes every outcome as
// plain data, so the bundled page and the package's Node entry can be compared
// value for value (and both against the native Rust vectors). The outcomes
// cross from the page as JSON text (`encode`/`decode`): JSON.parse keeps an own
// "__proto__" key, which a structured copy would turn into a prototype; -0 is
// marked so that it stays -0.

const MINUS_ZERO = "\u0000-0";

export function encode(results) {
  return JSON.stringify(results, (_, value) => (Object.is(value, -0) ? MINUS_ZERO : value));
}

export function decode(text) {
  return JSON.parse(text, (_, value) => (value === MINUS_ZERO ? -0 : value));
}

export function runCases(api, cases) {
  const outcome = (call) => {
    try {
      return { ok: call() };
    } catch (error) {
      return {
        threw:
          error instanceof api.FormRefusalError
            ? "FormRefusalError"
            : error instanceof api.AnswerError
              ? "AnswerError"
              : `not the package's error: ${error?.name}`,
        name: String(error?.name),
        kind: error?.kind ?? null,
        property: error?.property ?? null,
        reason: error?.reason ?? null,
        message: String(error?.message),
      };
    }
  };
  return cases.map((c) =>
    c.op === "content"
      ? { content: outcome(() => api.contentFromAnswers(c.schema, c.answers)) }
      : {
          questions: outcome(() => api.questions(c.schema, c.server)),
          fingerprint: outcome(() => api.fingerprint(c.schema)),
        },
  );
}
