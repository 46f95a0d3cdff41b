// The chart `npm run bench` draws beside RESULTS.md (RESULTS.svg): what the
// run measured, as horizontal bars. Speed: for each input, the UI round
// (prepareForm, the schema as a value) over each peer and the JSON text floor,
// on a log scale with 1 (as fast) and the issue's targets marked. Size: the
// gzip -9 bytes of each of our entries (wasm + JS) beside the peers' minified
// bundles, with the byte target marked. Plain SVG text, no dependency.

import { writeFileSync } from "node:fs";

const WIDTH = 920;
const LABEL = 380; // left column for the bar labels
const PLOT = WIDTH - LABEL - 140; // bar area; the rest holds the figures
const BAR = 16;
const GAP = 6;
const OURS = "#2b6cb0";
const PEER = "#a0aec0";
const SLOWER = "#dd6b20";
const TARGET = "#c53030";

const escapeXml = (text) =>
  String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const fixed = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function text(x, y, content, { anchor = "start", size = 12, weight = "normal", fill = "#1a202c" } = {}) {
  return `<text x="${fixed(x)}" y="${fixed(y)}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(content)}</text>`;
}

function rect(x, y, width, height, fill) {
  return `<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(Math.max(width, 1))}" height="${fixed(height)}" fill="${fill}"/>`;
}

function line(x1, y1, x2, y2, stroke, dash = "") {
  return `<line x1="${fixed(x1)}" y1="${fixed(y1)}" x2="${fixed(x2)}" y2="${fixed(y2)}" stroke="${stroke}" stroke-width="1.5"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`;
}

const ratioText = (value) => (value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(2));

// The speed panel: one group of bars per input; x is log10 of ours / peer.
function speedBars(result) {
  const ours = result.value["UI round, prepareForm"].median;
  return [
    ["the JSON text floor (stringify + parse)", result.floor["UI round, prepareForm"].median, 3],
    ["zod parse + cfworker validate", result.peers["zod parse + cfworker validate"].median, 0.5],
    ["zod: ElicitRequestSchema.parse", result.peers["zod: ElicitRequestSchema.parse"].median],
    ["cfworker: new Validator + validate", result.peers["cfworker: new Validator + validate"].median],
    ["ajv: compile + validate", result.peers["ajv: compile + validate"].median],
  ].map(([name, peer, target]) => ({ name, ratio: ours / peer, target }));
}

function speedPanel(results, top) {
  const parts = [];
  const groups = results.filter((result) => result.id !== "credential");
  // The axis spans whole powers of ten around every ratio, at least 0.1x to 10x.
  const ratios = groups.flatMap((result) => speedBars(result).map((bar) => bar.ratio));
  const low = Math.min(-1, Math.floor(Math.log10(Math.min(...ratios))));
  const high = Math.max(1, Math.ceil(Math.log10(Math.max(...ratios))));
  const x = (ratio) => LABEL + (PLOT * (Math.log10(ratio) - low)) / (high - low);
  let y = top;
  parts.push(
    text(16, y + 14, "Speed: the UI round (prepareForm) over each peer, ours / peer (log scale; left of 1 is faster)", {
      size: 14,
      weight: "bold",
    }),
  );
  y += 28;
  const axisTop = y;
  for (const result of groups) {
    parts.push(text(16, y + 12, `${result.label}`, { weight: "bold" }));
    y += 18;
    for (const { name, ratio, target } of speedBars(result)) {
      const left = Math.min(x(1), x(ratio));
      parts.push(text(LABEL - 8, y + BAR - 4, `over ${name}`, { anchor: "end" }));
      parts.push(rect(left, y, Math.abs(x(ratio) - x(1)), BAR, ratio <= 1 ? OURS : SLOWER));
      parts.push(
        text(
          Math.max(x(ratio), x(1)) + 6,
          y + BAR - 4,
          `${ratioText(ratio)}${target === undefined ? "" : ` (target ≤ ${target})`}`,
          { size: 11 },
        ),
      );
      if (target !== undefined) parts.push(line(x(target), y - 2, x(target), y + BAR + 2, TARGET, "3 2"));
      y += BAR + GAP;
    }
    y += 8;
  }
  parts.push(line(x(1), axisTop, x(1), y, "#1a202c"));
  for (let power = low; power <= high; power += 1) {
    const tick = 10 ** power;
    parts.push(line(x(tick), y, x(tick), y + 4, "#1a202c"));
    parts.push(text(x(tick), y + 16, `${power < 0 ? tick.toFixed(-power) : tick}x`, { anchor: "middle", size: 11 }));
  }
  return { svg: parts.join("\n"), bottom: y + 26 };
}

