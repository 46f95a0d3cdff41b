// What one fresh process's import (or require) of the package spends its time
// on, finer than phases.mjs: loaded by breakdown.mjs / the require twin
// before the entry, it records
// - marks that the instrumented copy of the package (bench/breakdown.mjs)
//   leaves at the start and end of each of its ES modules' bodies (and of
//   each module's part of the CommonJS bundle), so the time before the first
//   body runs is resolving, reading, parsing and linking, and each body's
//   time is its own top-level work;
// - reading the .wasm, compiling it and instantiating it (as timing.cjs);
// - every call into the wasm's exports (the instance's exports are wrapped),
//   so the bounds call (`bounds`) at import, and the first fingerprint's own
//   export call, are timed apart from the JS around them.
// Prints one JSON line: { marks, calls, phases, beforeLoad, loaded, done }.
const fs = require("node:fs");

const marks = [];
globalThis.__elicitFormMarks = marks;
const calls = [];
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

// The exports object the glue keeps, with each function timed per call. The
// glue reads only `exports` from an instance.
function timedExports(exports) {
  const wrapped = {};
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== "function") {
      wrapped[name] = value;
      continue;
    }
    wrapped[name] = function (...args) {
      const started = performance.now();
      try {
        return value.apply(this, args);
      } finally {
        calls.push([name, started, performance.now()]);
      }
    };
  }
  return wrapped;
}

const { Module, Instance } = WebAssembly;
WebAssembly.Module = new Proxy(Module, { construct: (target, args) => timed("compile", () => Reflect.construct(target, args)) });
WebAssembly.Instance = new Proxy(Instance, {
  construct(target, args) {
    const instance = timed("instantiate", () => Reflect.construct(target, args));
    return { exports: timedExports(instance.exports) };
  },
});

async function measure(schemaText, load) {
  const schema = JSON.parse(schemaText);
  const beforeLoad = performance.now();
  const api = await load();
  const loaded = performance.now();
  const digest = api.fingerprint(schema);
  const done = performance.now();
  if (digest.length !== 64) throw new Error(`unexpected fingerprint ${digest}`);
  process.stdout.write(JSON.stringify({ marks, calls, phases, beforeLoad, loaded, done }));
}

module.exports = { measure };
