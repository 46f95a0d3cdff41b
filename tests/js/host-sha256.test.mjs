// The fingerprint through the host's SHA-256 (the full entries' wasm, the
// bindings crate's `host-sha256` feature; pkg-template/host_sha256.js) is
// the one the wasm's own SHA-256 gives: the node entries of the packed
// package (host path, node:crypto) against the glue beside them, loaded
// with the same wasm while the host had no hasher to give (its own SHA-256,
// sha2), over the vectors' schemas of both profiles and random schemas with
// texts of every width up to every bound. A spy on process.getBuiltinModule
// shows when the host path is taken in Node: not on a cold start (the wasm
// hashes a first stretch of input itself, so node:crypto is not loaded for
// a few forms), and for every fingerprint after it. The snippet itself
// falls back on every way a host may lack or break its hasher.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { withTexts } from "./inbox.mjs";

const scratch = new URL("./scratch/", import.meta.url);
const installed = new URL("node_modules/elicit-form/", scratch);
const NOW = 1_800_000_000_000;

// The host's hasher, counted: the node entries find node:crypto through it.
const getBuiltinModule = process.getBuiltinModule;
assert.equal(typeof getBuiltinModule, "function", "this Node gives process.getBuiltinModule");
const counts = { lookups: 0, hashes: 0 };
/** @param {string} name */
function spy(name) {
  const module = getBuiltinModule(name);
  if (name !== "node:crypto") return module;
  counts.lookups += 1;
  return {
    hash: (/** @type {unknown[]} */ ...args) => {
      counts.hashes += 1;
      return module.hash(...args);
    },
  };
}

/**
 * Each full entry's glue (which imports host_sha256.js beside it) with its
 * wasm, loaded while the host gives no node:crypto and used until its wasm
 * asks the host for a digest (once it has hashed a first stretch of input
 * itself) and finds none: it keeps its own SHA-256 from then on.
 */
function ownSha256(dir, wasmName) {
  return async () => {
    const raw = await import(new URL(`${dir}elicit_form.js`, installed).href);
    const { memory } = raw.initSync({ module: readFileSync(new URL(`${dir}${wasmName}`, installed)) });
    const glue = withTexts(raw, memory);
    const properties = Object.fromEntries(
      Array.from({ length: 16 }, (_, at) => [`p${at}`, { type: "string", description: `${at}`.padEnd(2000, "x") }]),
    );
    const large = JSON.stringify({ type: "object", properties });
    let asked = 0;
    process.getBuiltinModule = () => {
      asked += 1;
    };
    try {
      for (let calls = 0; asked === 0 && calls < 1000; calls += 1) {
        const reply = JSON.parse(glue.fingerprint(large, undefined));
        assert.equal(reply.ok?.length, 64, JSON.stringify(reply));
      }
      assert.equal(asked, 1, "the wasm asked the host once, and found no hasher");
    } finally {
      process.getBuiltinModule = spy;
    }
    return glue;
  };
}

const builds = [
  { name: "elicit-form", glue: await ownSha256("", "elicit_form_bg.wasm")(), profiles: ["backend"] },
  {
    name: "elicit-form/mcp-2026-07-28",
    glue: await ownSha256("mcp-2026-07-28/", "elicit_form_mcp_2026_07_28_bg.wasm")(),
    profiles: ["backend", "mcp-2026-07-28"],
  },
];
assert.equal(counts.lookups, 0, "the glue without a hasher did not look one up afterwards");
for (const build of builds) {
  build.esm = await import(new URL(`esm${build.name === "elicit-form" ? "" : "-mcp"}.mjs`, scratch).href);
}

