// What every entry of elicit-form shares (node.js, workerd.js, browser.js,
// and require.js for node.cjs: scripts/build.mjs bundles each with this
// module and api.js into one file, which imports the glue wasm-bindgen wrote,
// elicit_form.js, beside it): loading the wasm, the errors, and the argument
// checks. Every rule is decided in Rust: these only check argument types,
// turn arguments into the JSON text the wasm reads, and turn the wasm's JSON
// envelope (`{"ok"}` | `{"refused"}` | `{"answer"}` | `{"type"}`) into a value
// or an error. The entries load the wasm; until then every call says how to
// load it. The forms' functions are in form.js, the answers on record in
// records.js (which a ui entry leaves out), the URL rules in url.js (the
// elicit-form/url entry, which has neither); api.js lists what the package
// exports.
// wasm memory never shrinks: past MEMORY_BOUND, a fresh instance takes over.

/** @import { AnswerErrorKind, FormRefusalKind, InitInput } from "./types.js" */

import initGlue, * as wasm from "./elicit_form.js";

// The glue, for records.js: one import of it in every bundle.
/** @internal */
export { wasm };

const REFUSAL_BRAND = Symbol.for("elicit-form.FormRefusalError");
const ANSWER_BRAND = Symbol.for("elicit-form.AnswerError");

// `instanceof` reads a brand rather than the prototype chain, so an error
// thrown by the CommonJS copy of this module (or another installed copy) is
// still an instance of the class the caller imported.
// The name is given as text: minifiers (Vite's, webpack's Terser) rename
// classes, and `error.name` must stay "FormRefusalError" / "AnswerError".
/**
 * @param {Function} cls
 * @param {symbol} brand
 * @param {string} name
 */
function branded(cls, brand, name) {
  Object.defineProperty(cls, Symbol.hasInstance, {
    /** @param {unknown} value */
    value(value) {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, value);
      return (
        typeof value === "object" && value !== null && /** @type {Record<symbol, unknown>} */ (value)[brand] === true
      );
    },
  });
  Object.defineProperty(cls, "name", { value: name, configurable: true });
  Object.defineProperty(cls.prototype, "name", {
    value: name,
    writable: true,
    configurable: true,
  });
}

// The classes' public declarations are errors.d.ts's (readonly fields and
// the literal `name`, which tsc does not emit from JSDoc).
/** The schema cannot be put in front of a person: the backend's `FormRefusal`. */
export class FormRefusalError extends Error {
  /**
   * @param {string} message
   * @param {{ kind?: FormRefusalKind; property?: string | undefined; reason?: string | undefined }} [fields]
   */
  constructor(message, { kind, property, reason } = {}) {
    super(message);
    Object.defineProperty(this, REFUSAL_BRAND, { value: true });
    this.kind = kind;
    this.property = property;
    this.reason = reason;
  }
}
branded(FormRefusalError, REFUSAL_BRAND, "FormRefusalError");

/** The answers do not fit the schema: the backend's `AnswerError`. */
export class AnswerError extends Error {
  /**
   * @param {string} message
   * @param {{ property?: string; kind?: AnswerErrorKind }} [fields]
   */
  constructor(message, { property, kind } = {}) {
    super(message);
    Object.defineProperty(this, ANSWER_BRAND, { value: true });
    this.property = property;
    this.kind = kind;
  }
}
branded(AnswerError, ANSWER_BRAND, "AnswerError");

// The bounds, read from the wasm once it is loaded (live bindings).
/** Most properties one elicitation may ask for (16). @type {number} */
export let MAX_FORM_PROPERTIES;
/** Most members one enum property may offer (32). @type {number} */
export let MAX_FORM_ENUM_MEMBERS;
/** Longest property name accepted (64 characters). @type {number} */
export let MAX_FORM_PROPERTY_NAME_CHARS;
/** Longest title, enum value, label or format (200 characters). @type {number} */
export let MAX_FORM_TITLE_CHARS;
/** Longest description or elicitation message (2,000 characters). @type {number} */
export let MAX_FORM_TEXT_CHARS;
/** How long a recorded answer stays usable (30 minutes, in milliseconds). @type {number} */
export let FORM_ANSWER_TTL_MS;

let ready = false;
/** @type {unknown} */
let loadFailure;

// Above what the largest admitted schema leaves in wasm memory (docs/performance.md,
// "Memory"; held by tests/js/abuse.mjs).
const MEMORY_BOUND = 8 << 20;
/** @type {WebAssembly.Memory} */
let memory;
// Growing detaches it (byteLength 0): cheaper to read than memory.buffer.
/** @type {ArrayBuffer} */
let buffer;

