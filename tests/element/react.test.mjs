// The React 19 example (examples/react) built with Vite for production, with
// its own vite.config.js, against the packed package (tests/element/prepare.mjs
// copies the example into the scratch project), served under the strict CSP
// and run in headless Chromium: the cards render, React set the element's
// properties and listens for its events, and an answer is submitted. Also its
// dev server (`npm run dev`), where React's StrictMode checks run.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { build, createLogger, createServer } from "vite";
import { launchChromium } from "../browsers.mjs";
import { scratch, startScratchServer } from "./support.mjs";

const app = join(scratch, "react-app");
const out = join(scratch, "react");

let server;
let base;
let browser;
const warnings = [];

before(async () => {
  const logger = createLogger("warn");
  const warn = logger.warn;
  logger.warn = (message, options) => {
    warnings.push(message);
    warn(message, options);
  };
  // The example's vite.config.js, as `npm run build` in examples/react loads it;
  // only where the output goes and its base URL differ.
  await build({ root: app, base: "/react/", customLogger: logger, build: { outDir: out, emptyOutDir: true } });
  ({ server, base } = await startScratchServer());
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

test("react: Vite builds the example with the wasm as an asset and no warning", () => {
  const assets = readdirSync(join(out, "assets"));
  assert.ok(
    assets.some((file) => /^elicit_form_bg-[\w-]+\.wasm$/.test(file)),
    assets.join(", "),
  );
  const html = readFileSync(join(out, "index.html"), "utf8");
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline script, so the strict CSP allows the page");
  assert.deepEqual(warnings, []);
});

/** A fresh page recording console errors and warnings, and page errors. */
async function openPage(t) {
  const context = await browser.newContext();
  context.setDefaultTimeout(10_000);
  t.after(() => context.close());
  const page = await context.newPage();
  const problems = [];
  const logged = [];
  page.on("console", (message) => {
    logged.push(message.text());
    if (["error", "warning"].includes(message.type())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { page, problems, logged };
}

test("react: the example renders both cards under the strict CSP, and submits the billing card the React way", async (t) => {
  const { page, problems } = await openPage(t);
  await page.goto(`${base}/react/?csp=strict`);

  const billing = page.locator("[data-elicitation=billing]");
  const crm = page.locator("[data-elicitation=crm]");
  await billing.getByRole("group", { name: "billing Plan Which plan to buy" }).waitFor();

  // React set properties, not attributes: the request is the object itself.
  const wiring = await page.evaluate(() => {
    const card = document.querySelector("[data-elicitation=billing] elicit-form");
    return {
      requestIsObject: typeof card.request === "object" && card.request.message.startsWith("Before I buy"),
      requestAttribute: card.getAttribute("request"),
      serverName: card.getAttribute("server-name"),
      state: card.state,
    };
  });
  assert.deepEqual(wiring, { requestIsObject: true, requestAttribute: null, serverName: "billing", state: "form" });

  // The refusal reached React through onelicit-refused.
  assert.equal(await crm.locator(".refused").textContent(), "The call to connect_account fails: credential (apiKey)");
  assert.equal(
    await crm.locator("[part~=refusal-reason]").textContent(),
    "This app does not collect passwords or keys through forms.",
  );

  await billing.getByRole("textbox", { name: "email an email address" }).fill("ada@example.com");
  await billing.getByRole("radio", { name: "Team" }).check();
  await billing.getByRole("textbox", { name: "Seats" }).fill("51");
  await billing.getByRole("button", { name: "Submit" }).click();
  assert.equal(
    await billing.locator("[part~=field-error]:not([hidden])").textContent(),
    "Seats: a whole number from 1 to 50",
  );
  assert.equal(await billing.locator(".sent").count(), 0, "nothing reached React");

  await billing.getByRole("textbox", { name: "Seats" }).fill("12");
  await billing.getByRole("button", { name: "Submit" }).click();
  assert.equal(
    await billing.locator(".sent").textContent(),
    'Sent to billing: {"action":"accept","content":{"email":"ada@example.com","notify":true,"plan":"team","seats":12}}',
  );
  // Answered: React passed disabled={true} to the element's property.
  assert.equal(await billing.getByRole("button", { name: "Submit" }).isDisabled(), true);
  assert.equal(
    await page.evaluate(() => document.querySelector("[data-elicitation=billing] elicit-form").disabled),
    true,
  );
  assert.deepEqual(problems, []);
});

test("react: the example's dev server (StrictMode, development React) renders both cards with no warning", async (t) => {
  // The production build above set NODE_ENV for this process; the dev server
  // must serve React's development build, as `npm run dev` does.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "development";
  t.after(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const dev = await createServer({
    root: app,
    mode: "development",
    logLevel: "warn",
    server: { host: "127.0.0.1", port: 0, strictPort: false },
  });
  await dev.listen();
  t.after(() => dev.close());
  const { page, problems, logged } = await openPage(t);
  await page.goto(dev.resolvedUrls.local[0]);
  const billing = page.locator("[data-elicitation=billing]");
  await billing.getByRole("group", { name: "billing Plan Which plan to buy" }).waitFor();
  assert.equal(
    await page.locator("[data-elicitation=crm] .refused").textContent(),
    "The call to connect_account fails: credential (apiKey)",
  );
  await billing.getByRole("button", { name: "Decline" }).click();
  assert.equal(await billing.locator(".sent").textContent(), 'Sent to billing: {"action":"decline"}');
  assert.ok(
    logged.some((text) => text.includes("React DevTools")),
    "React's development build ran",
  );
  assert.deepEqual(problems, []);
});