// The size panel: ours per entry and the peers, gzip -9 bytes, linear.
function sizePanel(sizes, peers, target, top) {
  const parts = [];
  const bars = [
    ...sizes.entries.map((entry) => [`elicit-form, ${entry.name} (wasm + JS)`, entry.total.gzip, OURS]),
    ...[sizes.ui, sizes.mcp, sizes.mcpUi]
      .flatMap((point) => point?.entries ?? [])
      .map((entry) => [`elicit-form/${entry.name} (wasm + JS)`, entry.total.gzip, OURS]),
    ...peers.map((peer) => [peer.name, peer.gzip, PEER]),
  ];
  const max = Math.max(target, ...bars.map(([, bytes]) => bytes)) * 1.05;
  const x = (bytes) => LABEL + (PLOT * bytes) / max;
  let y = top;
  parts.push(
    text(16, y + 14, "Size: what a page loads, gzip -9 bytes (peers: esbuild --bundle --minify)", {
      size: 14,
      weight: "bold",
    }),
  );
  y += 28;
  const axisTop = y;
  for (const [name, bytes, fill] of bars) {
    parts.push(text(LABEL - 8, y + BAR - 4, name, { anchor: "end" }));
    parts.push(rect(LABEL, y, x(bytes) - LABEL, BAR, fill));
    parts.push(text(x(bytes) + 6, y + BAR - 4, `${(bytes / 1000).toFixed(1)} KB`, { size: 11 }));
    y += BAR + GAP;
  }
  parts.push(line(x(target), axisTop - 4, x(target), y, TARGET, "3 2"));
  parts.push(
    text(x(target), y + 14, `target ≤ ${(target / 1000).toFixed(0)} KB`, { anchor: "middle", size: 11, fill: TARGET }),
  );
  parts.push(line(LABEL, axisTop - 4, LABEL, y, "#1a202c"));
  return { svg: parts.join("\n"), bottom: y + 26 };
}

/**
 * The chart as SVG text from run.mjs's findings (`results`, `sizes`,
 * `peerSizes`), or null when the run measured neither speed nor size.
 */
export function chart(found, { gzipTarget = 40_000, title = "elicit-form against its peers" } = {}) {
  const panels = [];
  let y = 40;
  if (found.results) {
    const panel = speedPanel(found.results, y);
    panels.push(panel.svg);
    y = panel.bottom + 10;
  }
  if (found.sizes && found.peerSizes) {
    const panel = sizePanel(found.sizes, found.peerSizes, gzipTarget, y);
    panels.push(panel.svg);
    y = panel.bottom;
  }
  if (panels.length === 0) return null;
  panels.push(rect(16, y, 12, 12, OURS), text(34, y + 10, "ours (speed: ours faster)", { size: 11 }));
  panels.push(rect(210, y, 12, 12, SLOWER), text(228, y + 10, "speed: ours slower", { size: 11 }));
  panels.push(rect(370, y, 12, 12, PEER), text(388, y + 10, "size: a peer", { size: 11 }));
  panels.push(line(490, y + 6, 510, y + 6, TARGET, "3 2"), text(516, y + 10, "the issue's target", { size: 11 }));
  if (found.results) {
    panels.push(
      text(
        16,
        y + 30,
        "Speed bars are the median times of the speed tables in RESULTS.md; the paired ratios of its targets table are steadier.",
        { size: 11 },
      ),
    );
  }
  y += found.results ? 44 : 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${fixed(y)}" viewBox="0 0 ${WIDTH} ${fixed(y)}" font-family="system-ui, -apple-system, Segoe UI, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    rect(0, 0, WIDTH, y, "#ffffff"),
    text(16, 24, title, { size: 16, weight: "bold" }),
    ...panels,
    "</svg>",
    "",
  ].join("\n");
}

/** Writes the chart to `file`; gives the file, or null when there was nothing to draw. */
export function writeChart(file, found, options) {
  const svg = chart(found, options);
  if (svg === null) return null;
  writeFileSync(file, svg);
  return file;
}
