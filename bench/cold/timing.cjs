// The timing both start-up scripts share (phases.mjs for an ES import,
// phases.cjs for require): hooks on fs.readFileSync of the .wasm and on
// WebAssembly.Module and WebAssembly.Instance, installed when this file is
// loaded, before the entry is; and the one JSON line each prints.
const fs = require("node:fs");

const phases = { read: 0, compile: 0, instantiate: 0 };
const timed = (phase, run) => {
  const started = performance.now();
  try {
    return run();
  } finally {
    phases[phase] += performance.now() - started;
  }
};
const readFileSync = fs.readFileSync;
fs.readFileSync = function (path, ...rest) {
  return String(path).endsWith(".wasm") ? timed("read", () => readFileSync.call(this, path, ...rest)) : readFileSync.call(this, path, ...rest);
};
const { Module, Instance } = WebAssembly;
WebAssembly.Module = new Proxy(Module, { construct: (target, args) => timed("compile", () => Reflect.construct(target, args)) });
WebAssembly.Instance = new Proxy(Instance, { construct: (target, args) => timed("instantiate", () => Reflect.construct(target, args)) });

/**
 * Loads the entry with `load`, takes the first fingerprint of `schemaText`,
 * and prints the phases (milliseconds; `atScript` when the script began).
 */
async function measure(atScript, schemaText, load) {
  const schema = JSON.parse(schemaText);
  const beforeLoad = performance.now();
  const api = await load();
  const loaded = performance.now();
  const digest = api.fingerprint(schema);
  const done = performance.now();
  if (digest.length !== 64) throw new Error(`unexpected fingerprint ${digest}`);
  process.stdout.write(JSON.stringify({
    boot: atScript,
    ...phases,
    restOfLoad: loaded - beforeLoad - phases.read - phases.compile - phases.instantiate,
    load: loaded - beforeLoad,
    firstCall: done - loaded,
    done,
  }));
}

module.exports = { measure };
