// One fresh process's start-up, split into phases: how long the package's
// entry spends reading the .wasm, compiling it (new WebAssembly.Module) and
// instantiating it (new WebAssembly.Instance), the rest of the import (the
// JS modules, wasm-bindgen's start function, the first export call that reads
// the bounds), and then the first fingerprint, for an ES import of the entry
// (phases.cjs is the same for require). argv[2]: the entry's URL; argv[3]:
// the schema (JSON text). Hooks
// WebAssembly.Module and WebAssembly.Instance (and fs.readFileSync of the
// .wasm) before loading the entry, so the entry's own path is what is timed.
// Prints one JSON line, milliseconds.
import { syncBuiltinESMExports } from "node:module";
import fs from "node:fs";

const atScript = performance.now();
const [, , entry, schemaText] = process.argv;
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
syncBuiltinESMExports();
const { Module, Instance } = WebAssembly;
WebAssembly.Module = new Proxy(Module, { construct: (target, args) => timed("compile", () => Reflect.construct(target, args)) });
WebAssembly.Instance = new Proxy(Instance, { construct: (target, args) => timed("instantiate", () => Reflect.construct(target, args)) });

const schema = JSON.parse(schemaText);
const beforeLoad = performance.now();
const api = await import(entry);
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
