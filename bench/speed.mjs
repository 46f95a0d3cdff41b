// Per-operation times, ours and the peers' side by side on the same inputs,
// in one Node process, measured with mitata in batches of about 2 ms. Every benchmark alternates
// between an input and its twin (see `twin`), so nothing is timed on a
// schema it has just seen. Each benchmark's figure is the
// median of mitata's samples (a sample is the mean over a batch of calls), so
// a noisy neighbour moves it less than the mean.

import { Validator } from "@cfworker/json-schema";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import Ajv from "ajv";
import { do_not_optimize, measure } from "mitata";
import { INPUTS, SERVER_NAME, elicitRequest } from "./inputs.mjs";
import { nodeEntry } from "./package.mjs";

// ajv (like cfworker) checks `format`; it knows no formats unless given
// them. This is ajv-formats' "fast" email pattern.
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function newAjv() {
  // `strict: false`: elicitation schemas carry `enumNames`, which ajv's strict
  // mode rejects as an unknown keyword.
  const ajv = new Ajv({ strict: false });
  ajv.addFormat("email", EMAIL);
  return ajv;
}

// A refused schema throws; the throw is the result, and part of the cost.
function caught(run) {
  return () => {
    try {
      return run();
    } catch (error) {
      return error;
    }
  };
}

/** What the text boundary costs at least: JSON.stringify in, JSON.parse out. */
function floors(input, ef) {
  const result = (run) => {
    try {
      return JSON.stringify({ ok: run() });
    } catch (error) {
      const { kind, property, reason, message } = error;
      return JSON.stringify({ refused: { kind, property, reason, message } });
    }
  };
  const parsed = result(() => ef.parseRequestedSchema(input.schema));
  const asked = result(() => ef.questions(input.schema, SERVER_NAME));
  const printed = result(() => ef.fingerprint(input.schema));
  const content = result(() => ef.contentFromAnswers(input.schema, input.answers));
  const { schema, answers } = input;
  return {
    parseRequestedSchema: () => [JSON.stringify(schema), JSON.parse(parsed)],
    questions: () => [JSON.stringify(schema), JSON.parse(asked)],
    fingerprint: () => [JSON.stringify(schema), JSON.parse(printed)],
    contentFromAnswers: () => [JSON.stringify(schema), JSON.stringify(answers), JSON.parse(content)],
    // The schema crosses once, the answers once, and each result comes back.
    "UI round, prepareForm": () => [
      JSON.stringify(schema),
      JSON.stringify(answers),
      JSON.parse(asked),
      JSON.parse(printed),
      JSON.parse(content),
    ],
    "UI round": () => [
      JSON.stringify(schema),
      JSON.stringify(answers),
      JSON.parse(asked),
      JSON.parse(printed),
      JSON.parse(content),
    ],
  };
}

function ours(ef, schema, answers) {
  return {
    parseRequestedSchema: caught(() => ef.parseRequestedSchema(schema)),
    questions: caught(() => ef.questions(schema, SERVER_NAME)),
    fingerprint: caught(() => ef.fingerprint(schema)),
    contentFromAnswers: caught(() => ef.contentFromAnswers(schema, answers)),
    "UI round, prepareForm": caught(() => {
      const form = ef.prepareForm(schema, SERVER_NAME);
      return [form.questions, form.fingerprint, form.contentFromAnswers(answers)];
    }),
    "UI round": caught(() => [
      ef.questions(schema, SERVER_NAME),
      ef.fingerprint(schema),
      ef.contentFromAnswers(schema, answers),
    ]),
  };
}

function peers(input) {
  const request = elicitRequest(input.schema);
  const requestText = JSON.stringify(request);
  const { schema, content } = input;
  const ajv = newAjv();
  const compiled = newAjv().compile(schema);
  return {
    "zod: ElicitRequestSchema.parse": () => ElicitRequestSchema.parse(request),
    "cfworker: new Validator + validate": () => new Validator(schema).validate(content),
    "zod parse + cfworker validate": () => [
      ElicitRequestSchema.parse(request),
      new Validator(schema).validate(content),
    ],
    "zod parse + cfworker validate, from JSON text": () => {
      const parsed = ElicitRequestSchema.parse(JSON.parse(requestText));
      return new Validator(parsed.params.requestedSchema).validate(content);
    },
    "ajv: compile + validate": () => {
      const valid = ajv.compile(schema)(content);
      // ajv caches a compiled schema by object: forget it, so each call compiles.
      ajv.removeSchema(schema);
      return valid;
    },
    "ajv: validate only (compiled once)": () => compiled(content),
  };
}