/** @internal */
export function afterCall() {
  if (buffer.byteLength === 0) grown();
}

function grown() {
  memory = boundedInstance(wasm, { memory }).memory;
  buffer = memory.buffer;
}

/**
 * `exports`, or, once their memory has grown past MEMORY_BOUND, a fresh
 * instance's (`reinstantiate`): the memory a huge input took is given back.
 * Every wasm the package loads keeps its memory this way.
 * @param {{ __wbg_reset_state(): void; initSync(): { memory: WebAssembly.Memory } }} glue
 * @param {{ memory: WebAssembly.Memory }} exports
 * @returns {{ memory: WebAssembly.Memory }}
 * @internal
 */
export function boundedInstance(glue, exports) {
  if (exports.memory.buffer.byteLength <= MEMORY_BOUND) return exports;
  try {
    return reinstantiate(glue);
  } catch {
    // No room: the grown one serves on.
    return exports;
  }
}

/**
 * A fresh instance of the module `glue` uses, in place of the current one
 * (between calls only), and its exports: wasm-bindgen's reset
 * (`--experimental-reset-state-function`) instantiates the module again with
 * the glue's imports and drops the glue's cached views; the glue's initSync
 * then gives the instance it now uses.
 * @param {{ __wbg_reset_state(): void; initSync(): { memory: WebAssembly.Memory } }} glue
 * @internal
 */
export function reinstantiate(glue) {
  glue.__wbg_reset_state();
  return glue.initSync();
}

/** @param {{ memory: WebAssembly.Memory }} exports */
function becomeReady(exports) {
  if (ready) return;
  memory = exports.memory;
  buffer = memory.buffer;
  [
    MAX_FORM_PROPERTIES,
    MAX_FORM_ENUM_MEMBERS,
    MAX_FORM_PROPERTY_NAME_CHARS,
    MAX_FORM_TITLE_CHARS,
    MAX_FORM_TEXT_CHARS,
    FORM_ANSWER_TTL_MS,
  ] = wasm.bounds();
  ready = true;
  loadFailure = undefined;
}

/**
 * Loads the wasm (by default the `.wasm` beside the module). A no-op once ready.
 * @param {{ module_or_path?: InitInput | Promise<InitInput> }} [options]
 * @returns {Promise<void>}
 */
export async function init(options) {
  if (ready) return;
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    throw new TypeError("init takes { module_or_path }, or nothing for the .wasm beside the module");
  }
  becomeReady(await initGlue(options === undefined ? undefined : { module_or_path: options.module_or_path }));
}

/**
 * Loads the wasm from its bytes or a compiled module. A no-op once ready.
 * @param {{ module: BufferSource | WebAssembly.Module }} options
 * @returns {void}
 */
export function initSync(options) {
  if (ready) return;
  if (typeof options !== "object" || options === null || options.module === undefined) {
    throw new TypeError("initSync needs { module }: the wasm's bytes or a WebAssembly.Module");
  }
  becomeReady(wasm.initSync({ module: options.module }));
}

/**
 * Entries that load the wasm on import note why it failed, for the first call.
 * @param {unknown} error
 * @internal
 */
export function noteLoadFailure(error) {
  loadFailure = error;
}

/** @internal */
export function whenReady() {
  if (ready) return;
  const why = loadFailure === undefined ? "" : ` (loading it failed: ${loadFailure})`;
  throw new Error(`elicit-form: the wasm module is not loaded${why}; call init() or initSync({ module }) first`);
}

const encoder = new TextEncoder();

/**
 * The JSON texts of one call, written one after another into the wasm's
 * inbox (crates/wasm/src/inbox.rs) by the engine's encoder, straight into
 * wasm memory: their byte lengths, in order, for the export that reads them.
 * Called as the export's arguments are, after anything that may call the
 * package (a `Date`'s `getTime`), so no other call's texts take their place.
 * Room for as many bytes as a text has UTF-16 units fits an ASCII text; the
 * rest of any other then gets three bytes a unit, the most one takes.
 * @template {string[]} T
 * @param {T} texts
 * @returns {{ [K in keyof T]: number }}
 * @internal
 */
export function textsIn(...texts) {
  let written = 0;
  const lengths = texts.map((text) => {
    const start = written;
    for (let read = 0, room = text.length; ; room = 3 * (text.length - read)) {
      const at = wasm.inbox(written, room);
      const done = encoder.encodeInto(text.slice(read), new Uint8Array(memory.buffer, at + written, room));
      read += done.read;
      written += done.written;
      if (read === text.length) return written - start;
    }
  });
  return /** @type {{ [K in keyof T]: number }} */ (lengths);
}

