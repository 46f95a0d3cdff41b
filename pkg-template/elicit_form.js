// The glue between core.js and the .wasm, written by hand (bench/FINDINGS.md,
// "Session 6": wasm-bindgen's was measured against this): it instantiates the
// module, which imports nothing, and moves texts in and out of its memory.
// The wasm's exports take numbers (src/wasm/abi.rs): a text is the pointer
// and length of its UTF-8 bytes, written into memory taken with `alloc`; the
// export owns them from then on. A reply is one i64, its length above its
// pointer, valid until the glue next calls (`alloc` included). This module converts and decides
// nothing: every answer and every error text comes from the wasm.
//
// Exports: one function per wasm export, taking and giving JS strings (an
// optional text is undefined or null when absent), `initSync({ module })`
// and the default `init({ module_or_path })` (both give the wasm's exports,
// the instance's already when there is one), and `reinstantiate()`, a fresh
// instance of the same module (core.js's memory bound).

let wasm;
let wasmModule;
let bytes;

const encoder = new TextEncoder();
let decoder;
// Safari's TextDecoder fails after about 2 GiB decoded: a fresh one before that.
let decodedBytes = Infinity;

function memory() {
  // A view of memory that has since grown is detached: its length is 0.
  if (bytes === undefined || bytes.byteLength === 0) bytes = new Uint8Array(wasm.memory.buffer);
  return bytes;
}

// `text` as UTF-8 in wasm memory: its pointer and length. One `encodeInto`
// into room for the text as ASCII; the rest, if any was not, into room for 3
// bytes a UTF-16 unit, then cut to what was written (so a 64 MiB ASCII text
// takes 64 MiB).
function put(text) {
  let room = text.length;
  let ptr = wasm.alloc(room) >>> 0;
  const first = encoder.encodeInto(text, memory().subarray(ptr, ptr + room));
  let written = first.written;
  if (first.read !== text.length) {
    const rest = text.slice(first.read);
    ptr = wasm.realloc(ptr, room, (room = written + rest.length * 3)) >>> 0;
    written += encoder.encodeInto(rest, memory().subarray(ptr + written, ptr + room)).written;
    ptr = wasm.realloc(ptr, room, written) >>> 0;
  }
  return [ptr, written];
}

// Calls the export `name` with `values` as it takes them: a string as its
// pointer and length, undefined or null as the absent text (0, 0), a number
// as itself. If a text cannot be written (memory cannot grow so far), the
// texts already written are freed before the error goes on.
function call(name, ...values) {
  const args = [];
  const taken = [];
  try {
    for (const value of values) {
      if (typeof value === "string") {
        const block = put(value);
        taken.push(block);
        args.push(...block);
      } else if (value == null) {
        args.push(0, 0);
      } else {
        args.push(value);
      }
    }
  } catch (error) {
    for (const [ptr, len] of taken) wasm.free(ptr, len);
    throw error;
  }
  try {
    return wasm[name](...args);
  } catch (error) {
    // A debug build says why it trapped (npm run build -- --debug).
    if (wasm.panic_message !== undefined) console.error(text(wasm.panic_message()));
    throw error;
  }
}

// The reply text of an export that answers with one.
const reply = (name, ...values) => text(call(name, ...values));

// The text of a reply: its length above its pointer.
function text(packed) {
  const ptr = Number(packed & 0xffffffffn);
  const len = Number(packed >> 32n) >>> 0;
  decodedBytes += len;
  if (decodedBytes > 2 ** 30) {
    decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    decodedBytes = len;
  }
  return decoder.decode(memory().subarray(ptr, ptr + len));
}

export const parse_requested_schema = (schema, profile) => reply("parse_requested_schema", schema, profile);
export const questions = (schema, server, profile) => reply("questions", schema, server, profile);
export const prepare_form = (schema, server, profile) => reply("prepare_form", schema, server, profile);
export const fingerprint = (schema, profile) => reply("fingerprint", schema, profile);
export const content_from_answers = (schema, answers, profile) => reply("content_from_answers", schema, answers, profile);
export const form_answer_storage_key = (server, tool) => reply("form_answer_storage_key", server, tool);
export const names_a_credential = (text) => call("names_a_credential", text) !== 0;
export const pending = (server, tool, key, message, schema, profile) =>
  reply("pending", server, tool, key, message, schema, profile);