export const OPERATIONS = [
  "parseRequestedSchema",
  "questions",
  "fingerprint",
  "contentFromAnswers",
  "UI round",
  "UI round, prepareForm",
];

// The same schema with its properties in the reverse order: it asks the same
// things, but its JSON text differs. Each benchmark alternates between the
// input and its twin, so no call is served by a cache of the previous call's
// schema (ours, or a peer's): a UI's round meets a schema it has not seen.
function twin(input) {
  const properties = Object.fromEntries(Object.entries(input.schema.properties).reverse());
  return { ...input, schema: { ...input.schema, properties } };
}

function alternating(first, second) {
  const runs = Object.keys(first).map((name) => {
    const pair = [first[name], second[name]];
    let turn = 0;
    return [name, () => pair[(turn ^= 1)]()];
  });
  return Object.fromEntries(runs);
}

/**
 * Median time per call of `run`, in nanoseconds. Every sample is the mean of
 * a batch of calls lasting about 2 ms, whatever the function: mitata would
 * otherwise time calls under 65 µs in batches (garbage collection spread over
 * the batch) and slower ones one by one (the median skipping the calls a
 * collection lands in), and a function near the threshold would flip between
 * the two from run to run.
 */
export async function timeCall(run, minCpuMs) {
  const call = () => do_not_optimize(run());
  for (let warm = 0; warm < 16; warm += 1) call();
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < 20 || calls < 4) {
    call();
    calls += 1;
  }
  const perCallMs = (performance.now() - started) / calls;
  // mitata runs a batch in groups of 4 (its unroll): keep a multiple of 4.
  const batch = 4 * Math.min(1024, Math.max(1, Math.round(2 / perCallMs / 4)));
  const stats = await measure(call, {
    min_cpu_time: minCpuMs * 1e6,
    batch_samples: batch,
    batch_threshold: Infinity,
  });
  return { median: stats.p50, p25: stats.p25, p75: stats.p75 };
}

async function time(run, minCpuMs) {
  return timeCall(run, minCpuMs);
}

/**
 * Every benchmark on every input, the whole set `repeats` times over (so a
 * burst of load elsewhere spoils one pass, not the result). Returns, per
 * input, `value[op]`, `text[op]`, `floor[op]` and `peers[name]`, each
 * `{ median, p25, p75 }` in nanoseconds per call: the pass whose median is
 * the median of the passes.
 */
export async function speed({ minCpuMs = 642, repeats = 3, log = () => {} } = {}) {
  const ef = await import(nodeEntry());
  const passes = [];
  for (let pass = 0; pass < repeats; pass += 1) {
    const results = [];
    for (const input of INPUTS) {
      const schemaText = JSON.stringify(input.schema);
      const other = twin(input);
      const answersText = JSON.stringify(input.answers);
      const suites = {
        value: alternating(ours(ef, input.schema, input.answers), ours(ef, other.schema, input.answers)),
        text: alternating(ours(ef, schemaText, answersText), ours(ef, JSON.stringify(other.schema), answersText)),
        floor: alternating(floors(input, ef), floors(other, ef)),
        peers: alternating(peers(input), peers(other)),
      };
      const result = { id: input.id, label: input.label, schemaBytes: schemaText.length };
      for (const [suite, runs] of Object.entries(suites)) {
        result[suite] = {};
        for (const [name, run] of Object.entries(runs)) {
          result[suite][name] = await time(run, minCpuMs);
          log(`pass ${pass + 1}/${repeats}: ${input.id} / ${suite} / ${name}: ${formatNs(result[suite][name].median)}`);
        }
      }
      results.push(result);
    }
    passes.push(results);
  }
  const [first] = passes;
  return first.map((result, index) => {
    const merged = { ...result };
    for (const suite of ["value", "text", "floor", "peers"]) {
      merged[suite] = {};
      for (const name of Object.keys(result[suite])) {
        const figures = passes.map((results) => results[index][suite][name]).sort((a, b) => a.median - b.median);
        merged[suite][name] = figures[Math.floor((figures.length - 1) / 2)];
      }
    }
    return merged;
  });
}

