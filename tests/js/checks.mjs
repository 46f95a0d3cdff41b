// The package's JS suite, written once and run in every runtime: Node (ESM
// and require), workerd, Chromium (import map and bundle), Deno and Bun.
// `checks(api, backendVectorsText, profileVectorsText, mcp, ui)` gives named checks
// over the two vector files (tests/data/backend-vectors.jsonl,
// tests/data/mcp-2026-07-28-vectors.jsonl); `api` is the default entry
// ("elicit-form", the backend profile only) and `mcp` the
// "elicit-form/mcp-2026-07-28" entry (both profiles), each as a user imported
// it. Backend checks run on the default entry, profile checks on the mcp entry,
// and the split itself is checked: the default entry points to the mcp entry,
// and the mcp entry's backend answers are the default entry's. `ui` is
// `{ backend, mcp }`, the "elicit-form/ui" and "elicit-form/mcp-2026-07-28/ui"
// entries: each answers every vector as its full entry does, and has its API
// less the answers on record. Each check throws
// on the first disagreement. It uses no runtime API beyond the language, so it
// runs unchanged everywhere.

import { checkAssertions, equal, fail, ok, show, thrown, throwsTypeError } from "./assertions.mjs";

// ---- the vectors' Rust Debug text of a property kind ------------------------

/** Reads Rust Debug text such as `Number { integer: true, minimum: Some(1.0), maximum: None }`. */
function readDebug(text) {
  let at = 0;
  const skip = () => {
    while (text[at] === " ") at += 1;
  };
  const expect = (token) => {
    skip();
    if (!text.startsWith(token, at)) fail(`Debug text ${text}: expected ${token} at ${at}`);
    at += token.length;
  };
  const word = () => {
    skip();
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at));
    if (match === null) fail(`Debug text ${text}: expected a name at ${at}`);
    at += match[0].length;
    return match[0];
  };
  const string = () => {
    expect('"');
    let out = "";
    for (;;) {
      const c = text[at];
      at += 1;
      if (c === undefined) fail(`Debug text ${text}: unterminated string`);
      if (c === '"') return out;
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = text[at];
      at += 1;
      if (e === "u") {
        const close = text.indexOf("}", at);
        out += String.fromCodePoint(Number.parseInt(text.slice(at + 1, close), 16));
        at = close + 1;
      } else {
        out += { n: "\n", t: "\t", r: "\r", 0: "\0", "\\": "\\", '"': '"', "'": "'" }[e] ?? fail(`escape \\${e}`);
      }
    }
  };
  const value = () => {
    skip();
    const c = text[at];
    if (c === '"') return string();
    if (c === "[") {
      at += 1;
      const items = [];
      skip();
      while (text[at] !== "]") {
        items.push(value());
        skip();
        if (text[at] === ",") at += 1;
        skip();
      }
      at += 1;
      return items;
    }
    if (/[-0-9]/.test(c)) {
      const match = /^-?[0-9][0-9.e+-]*/.exec(text.slice(at));
      at += match[0].length;
      return Number(match[0]);
    }
    const name = word();
    if (name === "true" || name === "false") return name === "true";
    if (name === "None") return null;
    if (name === "Some") {
      expect("(");
      const inner = value();
      expect(")");
      return inner;
    }
    const fields = { kind: name.toLowerCase() };
    expect("{");
    skip();
    while (text[at] !== "}") {
      const field = word();
      expect(":");
      fields[field] = value();
      skip();
      if (text[at] === ",") at += 1;
      skip();
    }
    at += 1;
    return fields;
  };
  const result = value();
  skip();
  if (at !== text.length) fail(`Debug text ${text}: trailing text at ${at}`);
  return result;
}

/** The vector's property in the shape of `parseRequestedSchema`'s view. */
function expectedProperty(property) {
  const { kind, ...rest } = property;
  return { ...rest, ...readDebug(kind) };
}

// ---- the opt-in MCP 2026-07-28 profile --------------------------------------

const SPEC = { profile: "mcp-2026-07-28" };

const SPEC_FORM = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", minLength: 2, maxLength: 20, default: "Ann" },
    email: { type: "string", format: "email", description: "Where to write" },
    when: { type: "string", format: "date" },
    site: { type: "string", format: "uri" },
    age: { type: "integer", minimum: 0, maximum: 120, default: 30 },
    ratio: { type: "number", minimum: 0.5 },
    notify: { type: "boolean", default: true },
    size: {
      type: "string",
      oneOf: [
        { const: "s", title: "Small" },
        { const: "l", title: "Large" },
      ],
      default: "l",
    },
    plan: { type: "string", enum: ["pro", "team"], enumNames: ["Pro", "Team"] },
    tier: { type: "string", enum: ["a", "b"] },
    colors: {
      type: "array",
      items: {
        anyOf: [
          { const: "r", title: "Red" },
          { const: "b", title: "Blue" },
        ],
      },
      minItems: 1,
      maxItems: 2,
      default: ["b"],
    },
    tags: { type: "array", items: { type: "string", enum: ["x", "y", "z"] }, maxItems: 2 },
  },
  required: ["email"],
};

const SPEC_OPTIONS = (...pairs) => pairs.map(([value, label]) => ({ value, label }));

// ---- the checks -------------------------------------------------------------

/** The backend's billing example and a person's answers to it (the abuse suite uses them too). */
export const BILLING = {
  type: "object",
  properties: {
    plan: { type: "string", title: "Plan", enum: ["pro", "team"], enumNames: ["Pro", "Team"] },
    seats: { type: "integer", title: "Seats", minimum: 1, maximum: 50 },
    notify: { type: "boolean", title: "Notify me", default: true },
  },
  required: ["plan", "seats"],
};

export const BILLING_ANSWERS = {
  plan: { selected: ["Team"] },
  seats: { other_text: " 12 " },
  notify: { selected: ["No"] },
};

const CREDENTIAL = { type: "object", properties: { apiKey: { type: "string" } } };
const OUT_OF_PROFILE = { type: "object", properties: { tags: { type: "array" } } };

function refusalFields(error) {
  return { kind: error.kind, property: error.property, reason: error.reason, message: error.message };
}

function expectRefusal(api, call, refused, what) {
  const error = thrown(call, what);
  ok(
    error instanceof api.FormRefusalError,
    `${what}: expected FormRefusalError, got ${error?.name}: ${error?.message}`,
  );
  equal(
    refusalFields(error),
    {
      kind: refused.kind,
      property: refused.property ?? undefined,
      reason: refused.reason ?? undefined,
      message: refused.message,
    },
    what,
  );
}

/** A call that must work, after any error before it. */
function stillWorks(api) {
  equal(
    api.contentFromAnswers(BILLING, BILLING_ANSWERS),
    { notify: false, plan: "team", seats: 12 },
    "the next call after an error works",
  );
}

