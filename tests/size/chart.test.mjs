// The chart `npm run bench` draws (bench/chart.mjs): drawn from this build's
// sizes and a speed result with known ratios, it names every bar, puts each
// figure where its value says, and writes server text as text.

import assert from "node:assert/strict";
import { test } from "node:test";
import { chart } from "../../bench/chart.mjs";
import { packageSizes } from "../../bench/size.mjs";

const PEERS = [
  "zod parse + cfworker validate",
  "zod: ElicitRequestSchema.parse",
  "cfworker: new Validator + validate",
  "ajv: compile + validate",
];

function speedResult(id, label, ours, peerTimes, floor) {
  const peers = Object.fromEntries(PEERS.map((name, i) => [name, { median: peerTimes[i] }]));
  return {
    id,
    label,
    value: { "UI round, prepareForm": { median: ours } },
    floor: { "UI round, prepareForm": { median: floor } },
    peers,
  };
}

test("the chart has a bar per peer, the floor and each of our entries, with the figures the inputs give", () => {
  const sizes = packageSizes();
  const peerSizes = [
    { name: "a <peer> & co", gzip: 20_000 },
    { name: "another peer", gzip: 6_400 },
  ];
  const results = [
    speedResult("billing", "billing example", 50, [100, 200, 25, 5000], 10),
    speedResult("bounds", "schema at every bound", 400, [20, 10, 100, 4000], 8),
    speedResult("credential", "refused credential schema", 1, [1, 1, 1, 1], 1),
  ];
  const svg = chart({ results, sizes, peerSizes });
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/);
  assert.ok(svg.trimEnd().endsWith("</svg>"));
  for (const tag of ["text", "svg", "title"]) {
    assert.equal(
      (svg.match(new RegExp(`<${tag}[ >]`, "g")) ?? []).length,
      (svg.match(new RegExp(`</${tag}>`, "g")) ?? []).length,
      `<${tag}> balanced`,
    );
  }
  // ours / peer: 50/10 = 5 over the floor, 0.5, 0.25, 2, 0.01.
  for (const figure of ["5.0 (target ≤ 3)", "0.50 (target ≤ 0.5)", ">0.25<", ">2.0<", ">0.01<"]) {
    assert.ok(svg.includes(figure), `the speed figure ${figure}`);
  }
  assert.ok(svg.includes("over the JSON text floor"), "the floor");
  for (const name of PEERS) assert.ok(svg.includes(`over ${name}`), name);
  assert.ok(
    !svg.includes("refused credential schema"),
    "the refused schema is not drawn (ours throw, the peers accept)",
  );
  for (const entry of sizes.entries) {
    assert.ok(svg.includes(`elicit-form, ${entry.name} (wasm + JS)`), entry.name);
    assert.ok(svg.includes(`${(entry.total.gzip / 1000).toFixed(1)} KB`), `${entry.name}'s bytes`);
  }
  for (const point of ["mcp", "ui", "mcpUi"])
    assert.ok(sizes[point].entries.length >= 4, `the ${point} entries are measured`);
  for (const entry of [sizes.mcp, sizes.ui, sizes.mcpUi].flatMap((point) => point.entries)) {
    assert.ok(svg.includes(`elicit-form/${entry.name} (wasm + JS)`), entry.name);
    assert.ok(svg.includes(`${(entry.total.gzip / 1000).toFixed(1)} KB`), `${entry.name}'s bytes`);
  }
  assert.ok(svg.includes("a &lt;peer&gt; &amp; co") && !svg.includes("<peer>"), "names are escaped text");
  // The size bars are in proportion: the peer of 20,000 B is 20000/6400 as wide as the other.
  const barBefore = (label) =>
    Number(svg.match(new RegExp(`<rect [^>]*width="([\\d.]+)"[^>]*/>\\n<text [^>]*>${label}`))[1]);
  const width = (bytes) => barBefore(`${(bytes / 1000).toFixed(1)} KB<`);
  assert.ok(Math.abs(width(20_000) / width(6_400) - 20_000 / 6_400) < 0.05, `${width(20_000)} vs ${width(6_400)}`);
  // The speed bars are log10 of the ratio long, none cut at the axis's end: 40x is log(40)/log(4) as long as 4x, 50x longer still.
  const speed = (figure) => barBefore(`${figure}[ <]`);
  assert.ok(
    Math.abs(speed("40") / speed("4.0") - Math.log10(40) / Math.log10(4)) < 0.05,
    `40x: ${speed("40")}, 4x: ${speed("4.0")}`,
  );
  assert.ok(speed("50") > speed("40"), `50x (${speed("50")}) is longer than 40x (${speed("40")})`);
  assert.ok(Math.abs(speed("0.01") / speed("0.10") - 2) < 0.05, "0.01x is twice as long as 0.1x, leftwards");
});

test("nothing measured, nothing drawn", () => {
  assert.equal(chart({}), null);
});
