// The first and the steady urlElicitation in a fresh process: the URL entry's
// wasm under Node, from a built package (default pkg/). One JSON line a run:
// load (import and instantiation), first (the first view with a named host),
// steadyMicros (a view after that). Run it in several fresh processes:
//   for i in 1 2 3 4 5; do node bench/url-first-view.mjs; done
// `node --no-wasm-lazy-compilation bench/url-first-view.mjs` compiles every
// wasm function at load, which takes V8's compilation out of the first view.
import { pathToFileURL } from "node:url";
const dir = process.argv[2] ?? new URL("../pkg", import.meta.url).pathname;
const t0 = performance.now();
const url = await import(pathToFileURL(`${dir}/url/node.js`).href);
const t1 = performance.now();
const params = { mode: "url", message: "Sign in", url: "https://accounts.google.com.evil.example/oauth" };
const t2 = performance.now();
url.urlElicitation(params, "calendar");
const t3 = performance.now();
const n = 2000;
for (let i = 0; i < n; i += 1) url.urlElicitation({ ...params, url: `https://a${i}.b.example.co.uk/` }, "calendar");
const t4 = performance.now();
console.log(JSON.stringify({ load: +(t1 - t0).toFixed(2), first: +(t3 - t2).toFixed(2), steadyMicros: +((t4 - t3) / n * 1000).toFixed(1) }));
