// Peer agreement for the opt-in MCP 2026-07-28 profile, against the packed
// package installed in the scratch project (tests/js/prepare.mjs).
//
// A seeded generator writes schemas of every shape the profile accepts, and
// for each a set of answer sets: some that fit, some with one or more answers
// that break a rule (too short or long, not in the format, out of range, not
// whole, not a number, not offered, too many items, chosen twice, a required
// property left blank). Then:
//
// - every answer set made only of fitting answers is accepted, and its content
//   validates against the requested schema with both @cfworker/json-schema
//   (draft 2020-12) and ajv (+ ajv-formats), and `{action: "accept", content}`
//   passes the MCP TypeScript SDK's own `ElicitResultSchema`;
// - every answer set with a misfit is rejected with an `AnswerError` whose
//   property is one that was given a misfit, and whose message names that
//   property and says why (a reason a person can act on).
//
// The corpus sizes and agreement counts are printed as test diagnostics.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Validator } from "@cfworker/json-schema";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import Ajv from "ajv";
import addFormats from "ajv-formats";

// The profile is in the elicit-form/mcp-2026-07-28 entry (the default entry has the backend only).
const api = await import(new URL("./scratch/esm-mcp.mjs", import.meta.url));
const SPEC = { profile: "mcp-2026-07-28" };

const SCHEMAS = Number(process.env.SPEC_PEERS_SCHEMAS ?? 400);
const ANSWER_SETS = Number(process.env.SPEC_PEERS_ANSWER_SETS ?? 12);
const SEED = Number(process.env.SPEC_PEERS_SEED ?? 20260728);

// mulberry32: small, seeded, the same in every Node.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = random(SEED);
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const chance = (p) => rand() < p;
const pick = (items) => items[int(0, items.length - 1)];
const shuffle = (items) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};
const letters = (n) => Array.from({ length: n }, () => pick("abcdefghijklmnopqrstuvwxyzé")).join("");
// Formats are ASCII (`email` is not `idn-email`, `uri` is not `iri`).
const ascii = (n) => Array.from({ length: n }, () => pick("abcdefghijklmnopqrstuvwxyz")).join("");

const FORMATS = {
  email: { good: () => `${ascii(int(1, 6))}@example.com`, bad: () => pick(["no-at-sign", "a@", "@b.co", "a b@c.d"]) },
  uri: { good: () => `https://example.com/${ascii(int(0, 5))}`, bad: () => pick(["example.com", "not a uri", "//x"]) },
  date: {
    good: () => `2026-0${int(1, 9)}-${String(int(10, 28))}`,
    bad: () => pick(["2026-02-30", "28/07/2026", "2026-7-1"]),
  },
  "date-time": {
    good: () => `2026-07-${int(10, 28)}T09:${int(10, 59)}:00Z`,
    bad: () => pick(["2026-07-28", "2026-07-28 09:30", "yesterday"]),
  },
};

// Each maker gives { definition, good(): answer | undefined, bad(): answer } where
// an answer is a FormAnswer; `hasDefault` marks what a blank answer falls back to.
function textProperty() {
  if (chance(0.4)) {
    const format = pick(Object.keys(FORMATS));
    const definition = { type: "string", format };
    if (chance(0.3)) definition.default = FORMATS[format].good();
    return {
      definition,
      good: () => ({ other_text: FORMATS[format].good() }),
      bad: () => ({ other_text: FORMATS[format].bad() }),
    };
  }
  const definition = { type: "string" };
  const min = chance(0.5) ? int(0, 4) : undefined;
  const max = chance(0.5) ? int(Math.max(min ?? 1, 1), 12) : undefined;
  if (min !== undefined) definition.minLength = min;
  if (max !== undefined) definition.maxLength = max;
  const lo = Math.max(min ?? 1, 1);
  const hi = max ?? 12;
  if (chance(0.3)) definition.default = letters(int(lo, hi));
  const bads = [];
  if ((min ?? 0) >= 2) bads.push(() => ({ other_text: letters(min - 1) }));
  if (max !== undefined) bads.push(() => ({ other_text: letters(max + 1) }));
  return {
    definition,
    good: () => ({ other_text: chance(0.2) ? ` ${letters(int(lo, hi))} ` : letters(int(lo, hi)) }),
    bad: bads.length === 0 ? undefined : () => pick(bads)(),
  };
}

function numberProperty() {
  const integer = chance(0.5);
  const definition = { type: integer ? "integer" : "number" };
  const min = chance(0.6) ? int(-50, 50) : undefined;
  const max = chance(0.6) ? (min ?? -50) + int(0, 100) : undefined;
  if (min !== undefined) definition.minimum = min;
  if (max !== undefined) definition.maximum = max;
  const lo = min ?? -1000;
  const hi = max ?? 1000;
  const value = () => (integer || lo === hi ? int(lo, hi) : Math.min(hi, int(lo, hi) + 0.5));
  if (chance(0.3)) definition.default = value();
  const bads = [() => ({ other_text: pick(["abc", "", "1e", "--1"]) || "x" })];
  if (min !== undefined) bads.push(() => ({ other_text: String(min - 1) }));
  if (max !== undefined) bads.push(() => ({ other_text: String(max + 1) }));
  if (integer && lo < hi) bads.push(() => ({ other_text: String(lo + 0.5) }));
  return { definition, good: () => ({ other_text: String(value()) }), bad: () => pick(bads)() };
}

