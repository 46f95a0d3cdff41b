// The assertion helpers of the package's JS suites: the shared suite
// (checks.mjs) and the abuse suite (abuse.mjs) both import them from here.
// They use nothing beyond the language, so they run unchanged in Node,
// workerd, Chromium, Deno and Bun. Wherever a suite is copied, served or
// bundled (tests/js/prepare.mjs, browser.test.mjs, workerd.test.mjs,
// abuse.test.mjs), this file must go along.

/** What a failed assertion throws; `thrown` and `outcome` pass it on rather than catch it. */
class CheckFailure extends Error {}

export function fail(message) {
  throw new CheckFailure(message);
}

/** A value as text for a message: JSON (BigInt as `5n`, Symbol as `Symbol(x)`), cut at 600 characters. */
export function show(value) {
  try {
    const text = JSON.stringify(value, (_, v) =>
      typeof v === "bigint" ? `${v}n` : typeof v === "symbol" ? String(v) : v,
    );
    return text === undefined ? String(value) : text.length > 600 ? `${text.slice(0, 600)}…` : text;
  } catch {
    try {
      return String(value);
    } catch {
      return "(unprintable)";
    }
  }
}

/** Deep equality of JSON-like values; numbers by Object.is, so -0 is not 0. */
export function same(a, b) {
  if (typeof a === "number" && typeof b === "number") return Object.is(a, b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
}

export function equal(actual, expected, what) {
  if (!same(actual, expected)) fail(`${what}\n  expected ${show(expected)}\n  actual   ${show(actual)}`);
}

export function ok(condition, what) {
  if (!condition) fail(what);
}

/** Runs `call`, which must throw; returns what it threw. */
export function thrown(call, what) {
  try {
    const value = call();
    return fail(`${what}: expected a throw, got ${show(value)}`);
  } catch (error) {
    if (error instanceof CheckFailure) throw error;
    return error;
  }
}

/** What a call gives: its value, or the error's class and fields. */
export function outcome(call) {
  try {
    return { value: call() };
  } catch (error) {
    if (error instanceof CheckFailure) throw error;
    return { error: error?.name, kind: error?.kind, property: error?.property, message: error?.message };
  }
}

/**
 * `call` must throw a plain TypeError (not the package's FormRefusalError or
 * AnswerError) whose message names `argument`; returns the error.
 */
export function throwsTypeError(api, call, argument, what) {
  const error = thrown(call, what);
  ok(error instanceof TypeError, `${what}: expected a TypeError, got ${error?.name}: ${error?.message}`);
  ok(!(error instanceof api.FormRefusalError) && !(error instanceof api.AnswerError), `${what}: a plain TypeError`);
  ok(error.message.includes(argument), `${what}: the message names ${argument}: ${error.message}`);
  return error;
}

/**
 * The helpers checked without using them to report: every disagreement below
 * must make them fail and every agreement must not, so a helper that stops
 * failing (`same` always true, say) fails the run instead of passing it.
 */
export function checkAssertions() {
  const mustFail = (what, call) => {
    try {
      call();
    } catch (error) {
      if (error instanceof CheckFailure) return error;
      throw new Error(`assertion helpers: ${what}: threw ${error?.name}: ${error?.message}, not a check failure`);
    }
    throw new Error(`assertion helpers: ${what}: passed, must fail`);
  };
  const mustBe = (actual, expected, what) => {
    if (actual !== expected)
      throw new Error(`assertion helpers: ${what}: gave ${String(actual)}, must give ${String(expected)}`);
  };
  class Refusal extends TypeError {}
  class Answer extends TypeError {}
  const api = { FormRefusalError: Refusal, AnswerError: Answer };

  for (const [actual, expected] of [
    [1, 2],
    [0, -0],
    ["1", 1],
    [undefined, null],
    [null, {}],
    [{}, null],
    [[], {}],
    [{}, []],
    [
      [1, 2],
      [1, 2, 3],
    ],
    [{ a: 1 }, { a: 1, b: 2 }],
    [
      { a: 1, b: undefined },
      { a: 1, c: undefined },
    ],
    [{ a: [{ b: 1 }] }, { a: [{ b: 2 }] }],
  ]) {
    mustFail(`equal(${show(actual)}, ${show(expected)})`, () => equal(actual, expected, "x"));
  }
  mustBe(
    mustFail("equal's message", () => equal({ a: 1 }, { a: 2 }, "what")).message,
    'what\n  expected {"a":2}\n  actual   {"a":1}',
    "equal's message",
  );
  for (const value of [false, 0, "", null, undefined]) mustFail(`ok(${show(value)})`, () => ok(value, "x"));
  mustFail("fail", () => fail("x"));
  mustBe(
    mustFail("thrown of a call that returns", () => thrown(() => 5, "what")).message,
    "what: expected a throw, got 5",
    "thrown's message",
  );
  mustFail("thrown passes a failure on", () => thrown(() => fail("x"), "x"));
  mustFail("outcome passes a failure on", () => outcome(() => fail("x")));
  for (const [what, call] of [
    ["no throw", () => 5],
    [
      "a RangeError",
      () => {
        throw new RangeError("answers");
      },
    ],
    [
      "FormRefusalError",
      () => {
        throw new Refusal("answers");
      },
    ],
    [
      "AnswerError",
      () => {
        throw new Answer("answers");
      },
    ],
    [
      "a TypeError naming something else",
      () => {
        throw new TypeError("options");
      },
    ],
  ]) {
    mustFail(`throwsTypeError: ${what}`, () => throwsTypeError(api, call, "answers", "x"));
  }

  equal(
    { a: [1, { b: "x" }], c: null, d: -0, e: NaN },
    { e: NaN, d: -0, c: null, a: [1, { b: "x" }] },
    "key order aside",
  );
  ok(true, "ok(true)");
  const error = new TypeError("answers is not JSON");
  mustBe(
    thrown(() => {
      throw error;
    }, "x"),
    error,
    "thrown gives the error",
  );
  mustBe(
    throwsTypeError(
      api,
      () => {
        throw error;
      },
      "answers",
      "x",
    ),
    error,
    "throwsTypeError gives the error",
  );
  mustBe(outcome(() => 5).value, 5, "outcome's value");
  mustBe(
    show(
      outcome(() => {
        throw error;
      }),
    ),
    '{"error":"TypeError","message":"answers is not JSON"}',
    "outcome's error",
  );
  mustBe(show({ n: 5n, s: Symbol("s") }), '{"n":"5n","s":"Symbol(s)"}', "show of a BigInt and a Symbol");
  mustBe(show("x".repeat(1000)), `"${"x".repeat(599)}…`, "show cut at 600 characters");
  const unprintable = {
    toString() {
      throw new Error("no");
    },
  };
  unprintable.self = unprintable;
  mustBe(show(unprintable), "(unprintable)", "show of a cyclic value that cannot be a string");
}
