// <elicit-form> in Firefox ESR: Debian's firefox-esr (scripts/setup.sh installs
// it), driven by puppeteer-core over WebDriver BiDi with no browser download,
// running the checks shared with Chromium (checks.mjs) on the packed package
// as tests/element/prepare.mjs installed it: keyboard, answer errors, decline
// and cancel, hostile text, the strict CSP.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { launchFirefox } from "../browsers.mjs";
import { elementChecks } from "./checks.mjs";
import { scratch, startScratchServer } from "./support.mjs";

const FIREFOX = "/usr/bin/firefox-esr";

let server;
let base;
let browser;

before(async () => {
  assert.ok(existsSync(FIREFOX), `${FIREFOX} is missing: run scripts/setup.sh`);
  ({ server, base } = await startScratchServer());
  browser = await launchFirefox();
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

/** A fresh page (see ElementPage in checks.mjs) that records console errors and warnings and page errors. */
async function openPage(t) {
  const context = await browser.createBrowserContext();
  t.after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems = [];
  page.on("console", (message) => {
    if (["error", "warn"].includes(message.type())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return {
    problems,
    async goto(path) {
      await page.goto(base + path);
      await page.waitForSelector("body[data-ready]");
    },
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    // Puppeteer names the space bar by its character.
    press: (key) => page.keyboard.press(key === "Space" ? " " : key),
    type: (text) => page.keyboard.type(text),
  };
}

test("firefox: the browser is Debian's Firefox ESR, over WebDriver BiDi", async () => {
  const version = await browser.version();
  assert.match(version, /^firefox\/\d+\.\d+/i);
  assert.equal(browser.protocol, "webDriverBiDi");
});

const form = await import(pathToFileURL(join(scratch, "esm.mjs")).href);
for (const [name, check] of Object.entries(elementChecks(form, await import(pathToFileURL(join(scratch, "esm-mcp.mjs")).href)))) {
  test(`firefox: ${name}`, async (t) => check(await openPage(t)));
}
