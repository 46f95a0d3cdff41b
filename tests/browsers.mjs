// Headless Chromium for the page tests (tests/js/browser.test.mjs,
// tests/bundlers/, tests/www/): Debian's /usr/bin/chromium, which
// scripts/setup.sh installs, driven by playwright-core; the static files those
// tests serve; and a runner for pages that publish `window.__results`.

import { readFileSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".jsonl": "text/plain", ".wasm": "application/wasm",
};

/** The file `path` names under `folder`, or undefined when it climbs out. */
export function fileUnder(folder, path) {
  const file = normalize(join(folder, decodeURIComponent(path)));
  return file.startsWith(folder + sep) ? file : undefined;
}

/** Sends the file with its content type (`.wasm` as application/wasm), or a 404. */
export function sendFile(response, file) {
  try {
    if (file === undefined) throw new Error("no such file");
    const body = readFileSync(file);
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
}

/**
 * Opens `url`, waits for the page to set `window.__results`, and gives those
 * results, the paths of the `.wasm` files it fetched, and every problem seen:
 * console errors and warnings, page errors, failed requests, HTTP errors and
 * requests that leave the page's origin.
 */
export async function runResultsPage(browser, url, { timeout = 60_000 } = {}) {
  const { origin } = new URL(url);
  const page = await browser.newPage();
  const problems = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith("data:")) problems.push(`request off 127.0.0.1: ${request.url()}`);
  });
  page.on("requestfailed", (request) => problems.push(`failed request: ${request.url()}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__results !== undefined, null, { timeout });
    const results = await page.evaluate(() => window.__results);
    const wasmRequests = await page.evaluate(() => performance.getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname).filter((name) => name.endsWith(".wasm")));
    return { results, problems, wasmRequests };
  } finally {
    await page.close();
  }
}
