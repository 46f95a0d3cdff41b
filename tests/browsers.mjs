// Headless browsers for the page tests (tests/js/browser.test.mjs,
// tests/bundlers/, tests/www/): Debian's /usr/bin/chromium driven by
// playwright-core, and Debian's /usr/bin/firefox-esr driven by puppeteer-core
// over WebDriver BiDi (neither downloads a browser; scripts/setup.sh installs
// both packages); the static files those tests serve; and a runner for pages
// that publish `window.__results`, the same for either engine.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * Firefox ESR, headless, in a profile of its own that is removed on close.
 * The preferences keep it off the network: no updates, telemetry, captive
 * portal or connectivity checks, remote settings or safe-browsing lists.
 */
export async function launchFirefox({ prefs = {} } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "elicit-form-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox",
    protocol: "webDriverBiDi",
    executablePath: "/usr/bin/firefox-esr",
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      "app.update.enabled": false,
      "app.normandy.enabled": false,
      "browser.safebrowsing.malware.enabled": false,
      "browser.safebrowsing.phishing.enabled": false,
      "browser.safebrowsing.downloads.enabled": false,
      "browser.shell.checkDefaultBrowser": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      "extensions.update.enabled": false,
      "network.captive-portal-service.enabled": false,
      "network.connectivity-service.enabled": false,
      "services.settings.server": "http://127.0.0.1:9/",
      "toolkit.telemetry.enabled": false,
      ...prefs,
    },
  });
  const close = browser.close.bind(browser);
  browser.close = async () => {
    try {
      await close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  };
  return browser;
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".jsonl": "text/plain",
  ".wasm": "application/wasm",
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
 * requests that leave the page's origin. `browser` is either engine's: only
 * the calls playwright and puppeteer share are used.
 */
export async function runResultsPage(browser, url, { timeout = 60_000 } = {}) {
  const { origin } = new URL(url);
  const page = await browser.newPage();
  const problems = [];
  page.on("console", (message) => {
    // playwright says "warning", puppeteer "warn".
    if (["error", "warning", "warn"].includes(message.type()))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith("data:"))
      problems.push(`request off 127.0.0.1: ${request.url()}`);
  });
  page.on("requestfailed", (request) => problems.push(`failed request: ${request.url()}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  try {
    await page.goto(url);
    // Polled rather than waitForFunction, whose arguments differ between the two.
    const deadline = Date.now() + timeout;
    while (await page.evaluate(() => window.__results === undefined)) {
      if (Date.now() > deadline) throw new Error(`${url}: no results within ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const results = await page.evaluate(() => window.__results);
    const wasmRequests = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => name.endsWith(".wasm")),
    );
    return { results, problems, wasmRequests };
  } finally {
    await page.close();
  }
}
