// The abuse suite of the JS API (issue 5), written once and run in Node and in
// workerd (tests/js/abuse.test.mjs). `abuseChecks(api, glue, sizes)` gives
// named checks; `api` is the package as a user imported it, `glue` anything
// with the glue's `initSync`, which gives the exports (for the memory) of the
// wasm instance the package uses now: the package's own glue module, or in
// Node, where the entry has its glue inside, abuse.test.mjs's stand-in.
// Every check asserts the documented error or result for hostile input, and
// that the next call still gives the billing schema's known fingerprint and
// content. Uses nothing beyond the language, so it runs unchanged in workerd.

import { checkAssertions, equal, ok, outcome, show, thrown, throwsTypeError } from "./assertions.mjs";
import { BILLING, BILLING_ANSWERS } from "./checks.mjs";

function schemaRefusal(api, call, says, what) {
  const error = thrown(call, what);
  ok(
    error instanceof api.FormRefusalError,
    `${what}: expected FormRefusalError, got ${error?.name}: ${error?.message}`,
  );
  equal([error.kind, error.property], ["schema", undefined], `${what}: kind and property`);
  ok(
    error.message === `requested schema ${error.reason}`,
    `${what}: message is "requested schema " + reason: ${error.message}`,
  );
  ok(
    says.some((s) => error.message.startsWith(s)),
    `${what}: message starts with one of ${show(says)}: ${error.message.slice(0, 300)}`,
  );
  return error;
}

const NOT_JSON = "requested schema is not JSON: ";
const NOT_VALID_JSON = "requested schema is not valid JSON: ";

// ---- the known schema and its known results ----------------------------------

const BILLING_TEXT = JSON.stringify(BILLING);
const BILLING_FINGERPRINT = "53d067b085673367cc432567605a8ba122bc59017275137d73853ab757ce08d0";
const BILLING_CONTENT = { notify: false, plan: "team", seats: 12 };

/** The module still works: the billing schema's fingerprint and content are as known. */
function stillWorks(api, after) {
  equal(api.fingerprint(BILLING), BILLING_FINGERPRINT, `after ${after}: the billing fingerprint`);
  equal(api.contentFromAnswers(BILLING, BILLING_ANSWERS), BILLING_CONTENT, `after ${after}: the billing content`);
}

const WRONG = () => [
  ["a number", 5],
  ["null", null],
  ["undefined", undefined],
  ["an array", []],
  ["a Symbol", Symbol("abuse")],
  ["a function", () => BILLING],
];