/** Mean nanoseconds per call of `run` over `calls` calls. */
function batch(run, calls) {
  const started = performance.now();
  for (let call = 0; call < calls; call += 1) do_not_optimize(run());
  return ((performance.now() - started) * 1e6) / calls;
}

/** Calls of `run` that take about `ms` milliseconds. */
function callsFor(run, ms) {
  for (let warm = 0; warm < 64; warm += 1) do_not_optimize(run());
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < 20) {
    do_not_optimize(run());
    calls += 1;
  }
  return Math.max(1, Math.round((ms * calls) / (performance.now() - started)));
}

const quantile = (sorted, q) => sorted[Math.round(q * (sorted.length - 1))];

/**
 * `ours / peer` measured in pairs: a batch of about 2 ms of one, then of the
 * other (the order swapping every pair), `pairs` times, and the median of the
 * per-pair ratios with its quartiles. Load on a shared machine that comes
 * and goes over seconds moves both sides of a pair alike, which separate
 * timings of each (the tables) do not guarantee.
 */
export function pairedRatio(ours, peer, { pairs = 300, warmMs = 500 } = {}) {
  // Both run for a while first, so that V8 has tiered both up (the wasm from
  // Liftoff to TurboFan too) in a process that has run nothing else yet:
  // bench/paired.mjs's child, where without it a round took twice as long.
  for (const run of [ours, peer]) {
    const started = performance.now();
    while (performance.now() - started < warmMs) do_not_optimize(run());
  }
  const oursCalls = callsFor(ours, 2);
  const peerCalls = callsFor(peer, 2);
  const ratios = [];
  const oursNs = [];
  const peerNs = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    let a;
    let b;
    if (pair % 2 === 0) {
      a = batch(ours, oursCalls);
      b = batch(peer, peerCalls);
    } else {
      b = batch(peer, peerCalls);
      a = batch(ours, oursCalls);
    }
    ratios.push(a / b);
    oursNs.push(a);
    peerNs.push(b);
  }
  const sorted = (values) => [...values].sort((x, y) => x - y);
  const r = sorted(ratios);
  return {
    ratio: quantile(r, 0.5),
    p25: quantile(r, 0.25),
    p75: quantile(r, 0.75),
    ours: quantile(sorted(oursNs), 0.5),
    peer: quantile(sorted(peerNs), 0.5),
    pairs,
  };
}

/**
 * The speed targets of issues 13 and 40 on an input (`billing`, or `bounds`
 * for issue 40's schema at every bound), each a paired ratio:
 * the UI round (with prepareForm, and as three calls; `rounds`) through the
 * package's `entry` against the zod request parse + cfworker validation, and
 * against the JSON text floor. One entry a process: loading a second entry
 * into the same process moved every ratio of the one measured second (V8's
 * feedback on the shared bench code; by how much: bench/README.md), so
 * run.mjs measures the ui entry in a child (bench/paired.mjs).
 */
export async function pairedTargets({
  entry = ".",
  input: id = "billing",
  rounds = ["UI round, prepareForm", "UI round"],
  pairs = 300,
  log = () => {},
} = {}) {
  const ef = await import(nodeEntry(entry));
  const input = INPUTS.find((candidate) => candidate.id === id);
  const other = twin(input);
  const ourRuns = alternating(ours(ef, input.schema, input.answers), ours(ef, other.schema, input.answers));
  const floorRuns = alternating(floors(input, ef), floors(other, ef));
  const peerRuns = alternating(peers(input), peers(other));
  const zodCf = peerRuns["zod parse + cfworker validate"];
  const results = [];
  for (const round of rounds) {
    for (const [against, peer] of [
      ["zod parse + cfworker validate", zodCf],
      ["the JSON text floor", floorRuns[round]],
    ]) {
      const result = pairedRatio(ourRuns[round], peer, { pairs });
      log(`paired: ${entry} ${id} ${round} / ${against}: ${result.ratio.toFixed(2)}`);
      results.push({ entry, input: id, round, against, ...result });
    }
  }
  return results;
}

export function formatNs(ns) {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(ns >= 1e5 ? 0 : ns >= 1e4 ? 1 : 2)} µs`;
  return `${ns.toFixed(0)} ns`;
}
