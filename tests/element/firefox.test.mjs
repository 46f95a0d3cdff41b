// <elicit-form> in Firefox ESR: Debian's firefox-esr (scripts/setup.sh installs
// it), driven by puppeteer-core over WebDriver BiDi with no browser download,
// running the checks shared with Chromium (checks.mjs) on the packed package
// as tests/element/prepare.mjs installed it: keyboard, answer errors, decline
// and cancel, hostile text, the strict CSP; and axe-core on the card, its
// error state and a refusal in each shipped language, light and dark.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { launchFirefox } from "../browsers.mjs";
import { OPEN, elementChecks } from "./checks.mjs";
import {
  BILLING,
  CREDENTIAL,
  axe,
  pageDriver,
  scratch,
  startScratchServer,
  submitBillingWithSeats51,
} from "./support.mjs";

const FIREFOX = "/usr/bin/firefox-esr";

let server;
let base;
let browser;
// Puppeteer cannot emulate prefers-color-scheme over WebDriver BiDi, so the
// dark checks run in a second Firefox whose content is told to prefer dark.
let darkBrowser;

before(async () => {
  assert.ok(existsSync(FIREFOX), `${FIREFOX} is missing: run scripts/setup.sh`);
  ({ server, base } = await startScratchServer());
  browser = await launchFirefox();
});

after(async () => {
  await browser?.close();
  await darkBrowser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

/** A fresh page (see ElementPage in checks.mjs) that records console errors and warnings and page errors. */
async function openPage(t, { colorScheme = "light" } = {}) {
  if (colorScheme === "dark") {
    darkBrowser ??= await launchFirefox({ prefs: { "layout.css.prefers-color-scheme.content-override": 0 } });
  }
  const context = await (colorScheme === "dark" ? darkBrowser : browser).createBrowserContext();
  t.after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return pageDriver(page, base, "puppeteer");
}

test("firefox: the browser is Debian's Firefox ESR, over WebDriver BiDi", async () => {
  const version = await browser.version();
  assert.match(version, /^firefox\/\d+\.\d+/i);
  assert.equal(browser.protocol, "webDriverBiDi");
});

const form = await import(pathToFileURL(join(scratch, "esm.mjs")).href);
for (const [name, check] of Object.entries(
  elementChecks(form, await import(pathToFileURL(join(scratch, "esm-mcp.mjs")).href)),
)) {
  test(`firefox: ${name}`, async (t) => check(await openPage(t)));
}

// --- Accessibility: what chromium.test.mjs checks, in Firefox's own layout and colours ---

for (const [lang, colorScheme] of ["en", "de", "ar"].flatMap((lang) => [
  [lang, "light"],
  [lang, "dark"],
])) {
  test(`firefox: axe-core finds 0 violations on the billing card, its error state and a refusal (${lang}, ${colorScheme})`, async (t) => {
    const driver = await openPage(t, { colorScheme });
    const { page } = driver;
    await driver.goto(OPEN);
    assert.equal(
      await page.evaluate((scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches, colorScheme),
      true,
    );
    await page.evaluate(async (lang) => {
      if (lang !== "en") await window.harness.language(lang);
      document.documentElement.lang = lang;
      if (lang === "ar") document.documentElement.dir = "rtl";
    }, lang);

    await page.evaluate((request) => window.harness.show(request), BILLING);
    const card = await axe(page);
    assert.deepEqual(card.violations, []);
    assert.ok(card.contrastInCard >= 10, `axe checked the card's contrast (${card.contrastInCard})`);

    await submitBillingWithSeats51(page);
    assert.equal(await page.evaluate(() => window.harness.texts("[part~=field-error]:not([hidden])").length), 1);
    assert.deepEqual((await axe(page)).violations, []);

    assert.equal(
      await page.evaluate((request) => window.harness.show(request, { "server-name": "crm" }), CREDENTIAL),
      "refused",
    );
    assert.deepEqual((await axe(page)).violations, []);
    assert.deepEqual(driver.problems, []);
  });
}