function nest(depth, leaf) {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

function prototypeSnapshot() {
  return {
    names: Object.getOwnPropertyNames(Object.prototype).sort(),
    symbols: Object.getOwnPropertySymbols(Object.prototype).map(String).sort(),
    arrayNames: Object.getOwnPropertyNames(Array.prototype).sort(),
  };
}

function notPolluted(before, what) {
  equal(prototypeSnapshot(), before, `${what}: Object.prototype and Array.prototype unchanged`);
  for (const key of ["polluted", "type", "other_text", "selected", "x", "y"]) {
    ok(!(key in {}), `${what}: ({}).${key} is not there`);
  }
  ok(
    Object.getPrototypeOf({}) === Object.prototype && typeof {}.toString === "function",
    `${what}: ({}).toString intact`,
  );
}

const MiB = 1024 * 1024;
// A fresh instance's memory, with room: what "memory given back" means.
const GIVEN_BACK = 2 * MiB;

/**
 * The largest schema the profile admits: 16 enums of 32 members, every name,
 * title, description, value and label at its bound, in 4-byte characters
 * (its size in docs/performance.md, "Memory"), with an answer for each. A UI
 * round on it must never swap the instance (core.js's MEMORY_BOUND).
 */
function largestAdmitted() {
  const wide = "\u{1F600}";
  const properties = {};
  const answers = {};
  for (let p = 0; p < 16; p += 1) {
    const name = `p${p}`.padEnd(64, "x");
    const values = [];
    const labels = [];
    for (let m = 0; m < 32; m += 1) {
      values.push(String.fromCodePoint(0x41 + m) + wide.repeat(199));
      labels.push(String.fromCodePoint(0x61 + m) + wide.repeat(199));
    }
    properties[name] = {
      type: "string",
      title: wide.repeat(200),
      description: wide.repeat(2000),
      enum: values,
      enumNames: labels,
    };
    answers[name] = { selected: [labels[31]] };
  }
  return { schema: { type: "object", properties, required: Object.keys(properties) }, answers };
}

/**
 * The checks. `sizes`: `{ big }` bytes of the huge string, `{ warmup, calls }`
 * for the steady-memory check.
 */
export function abuseChecks(api, glue, sizes) {
  const { big, warmup, calls } = sizes;
  // The exports of the instance the package uses now: the glue is initialised,
  // so initSync ignores the (empty, not a wasm) bytes and gives them back.
  const current = () => glue.initSync({ module: new Uint8Array(0) });
  const memoryGivenBack = (after) => {
    const bytes = current().memory.buffer.byteLength;
    ok(bytes < GIVEN_BACK, `after ${after}: wasm memory is back under 2 MiB (${bytes} bytes)`);
  };
  const record = () => api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "decline", now: 0 });
  const elicitation = { serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: BILLING };

  return [
    [
      "the assertion helpers fail on each kind of disagreement and pass on agreement",
      () => {
        checkAssertions();
      },
    ],

    [
      `${warmup} + ${calls} calls (ok, refused, answer errors, type errors) leave the wasm memory at a steady size`,
      () => {
        // The glue is the instance the package uses: it is already initialised,
        // so initSync ignores the (empty, not a wasm) bytes and gives back its exports.
        const exports = glue.initSync({ module: new Uint8Array(0) });
        ok(exports && exports.memory instanceof WebAssembly.Memory, "initSync gives the existing exports, with memory");
        ok(glue.initSync({ module: new Uint8Array(0) }) === exports, "the same exports object each time");
        const credential = { type: "object", properties: { password: { type: "string" } } };
        const outOfRange = { ...BILLING_ANSWERS, seats: { other_text: "51" } };
        const mix = [
          () => equal(api.fingerprint(BILLING), BILLING_FINGERPRINT, "ok fingerprint"),
          () => equal(api.contentFromAnswers(BILLING_TEXT, BILLING_ANSWERS), BILLING_CONTENT, "ok content"),
          () => ok(thrown(() => api.questions(credential, "s"), "refusal").kind === "credential", "credential refusal"),
          () => ok(thrown(() => api.fingerprint("{"), "bad text").kind === "schema", "schema refusal"),
          () =>
            ok(
              thrown(() => api.contentFromAnswers(BILLING, outOfRange), "answer") instanceof api.AnswerError,
              "answer error",
            ),
          () => ok(thrown(() => api.questions(BILLING, 5), "type") instanceof TypeError, "type error"),
          () => ok(api.questions(BILLING, "billing").length === 3, "ok questions"),
        ];
        let i = 0;
        for (; i < warmup; i += 1) mix[i % mix.length]();
        const afterWarmup = exports.memory.buffer.byteLength;
        for (let j = 0; j < calls; j += 1, i += 1) mix[i % mix.length]();
        const afterCalls = exports.memory.buffer.byteLength;
        ok(
          afterCalls - afterWarmup <= 65536,
          `wasm memory grew from ${afterWarmup} to ${afterCalls} bytes over ${calls} calls (allowed: one 64 KiB page)`,
        );
        ok(current() === exports, `no fresh instance was swapped in over ${warmup + calls} ordinary calls`);
        stillWorks(api, "the call loop");
        return { afterWarmup, afterCalls };
      },
    ],

    [
      "cyclic schemas and cyclic answers: a schema refusal and a TypeError naming answers",
      () => {
        const schema = { type: "object", properties: {} };
        schema.properties.self = schema;
        for (const call of [
          () => api.parseRequestedSchema(schema),
          () => api.questions(schema, "s"),
          () => api.fingerprint(schema),
          () => api.pending({ ...elicitation, requestedSchema: schema }),
          () => api.answerForm({ ...elicitation, requestedSchema: schema }, null),
        ]) {
          schemaRefusal(api, call, [NOT_JSON], "cyclic schema");
          stillWorks(api, "a cyclic schema");
        }
        const answers = { plan: { selected: ["Team"] }, seats: { other_text: "2" } };
        answers.notify = { selected: ["No"], loop: answers };
        throwsTypeError(api, () => api.contentFromAnswers(BILLING, answers), "answers", "cyclic answers");
        const list = ["Team"];
        list.push(list);
        throwsTypeError(
          api,
          () => api.contentFromAnswers(BILLING, { plan: { selected: list } }),
          "answers",
          "cyclic selected list",
        );
        stillWorks(api, "cyclic answers");
      },
    ],

    [
      "BigInt values: a schema refusal (top level and nested) and a TypeError naming answers",
      () => {
        for (const schema of [
          10n,
          { ...BILLING, properties: { ...BILLING.properties, seats: { type: "integer", minimum: 1n } } },
        ]) {
          schemaRefusal(api, () => api.fingerprint(schema), [NOT_JSON], `BigInt schema ${show(schema)}`);
          stillWorks(api, "a BigInt schema");
        }
        for (const answers of [1n, { ...BILLING_ANSWERS, seats: { other_text: 12n } }]) {
          throwsTypeError(
            api,
            () => api.contentFromAnswers(BILLING, answers),
            "answers",
            `BigInt answers ${show(answers)}`,
          );
          stillWorks(api, "BigInt answers");
        }
      },
    ],

    [
      "Symbol, function and undefined values: refused at top level; nested, the result is what their JSON text gives",
      () => {
        for (const value of [Symbol("s"), () => BILLING, undefined]) {
          schemaRefusal(api, () => api.fingerprint(value), [NOT_JSON], `schema ${String(typeof value)}`);
          throwsTypeError(
            api,
            () => api.contentFromAnswers(BILLING, value),
            "answers",
            `answers ${String(typeof value)}`,
          );
          stillWorks(api, `a top-level ${typeof value}`);
        }
        const sym = Symbol("k");
        const nested = {
          ...BILLING,
          extra: () => 1,
          sym: Symbol("v"),
          gone: undefined,
          [sym]: "symbol key",
          properties: {
            ...BILLING.properties,
            fn: () => 1,
            also: Symbol("x"),
            none: undefined,
            plan: {
              ...BILLING.properties.plan,
              enum: ["pro", () => 1, "team"].filter((v) => typeof v === "string"),
              description: undefined,
            },
          },
        };
        const text = JSON.stringify(nested);
        equal(
          JSON.parse(text),
          JSON.parse(BILLING_TEXT),
          "JSON.stringify drops them: the text is the billing schema's",
        );
        equal(api.fingerprint(nested), api.fingerprint(text), "nested: fingerprint of the value is that of its text");
        equal(api.fingerprint(nested), BILLING_FINGERPRINT, "nested: the billing fingerprint");
        equal(api.questions(nested, "s"), api.questions(text, "s"), "nested: questions");
        // In arrays JSON.stringify writes null for them: what the text gives.
        const inArray = {
          ...BILLING,
          properties: { ...BILLING.properties, plan: { ...BILLING.properties.plan, enum: ["pro", () => 1] } },
        };
        equal(
          outcome(() => api.fingerprint(inArray)),
          outcome(() => api.fingerprint(JSON.stringify(inArray))),
          "a function in an array: as its text (null)",
        );
        const answers = {
          ...BILLING_ANSWERS,
          notify: { selected: ["No"], f: () => 1, s: Symbol("x"), u: undefined },
          extra: undefined,
        };
        equal(api.contentFromAnswers(BILLING, answers), BILLING_CONTENT, "nested in answers: dropped");
        equal(
          outcome(() => api.contentFromAnswers(BILLING, { ...BILLING_ANSWERS, seats: { other_text: () => "1" } })),
          outcome(() =>
            api.contentFromAnswers(BILLING, JSON.stringify({ ...BILLING_ANSWERS, seats: { other_text: () => "1" } })),
          ),
          "a function as other_text: what the text (without it) gives",
        );
        stillWorks(api, "nested symbols and functions");
      },
    ],

    [
      "a getter that throws: JSON.stringify's error becomes a schema refusal, or a TypeError naming answers, with the getter's message",
      () => {
        const schema = {
          type: "object",
          get properties() {
            throw new RangeError("getter says no");
          },
        };
        const error = schemaRefusal(api, () => api.fingerprint(schema), [NOT_JSON], "throwing getter in a schema");
        equal(error.message, `${NOT_JSON}getter says no`, "the getter's message");
        const nonError = {
          type: "object",
          get properties() {
            throw "a string";
          },
        }; // eslint-disable-line no-throw-literal
        equal(
          schemaRefusal(api, () => api.questions(nonError, "s"), [NOT_JSON], "getter throwing a non-Error").message,
          `${NOT_JSON}a string`,
          "a thrown non-Error is written as text",
        );
        const answers = {
          ...BILLING_ANSWERS,
          get seats() {
            throw new Error("answers getter");
          },
        };
        equal(
          throwsTypeError(api, () => api.contentFromAnswers(BILLING, answers), "answers", "throwing getter in answers")
            .message,
          "answers is not JSON: answers getter",
          "answers message",
        );
        const toJson = {
          toJSON() {
            throw new Error("toJSON says no");
          },
        };
        schemaRefusal(api, () => api.fingerprint(toJson), [NOT_JSON], "a throwing toJSON");
        stillWorks(api, "throwing getters");
      },
    ],

    [
      "Proxies: an ordinary Proxy gives what its target gives; a Proxy whose traps throw is refused, and the module still works",
      () => {
        const proxied = new Proxy(BILLING, {});
        equal(api.fingerprint(proxied), BILLING_FINGERPRINT, "a transparent proxy: the target's fingerprint");
        equal(api.questions(proxied, "s"), api.questions(BILLING, "s"), "a transparent proxy: the target's questions");
        equal(
          api.contentFromAnswers(new Proxy(BILLING, {}), new Proxy(BILLING_ANSWERS, {})),
          BILLING_CONTENT,
          "proxied schema and answers",
        );
        const deepProxy = (value) =>
          typeof value === "object" && value !== null
            ? new Proxy(value, { get: (t, k, r) => deepProxy(Reflect.get(t, k, r)) })
            : value;
        equal(api.fingerprint(deepProxy(BILLING)), BILLING_FINGERPRINT, "a proxy at every level");
        for (const trap of ["get", "ownKeys", "getOwnPropertyDescriptor", "has"]) {
          const hostile = new Proxy(BILLING, {
            [trap]() {
              throw new Error(`trap ${trap}`);
            },
          });
          const got = outcome(() => api.fingerprint(hostile));
          if (trap === "has") {
            equal(got, { value: BILLING_FINGERPRINT }, "JSON.stringify never asks `has`");
          } else {
            equal(got.message, `${NOT_JSON}trap ${trap}`, `a throwing ${trap} trap: a schema refusal with its message`);
            throwsTypeError(
              api,
              () =>
                api.contentFromAnswers(
                  BILLING,
                  new Proxy(BILLING_ANSWERS, {
                    [trap]() {
                      throw new Error("t");
                    },
                  }),
                ),
              "answers",
              `answers behind a throwing ${trap} trap`,
            );
          }
          stillWorks(api, `a throwing ${trap} trap`);
        }
        const { proxy, revoke } = Proxy.revocable({ ...BILLING }, {});
        revoke();
        schemaRefusal(api, () => api.fingerprint(proxy), [NOT_JSON], "a revoked proxy");
        throwsTypeError(api, () => api.questions(BILLING, new Proxy({}, {})), "serverName", "a proxy as serverName");
        stillWorks(api, "a revoked proxy");
      },
    ],

    [
      "frozen, sealed and null-prototype objects give what plain objects give",
      () => {
        const deepFreeze = (v) => {
          if (typeof v === "object" && v !== null) {
            Object.values(v).forEach(deepFreeze);
            Object.freeze(v);
          }
          return v;
        };
        const bare = (v) =>
          Array.isArray(v)
            ? v.map(bare)
            : typeof v === "object" && v !== null
              ? Object.assign(Object.create(null), Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bare(x)])))
              : v;
        const copy = () => JSON.parse(BILLING_TEXT);
        for (const [label, schema, answers] of [
          ["frozen", deepFreeze(copy()), deepFreeze(JSON.parse(JSON.stringify(BILLING_ANSWERS)))],
          ["sealed", Object.seal(copy()), Object.seal(JSON.parse(JSON.stringify(BILLING_ANSWERS)))],
          ["null-prototype", bare(copy()), bare(BILLING_ANSWERS)],
        ]) {
          equal(api.fingerprint(schema), BILLING_FINGERPRINT, `${label}: fingerprint`);
          equal(api.parseRequestedSchema(schema), api.parseRequestedSchema(BILLING), `${label}: parse`);
          equal(api.contentFromAnswers(schema, answers), BILLING_CONTENT, `${label}: content`);
          equal(
            api.pending({ ...elicitation, requestedSchema: schema }).fingerprint,
            BILLING_FINGERPRINT,
            `${label}: pending`,
          );
        }
        ok(Object.isFrozen(Object.freeze(Object.create(null))), "sanity");
        stillWorks(api, "frozen and null-prototype objects");
      },
    ],

    [
      "toJSON methods are read as JSON.stringify writes them",
      () => {
        const wrapper = { toJSON: () => BILLING };
        equal(api.fingerprint(wrapper), BILLING_FINGERPRINT, "a toJSON at top level gives its value");
        const decoy = { ...BILLING, toJSON: () => ({ type: "object" }) };
        equal(
          outcome(() => api.fingerprint(decoy)),
          outcome(() => api.fingerprint('{"type":"object"}')),
          "toJSON wins over own properties",
        );
        const textual = { toJSON: () => BILLING_TEXT };
        equal(
          outcome(() => api.fingerprint(textual)),
          outcome(() => api.fingerprint(JSON.stringify(textual))),
          "a toJSON giving text is a JSON string value, not schema text",
        );
        schemaRefusal(
          api,
          () => api.fingerprint(textual),
          ["requested schema is not an object"],
          "a JSON string value",
        );
        const nested = {
          ...BILLING,
          properties: { ...BILLING.properties, seats: { toJSON: () => BILLING.properties.seats } },
        };
        equal(api.fingerprint(nested), BILLING_FINGERPRINT, "a nested toJSON");
        const dated = { type: "object", properties: { when: { type: "string", default: new Date(0) } } };
        equal(
          outcome(() => api.fingerprint(dated)),
          outcome(() => api.fingerprint(JSON.stringify(dated))),
          "a Date becomes its ISO text",
        );
        const answers = {
          ...BILLING_ANSWERS,
          toJSON: () => ({ plan: { selected: ["Pro"] }, seats: { other_text: "4" }, notify: { selected: ["Yes"] } }),
        };
        equal(api.contentFromAnswers(BILLING, answers), { notify: true, plan: "pro", seats: 4 }, "answers' toJSON");
        const undefinedJson = { toJSON: () => undefined };
        schemaRefusal(api, () => api.fingerprint(undefinedJson), [NOT_JSON], "a toJSON giving undefined");
        stillWorks(api, "toJSON methods");
      },
    ],

    [
      "nesting 10,000 deep, as a value and as JSON text: refused as not JSON (never a stack overflow or a trap)",
      () => {
        const depth = 10000;
        const deep = nest(depth, "x");
        const asValue = {
          ...BILLING,
          properties: { ...BILLING.properties, notify: { ...BILLING.properties.notify, examples: deep } },
        };
        // JSON.stringify itself may run out of stack on the value (V8 does) — a
        // schema refusal with its message; if it does not, serde_json's
        // recursion limit refuses the text.
        schemaRefusal(
          api,
          () => api.fingerprint(asValue),
          [NOT_JSON, `${NOT_VALID_JSON}recursion limit exceeded`],
          "10,000 deep as a value",
        );
        stillWorks(api, "a deep value");
        const text = `{"type":"object","properties":{"a":{"type":"string","default":${"[".repeat(depth)}${"]".repeat(depth)}}}}`;
        schemaRefusal(
          api,
          () => api.fingerprint(text),
          [`${NOT_VALID_JSON}recursion limit exceeded`],
          "10,000 deep as text",
        );
        schemaRefusal(
          api,
          () => api.questions("[".repeat(depth), "s"),
          [`${NOT_VALID_JSON}recursion limit exceeded`],
          "10,000 open brackets",
        );
        schemaRefusal(
          api,
          () => api.fingerprint(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
          [`${NOT_VALID_JSON}recursion limit exceeded`],
          "10,000 nested objects as text",
        );
        throwsTypeError(
          api,
          () => api.contentFromAnswers(BILLING, `{"plan":${"[".repeat(depth)}${"]".repeat(depth)}}`),
          "answers",
          "deep answers text",
        );
        throwsTypeError(
          api,
          () => api.contentFromAnswers(BILLING, { plan: { selected: deep } }),
          "answers",
          "deep answers value",
        );
        stillWorks(api, "deep text");
      },
    ],

    [
      `a ${big / 1024 / 1024} MiB string as a title, a description or a message is refused over its bound, as schema text is not valid JSON, and as an answer comes back whole; after each, wasm memory is back under 2 MiB`,
      () => {
        const huge = "a".repeat(big);
        // Below a few MiB a call does not grow the memory past the package's bound.
        const givenBack = big >= 4 * MiB ? memoryGivenBack : () => {};
        const titled = { type: "object", properties: { a: { type: "string", title: huge } } };
        equal(
          outcome(() => api.fingerprint(titled)),
          {
            error: "FormRefusalError",
            kind: "outOfProfile",
            property: "a",
            message: "property 'a' is outside the form elicitation profile: title is longer than 200 characters",
          },
          "a huge title",
        );
        givenBack("a huge title");
        stillWorks(api, "a huge title");
        equal(
          outcome(() =>
            api.questions({ type: "object", properties: { a: { type: "string", description: huge } } }, "s"),
          ),
          {
            error: "FormRefusalError",
            kind: "outOfProfile",
            property: "a",
            message: "property 'a' is outside the form elicitation profile: description is longer than 2000 characters",
          },
          "a huge description",
        );
        givenBack("a huge description");
        stillWorks(api, "a huge description");
        schemaRefusal(
          api,
          () => api.fingerprint(huge),
          [`${NOT_VALID_JSON}expected value at line 1 column 1`],
          "huge garbage text",
        );
        givenBack("huge garbage text");
        stillWorks(api, "huge garbage text");
        const text = { type: "object", properties: { note: { type: "string" } } };
        // The backend bounds no answer text: a huge answer is given back whole.
        const grown = current();
        const answered = api.contentFromAnswers(text, { note: { other_text: huge } });
        ok(answered.note === huge, "a huge answer comes back whole");
        // The instance that read the answer keeps its memory at its peak (wasm
        // memory never shrinks); the package has swapped in a fresh one.
        const peak = grown.memory.buffer.byteLength;
        const after = current().memory.buffer.byteLength;
        // The answer is held at most twice at a time (its text and reading,
        // reading and answers, answers and content, content and reply): the
        // peak stays within 3x (issue 13; the measured peak is in
        // docs/performance.md, "Memory").
        ok(big < 16 * MiB || peak <= 3 * big, `a ${big / MiB} MiB answer peaked wasm memory at ${peak} bytes, over 3x`);
        givenBack("a huge answer");
        ok(big < 4 * MiB || current() !== grown, "a fresh instance serves the calls after a huge answer");
        equal(
          api.contentFromAnswers(BILLING, BILLING_ANSWERS),
          BILLING_CONTENT,
          "the next call, on the fresh instance",
        );
        givenBack("the call after a huge answer");
        equal([api.MAX_FORM_PROPERTIES, api.MAX_FORM_TEXT_CHARS], [16, 2000], "the bounds stay");
        ok(
          thrown(
            () => api.contentFromAnswers(BILLING, { seats: { other_text: "0" } }),
            "an answer error on the fresh instance",
          ) instanceof api.AnswerError,
          "AnswerError is still the class callers imported",
        );
        equal(
          outcome(() => api.pending({ ...elicitation, requestedSchema: text, message: huge })),
          {
            error: "FormRefusalError",
            kind: "message",
            property: undefined,
            message: "elicitation message is longer than 2000 characters",
          },
          "a huge elicitation message",
        );
        givenBack("a huge elicitation message");
        ok(api.namesACredential(huge) === false, "namesACredential reads a huge text");
        givenBack("namesACredential of a huge text");
        stillWorks(api, "a huge answer");
        return { answerPeak: peak, answerAfter: after };
      },
    ],

    [
      "the largest schema the profile admits: a UI round leaves the instance in place (its memory stays under the package's bound)",
      () => {
        const { schema, answers } = largestAdmitted();
        const before = current();
        const form = api.prepareForm(schema, "billing");
        equal(form.questions.length, 16, "16 questions");
        equal(Object.keys(form.contentFromAnswers(answers)).length, 16, "16 answers");
        equal(api.fingerprint(schema), form.fingerprint, "the same fingerprint from fingerprint()");
        ok(
          current() === before,
          `the same instance after the round (wasm memory ${before.memory.buffer.byteLength} bytes)`,
        );
        stillWorks(api, "the largest admitted schema");
        return { largestRound: before.memory.buffer.byteLength };
      },
    ],

    [
      "a `now` that calls the package back (a Date's getTime, Date.now) with a huge answer: the call in flight keeps its instance and answers right, then memory is given back",
      () => {
        const text = { type: "object", properties: { note: { type: "string" } } };
        const answer = "b".repeat(4 * MiB);
        const inner = () =>
          ok(api.contentFromAnswers(text, { note: { other_text: answer } }).note === answer, "the inner call's answer");
        const rec = api.recordFormAnswer({
          server: "s",
          tool: "t",
          fingerprint: BILLING_FINGERPRINT,
          action: "decline",
          now: 0,
        });
        class CallingBack extends Date {
          getTime() {
            inner();
            return super.getTime();
          }
        }
        const at = new CallingBack(1000);
        for (const [what, call, expected] of [
          ["appliesTo", () => api.appliesTo(rec, "s", "t", BILLING_FINGERPRINT, at), true],
          ["answerForm", () => api.answerForm(elicitation, rec, at).action, "decline"],
          [
            "recordFormAnswer",
            () =>
              api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "decline", now: at }).expires_at,
            "1970-01-01T00:30:01Z",
          ],
        ]) {
          const before = current();
          equal(call(), expected, `${what}, its now's getTime calling back`);
          ok(current() !== before, `${what}: a fresh instance after the outer call`);
          memoryGivenBack(`${what} with a calling-back now`);
        }
        const realNow = Date.now;
        try {
          Date.now = () => {
            inner();
            return realNow.call(Date);
          };
          const before = current();
          equal(api.answerForm(elicitation, null).action, "ask", "answerForm, Date.now calling back");
          ok(current() !== before, "Date.now calling back: a fresh instance after the outer call");
        } finally {
          Date.now = realNow;
        }
        memoryGivenBack("a calling-back Date.now");
        stillWorks(api, "calls back from now");
      },
    ],

    [
      "lone surrogates: in schema text and values a schema refusal, in names a TypeError, in answers a TypeError naming answers",
      () => {
        for (const [schema, says] of [
          [`{"type":"object","properties":{"a":{"type":"string","title":"\uD800"}}}`, NOT_VALID_JSON],
          [`{"type":"object","properties":{"\uDFFF":{"type":"string"}}}`, NOT_VALID_JSON],
          [{ type: "object", properties: { a: { type: "string", title: "x\uDC00y" } } }, NOT_VALID_JSON],
          [{ type: "object", properties: { ["\uD83D"]: { type: "string" } } }, NOT_VALID_JSON],
          [`{"type":"object","properties":{"a":{"type":"string","title":"\\ud800"}}}`, NOT_VALID_JSON],
        ]) {
          const error = schemaRefusal(api, () => api.fingerprint(schema), [says], `lone surrogate in ${show(schema)}`);
          ok(
            /surrogate|hex escape/.test(error.message),
            `says surrogate (or, for an escaped one, hex escape): ${error.message}`,
          );
          stillWorks(api, "a lone surrogate in a schema");
        }
        equal(
          api.fingerprint({ type: "object", properties: { a: { type: "string", title: "\uD83D\uDE00" } } }),
          api.fingerprint('{"type":"object","properties":{"a":{"type":"string","title":"\\ud83d\\ude00"}}}'),
          "a paired surrogate is fine",
        );
        for (const [call, argument] of [
          [() => api.questions(BILLING, "s\uD800"), "serverName"],
          [() => api.formAnswerStorageKey("\uDC00", "t"), "server"],
          [() => api.formAnswerStorageKey("s", "t\uDBFF"), "tool"],
          [() => api.namesACredential("pass\uD800word"), "text"],
          [() => api.appliesTo(record(), "s", "t", "f\uDC00"), "fingerprint"],
          [() => api.pending({ ...elicitation, message: "\uD800" }), "elicitation.message"],
          [() => api.fingerprint(BILLING, { profile: "\uD800" }), "options.profile"],
        ]) {
          throwsTypeError(api, call, argument, `lone surrogate in ${argument}`);
        }
        for (const answers of [
          { ...BILLING_ANSWERS, seats: { other_text: "1\uD800" } },
          { ...BILLING_ANSWERS, plan: { selected: ["\uDC00"] } },
          { ...BILLING_ANSWERS, ["\uD800"]: { other_text: "x" } },
          `{"plan":{"selected":["\\udc00"]}}`,
          `{"plan":{"selected":["\uDC00"]}}`,
        ]) {
          throwsTypeError(
            api,
            () => api.contentFromAnswers(BILLING, answers),
            "answers",
            `lone surrogate in answers ${show(answers)}`,
          );
        }
        stillWorks(api, "lone surrogates");
      },
    ],

    [
      "every argument of every function, given a number, null, undefined, an array, a Symbol or a function: a TypeError naming it (a schema refusal for a schema)",
      () => {
        const rec = record();
        for (const [label, value] of WRONG()) {
          const what = (argument) => `${argument} as ${label}`;
          // A schema is JSON text or a value; anything else is a schema refusal.
          for (const [fn, call] of [
            ["parseRequestedSchema", () => api.parseRequestedSchema(value)],
            ["questions", () => api.questions(value, "s")],
            ["fingerprint", () => api.fingerprint(value)],
            ["contentFromAnswers", () => api.contentFromAnswers(value, BILLING_ANSWERS)],
            ["pending", () => api.pending({ ...elicitation, requestedSchema: value })],
            ["answerForm", () => api.answerForm({ ...elicitation, requestedSchema: value }, null)],
          ]) {
            schemaRefusal(api, call, [NOT_JSON, "requested schema is not an object"], `${fn}: ${what("schema")}`);
          }
          const checks = [
            [() => api.questions(BILLING, value), "serverName"],
            [() => api.contentFromAnswers(BILLING, value), "answers"],
            [() => api.formAnswerStorageKey(value, "t"), "server"],
            [() => api.formAnswerStorageKey("s", value), "tool"],
            [() => api.namesACredential(value), "text"],
            [() => api.recordFormAnswer(value), "the record request"],
            [() => api.appliesTo(value, "s", "t", "f"), "record"],
            [() => api.appliesTo(rec, value, "t", "f"), "server"],
            [() => api.appliesTo(rec, "s", value, "f"), "tool"],
            [() => api.appliesTo(rec, "s", "t", value), "fingerprint"],
            [() => api.answerForm(value, null), "elicitation"],
            [() => api.pending(value), "elicitation"],
          ];
          for (const field of ["serverName", "toolName", "key", "message"]) {
            checks.push([() => api.pending({ ...elicitation, [field]: value }), `elicitation.${field}`]);
            checks.push([() => api.answerForm({ ...elicitation, [field]: value }, null), `elicitation.${field}`]);
          }
          for (const field of ["server", "tool", "fingerprint", "action"]) {
            checks.push([
              () =>
                api.recordFormAnswer({
                  server: "s",
                  tool: "t",
                  fingerprint: "f",
                  action: "decline",
                  [field]: value ?? 0,
                  now: 0,
                }),
              "the record request",
            ]);
          }
          // Optional arguments: undefined (and null for a record or now) mean "none".
          if (value !== undefined && value !== null) {
            checks.push([() => api.answerForm(elicitation, value), "record"]);
            for (const fn of ["parseRequestedSchema", "fingerprint"])
              checks.push([() => api[fn](BILLING, value), "options"]);
            checks.push([() => api.questions(BILLING, "s", value), "options"]);
            checks.push([() => api.contentFromAnswers(BILLING, BILLING_ANSWERS, value), "options"]);
            checks.push([() => api.fingerprint(BILLING, { profile: value }), "options.profile"]);
            // A Symbol or a function as answers is dropped by JSON.stringify: no answers.
            if (typeof value !== "symbol" && typeof value !== "function") {
              checks.push([
                () =>
                  api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "decline", answers: value }),
                "the record request",
              ]);
            }
            if (typeof value !== "number") {
              checks.push([() => api.appliesTo(rec, "s", "t", "f", value), "now"]);
              checks.push([() => api.answerForm(elicitation, null, value), "now"]);
              checks.push([
                () => api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "decline", now: value }),
                "now",
              ]);
            }
          }
          for (const [call, argument] of checks) {
            throwsTypeError(api, call, argument, what(argument));
          }
          stillWorks(api, `arguments as ${label}`);
        }
        // The optional ones really are optional.
        equal(api.answerForm(elicitation, null).action, "ask", "answerForm with no record asks");
        equal(
          api.answerForm(elicitation, undefined, undefined).action,
          "ask",
          "answerForm with undefined record and now asks",
        );
        equal(api.fingerprint(BILLING, undefined), BILLING_FINGERPRINT, "undefined options");
        equal(api.appliesTo(rec, "s", "t", "f", 5), true, "now as milliseconds");
      },
    ],

    [
      "__proto__, constructor and prototype keys in schemas and answers are own keys, and no prototype is polluted",
      () => {
        const before = prototypeSnapshot();
        const text =
          '{"type":"object","properties":{"__proto__":{"type":"string","title":"P"},"constructor":{"type":"integer","minimum":1},' +
          '"prototype":{"type":"boolean"},"polluted":{"type":"string","enum":["x","y"]}},"required":["__proto__"],' +
          '"__proto__":{"polluted":"schema"},"constructor":{"prototype":{"polluted":"schema"}}}';
        const value = JSON.parse(text);
        ok(
          Object.prototype.hasOwnProperty.call(value.properties, "__proto__"),
          "JSON.parse makes __proto__ an own key",
        );
        const answersText =
          '{"__proto__":{"other_text":"x","polluted":"answers"},"constructor":{"other_text":"3"},' +
          '"prototype":{"selected":["Yes"]},"polluted":{"selected":["y"]}}';
        const answers = JSON.parse(answersText);
        for (const [label, schema, given] of [
          ["text", text, answersText],
          ["values", value, answers],
          ["text and values", text, answers],
        ]) {
          const parsed = api.parseRequestedSchema(schema);
          equal(
            parsed.properties.map((p) => p.name),
            ["__proto__", "constructor", "polluted", "prototype"],
            `${label}: the properties by name`,
          );
          equal(api.fingerprint(schema), api.fingerprint(text), `${label}: one fingerprint`);
          const questions = api.questions(schema, "s");
          equal(
            questions.map((q) => q.id),
            ["__proto__", "constructor", "polluted", "prototype"],
            `${label}: question ids`,
          );
          const content = api.contentFromAnswers(schema, given);
          equal(
            Object.keys(content).sort(),
            ["__proto__", "constructor", "polluted", "prototype"],
            `${label}: content keys`,
          );
          ok(
            Object.prototype.hasOwnProperty.call(content, "__proto__") && content.__proto__ === "x",
            `${label}: __proto__ is an own data property "x"`,
          );
          ok(Object.getPrototypeOf(content) === Object.prototype, `${label}: content's prototype untouched`);
          equal(
            [content.constructor, content.prototype, content.polluted],
            [3, true, "y"],
            `${label}: the other values`,
          );
          const pend = api.pending({ ...elicitation, requestedSchema: schema });
          equal(
            pend.questions.map((q) => q.id),
            ["__proto__", "constructor", "polluted", "prototype"],
            `${label}: pending`,
          );
          const rec = api.recordFormAnswer({
            server: "s",
            tool: "t",
            fingerprint: pend.fingerprint,
            action: "accept",
            answers,
            now: Date.now(),
          });
          ok(
            Object.prototype.hasOwnProperty.call(rec.answers, "__proto__"),
            `${label}: the record's answers keep __proto__ as an own key`,
          );
          const answered = api.answerForm({ ...elicitation, requestedSchema: schema }, rec);
          equal(answered.action, "accept", `${label}: answerForm accepts the record`);
          equal(answered.content, content, `${label}: answerForm's content`);
          notPolluted(before, label);
        }
        // An answer for __proto__ that is not an answer object is a type error,
        // not a prototype swap.
        throwsTypeError(
          api,
          () => api.contentFromAnswers(text, '{"__proto__":5}'),
          "answers",
          "__proto__ answer that is a number",
        );
        const error = thrown(
          () => api.contentFromAnswers(text, '{"constructor":{"other_text":"0"},"__proto__":{"other_text":"x"}}'),
          "out of range",
        );
        equal([error.name, error.property], ["AnswerError", "constructor"], "an AnswerError about constructor");
        notPolluted(before, "the errors");
        stillWorks(api, "__proto__ keys");
      },
    ],
  ];
}

/** Runs every check; gives `{ name, ok, value?, error? }` each, for workerd. */
export function runAbuseChecks(api, glue, sizes) {
  const results = [];
  for (const [name, run] of abuseChecks(api, glue, sizes)) {
    try {
      const value = run();
      results.push({ name, ok: true, value });
    } catch (error) {
      results.push({
        name,
        ok: false,
        error: `${error?.name}: ${error?.message}\n${error?.stack ?? ""}`.slice(0, 4000),
      });
    }
  }
  return results;
}