/**
 * The reply envelope's value, or its error thrown.
 * @param {string} text
 * @returns {any}
 * @internal
 */
export function envelope(text) {
  afterCall();
  const reply = JSON.parse(text);
  if ("ok" in reply) return reply.ok;
  if ("refused" in reply) {
    const { kind, property, reason, message } = reply.refused;
    throw new FormRefusalError(message, {
      kind,
      property: property ?? undefined,
      reason: reason ?? undefined,
    });
  }
  if ("answer" in reply) {
    const { kind, property, message } = reply.answer;
    throw new AnswerError(message, { property, kind });
  }
  throw new TypeError(reply.type);
}

// What only JS can see about an argument is reported to Rust, which words the
// error and picks its class (argument.rs): this never returns.
/**
 * @param {string} problem
 * @returns {never}
 */
function fail(problem, argument = "", detail = "", unit = 0, at = 0) {
  envelope(wasm.argument_problem(problem, argument, detail, unit, at));
  throw new TypeError(`elicit-form: no error for the argument problem ${problem}`); // not reached
}

// `typeof`, with null and arrays told apart.
/** @param {unknown} value */
function found(value) {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

// A lone surrogate has no UTF-8 form: TextEncoder would silently turn it into
// U+FFFD, so a different text would reach the rules than the caller gave.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * @param {string} argument
 * @param {string} text
 * @param {boolean} json
 * @returns {string}
 */
function wellFormed(argument, text, json) {
  if (typeof text.isWellFormed === "function" && text.isWellFormed()) return text;
  const lone = LONE_SURROGATE.exec(text);
  if (lone === null) return text;
  return fail(json ? "loneSurrogateInJson" : "loneSurrogate", argument, "", lone[0].charCodeAt(0), lone.index);
}

/**
 * @param {string} argument
 * @param {unknown} value
 * @returns {string}
 * @internal
 */
export function name(argument, value) {
  if (typeof value !== "string") fail("notString", argument, found(value));
  return wellFormed(argument, value, false);
}

// A value is read exactly as JSON.stringify writes it; a string is JSON text.
/**
 * @param {string} argument
 * @param {unknown} value
 * @returns {string}
 * @internal
 */
export function jsonText(argument, value) {
  if (typeof value === "string") return wellFormed(argument, value, true);
  let text;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    fail("notJson", argument, error instanceof Error ? error.message : String(error));
  }
  if (text === undefined) fail("noJson", argument, found(value));
  return text;
}

/**
 * @type {(schema: unknown, argument?: string) => string}
 * @internal
 */
export const schemaText = (schema, argument = "schema") => jsonText(argument, schema);

/**
 * @template T
 * @param {string} argument
 * @param {T} value
 * @returns {T & object}
 * @internal
 */
export function objectArgument(argument, value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail("notObject", argument, found(value));
  }
  return value;
}

// The last argument of the profiled functions: `{ profile?: "backend" |
// "mcp-2026-07-28" }`. Gives the profile's name, or undefined for the backend's
// (the wasm's default, so no text crosses for it); Rust refuses an unknown one.
/**
 * @param {unknown} options
 * @returns {string | undefined}
 * @internal
 */
export function profileOption(options) {
  if (options === undefined) return undefined;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    fail("notOptions", "options", found(options));
  }
  const { profile } = /** @type {{ profile?: unknown }} */ (options);
  if (profile === undefined || profile === "backend") return undefined;
  if (typeof profile !== "string") fail("profileNotString", "options.profile", found(profile));
  return name("options.profile", profile);
}

// `now` as the wasm takes it (src/wasm/now.rs, `Now::from_js`), for the
// answers on record (records.js, url.js): a kind
// (0 milliseconds, 1 RFC 3339 text, 2 neither, which the wasm refuses), the
// milliseconds and the text. undefined or null is the clock's time; a Date,
// its time. Read before any text crosses: a Date's getTime may call the
// package.
/**
 * @param {unknown} now
 * @returns {[number, number, string | undefined]}
 * @internal
 */
export function nowArgument(now) {
  if (now == null) return [0, Date.now(), undefined];
  if (typeof now === "number") return [0, now, undefined];
  if (typeof now === "string") return [1, 0, now];
  let date = false;
  try {
    date = now instanceof Date;
  } catch {
    // A value instanceof cannot ask (a revoked Proxy) is no Date.
  }
  return date ? [0, /** @type {Date} */ (now).getTime(), undefined] : [2, 0, undefined];
}