function booleanProperty() {
  const definition = { type: "boolean" };
  if (chance(0.4)) definition.default = chance(0.5);
  return {
    definition,
    good: () => ({ selected: [pick(["Yes", "No"])] }),
    bad: () => ({ selected: pick([["Maybe"], ["Yes", "No"], ["yes"]]) }),
  };
}

function options(n) {
  const values = shuffle(["red", "green", "blue", "cyan", "amber", "ivory", "jade", "onyx"]).slice(0, n);
  return values.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));
}

function singleSelectProperty() {
  const choices = options(int(1, 6));
  const style = pick(["enum", "oneOf", "enumNames"]);
  const definition = { type: "string" };
  if (style === "oneOf") definition.oneOf = choices.map((o) => ({ const: o.value, title: o.label }));
  else definition.enum = choices.map((o) => o.value);
  if (style === "enumNames") definition.enumNames = choices.map((o) => o.label);
  const label = (o) => (style === "enum" ? o.value : o.label);
  if (chance(0.3)) definition.default = pick(choices).value;
  const bads = [() => ({ selected: ["Nothing offered"] })];
  if (choices.length >= 2) bads.push(() => ({ selected: choices.slice(0, 2).map(label) }));
  return { definition, good: () => ({ selected: [label(pick(choices))] }), bad: () => pick(bads)() };
}

function multiSelectProperty() {
  const choices = options(int(1, 6));
  const titled = chance(0.5);
  const definition = {
    type: "array",
    items: titled
      ? { anyOf: choices.map((o) => ({ const: o.value, title: o.label })) }
      : { type: "string", enum: choices.map((o) => o.value) },
  };
  const label = (o) => (titled ? o.label : o.value);
  const min = chance(0.5) ? int(0, choices.length) : undefined;
  const max = chance(0.5) ? int(Math.max(min ?? 1, 1), choices.length) : undefined;
  if (min !== undefined) definition.minItems = min;
  if (max !== undefined) definition.maxItems = max;
  if (chance(0.3)) definition.uniqueItems = true;
  const lo = min ?? 0;
  const hi = max ?? choices.length;
  const subset = () => shuffle(choices).slice(0, int(lo, hi));
  if (chance(0.3)) {
    const chosen = subset();
    definition.default = choices.filter((o) => chosen.includes(o)).map((o) => o.value);
  }
  const bads = [() => ({ selected: [label(choices[0]), "Nothing offered"] })];
  if (max !== undefined && max < choices.length) bads.push(() => ({ selected: choices.slice(0, max + 1).map(label) }));
  if (lo >= 1) bads.push(() => ({ selected: [label(choices[0]), label(choices[0])] }));
  // A non-empty selection below minItems (an empty one is a blank answer).
  if (lo >= 2) bads.push(() => ({ selected: [label(choices[0])] }));
  return { definition, good: () => ({ selected: subset().map(label) }), bad: () => pick(bads)() };
}

const MAKERS = [textProperty, numberProperty, booleanProperty, singleSelectProperty, multiSelectProperty];

function generateSchema() {
  const count = int(1, 6);
  const properties = {};
  const makers = {};
  for (let i = 0; i < count; i++) {
    const name = `${pick(["name", "count", "when", "plan", "tags", "site", "ok"])}_${i}`;
    const made = pick(MAKERS)();
    if (chance(0.3)) made.definition.title = `Title ${i}`;
    if (chance(0.2)) made.definition.description = `Describes ${name}`;
    properties[name] = made.definition;
    makers[name] = made;
  }
  const required = Object.keys(properties).filter(() => chance(0.4));
  const schema = { type: "object", properties };
  if (required.length > 0 || chance(0.2)) schema.required = required;
  return { schema, makers, required: new Set(required) };
}

function generateAnswers({ makers, required }) {
  const answers = {};
  const misfits = new Set();
  const wantMisfit = chance(0.5);
  for (const [name, made] of Object.entries(makers)) {
    const blankIsMisfit = required.has(name) && !("default" in made.definition);
    const roll = rand();
    if (wantMisfit && roll < 0.3 && made.bad !== undefined) {
      answers[name] = made.bad();
      misfits.add(name);
    } else if (roll < 0.85) {
      answers[name] = made.good();
    } else if (blankIsMisfit) {
      if (wantMisfit) misfits.add(name);
      else answers[name] = made.good();
    }
  }
  return { answers, misfits };
}

function validators(schema) {
  const cfworker = new Validator(schema, "2020-12", false);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const ajvValidate = ajv.compile(schema);
  return {
    cfworker: (content) => cfworker.validate(content).valid,
    ajv: (content) => ajvValidate(content),
    errors: (content) => ({ cfworker: cfworker.validate(content).errors, ajv: ajvValidate.errors }),
  };
}

