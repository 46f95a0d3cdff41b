// The CommonJS twin of phases.mjs: the same phases for `require` of the
// package's node.cjs (argv[2]: the node entry's URL, node.cjs beside it;
// argv[3]: the schema, JSON text), in a process with no ES module loader.
// Prints one JSON line, milliseconds.
const atScript = performance.now();
const fs = require("node:fs");
const { fileURLToPath } = require("node:url");

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
const { Module, Instance } = WebAssembly;
WebAssembly.Module = new Proxy(Module, { construct: (target, args) => timed("compile", () => Reflect.construct(target, args)) });
WebAssembly.Instance = new Proxy(Instance, { construct: (target, args) => timed("instantiate", () => Reflect.construct(target, args)) });

const schema = JSON.parse(schemaText);
const beforeLoad = performance.now();
const api = require(fileURLToPath(new URL("node.cjs", entry)));
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