// The bounds (src/wasm.rs, `bounds`): six f64s in memory, in the order
// core.js names them.
export const bounds = () => Array.from(new Float64Array(wasm.memory.buffer, wasm.bounds() >>> 0, 6));
export const argument_problem = (problem, argument, detail, unit, at) =>
  reply("argument_problem", problem, argument, detail, unit, at);

// -- the answers on record: scripts/build.mjs leaves this block out of a ui
// build's glue, whose wasm, built without the crate's `records` feature, does
// not have these exports.

// `now` as the wasm reads it (src/wasm/records.rs, `Now`): a kind (0
// milliseconds, 1 RFC 3339 text, 2 neither, which the wasm refuses), the
// milliseconds and the text. undefined or null is the clock's time; a Date,
// its time.
function time(now) {
  if (now == null) return [0, Date.now(), undefined];
  if (typeof now === "number") return [0, now, undefined];
  if (typeof now === "string") return [1, 0, now];
  let date = false;
  try {
    date = now instanceof Date;
  } catch {
    // A value instanceof cannot ask (a revoked Proxy) is no Date.
  }
  return date ? [0, now.getTime(), undefined] : [2, 0, undefined];
}

export const record_form_answer = (request, now, profile) => reply("record_form_answer", request, ...time(now), profile);
// `now` is read before any text is written: a Date's getTime may call the package.
export const applies_to = (record, server, tool, fingerprint, now, profile) => {
  const at = time(now);
  return reply("applies_to", record, server, tool, fingerprint, ...at, profile);
};
export const answer_form = (server, tool, key, message, schema, record, now, profile) => {
  const at = time(now);
  return reply("answer_form", server, tool, key, message, schema, record, ...at, profile);
};
// -- end of the answers on record

function ready(instance, module) {
  wasm = instance.exports;
  wasmModule = module;
  bytes = undefined;
  return wasm;
}

/** Instantiates `module` (bytes or a `WebAssembly.Module`) synchronously; the current exports once there are some. */
export function initSync({ module } = {}) {
  if (wasm !== undefined) return wasm;
  const compiled = module instanceof WebAssembly.Module ? module : new WebAssembly.Module(module);
  return ready(new WebAssembly.Instance(compiled, {}), compiled);
}

/** A fresh instance of the module in use, in place of the current one (between calls only). */
export function reinstantiate() {
  return ready(new WebAssembly.Instance(wasmModule, {}), wasmModule);
}

// A Response is compiled as it streams where the host can, and from its
// bytes where it cannot (no instantiateStreaming, or a server that does not
// send application/wasm).
async function instantiated(source) {
  if (typeof Response === "function" && source instanceof Response) {
    if (!source.ok) throw new Error(`failed to fetch Wasm: ${source.status} ${source.statusText} fetching '${source.url}'`);
    if (typeof WebAssembly.instantiateStreaming === "function"
      && source.headers.get("Content-Type") === "application/wasm") {
      return WebAssembly.instantiateStreaming(source, {});
    }
    return WebAssembly.instantiate(await source.arrayBuffer(), {});
  }
  const made = await WebAssembly.instantiate(source, {});
  return made instanceof WebAssembly.Instance ? { instance: made, module: source } : made;
}

let loading;

/**
 * Loads the module from `module_or_path`: a URL or its text, a Request or a
 * Response (fetched and compiled as it streams), bytes, or a
 * WebAssembly.Module, or a promise of one; by default the .wasm beside this
 * file. The current exports once there are some.
 */
export default async function init({ module_or_path } = {}) {
  if (wasm !== undefined) return wasm;
  loading ??= (async () => {
    let source = await (module_or_path ?? new URL('elicit_form_bg.wasm', import.meta.url));
    if (typeof source === "string" || (typeof Request === "function" && source instanceof Request)
      || source instanceof URL) {
      source = await fetch(source);
    }
    const { instance, module } = await instantiated(source);
    return wasm ?? ready(instance, module);
  })();
  try {
    return await loading;
  } finally {
    loading = undefined;
  }
}