test("peer agreement under mcp-2026-07-28: generated schemas and answer sets", (t) => {
  const counts = {
    schemas: 0,
    schemasRefused: 0,
    answerSets: 0,
    accepted: 0,
    rejected: 0,
    cfworkerAgrees: 0,
    ajvAgrees: 0,
    sdkAgrees: 0,
    rejectionsNamed: 0,
    defaultsApplied: 0,
  };
  const problems = [];
  for (let s = 0; s < SCHEMAS; s++) {
    const generated = generateSchema();
    counts.schemas++;
    try {
      api.parseRequestedSchema(generated.schema, SPEC);
    } catch (error) {
      counts.schemasRefused++;
      problems.push(`generated schema refused: ${error.message} ${JSON.stringify(generated.schema)}`);
      continue;
    }
    const check = validators(generated.schema);
    for (let a = 0; a < ANSWER_SETS; a++) {
      const { answers, misfits } = generateAnswers(generated);
      counts.answerSets++;
      let content;
      try {
        content = api.contentFromAnswers(generated.schema, answers, SPEC);
      } catch (error) {
        if (!(error instanceof api.AnswerError)) throw error;
        counts.rejected++;
        if (misfits.size === 0) {
          problems.push(
            `fitting answers rejected: ${error.message} ${JSON.stringify({ schema: generated.schema, answers })}`,
          );
        } else if (
          misfits.has(error.property) &&
          error.message.startsWith(`'${error.property}'`) &&
          error.message.length > error.property.length + 12
        ) {
          counts.rejectionsNamed++;
        } else {
          problems.push(
            `rejection does not name a misfit property: ${error.property}: ${error.message} (misfits ${[...misfits]})`,
          );
        }
        continue;
      }
      counts.accepted++;
      if (misfits.size > 0) {
        problems.push(
          `misfit answers accepted (${[...misfits]}): ${JSON.stringify({ schema: generated.schema, answers, content })}`,
        );
        continue;
      }
      for (const [name, definition] of Object.entries(generated.schema.properties)) {
        if (answers[name] === undefined && "default" in definition) {
          assert.deepEqual(content[name], definition.default, `${name}: a blank answer takes the default`);
          counts.defaultsApplied++;
        }
      }
      if (check.cfworker(content)) counts.cfworkerAgrees++;
      else
        problems.push(
          `@cfworker/json-schema rejects ${JSON.stringify(content)} for ${JSON.stringify(generated.schema)}: ${JSON.stringify(check.errors(content).cfworker)}`,
        );
      if (check.ajv(content)) counts.ajvAgrees++;
      else
        problems.push(
          `ajv rejects ${JSON.stringify(content)} for ${JSON.stringify(generated.schema)}: ${JSON.stringify(check.errors(content).ajv)}`,
        );
      const sdk = ElicitResultSchema.safeParse({ action: "accept", content });
      if (sdk.success) counts.sdkAgrees++;
      else problems.push(`ElicitResultSchema rejects ${JSON.stringify(content)}: ${sdk.error.message}`);
    }
  }
  t.diagnostic(
    `seed ${SEED}: ${counts.schemas} schemas generated, ${counts.schemas - counts.schemasRefused} accepted; ` +
      `${counts.answerSets} answer sets: ${counts.accepted} accepted, ${counts.rejected} rejected`,
  );
  t.diagnostic(
    `accepted content valid: @cfworker/json-schema ${counts.cfworkerAgrees}/${counts.accepted}, ` +
      `ajv+formats ${counts.ajvAgrees}/${counts.accepted}, SDK ElicitResultSchema ${counts.sdkAgrees}/${counts.accepted}; ` +
      `${counts.defaultsApplied} defaults applied to blank answers`,
  );
  t.diagnostic(`rejections naming a misfit property and its reason: ${counts.rejectionsNamed}/${counts.rejected}`);
  console.log(`spec-peers: ${JSON.stringify(counts)}`);
  assert.deepEqual(problems.slice(0, 10), [], `${problems.length} disagreements`);
  assert.ok(
    counts.accepted >= SCHEMAS && counts.rejected >= SCHEMAS,
    `both outcomes are well represented: ${JSON.stringify(counts)}`,
  );
  assert.equal(counts.cfworkerAgrees, counts.accepted);
  assert.equal(counts.ajvAgrees, counts.accepted);
  assert.equal(counts.sdkAgrees, counts.accepted);
  assert.equal(counts.rejectionsNamed, counts.rejected);
});

test("every ElicitResult the profile sends passes the SDK's ElicitResultSchema (accept, decline, cancel)", () => {
  const schema = {
    type: "object",
    properties: { tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, default: ["b"] } },
  };
  const print = api.fingerprint(schema, SPEC);
  const asked = { serverName: "s", toolName: "t", key: "k", message: "m", requestedSchema: schema };
  for (const action of ["accept", "decline", "cancel"]) {
    const record = api.recordFormAnswer({ server: "s", tool: "t", fingerprint: print, action, now: 0 }, SPEC);
    const outcome = api.answerForm(asked, record, 1000, SPEC);
    assert.equal(outcome.action, action);
    assert.ok(ElicitResultSchema.safeParse(outcome).success, JSON.stringify(outcome));
  }
});