/** What the public API gives, or the error it throws, as a comparable value. */
function outcome(call) {
  try {
    return { ok: call() };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

/**
 * Every export that gives a fingerprint, through the host (the node entry)
 * and through the wasm's own SHA-256 (the glue): equal, fingerprints
 * included. Returns whether the schema was accepted.
 */
function same(build, text, profile) {
  const { esm, glue } = build;
  const hashes = counts.hashes;
  const schema = JSON.parse(text);
  // The text the API hands the wasm for `schema`.
  const schemaText = JSON.stringify(schema);
  const options = { profile };
  const elicitation = { serverName: "billing", toolName: "buy", key: "k", message: "Pick", requestedSchema: schema };
  const host = outcome(() => esm.fingerprint(schema, options));
  const own = JSON.parse(glue.fingerprint(schemaText, profile));
  if (!("ok" in own)) {
    assert.ok("error" in host, `${build.name} ${profile}: refused alike`);
    return false;
  }
  assert.deepEqual(host, { ok: own.ok }, `${build.name} ${profile}: fingerprint of ${schemaText.slice(0, 200)}`);
  const { contentFromAnswers, ...prepared } = esm.prepareForm(schema, "billing", options);
  assert.equal(typeof contentFromAnswers, "function");
  assert.deepEqual(prepared, JSON.parse(glue.prepare_form(schemaText, "billing", profile)).ok, "prepareForm");
  assert.equal(prepared.fingerprint, own.ok);
  const asked = esm.pending(elicitation, options);
  assert.deepEqual(asked, JSON.parse(glue.pending("billing", "buy", "k", "Pick", schemaText, profile)).ok, "pending");
  assert.equal(asked.fingerprint, own.ok);
  // A record made for the host's fingerprint answers for the wasm's own,
  // and asking again carries the same fingerprint either way.
  const ask = esm.answerForm(elicitation, null, NOW, options);
  const ownAsk = JSON.parse(
    glue.answer_form("billing", "buy", "k", "Pick", schemaText, undefined, 0, NOW, undefined, profile),
  );
  assert.deepEqual(ask, ownAsk.ok, "answerForm without a record");
  const record = esm.recordFormAnswer(
    { server: "billing", tool: "buy", fingerprint: prepared.fingerprint, action: "decline", now: NOW },
    options,
  );
  const recordText = JSON.stringify(record);
  const declined = JSON.parse(
    glue.answer_form("billing", "buy", "k", "Pick", schemaText, recordText, 0, NOW, undefined, profile),
  ).ok;
  assert.deepEqual(esm.answerForm(elicitation, record, NOW, options), declined, "answerForm on the record");
  assert.equal(declined.action, "decline", "the record applies to the wasm's own fingerprint");
  // fingerprint, prepareForm, pending and answerForm twice: each through the host.
  assert.equal(counts.hashes - hashes, 5, "every fingerprint through the host's SHA-256");
  return true;
}

/** A small deterministic generator (mulberry32), so a failure replays. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// One-, two-, three- and four-byte characters, and ones the backend's
// `Debug` text escapes (quotes, backslashes, controls, a combining mark,
// format and space characters, the line and paragraph separators).
const CHARACTERS = [..."abcxyz ABC019-_.,é€日本😀𝄞\"\\'\n\t\r\u0301\u200b\u3000\u00ad\u2028\ufeff\u0007"];

function randomSchema(random, atBounds) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const text = (most) => {
    const length = atBounds ? most : Math.floor(random() * most);
    return Array.from({ length }, () => pick(CHARACTERS)).join("");
  };
  const count = atBounds ? 16 : 1 + Math.floor(random() * 16);
  const properties = {};
  const required = [];
  for (let index = 0; index < count; index += 1) {
    const name = `p${String(index).padStart(2, "0")}_${"abcdefghij".slice(0, Math.floor(random() * 10))}`.padEnd(
      atBounds ? 64 : 0,
      "q",
    );
    const common = { title: text(200), description: text(2000) };
    const members = atBounds ? 32 : 1 + Math.floor(random() * 32);
    const kind = Math.floor(random() * 5);
    const number = () =>
      kind === 3
        ? pick([0, -0, 1, -1.5, 1e-7, 1e16, 1.5e300, 0.1, 12345.678, -(2 ** 53)])
        : pick([0, -0, 1, -7, 50, 2 ** 40]);
    if (kind === 0) {
      const values = Array.from({ length: members }, (_, at) => `${at}:${text(190)}`);
      const labels = Array.from({ length: members }, (_, at) => `${at}.${text(190)}`);
      properties[name] = { type: "string", enum: values, enumNames: labels, ...common };
    } else if (kind === 1) {
      properties[name] = {
        type: "string",
        ...(random() < 0.5 ? { format: pick(["email", "uri", "date"]) } : {}),
        ...common,
      };
    } else if (kind === 2) {
      properties[name] = { type: "boolean", ...(random() < 0.5 ? { default: random() < 0.5 } : {}), ...common };
    } else {
      const [a, b] = [number(), number()].sort((x, y) => x - y);
      properties[name] = { type: kind === 3 ? "number" : "integer", minimum: a, maximum: b, ...common };
    }
    if (random() < 0.5) required.push(name);
  }
  return JSON.stringify({ type: "object", properties, required });
}

/**
 * Fingerprints of a schema at every bound through `fingerprint` until the
 * entry looks node:crypto up: how many it took, none of them through the
 * host.
 */
function untilLookedUp(fingerprint) {
  const schema = JSON.parse(randomSchema(generator(7), true));
  const [lookups, hashes] = [counts.lookups, counts.hashes];
  let calls = 0;
  while (counts.lookups === lookups && calls < 100) {
    fingerprint(schema);
    calls += 1;
  }
  assert.equal(counts.lookups, lookups + 1, "looked node:crypto up once");
  assert.equal(counts.hashes, hashes + 1, "the call that looked it up hashed with it");
  return calls;
}

test("a cold start does not load node:crypto: each node entry's wasm hashes a first stretch of input itself, then looks the host's up once and hashes every fingerprint with it", async (t) => {
  for (const { esm, profiles } of builds) {
    const small = { type: "object", properties: { seats: { type: "integer", minimum: 1, maximum: 50 } } };
    for (const profile of profiles) assert.match(esm.fingerprint(small, { profile }), /^[0-9a-f]{64}$/);
  }
  assert.deepEqual(counts, { lookups: 0, hashes: 0 }, "no lookup for the first forms");
  for (const { name, esm, profiles } of builds) {
    const calls = untilLookedUp((schema) => esm.fingerprint(schema, { profile: profiles.at(-1) }));
    t.diagnostic(`${name}: node:crypto looked up at fingerprint ${calls} of a schema at every bound`);
    // A megabyte or so of input first (a bound schema's is a few hundred KB
    // in these texts of wide characters), not the first few forms.
    assert.ok(calls >= 2 && calls < 100, `${calls}`);
    const before = counts.hashes;
    esm.fingerprint(JSON.parse(randomSchema(generator(8), false)), { profile: profiles[0] });
    assert.equal(counts.hashes, before + 1, "then one host hash a fingerprint");
  }
  assert.equal(counts.lookups, builds.length, "once by each entry's copy");
  // require() has its own copy of the snippet inside node.cjs, and its own wasm.
  const { createRequire } = await import("node:module");
  const cjs = createRequire(new URL("package.json", scratch))("elicit-form/mcp-2026-07-28");
  untilLookedUp((schema) => cjs.fingerprint(schema, { profile: "mcp-2026-07-28" }));
  const schema = JSON.parse(randomSchema(generator(9), true));
  const options = { profile: "mcp-2026-07-28" };
  assert.equal(cjs.fingerprint(schema, options), builds[1].esm.fingerprint(schema, options));
  assert.equal(
    cjs.fingerprint(schema, options),
    JSON.parse(builds[1].glue.fingerprint(JSON.stringify(schema), "mcp-2026-07-28")).ok,
  );
});

test("the vectors' schemas: the host's SHA-256 gives the fingerprints the wasm's own gives, in every export", (t) => {
  const files = [
    [readFileSync(new URL("../data/backend-vectors.jsonl", import.meta.url), "utf8"), "backend"],
    [readFileSync(new URL("../data/mcp-2026-07-28-vectors.jsonl", import.meta.url), "utf8"), "mcp-2026-07-28"],
  ];
  const seen = new Set();
  let accepted = 0;
  for (const [file, profile] of files) {
    for (const line of file.split("\n").filter(Boolean)) {
      const vector = JSON.parse(line);
      const text = vector.schema_text;
      if (typeof text !== "string" || seen.has(`${profile} ${text}`)) continue;
      seen.add(`${profile} ${text}`);
      for (const build of builds.filter(({ profiles }) => profiles.includes(profile))) {
        if (same(build, text, profile)) accepted += 1;
      }
    }
  }
  t.diagnostic(`${accepted} accepted schemas compared (of ${seen.size})`);
  assert.ok(accepted > 1000, `${accepted} accepted schemas compared`);
});

test("random schemas with texts of every width, and schemas at every bound, under both profiles", (t) => {
  const random = generator(40);
  let accepted = 0;
  let atBounds = 0;
  for (let round = 0; round < 120; round += 1) {
    const bound = round % 10 === 0;
    const text = randomSchema(random, bound);
    for (const build of builds) {
      for (const profile of build.profiles) {
        if (!same(build, text, profile)) continue;
        accepted += 1;
        if (bound) atBounds += 1;
      }
    }
  }
  t.diagnostic(`${accepted} accepted random schemas compared (${atBounds} at every bound)`);
  assert.ok(
    accepted > 200 && atBounds >= 10,
    `${accepted} accepted random schemas compared, ${atBounds} at every bound`,
  );
});

test("host_sha256.js: undefined where the host gives no hasher or its hasher throws, createHash where hash is absent", async () => {
  const snippet = new URL("host_sha256.js", installed).href;
  const bytes = new TextEncoder().encode("abc");
  const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  let copies = 0;
  /** A copy of the snippet, its first call made while the host gives `crypto`. */
  const withHost = async (give) => {
    const { host_sha256_hex } = await import(`${snippet}?copy=${(copies += 1)}`);
    process.getBuiltinModule = give;
    try {
      return [host_sha256_hex(bytes), host_sha256_hex(bytes)];
    } finally {
      process.getBuiltinModule = spy;
    }
  };
  const crypto = getBuiltinModule("node:crypto");
  assert.deepEqual(await withHost(getBuiltinModule), [abc, abc]);
  assert.deepEqual(await withHost(() => ({ createHash: crypto.createHash })), [abc, abc]);
  assert.deepEqual(await withHost(() => undefined), [undefined, undefined]);
  assert.deepEqual(await withHost(() => ({})), [undefined, undefined]);
  assert.deepEqual(
    await withHost(() => {
      throw new Error("no builtins here");
    }),
    [undefined, undefined],
  );
  assert.deepEqual(
    await withHost(() => ({
      hash() {
        throw new Error("broken");
      },
    })),
    [undefined, undefined],
  );
  const saved = globalThis.process;
  const { host_sha256_hex } = await import(`${snippet}?copy=${(copies += 1)}`);
  try {
    // A browser: no process at all.
    Object.defineProperty(globalThis, "process", { value: undefined, configurable: true, writable: true });
    assert.equal(host_sha256_hex(bytes), undefined);
  } finally {
    Object.defineProperty(globalThis, "process", { value: saved, configurable: true, writable: true });
  }
});
