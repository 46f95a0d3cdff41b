// The first and the steady urlElicitation in a fresh process: the URL entry
// under Node, from a built package (default pkg/). One JSON line a run:
// load (import and instantiation of the wasm for plain ASCII hosts),
// asciiFirst (the first view with a named ASCII host), asciiSteadyMicros (a
// view after that), then unicodeFirst (the first view with a host that needs
// the Unicode rules: reading, compiling and instantiating their wasm, then
// the view), unicodeSteadyMicros. With `--preload`: load, loadUnicodeRules
// (awaited first, as a host that preloads them does) and
// unicodeFirstPreloaded, the first such view after it. Run it in several
// fresh processes:
//   for i in 1 2 3 4 5; do node bench/url-first-view.mjs; done
//   for i in 1 2 3 4 5; do node bench/url-first-view.mjs pkg --preload; done
// `node --no-wasm-lazy-compilation bench/url-first-view.mjs` compiles every
// wasm function at load, which takes V8's compilation out of the first view.
import { pathToFileURL } from "node:url";

const dir = process.argv[2]?.startsWith("--") === false ? process.argv[2] : new URL("../pkg", import.meta.url).pathname;
const entry = pathToFileURL(`${dir}/url/node.js`).href;
const ms = (from, to) => +(to - from).toFixed(2);
const n = 2000;

function views(url, params, count, host) {
  const t = performance.now();
  for (let i = 0; i < count; i += 1) url.urlElicitation({ ...params, url: `https://a${i}.${host}/` }, "calendar");
  return +(((performance.now() - t) / count) * 1000).toFixed(1);
}

const t0 = performance.now();
const url = await import(entry);
const t1 = performance.now();
if (process.argv.includes("--preload")) {
  await url.loadUnicodeRules();
  const t = performance.now();
  url.urlElicitation(
    { mode: "url", message: "Sign in", url: "https://accounts.google.com.evil.xn--p1ai/oauth" },
    "calendar",
  );
  const done = performance.now();
  console.log(JSON.stringify({ load: ms(t0, t1), loadUnicodeRules: ms(t1, t), unicodeFirstPreloaded: ms(t, done) }));
  process.exit(0);
}
const ascii = { mode: "url", message: "Sign in", url: "https://accounts.google.com.evil.example/oauth" };
const t2 = performance.now();
url.urlElicitation(ascii, "calendar");
const t3 = performance.now();
const asciiSteadyMicros = views(url, ascii, n, "b.example.co.uk");
const unicode = { mode: "url", message: "Sign in", url: "https://accounts.google.com.evil.xn--p1ai/oauth" };
const t4 = performance.now();
url.urlElicitation(unicode, "calendar");
const t5 = performance.now();
const unicodeSteadyMicros = views(url, unicode, n, "bücher.example");

console.log(
  JSON.stringify({
    load: ms(t0, t1),
    asciiFirst: ms(t2, t3),
    asciiSteadyMicros,
    unicodeFirst: ms(t4, t5),
    unicodeSteadyMicros,
  }),
);