/** The vectors of one JSONL file. */
function readVectors(text) {
  return (text ?? "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

/** How many vectors the mcp-2026-07-28 file holds, by op and outcome, so that a truncated file fails. */
const PROFILE_VECTOR_GROUPS = { "parse ok": 111, "parse refused": 203, "content ok": 113, "content err": 146 };

/** What the default entry says to `{ profile: "mcp-2026-07-28" }` (worded in Rust, src/profile.rs). */
export const NOT_IN_THIS_BUILD =
  'options.profile: "mcp-2026-07-28" is not in this build, which has the backend profile only; ' +
  "import elicit-form/mcp-2026-07-28 (or build the crate with its feature mcp-2026-07-28)";

/** What a call gives: `{ ok }`, or the error's class name and fields. */
function outcome(call) {
  try {
    return { ok: call() };
  } catch (error) {
    const { name, kind, property, reason, message } = error ?? {};
    return { error: { name, kind, property, reason, message } };
  }
}

/** The names the full entries export; a ui entry has them less the answers on record. */
const FULL_EXPORTS = [
  "AnswerError",
  "FORM_ANSWER_TTL_MS",
  "FormRefusalError",
  "MAX_FORM_ENUM_MEMBERS",
  "MAX_FORM_PROPERTIES",
  "MAX_FORM_PROPERTY_NAME_CHARS",
  "MAX_FORM_TEXT_CHARS",
  "MAX_FORM_TITLE_CHARS",
  "answerForm",
  "appliesTo",
  "contentFromAnswers",
  "fingerprint",
  "formAnswerStorageKey",
  "init",
  "initSync",
  "namesACredential",
  "parseRequestedSchema",
  "pending",
  "prepareForm",
  "questions",
  "recordFormAnswer",
];
const RECORD_EXPORTS = ["answerForm", "appliesTo", "recordFormAnswer"];
const exportedNames = (entry) =>
  Object.keys(entry)
    .filter((k) => k !== "default" && k !== "module.exports")
    .sort();

export function checks(api, vectorsText, profileVectorsText, mcp, ui = {}) {
  const vectors = readVectors(vectorsText);
  const ofOp = (op, outcome) => vectors.filter((v) => v.op === op && outcome in v.expect);
  const profileVectors = readVectors(profileVectorsText);
  const profileOfOp = (op, outcome) => profileVectors.filter((v) => v.op === op && outcome in v.expect);

  return [
    [
      "the assertion helpers fail on each kind of disagreement and pass on agreement",
      () => {
        checkAssertions();
      },
    ],

    [
      "the backend vector file is complete: 2573 vectors in five groups",
      () => {
        equal(vectors.length, 2573, "vectors");
        equal(
          [
            ofOp("parse", "ok").length,
            ofOp("parse", "refused").length,
            ofOp("content", "ok").length,
            ofOp("content", "err").length,
            ofOp("key", "ok").length + ofOp("names_a_credential", "ok").length,
          ],
          [498, 1145, 567, 292, 71],
          "vectors per group",
        );
      },
    ],

    [
      "every accepted schema vector gives the backend's questions, fingerprint and properties",
      () => {
        for (const v of ofOp("parse", "ok")) {
          const what = `parse vector ${v.schema_text.slice(0, 120)}`;
          equal(api.questions(v.schema_text, v.server), v.expect.ok.questions, `${what}: questions`);
          equal(api.fingerprint(v.schema_text), v.expect.ok.fingerprint, `${what}: fingerprint`);
          equal(
            api.parseRequestedSchema(v.schema_text),
            { properties: v.expect.ok.properties.map(expectedProperty) },
            `${what}: properties`,
          );
        }
      },
    ],

    [
      "every refused schema vector throws FormRefusalError with the backend's kind, property, reason and message",
      () => {
        for (const v of ofOp("parse", "refused")) {
          const what = `refusal vector ${v.schema_text.slice(0, 120)}`;
          expectRefusal(api, () => api.parseRequestedSchema(v.schema_text), v.expect.refused, `${what}: parse`);
          expectRefusal(api, () => api.questions(v.schema_text, v.server), v.expect.refused, `${what}: questions`);
          expectRefusal(api, () => api.fingerprint(v.schema_text), v.expect.refused, `${what}: fingerprint`);
        }
      },
    ],

    [
      "every content vector gives the backend's content as JS values, or AnswerError with its message and property",
      () => {
        for (const v of vectors.filter((vector) => vector.op === "content")) {
          const what = `content vector ${v.schema_text.slice(0, 100)} ${show(v.answers).slice(0, 100)}`;
          if ("ok" in v.expect) {
            equal(api.contentFromAnswers(v.schema_text, v.answers), v.expect.ok, what);
            equal(
              api.contentFromAnswers(v.schema_text, JSON.stringify(v.answers)),
              v.expect.ok,
              `${what} (answers as text)`,
            );
            continue;
          }
          const error = thrown(() => api.contentFromAnswers(v.schema_text, v.answers), what);
          ok(error instanceof api.AnswerError, `${what}: expected AnswerError, got ${error?.name}: ${error?.message}`);
          equal(error.message, v.expect.err, `${what}: message`);
          ok(
            typeof error.property === "string" && error.message.startsWith(`'${error.property}'`),
            `${what}: property ${show(error.property)} is the one the message names`,
          );
          ok(v.schema_text.includes(JSON.stringify(error.property)), `${what}: property is in the schema`);
        }
      },
    ],

    [
      "prepareForm gives every schema vector's questions and fingerprint in one call, or its refusal",
      () => {
        for (const v of ofOp("parse", "ok")) {
          const what = `parse vector ${v.schema_text.slice(0, 120)}`;
          const form = api.prepareForm(v.schema_text, v.server);
          equal(form.questions, v.expect.ok.questions, `${what}: prepareForm questions`);
          equal(form.fingerprint, v.expect.ok.fingerprint, `${what}: prepareForm fingerprint`);
          ok(Object.isFrozen(form), `${what}: the prepared form is frozen`);
        }
        for (const v of ofOp("parse", "refused")) {
          const what = `refusal vector ${v.schema_text.slice(0, 120)}`;
          expectRefusal(api, () => api.prepareForm(v.schema_text, v.server), v.expect.refused, `${what}: prepareForm`);
        }
      },
    ],

    [
      "a prepared form's contentFromAnswers gives every content vector's content or AnswerError",
      () => {
        for (const v of vectors.filter((vector) => vector.op === "content")) {
          const what = `content vector ${v.schema_text.slice(0, 100)} ${show(v.answers).slice(0, 100)}`;
          // Questions of some other schema between preparing and answering:
          // the answers are still read against the prepared schema.
          const form = api.prepareForm(v.schema_text, "billing");
          api.questions(BILLING, "billing");
          if ("ok" in v.expect) {
            equal(form.contentFromAnswers(v.answers), v.expect.ok, what);
            equal(form.contentFromAnswers(JSON.stringify(v.answers)), v.expect.ok, `${what} (answers as text)`);
            continue;
          }
          const error = thrown(() => form.contentFromAnswers(v.answers), what);
          ok(error instanceof api.AnswerError, `${what}: expected AnswerError, got ${error?.name}: ${error?.message}`);
          equal(error.message, v.expect.err, `${what}: message`);
        }
      },
    ],

    [
      "a prepared form answers the schema as it was prepared, and checks its arguments",
      () => {
        const schema = structuredClone(BILLING);
        const form = api.prepareForm(schema, "billing");
        schema.properties.seats.maximum = 5;
        equal(
          form.contentFromAnswers(BILLING_ANSWERS),
          { notify: false, plan: "team", seats: 12 },
          "a later change to the schema object does not reach the prepared form",
        );
        equal(form.fingerprint, api.fingerprint(BILLING), "the fingerprint is the prepared schema's");
        ok(form.fingerprint !== api.fingerprint(schema), "the changed schema has another fingerprint");
        const spec = mcp.prepareForm(BILLING, "billing", { profile: "mcp-2026-07-28" });
        equal(spec.fingerprint, mcp.fingerprint(BILLING, { profile: "mcp-2026-07-28" }), "the profile's fingerprint");
        equal(
          spec.questions,
          mcp.questions(BILLING, "billing", { profile: "mcp-2026-07-28" }),
          "the profile's questions",
        );
        throwsTypeError(api, () => api.prepareForm(BILLING, 7), "serverName", "prepareForm(schema, 7)");
        throwsTypeError(
          api,
          () => api.prepareForm(BILLING, "billing", { profile: "nope" }),
          "options.profile",
          "prepareForm with an unknown profile",
        );
        throwsTypeError(api, () => form.contentFromAnswers([]), "answers", "contentFromAnswers([])");
        expectRefusal(
          api,
          () => api.prepareForm(CREDENTIAL, "billing"),
          {
            kind: "credential",
            property: "apiKey",
            reason: undefined,
            message: thrown(() => api.fingerprint(CREDENTIAL)).message,
          },
          "a credential schema",
        );
        stillWorks(api);
      },
    ],

    [
      "every storage key and credential-name vector matches the backend",
      () => {
        for (const v of ofOp("key", "ok")) {
          equal(api.formAnswerStorageKey(v.server, v.tool), v.expect.ok, `key ${v.server} ${v.tool}`);
        }
        for (const v of ofOp("names_a_credential", "ok")) {
          equal(api.namesACredential(v.text), v.expect.ok, `namesACredential(${show(v.text)})`);
        }
      },
    ],

    [
      "the default entry has the backend profile only: mcp-2026-07-28 is a TypeError naming its entry, and it stays usable",
      () => {
        const asked = {
          serverName: "billing",
          toolName: "buy",
          key: "k",
          message: "How many?",
          requestedSchema: BILLING,
        };
        const record = mcp.recordFormAnswer(
          {
            server: "billing",
            tool: "buy",
            fingerprint: mcp.fingerprint(BILLING, SPEC),
            action: "accept",
            answers: BILLING_ANSWERS,
            now: 0,
          },
          SPEC,
        );
        const calls = {
          parseRequestedSchema: () => api.parseRequestedSchema(BILLING, SPEC),
          questions: () => api.questions(BILLING, "billing", SPEC),
          fingerprint: () => api.fingerprint(BILLING, SPEC),
          contentFromAnswers: () => api.contentFromAnswers(BILLING, BILLING_ANSWERS, SPEC),
          prepareForm: () => api.prepareForm(BILLING, "billing", SPEC),
          recordFormAnswer: () =>
            api.recordFormAnswer(
              {
                server: "billing",
                tool: "buy",
                fingerprint: record.fingerprint,
                action: "accept",
                answers: BILLING_ANSWERS,
                now: 0,
              },
              SPEC,
            ),
          appliesTo: () => api.appliesTo(record, "billing", "buy", record.fingerprint, 60_000, SPEC),
          answerForm: () => api.answerForm(asked, record, 60_000, SPEC),
          pending: () => api.pending(asked, SPEC),
        };
        for (const [name, call] of Object.entries(calls)) {
          const error = throwsTypeError(
            api,
            call,
            "options.profile",
            `${name} under mcp-2026-07-28 in the default entry`,
          );
          equal(error.message, NOT_IN_THIS_BUILD, `${name}: the message points to the mcp-2026-07-28 entry`);
          stillWorks(api);
        }
        equal(
          api.fingerprint(BILLING, { profile: "backend" }),
          mcp.fingerprint(BILLING),
          "the backend profile by name still works",
        );
      },
    ],

    [
      "the mcp-2026-07-28 entry is a module of its own: its backend answers are the default entry's, its errors are instances of both",
      () => {
        ok(
          mcp !== api && mcp.fingerprint !== api.fingerprint && mcp.FormRefusalError !== api.FormRefusalError,
          "two module graphs, two copies of the functions and classes",
        );
        equal(mcp.fingerprint(BILLING), api.fingerprint(BILLING), "the billing schema's backend fingerprint");
        equal(
          mcp.fingerprint(BILLING, { profile: "backend" }),
          api.fingerprint(BILLING),
          "the backend profile by name",
        );
        equal(mcp.questions(BILLING, "billing"), api.questions(BILLING, "billing"), "the billing questions");
        equal(mcp.parseRequestedSchema(BILLING), api.parseRequestedSchema(BILLING), "the billing view");
        equal(
          mcp.contentFromAnswers(BILLING, BILLING_ANSWERS),
          api.contentFromAnswers(BILLING, BILLING_ANSWERS),
          "the billing content",
        );
        const asked = {
          serverName: "billing",
          toolName: "buy",
          key: "k",
          message: "How many?",
          requestedSchema: BILLING,
        };
        equal(mcp.pending(asked), api.pending(asked), "pending");
        const record = api.recordFormAnswer({
          server: "billing",
          tool: "buy",
          fingerprint: api.fingerprint(BILLING),
          action: "accept",
          answers: BILLING_ANSWERS,
          now: 0,
        });
        equal(
          mcp.recordFormAnswer({
            server: "billing",
            tool: "buy",
            fingerprint: api.fingerprint(BILLING),
            action: "accept",
            answers: BILLING_ANSWERS,
            now: 0,
          }),
          record,
          "the recorded answer",
        );
        equal(
          mcp.answerForm(asked, record, 60_000),
          api.answerForm(asked, record, 60_000),
          "a default-entry record answers in the mcp entry",
        );
        ok(mcp.fingerprint(BILLING, SPEC) !== api.fingerprint(BILLING), "and it has the second profile");
        const refused = thrown(() => mcp.questions(CREDENTIAL, "billing"), "a credential in the mcp entry");
        ok(
          refused instanceof api.FormRefusalError && refused instanceof mcp.FormRefusalError,
          "a refusal is an instance of both classes",
        );
        equal(
          refusalFields(refused),
          refusalFields(thrown(() => api.questions(CREDENTIAL, "billing"), "a credential")),
          "the same refusal",
        );
        const wrong = thrown(
          () => mcp.contentFromAnswers(BILLING, { ...BILLING_ANSWERS, seats: { other_text: "51" } }),
          "seats 51",
        );
        ok(
          wrong instanceof api.AnswerError && wrong instanceof mcp.AnswerError,
          "an answer error is an instance of both classes",
        );
        stillWorks(mcp);
        stillWorks(api);
      },
    ],

    [
      "the mcp-2026-07-28 entry gives every backend vector's answers too",
      () => {
        for (const v of ofOp("parse", "ok")) {
          const what = `mcp entry, parse vector ${v.schema_text.slice(0, 120)}`;
          equal(mcp.questions(v.schema_text, v.server), v.expect.ok.questions, `${what}: questions`);
          equal(mcp.fingerprint(v.schema_text), v.expect.ok.fingerprint, `${what}: fingerprint`);
          equal(
            mcp.parseRequestedSchema(v.schema_text),
            { properties: v.expect.ok.properties.map(expectedProperty) },
            `${what}: properties`,
          );
        }
        for (const v of ofOp("parse", "refused")) {
          expectRefusal(
            mcp,
            () => mcp.fingerprint(v.schema_text),
            v.expect.refused,
            `mcp entry, refusal vector ${v.schema_text.slice(0, 120)}`,
          );
        }
        for (const v of vectors.filter((vector) => vector.op === "content")) {
          const what = `mcp entry, content vector ${v.schema_text.slice(0, 100)} ${show(v.answers).slice(0, 100)}`;
          if ("ok" in v.expect) {
            equal(mcp.contentFromAnswers(v.schema_text, v.answers), v.expect.ok, what);
            continue;
          }
          const error = thrown(() => mcp.contentFromAnswers(v.schema_text, v.answers), what);
          ok(error instanceof mcp.AnswerError, `${what}: expected AnswerError, got ${error?.name}: ${error?.message}`);
          equal(error.message, v.expect.err, `${what}: message`);
        }
        stillWorks(mcp);
      },
    ],

    [
      "the mcp-2026-07-28 vector file is complete, every line under that profile",
      () => {
        const groups = {};
        for (const v of profileVectors) {
          equal(v.profile, "mcp-2026-07-28", "each line's profile");
          const group = `${v.op} ${Object.keys(v.expect)[0]}`;
          groups[group] = (groups[group] ?? 0) + 1;
        }
        equal(groups, PROFILE_VECTOR_GROUPS, "mcp-2026-07-28 vectors per group");
      },
    ],

    [
      "every mcp-2026-07-28 schema vector gives the recorded questions, fingerprint and properties, or its refusal",
      () => {
        for (const v of profileOfOp("parse", "ok")) {
          const what = `mcp-2026-07-28 parse vector ${v.schema_text.slice(0, 120)}`;
          equal(
            mcp.parseRequestedSchema(v.schema_text, SPEC),
            { properties: v.expect.ok.properties },
            `${what}: properties`,
          );
          equal(mcp.questions(v.schema_text, v.server, SPEC), v.expect.ok.questions, `${what}: questions`);
          equal(mcp.fingerprint(v.schema_text, SPEC), v.expect.ok.fingerprint, `${what}: fingerprint`);
          const form = mcp.prepareForm(v.schema_text, v.server, SPEC);
          equal(
            [form.questions, form.fingerprint],
            [v.expect.ok.questions, v.expect.ok.fingerprint],
            `${what}: prepareForm`,
          );
        }
        for (const v of profileOfOp("parse", "refused")) {
          const what = `mcp-2026-07-28 refusal vector ${v.schema_text.slice(0, 120)}`;
          expectRefusal(mcp, () => mcp.parseRequestedSchema(v.schema_text, SPEC), v.expect.refused, `${what}: parse`);
          expectRefusal(
            mcp,
            () => mcp.questions(v.schema_text, v.server, SPEC),
            v.expect.refused,
            `${what}: questions`,
          );
          expectRefusal(mcp, () => mcp.fingerprint(v.schema_text, SPEC), v.expect.refused, `${what}: fingerprint`);
          expectRefusal(
            mcp,
            () => mcp.prepareForm(v.schema_text, v.server, SPEC),
            v.expect.refused,
            `${what}: prepareForm`,
          );
        }
        stillWorks(mcp);
      },
    ],

    [
      "every mcp-2026-07-28 content vector gives the recorded content, or AnswerError with its message and property",
      () => {
        for (const v of profileVectors.filter((vector) => vector.op === "content")) {
          const what = `mcp-2026-07-28 content vector ${v.schema_text.slice(0, 100)} ${show(v.answers).slice(0, 100)}`;
          const form = mcp.prepareForm(v.schema_text, "billing", SPEC);
          if ("ok" in v.expect) {
            equal(mcp.contentFromAnswers(v.schema_text, v.answers, SPEC), v.expect.ok, what);
            equal(form.contentFromAnswers(v.answers), v.expect.ok, `${what} (prepared)`);
            continue;
          }
          for (const [how, call] of [
            ["", () => mcp.contentFromAnswers(v.schema_text, v.answers, SPEC)],
            [" (prepared)", () => form.contentFromAnswers(v.answers)],
          ]) {
            const error = thrown(call, `${what}${how}`);
            ok(
              error instanceof mcp.AnswerError,
              `${what}${how}: expected AnswerError, got ${error?.name}: ${error?.message}`,
            );
            equal(error.message, v.expect.err, `${what}${how}: message`);
            ok(
              typeof error.property === "string" && error.message.startsWith(`'${error.property}'`),
              `${what}${how}: property ${show(error.property)} is the one the message names`,
            );
          }
        }
        stillWorks(mcp);
      },
    ],

    [
      "a schema value gives exactly what its JSON.stringify text gives",
      () => {
        // A string argument is JSON text by definition, so a schema whose JSON
        // value is a string can only be passed as text.
        const values = vectors.filter((vector) => vector.op === "parse" && typeof vector.schema !== "string");
        ok(values.length > 1600, "nearly every parse vector has a non-string schema value");
        for (const v of values) {
          const text = JSON.stringify(v.schema);
          const outcome = (schema) => {
            try {
              return { questions: api.questions(schema, v.server), fingerprint: api.fingerprint(schema) };
            } catch (error) {
              return { error: error.name, ...refusalFields(error) };
            }
          };
          equal(outcome(v.schema), outcome(text), `schema value ${text.slice(0, 120)}`);
        }
      },
    ],

    [
      "FormRefusalError carries name, kind, property, reason and the backend's message",
      () => {
        const credential = thrown(() => api.questions(CREDENTIAL, "billing"), "credential");
        ok(
          credential instanceof api.FormRefusalError && credential instanceof Error,
          "an Error and a FormRefusalError",
        );
        equal(credential.name, "FormRefusalError", "name");
        equal(
          refusalFields(credential),
          {
            kind: "credential",
            property: "apiKey",
            reason: undefined,
            message:
              "property 'apiKey' asks for a credential; Everruns does not collect credentials " +
              "through form elicitation. The server should use URL mode elicitation instead",
          },
          "credential refusal",
        );
        equal(
          refusalFields(thrown(() => api.parseRequestedSchema(OUT_OF_PROFILE), "out of profile")),
          {
            kind: "outOfProfile",
            property: "tags",
            reason: 'type "array" is not a primitive',
            message: "property 'tags' is outside the form elicitation profile: type \"array\" is not a primitive",
          },
          "out-of-profile refusal",
        );
        equal(
          refusalFields(thrown(() => api.fingerprint({ type: "object" }), "schema")),
          {
            kind: "schema",
            property: undefined,
            reason: "has no properties",
            message: "requested schema has no properties",
          },
          "schema refusal",
        );
        ok(typeof credential.stack === "string", "it has a stack");
        ok(!(credential instanceof api.AnswerError), "not an AnswerError");
      },
    ],

    [
      "AnswerError carries name, property and the backend's message",
      () => {
        const error = thrown(
          () => api.contentFromAnswers(BILLING, { ...BILLING_ANSWERS, seats: { other_text: "51" } }),
          "answer",
        );
        ok(error instanceof api.AnswerError && error instanceof Error, "an Error and an AnswerError");
        ok(!(error instanceof api.FormRefusalError), "not a FormRefusalError");
        equal(
          [error.name, error.property, error.message],
          ["AnswerError", "seats", "'seats' is out of range"],
          "fields",
        );
      },
    ],

    [
      "the error classes can be constructed and subclassed by hosts",
      () => {
        const refusal = new api.FormRefusalError("requested schema x", { kind: "schema", reason: "x" });
        equal(
          [refusal.name, refusal.kind, refusal.property, refusal.reason, refusal.message],
          ["FormRefusalError", "schema", undefined, "x", "requested schema x"],
          "a host-made refusal",
        );
        ok(refusal instanceof api.FormRefusalError, "instanceof its class");
        class Mine extends api.AnswerError {}
        const mine = new Mine("'a' has no text", { property: "a" });
        ok(mine instanceof Mine && mine instanceof api.AnswerError, "a subclass instance is both");
        ok(
          !(new api.AnswerError("'a' has no text", { property: "a" }) instanceof Mine),
          "a base instance is not the subclass",
        );
      },
    ],

    [
      "a schema that is not JSON (bad text, a cycle, a BigInt, a function, undefined) is a schema refusal that says so",
      () => {
        const cycle = { type: "object" };
        cycle.properties = { self: cycle };
        for (const [schema, says] of [
          ["{", "requested schema is not valid JSON: "],
          ['{"type": "object"} x', "requested schema is not valid JSON: "],
          [cycle, "requested schema is not JSON: "],
          [{ type: "object", properties: { n: { type: "integer", minimum: 1n } } }, "requested schema is not JSON: "],
          [() => BILLING, "requested schema is not JSON: "],
          [undefined, "requested schema is not JSON: "],
          [Symbol("s"), "requested schema is not JSON: "],
          ['{"type": "object", "title": "\uD800"}', "requested schema is not valid JSON: "],
        ]) {
          for (const call of [
            () => api.parseRequestedSchema(schema),
            () => api.questions(schema, "s"),
            () => api.fingerprint(schema),
          ]) {
            const error = thrown(call, `schema ${String(typeof schema)}`);
            ok(
              error instanceof api.FormRefusalError,
              `${show(schema)}: FormRefusalError, got ${error?.name}: ${error?.message}`,
            );
            equal([error.kind, error.property], ["schema", undefined], `${show(schema)}: kind and property`);
            ok(
              error.message.startsWith(says) && error.message === `requested schema ${error.reason}`,
              `${show(schema)}: message ${error.message}`,
            );
          }
        }
        const loneInValue = thrown(
          () => api.fingerprint({ type: "object", properties: { a: { type: "string", title: "\uDC00" } } }),
          "lone surrogate in a value",
        );
        equal(loneInValue.kind, "schema", "a lone surrogate in a schema value is a schema refusal");
        stillWorks(api);
      },
    ],

    [
      "answers that are not JSON or not an object of answers are a TypeError naming answers",
      () => {
        const cycle = {};
        cycle.self = cycle;
        for (const answers of [
          5,
          null,
          [],
          "[",
          '{"seats": 1}',
          { seats: { selected: "Team" } },
          { seats: { other_text: 5 } },
          cycle,
          { seats: { other_text: 1n } },
          undefined,
          () => 1,
          '{"a": {"other_text": "\uD800"}}',
        ]) {
          throwsTypeError(api, () => api.contentFromAnswers(BILLING, answers), "answers", `answers ${show(answers)}`);
        }
        stillWorks(api);
      },
    ],

    [
      "wrong argument types throw TypeError naming the argument",
      () => {
        const record = api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "decline", now: 0 });
        const elicitation = { serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: BILLING };
        for (const [call, mentions] of [
          [() => api.questions(BILLING, 7), "serverName"],
          [() => api.questions(BILLING), "serverName"],
          [() => api.questions(BILLING, { toString: () => "s" }), "serverName"],
          [() => api.formAnswerStorageKey(1, "t"), "server"],
          [() => api.formAnswerStorageKey("s", null), "tool"],
          [() => api.namesACredential(undefined), "text"],
          [() => api.recordFormAnswer(null), "record request"],
          [() => api.recordFormAnswer("x"), "record request"],
          [() => api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "maybe" }), "record request"],
          [
            () => api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "accept", extra: 1 }),
            "record request",
          ],
          [() => api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "accept", now: {} }), "now"],
          [
            () => api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "accept", now: Number.NaN }),
            "now",
          ],
          [
            () => api.recordFormAnswer({ server: "s", tool: "t", fingerprint: "f", action: "accept", now: "soon" }),
            "now",
          ],
          [() => api.appliesTo(null, "s", "t", "f"), "record"],
          [() => api.appliesTo({ server: "s" }, "s", "t", "f"), "record"],
          [() => api.appliesTo(record, "s", "t", 5), "fingerprint"],
          [() => api.appliesTo(record, "s", "t", "f", true), "now"],
          [() => api.answerForm(null, null), "elicitation"],
          [() => api.answerForm({ ...elicitation, serverName: 1 }, null), "elicitation.serverName"],
          [() => api.answerForm({ ...elicitation, toolName: undefined }, null), "elicitation.toolName"],
          [() => api.answerForm({ ...elicitation, key: [] }, null), "elicitation.key"],
          [() => api.answerForm({ ...elicitation, message: 3 }, null), "elicitation.message"],
          [() => api.answerForm(elicitation, "record"), "record"],
          [() => api.answerForm(elicitation, null, {}), "now"],
          [() => api.pending({ ...elicitation, serverName: undefined }), "elicitation.serverName"],
        ]) {
          throwsTypeError(api, call, mentions, `${call}`);
        }
        stillWorks(api);
      },
    ],

    [
      "names that are not well-formed Unicode (lone surrogates) are a TypeError, not silently replaced",
      () => {
        for (const bad of ["\uD800", "a\uDC00b", "x\uD83D"]) {
          throwsTypeError(api, () => api.questions(BILLING, bad), "serverName", `serverName ${show(bad)}`);
          throwsTypeError(api, () => api.formAnswerStorageKey(bad, "t"), "server", "server");
          throwsTypeError(api, () => api.formAnswerStorageKey("s", bad), "tool", "tool");
          throwsTypeError(api, () => api.namesACredential(bad), "text", "text");
          throwsTypeError(
            api,
            () => api.pending({ serverName: "s", toolName: "t", key: "k", message: bad, requestedSchema: BILLING }),
            "elicitation.message",
            "message",
          );
        }
        equal(api.questions(BILLING, "😀 billing")[0].header, "😀 billing", "a surrogate pair is fine");
      },
    ],

    [
      "__proto__, constructor and prototype properties come back as own keys and Object.prototype is untouched",
      () => {
        const text = JSON.stringify({
          type: "object",
          properties: Object.fromEntries(
            ["__proto__", "constructor", "prototype"].map((name) => [name, { type: "string", title: name }]),
          ),
        });
        const schema = JSON.parse(text);
        ok(Object.keys(schema.properties).includes("__proto__"), "JSON.parse makes __proto__ an own key of the input");
        const before = Object.getOwnPropertyNames(Object.prototype).sort();
        const view = api.parseRequestedSchema(text);
        equal(
          view.properties.map((p) => p.name),
          ["__proto__", "constructor", "prototype"],
          "property names",
        );
        equal(
          api.questions(schema, "s").map((q) => q.id),
          ["__proto__", "constructor", "prototype"],
          "question ids",
        );
        const answers = JSON.parse(
          '{"__proto__": {"other_text": "p"}, "constructor": {"other_text": "c"}, "prototype": {"other_text": "t"}}',
        );
        for (const content of [
          api.contentFromAnswers(schema, answers),
          api.contentFromAnswers(text, JSON.stringify(answers)),
        ]) {
          equal(Object.keys(content), ["__proto__", "constructor", "prototype"], "content keys");
          ok(Object.getPrototypeOf(content) === Object.prototype, "content keeps Object.prototype");
          ok(Object.getOwnPropertyDescriptor(content, "__proto__")?.value === "p", "__proto__ is an own data property");
          equal([content.constructor, content.prototype], ["c", "t"], "constructor and prototype are own values");
        }
        const stored = api.recordFormAnswer({
          server: "s",
          tool: "t",
          fingerprint: api.fingerprint(text),
          action: "accept",
          answers,
          now: 0,
        });
        equal(Object.keys(stored.answers), ["__proto__", "constructor", "prototype"], "recorded answer keys");
        const outcome = api.answerForm(
          { serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: text },
          stored,
          1,
        );
        equal(Object.keys(outcome.content), ["__proto__", "constructor", "prototype"], "accepted content keys");
        equal(Object.getOwnPropertyNames(Object.prototype).sort(), before, "Object.prototype has no new keys");
        equal(
          [{}.other_text, {}.p, {}.constructor === Object, Object.getPrototypeOf(Object.prototype)],
          [undefined, undefined, true, null],
          "plain objects are untouched",
        );
      },
    ],

    [
      "the module keeps working after every kind of error, including input far over the bounds",
      () => {
        const tooDeep = `${"[".repeat(100000)}${"]".repeat(100000)}`;
        const huge = JSON.stringify({
          type: "object",
          properties: { p: { type: "string", title: "x".repeat(5_000_000) } },
        });
        const many = {
          type: "object",
          properties: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: "string" }])),
        };
        let deepValue = {};
        for (let i = 0; i < 100000; i += 1) deepValue = { d: deepValue };
        for (const call of [
          () => api.questions(tooDeep, "s"),
          () => api.questions(huge, "s"),
          () => api.questions(many, "s"),
          () => api.fingerprint(deepValue),
          () => api.contentFromAnswers(BILLING, tooDeep),
          () => api.contentFromAnswers(BILLING, { seats: { other_text: "1e999" } }),
          () => api.questions(CREDENTIAL, "s"),
          () => api.questions(BILLING, 1),
          () =>
            api.answerForm(
              { serverName: "s", toolName: "t", key: "k", message: "x".repeat(3000), requestedSchema: BILLING },
              null,
              8.64e15 + 1,
            ),
        ]) {
          const error = thrown(call, `${call}`);
          ok(error instanceof Error, `${call}: an Error`);
          ok(!(error instanceof WebAssembly.RuntimeError), `${call}: not a trap: ${error.message}`);
          stillWorks(api);
        }
        equal(
          thrown(() => api.questions(many, "s"), "many").kind,
          "schema",
          "over the property bound is a schema refusal",
        );
      },
    ],

    [
      "a recorded answer is accepted for its own questions until it expires, and asks otherwise",
      () => {
        const fp = api.fingerprint(BILLING);
        ok(/^[0-9a-f]{64}$/.test(fp), `fingerprint is 64 lowercase hex: ${fp}`);
        const request = { server: "billing", tool: "buy", fingerprint: fp, action: "accept", answers: BILLING_ANSWERS };
        const at = (now) => api.recordFormAnswer({ ...request, now }).expires_at;
        equal(
          [at(0), at(new Date(0)), at("1970-01-01T00:00:00Z"), at(Date.UTC(2026, 0, 2, 3, 4, 5, 600))],
          ["1970-01-01T00:30:00Z", "1970-01-01T00:30:00Z", "1970-01-01T00:30:00Z", "2026-01-02T03:34:05.600Z"],
          "expires_at",
        );
        const record = api.recordFormAnswer({ ...request, now: 0 });
        equal(
          record,
          {
            server: "billing",
            tool: "buy",
            fingerprint: fp,
            action: "accept",
            answers: {
              notify: { selected: ["No"], other_text: null },
              plan: { selected: ["Team"], other_text: null },
              seats: { selected: [], other_text: " 12 " },
            },
            expires_at: "1970-01-01T00:30:00Z",
          },
          "the backend's serde shape",
        );
        const current = api.recordFormAnswer(request);
        ok(Date.parse(current.expires_at) - Date.now() > 29 * 60_000, "now defaults to the current time");
        ok(api.appliesTo(current, "billing", "buy", fp), "applies now");
        equal(
          [
            api.appliesTo(record, "billing", "buy", fp, 60_000),
            api.appliesTo(record, "billing", "buy", fp, api.FORM_ANSWER_TTL_MS),
            api.appliesTo(record, "other", "buy", fp, 0),
            api.appliesTo(record, "billing", "sell", fp, 0),
            api.appliesTo(record, "billing", "buy", "0".repeat(64), 0),
            api.appliesTo(record, "billing", "buy", fp, new Date(1_799_999)),
            api.appliesTo(record, "billing", "buy", fp, "1970-01-01T00:29:59Z"),
          ],
          [true, false, false, false, false, true, true],
          "appliesTo",
        );
        const elicitation = {
          serverName: "billing",
          toolName: "buy",
          key: "k",
          message: "How many seats?",
          requestedSchema: BILLING,
        };
        equal(
          api.answerForm(elicitation, record, 60_000),
          { action: "accept", content: { notify: false, plan: "team", seats: 12 } },
          "accept",
        );
        const declined = api.recordFormAnswer({ ...request, action: "decline", answers: undefined, now: 0 });
        equal(api.answerForm(elicitation, declined, 60_000), { action: "decline" }, "decline");
        const pending = api.pending(elicitation);
        for (const [record2, now] of [
          [null, 0],
          [undefined, 0],
          [record, 1_800_000],
          [{ ...record, fingerprint: "0".repeat(64) }, 0],
          [api.recordFormAnswer({ ...request, answers: { plan: { selected: ["Team"] } }, now: 0 }), 0],
        ]) {
          equal(
            api.answerForm(elicitation, record2, now),
            { action: "ask", pending },
            `ask for ${show(record2)} at ${now}`,
          );
        }
        equal(
          api.answerForm({ ...elicitation, requestedSchema: JSON.stringify(BILLING) }, record, 60_000).action,
          "accept",
          "schema as text",
        );
      },
    ],

    [
      "pending gives the backend's fields, questions, fingerprint and summary",
      () => {
        const elicitation = {
          serverName: "a-very-long-billing-server",
          toolName: "buy",
          key: "k",
          message: "How many?",
          requestedSchema: BILLING,
        };
        equal(
          api.pending(elicitation),
          {
            server_name: "a-very-long-billing-server",
            tool_name: "buy",
            message: "How many?",
            questions: api.questions(BILLING, "a-very-long-billing-server"),
            fingerprint: api.fingerprint(BILLING),
            summary: "MCP server 'a-very-long-billing-server' has questions for you before tool 'buy' can run",
          },
          "pending",
        );
        equal(
          api.pending(elicitation).questions[0].header,
          "a-very-long-bil…",
          "the header is the configured name, cut to 16",
        );
        expectRefusal(
          api,
          () => api.pending({ ...elicitation, requestedSchema: CREDENTIAL }),
          {
            kind: "credential",
            property: "apiKey",
            reason: null,
            message: thrown(() => api.questions(CREDENTIAL, "s"), "c").message,
          },
          "pending refuses",
        );
      },
    ],

    [
      "mcp-2026-07-28: parseRequestedSchema gives every shape as its own kind",
      () => {
        const base = { title: null, description: null, required: false };
        equal(
          mcp.parseRequestedSchema(SPEC_FORM, SPEC),
          {
            properties: [
              { ...base, name: "age", kind: "number", integer: true, minimum: 0, maximum: 120, default: 30 },
              {
                ...base,
                name: "colors",
                kind: "multiSelect",
                options: SPEC_OPTIONS(["r", "Red"], ["b", "Blue"]),
                minItems: 1,
                maxItems: 2,
                default: ["b"],
              },
              {
                ...base,
                name: "email",
                description: "Where to write",
                required: true,
                kind: "text",
                format: "email",
                minLength: null,
                maxLength: null,
                default: null,
              },
              {
                ...base,
                name: "name",
                title: "Name",
                kind: "text",
                format: null,
                minLength: 2,
                maxLength: 20,
                default: "Ann",
              },
              { ...base, name: "notify", kind: "boolean", default: true },
              {
                ...base,
                name: "plan",
                kind: "singleSelect",
                options: SPEC_OPTIONS(["pro", "Pro"], ["team", "Team"]),
                default: null,
              },
              { ...base, name: "ratio", kind: "number", integer: false, minimum: 0.5, maximum: null, default: null },
              { ...base, name: "site", kind: "text", format: "uri", minLength: null, maxLength: null, default: null },
              {
                ...base,
                name: "size",
                kind: "singleSelect",
                options: SPEC_OPTIONS(["s", "Small"], ["l", "Large"]),
                default: "l",
              },
              {
                ...base,
                name: "tags",
                kind: "multiSelect",
                options: SPEC_OPTIONS(["x", "x"], ["y", "y"], ["z", "z"]),
                minItems: null,
                maxItems: 2,
                default: null,
              },
              {
                ...base,
                name: "tier",
                kind: "singleSelect",
                options: SPEC_OPTIONS(["a", "a"], ["b", "b"]),
                default: null,
              },
              { ...base, name: "when", kind: "text", format: "date", minLength: null, maxLength: null, default: null },
            ],
          },
          "spec view",
        );
        const backend = thrown(() => mcp.parseRequestedSchema(SPEC_FORM), "the backend profile refuses the form");
        ok(backend instanceof mcp.FormRefusalError, `backend: ${backend?.message}`);
        expectRefusal(
          mcp,
          () => mcp.parseRequestedSchema(SPEC_FORM, {}),
          refusalFields(backend),
          "{} is the backend profile",
        );
      },
    ],

    [
      "mcp-2026-07-28: questions mark multi-select, defaults, lengths and formats",
      () => {
        const asked = Object.fromEntries(
          mcp.questions(SPEC_FORM, "a-very-long-paint-server", SPEC).map((q) => [q.id, q]),
        );
        equal(
          asked.colors,
          {
            kind: "choice",
            id: "colors",
            header: "a-very-long-pai…",
            question: "colors (choose at least 1 option)",
            multi_select: true,
            allow_other: false,
            options: [
              { label: "Red", description: "r", default: false },
              { label: "Blue", description: "b", default: true },
            ],
          },
          "multi-select",
        );
        equal(asked.name.question, 'Name (2 to 20 characters; default: "Ann")', "lengths and text default");
        equal(asked.email.question, "email: Where to write (an email address)", "format");
        equal(asked.age.question, "age (a whole number from 0 to 120; default: 30)", "range and number default");
        equal(
          asked.size.options.map((o) => o.default),
          [false, true],
          "single-select default marked",
        );
        equal(
          asked.notify.options,
          [
            { label: "Yes", description: "", default: true },
            { label: "No", description: "", default: false },
          ],
          "boolean default",
        );
        equal(asked.tags.multi_select, true, "untitled multi-select");
        ok(
          asked.tier.question.includes("optional"),
          `an optional property without default says so: ${asked.tier.question}`,
        );
      },
    ],

    [
      "mcp-2026-07-28: answers give typed content with defaults, string[] and absent optionals",
      () => {
        equal(
          mcp.contentFromAnswers(SPEC_FORM, { email: { other_text: " ann@example.com " } }, SPEC),
          { age: 30, colors: ["b"], email: "ann@example.com", name: "Ann", notify: true, size: "l" },
          "defaults applied, optionals absent",
        );
        equal(
          mcp.contentFromAnswers(
            SPEC_FORM,
            {
              email: { other_text: "a@b.co" },
              when: { other_text: "2026-07-28" },
              site: { other_text: "https://example.com/x" },
              age: { other_text: "41" },
              ratio: { other_text: "0.75" },
              notify: { selected: ["No"] },
              size: { selected: ["Small"] },
              plan: { selected: ["Team"] },
              tier: { selected: ["b"] },
              colors: { selected: ["Blue", "Red"] },
              tags: { selected: [] },
            },
            SPEC,
          ),
          {
            age: 41,
            colors: ["r", "b"],
            email: "a@b.co",
            name: "Ann",
            notify: false,
            plan: "team",
            ratio: 0.75,
            site: "https://example.com/x",
            size: "s",
            tags: [],
            tier: "b",
            when: "2026-07-28",
          },
          "every kind answered; multi-select in option order",
        );
      },
    ],

    [
      "mcp-2026-07-28: each answer rule is an AnswerError naming the property and the bound",
      () => {
        const email = { email: { other_text: "a@b.co" } };
        const cases = [
          [{}, "email", "'email' needs an answer: it is required and has no default"],
          [{ email: { other_text: "nope" } }, "email", "'email': the answer is not an email address (format email)"],
          [
            { ...email, name: { other_text: "A" } },
            "name",
            "'name': the answer is 1 character long, shorter than minLength 2",
          ],
          [
            { ...email, name: { other_text: "A".repeat(21) } },
            "name",
            "'name': the answer is 21 characters long, longer than maxLength 20",
          ],
          [
            { ...email, when: { other_text: "2026-02-30" } },
            "when",
            "'when': the answer is not a date as YYYY-MM-DD (format date)",
          ],
          [
            { ...email, site: { other_text: "example.com" } },
            "site",
            "'site': the answer is not a full URI such as https://example.com/page (format uri)",
          ],
          [{ ...email, age: { other_text: "121" } }, "age", "'age': the answer 121 is above the maximum 120"],
          [{ ...email, age: { other_text: "1.5" } }, "age", "'age': the answer 1.5 is not a whole number"],
          [{ ...email, age: { other_text: "x" } }, "age", "'age' needs a number, and \"x\" is not one"],
          [
            { ...email, colors: { selected: ["Red", "Blue", "Red"] } },
            "colors",
            "'colors' has \"Red\" selected more than once",
          ],
          [
            { ...email, tags: { selected: ["x", "y", "z"] } },
            "tags",
            "'tags': the answer has 3 items, more than maxItems 2",
          ],
          [{ ...email, tags: { selected: ["w"] } }, "tags", "'tags' was not offered \"w\"; choose one of its options"],
          [
            { ...email, size: { selected: ["Small", "Large"] } },
            "size",
            "'size' needs exactly one choice, but 2 were selected",
          ],
          [{ ...email, notify: { selected: ["Maybe"] } }, "notify", "'notify' needs Yes or No"],
        ];
        for (const [answers, property, message] of cases) {
          const error = thrown(() => mcp.contentFromAnswers(SPEC_FORM, answers, SPEC), message);
          ok(
            error instanceof mcp.AnswerError,
            `${message}: expected AnswerError, got ${error?.name}: ${error?.message}`,
          );
          equal({ property: error.property, message: error.message }, { property, message }, message);
        }
      },
    ],

    [
      "mcp-2026-07-28: each refusal is a FormRefusalError naming the property and the reason",
      () => {
        const one = (p) => ({ type: "object", properties: { p } });
        const cases = [
          [{ type: "string", format: "password" }, "credential", "asks for a credential"],
          [{ type: "string", writeOnly: true }, "credential", "URL mode elicitation"],
          [{ type: "string", pattern: "^a" }, "outOfProfile", 'keyword "pattern" is not supported'],
          [{ type: "number", multipleOf: 2 }, "outOfProfile", 'keyword "multipleOf" is not supported'],
          [{ type: "number", exclusiveMinimum: 0 }, "outOfProfile", 'keyword "exclusiveMinimum" is not supported'],
          [
            { type: "string", minLength: 3, default: "ab" },
            "outOfProfile",
            'default "ab" is 2 characters long, shorter than minLength 3',
          ],
          [{ type: "number", minimum: 5, maximum: 1 }, "outOfProfile", "minimum 5 is greater than maximum 1"],
          [
            { type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 2, maxItems: 1 },
            "outOfProfile",
            "minItems 2 is greater than maxItems 1",
          ],
          [{ type: "string", format: "uuid" }, "outOfProfile", 'format "uuid" cannot be checked'],
          [{ $ref: "#/x" }, "outOfProfile", "$ref is not supported"],
          [{ type: "object" }, "outOfProfile", 'type "object" is not supported'],
          [{ type: "string", enum: Array.from({ length: 33 }, (_, i) => `v${i}`) }, "outOfProfile", "at most 32"],
          [
            { type: "string", enum: ["a"], default: "b" },
            "outOfProfile",
            'default "b" is not one of the option values',
          ],
        ];
        for (const [definition, kind, says] of cases) {
          const what = `refuses ${show(definition).slice(0, 80)}`;
          const error = thrown(() => mcp.parseRequestedSchema(one(definition), SPEC), what);
          ok(
            error instanceof mcp.FormRefusalError,
            `${what}: expected FormRefusalError, got ${error?.name}: ${error?.message}`,
          );
          equal([error.kind, error.property], [kind, "p"], `${what}: kind and property`);
          ok(error.message.includes("'p'") && error.message.includes(says), `${what}: message ${error.message}`);
          expectRefusal(
            mcp,
            () => mcp.questions(one(definition), "s", SPEC),
            refusalFields(error),
            `${what}: questions`,
          );
          expectRefusal(
            mcp,
            () => mcp.fingerprint(one(definition), SPEC),
            refusalFields(error),
            `${what}: fingerprint`,
          );
        }
        expectRefusal(
          mcp,
          () => mcp.parseRequestedSchema(CREDENTIAL, SPEC),
          refusalFields(thrown(() => mcp.questions(CREDENTIAL, "s"), "c")),
          "a credential name is refused as the backend refuses it",
        );
      },
    ],

    [
      "mcp-2026-07-28: a wrong profile is a TypeError naming the option; no option and backend give the backend, in either entry",
      () => {
        for (const entry of [api, mcp]) {
          for (const options of [
            { profile: "mcp" },
            { profile: "" },
            { profile: 1 },
            { profile: null },
            "mcp-2026-07-28",
            null,
            [],
          ]) {
            throwsTypeError(
              entry,
              () => entry.parseRequestedSchema(BILLING, options),
              "options",
              `parseRequestedSchema(${show(options)})`,
            );
            throwsTypeError(
              entry,
              () => entry.questions(BILLING, "s", options),
              "options",
              `questions(${show(options)})`,
            );
            throwsTypeError(
              entry,
              () => entry.fingerprint(BILLING, options),
              "options",
              `fingerprint(${show(options)})`,
            );
            throwsTypeError(
              entry,
              () => entry.contentFromAnswers(BILLING, BILLING_ANSWERS, options),
              "options",
              `contentFromAnswers(${show(options)})`,
            );
          }
          for (const options of [undefined, {}, { profile: undefined }, { profile: "backend" }]) {
            equal(entry.fingerprint(BILLING, options), entry.fingerprint(BILLING), `fingerprint with ${show(options)}`);
            equal(
              entry.questions(BILLING, "s", options),
              entry.questions(BILLING, "s"),
              `questions with ${show(options)}`,
            );
            equal(
              entry.contentFromAnswers(BILLING, BILLING_ANSWERS, options),
              { notify: false, plan: "team", seats: 12 },
              `content with ${show(options)}`,
            );
          }
          stillWorks(entry);
        }
      },
    ],

    [
      "mcp-2026-07-28: the fingerprint differs from the backend's, and a record never crosses profiles",
      () => {
        const specPrint = mcp.fingerprint(BILLING, SPEC);
        ok(/^[0-9a-f]{64}$/.test(specPrint), `64 hex: ${specPrint}`);
        ok(specPrint !== mcp.fingerprint(BILLING), "the two profiles' fingerprints differ for a schema both accept");
        const asked = {
          serverName: "billing",
          toolName: "buy",
          key: "k",
          message: "How many?",
          requestedSchema: BILLING,
        };
        const backendRecord = mcp.recordFormAnswer({
          server: "billing",
          tool: "buy",
          fingerprint: mcp.fingerprint(BILLING),
          action: "accept",
          answers: BILLING_ANSWERS,
          now: 0,
        });
        equal(
          mcp.answerForm(asked, backendRecord, 60_000).action,
          "accept",
          "the backend record applies under the backend",
        );
        const underSpec = mcp.answerForm(asked, backendRecord, 60_000, SPEC);
        equal(underSpec.action, "ask", "a backend record never applies under the new profile");
        equal(underSpec.pending, mcp.pending(asked, SPEC), "ask carries the profile's pending");
        equal(underSpec.pending.fingerprint, specPrint, "pending carries the profile's fingerprint");
        const specRecord = mcp.recordFormAnswer(
          {
            server: "billing",
            tool: "buy",
            fingerprint: specPrint,
            action: "accept",
            answers: BILLING_ANSWERS,
            now: 0,
          },
          SPEC,
        );
        equal(
          mcp.answerForm(asked, specRecord, 60_000, SPEC),
          { action: "accept", content: { notify: false, plan: "team", seats: 12 } },
          "spec record under spec",
        );
        equal(mcp.answerForm(asked, specRecord, 60_000).action, "ask", "a spec record never applies under the backend");
        equal(mcp.appliesTo(specRecord, "billing", "buy", specPrint, 60_000, SPEC), true, "appliesTo under spec");
        equal(mcp.appliesTo(backendRecord, "billing", "buy", specPrint, 60_000, SPEC), false, "other fingerprint");
      },
    ],

    [
      "mcp-2026-07-28: cancel is recorded and sent only under this profile",
      () => {
        const asked = {
          serverName: "paint",
          toolName: "draw",
          key: "k",
          message: "Colors?",
          requestedSchema: SPEC_FORM,
        };
        const print = mcp.fingerprint(SPEC_FORM, SPEC);
        const cancelled = mcp.recordFormAnswer(
          { server: "paint", tool: "draw", fingerprint: print, action: "cancel", now: 0 },
          SPEC,
        );
        equal(
          cancelled,
          {
            server: "paint",
            tool: "draw",
            fingerprint: print,
            action: "cancel",
            answers: {},
            expires_at: "1970-01-01T00:30:00Z",
          },
          "record",
        );
        equal(mcp.answerForm(asked, cancelled, 60_000, SPEC), { action: "cancel" }, "cancel outcome");
        const declined = mcp.recordFormAnswer(
          { server: "paint", tool: "draw", fingerprint: print, action: "decline", now: 0 },
          SPEC,
        );
        equal(mcp.answerForm(asked, declined, 60_000, SPEC), { action: "decline" }, "decline outcome");
        const accepted = mcp.recordFormAnswer(
          {
            server: "paint",
            tool: "draw",
            fingerprint: print,
            action: "accept",
            answers: { email: { other_text: "a@b.co" }, tags: { selected: ["z", "x"] } },
            now: 0,
          },
          SPEC,
        );
        equal(
          mcp.answerForm(asked, accepted, 60_000, SPEC),
          {
            action: "accept",
            content: {
              age: 30,
              colors: ["b"],
              email: "a@b.co",
              name: "Ann",
              notify: true,
              size: "l",
              tags: ["x", "z"],
            },
          },
          "accept outcome",
        );
        equal(mcp.answerForm(asked, cancelled, 1_800_000, SPEC).action, "ask", "an expired record asks");
        throwsTypeError(
          mcp,
          () => mcp.recordFormAnswer({ server: "s", tool: "t", fingerprint: print, action: "cancel" }),
          "cancel",
          "cancel under the backend profile",
        );
        const billing = { serverName: "paint", toolName: "draw", key: "k", message: "m", requestedSchema: BILLING };
        throwsTypeError(
          mcp,
          () => mcp.answerForm(billing, cancelled, 60_000),
          "record",
          "a cancel record under the backend profile",
        );
        expectRefusal(
          mcp,
          () => mcp.pending(asked),
          refusalFields(thrown(() => mcp.fingerprint(SPEC_FORM), "backend refuses")),
          "the backend profile still refuses the spec form",
        );
        const shown = mcp.pending(asked, SPEC);
        equal(
          [shown.server_name, shown.fingerprint, shown.questions.length],
          ["paint", print, 12],
          "pending under spec",
        );
        stillWorks(mcp);
      },
    ],
    [
      "the bounds are exported with the backend's names and values, in either entry",
      () => {
        for (const entry of [api, mcp]) {
          equal(
            {
              MAX_FORM_PROPERTIES: entry.MAX_FORM_PROPERTIES,
              MAX_FORM_ENUM_MEMBERS: entry.MAX_FORM_ENUM_MEMBERS,
              MAX_FORM_PROPERTY_NAME_CHARS: entry.MAX_FORM_PROPERTY_NAME_CHARS,
              MAX_FORM_TITLE_CHARS: entry.MAX_FORM_TITLE_CHARS,
              MAX_FORM_TEXT_CHARS: entry.MAX_FORM_TEXT_CHARS,
              FORM_ANSWER_TTL_MS: entry.FORM_ANSWER_TTL_MS,
            },
            {
              MAX_FORM_PROPERTIES: 16,
              MAX_FORM_ENUM_MEMBERS: 32,
              MAX_FORM_PROPERTY_NAME_CHARS: 64,
              MAX_FORM_TITLE_CHARS: 200,
              MAX_FORM_TEXT_CHARS: 2000,
              FORM_ANSWER_TTL_MS: 1_800_000,
            },
            "constants",
          );
        }
      },
    ],

    [
      "the package exports exactly the documented names, in either entry",
      () => {
        for (const entry of [api, mcp]) {
          equal(exportedNames(entry), FULL_EXPORTS, "exports");
        }
      },
    ],

    [
      "each ui entry exports its full entry's names less recordFormAnswer, appliesTo and answerForm, and is a module of its own",
      () => {
        for (const [entry, full, name] of [
          [ui.backend, api, "elicit-form/ui"],
          [ui.mcp, mcp, "elicit-form/mcp-2026-07-28/ui"],
        ]) {
          ok(entry !== undefined && entry !== null, `${name} was imported`);
          equal(
            exportedNames(entry),
            FULL_EXPORTS.filter((k) => !RECORD_EXPORTS.includes(k)),
            `${name}: exports`,
          );
          ok(
            entry.fingerprint !== full.fingerprint && entry.FormRefusalError !== full.FormRefusalError,
            `${name}: its own module graph`,
          );
          equal(
            [entry.MAX_FORM_PROPERTIES, entry.MAX_FORM_TEXT_CHARS, entry.FORM_ANSWER_TTL_MS],
            [full.MAX_FORM_PROPERTIES, full.MAX_FORM_TEXT_CHARS, full.FORM_ANSWER_TTL_MS],
            `${name}: the bounds`,
          );
          const refused = thrown(() => entry.questions(CREDENTIAL, "billing"), `${name}: a credential`);
          ok(
            refused instanceof entry.FormRefusalError && refused instanceof api.FormRefusalError,
            `${name}: a refusal is an instance of its class and the default entry's`,
          );
          const wrong = thrown(
            () => entry.contentFromAnswers(BILLING, { ...BILLING_ANSWERS, seats: { other_text: "51" } }),
            `${name}: seats 51`,
          );
          ok(
            wrong instanceof entry.AnswerError && wrong instanceof api.AnswerError,
            `${name}: an answer error is an instance of both`,
          );
          throwsTypeError(entry, () => entry.prepareForm(BILLING, 7), "serverName", `${name}: prepareForm(schema, 7)`);
          stillWorks(entry);
        }
        const error = throwsTypeError(
          ui.backend,
          () => ui.backend.fingerprint(BILLING, SPEC),
          "options.profile",
          "elicit-form/ui under mcp-2026-07-28",
        );
        equal(error.message, NOT_IN_THIS_BUILD, "the ui entry has the backend profile only, as the default entry");
      },
    ],

    [
      "each ui entry gives every backend vector's answers and errors exactly as its full entry does",
      () => {
        const asked = {
          serverName: "billing",
          toolName: "buy",
          key: "k",
          message: "How many?",
          requestedSchema: BILLING,
        };
        for (const [entry, full, name] of [
          [ui.backend, api, "elicit-form/ui"],
          [ui.mcp, mcp, "elicit-form/mcp-2026-07-28/ui"],
        ]) {
          for (const v of vectors.filter((vector) => vector.op === "parse")) {
            const what = `${name}, parse vector ${v.schema_text.slice(0, 120)}`;
            for (const [how, call] of [
              ["questions", (e) => e.questions(v.schema_text, v.server)],
              ["fingerprint", (e) => e.fingerprint(v.schema_text)],
              ["parseRequestedSchema", (e) => e.parseRequestedSchema(v.schema_text)],
              [
                "prepareForm",
                (e) => {
                  const form = e.prepareForm(v.schema_text, v.server);
                  return [form.questions, form.fingerprint];
                },
              ],
            ]) {
              equal(
                outcome(() => call(entry)),
                outcome(() => call(full)),
                `${what}: ${how}`,
              );
            }
          }
          for (const v of vectors.filter((vector) => vector.op === "content")) {
            const what = `${name}, content vector ${v.schema_text.slice(0, 100)} ${show(v.answers).slice(0, 100)}`;
            equal(
              outcome(() => entry.contentFromAnswers(v.schema_text, v.answers)),
              outcome(() => full.contentFromAnswers(v.schema_text, v.answers)),
              what,
            );
          }
          for (const v of ofOp("key", "ok")) {
            equal(entry.formAnswerStorageKey(v.server, v.tool), v.expect.ok, `${name}: key ${v.server} ${v.tool}`);
          }
          for (const v of ofOp("names_a_credential", "ok")) {
            equal(entry.namesACredential(v.text), v.expect.ok, `${name}: namesACredential(${show(v.text)})`);
          }
          equal(entry.pending(asked), full.pending(asked), `${name}: pending`);
          stillWorks(entry);
        }
      },
    ],

    [
      "the mcp-2026-07-28 ui entry gives every mcp-2026-07-28 vector's answers and errors exactly as its full entry does",
      () => {
        for (const v of profileVectors) {
          const what = `mcp-2026-07-28 ui, ${v.op} vector ${v.schema_text.slice(0, 100)}`;
          const calls =
            v.op === "content"
              ? [["contentFromAnswers", (e) => e.contentFromAnswers(v.schema_text, v.answers, SPEC)]]
              : [
                  ["questions", (e) => e.questions(v.schema_text, v.server, SPEC)],
                  ["fingerprint", (e) => e.fingerprint(v.schema_text, SPEC)],
                  ["parseRequestedSchema", (e) => e.parseRequestedSchema(v.schema_text, SPEC)],
                ];
          for (const [how, call] of calls)
            equal(
              outcome(() => call(ui.mcp)),
              outcome(() => call(mcp)),
              `${what}: ${how}`,
            );
        }
        stillWorks(ui.mcp);
      },
    ],

    [
      "init() and initSync() are no-ops once the module is ready, in either entry",
      async () => {
        for (const entry of [api, mcp]) {
          equal(await entry.init(), undefined, "init()");
          equal(
            await entry.init({ module_or_path: "/nowhere.wasm" }),
            undefined,
            "init with a path that does not exist",
          );
          equal(
            entry.initSync({ module: new Uint8Array([0, 1, 2]) }),
            undefined,
            "initSync with bytes that are not wasm",
          );
          stillWorks(entry);
        }
      },
    ],
  ];
}

/** Runs every check; gives `{ name, ok, error? }` for each, for runtimes without node:test. */
export async function runChecks(api, vectorsText, profileVectorsText, mcp, ui) {
  const results = [];
  for (const [name, run] of checks(api, vectorsText, profileVectorsText, mcp, ui)) {
    try {
      await run();
      results.push({ name, ok: true });
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
