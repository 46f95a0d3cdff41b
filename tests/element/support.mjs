// What the <elicit-form> suites share: the requests they show, the strict
// Content-Security-Policy, axe-core and the over-the-bound Submit, and a static server on 127.0.0.1 for the scratch
// project that tests/element/prepare.mjs installs the packed package into.

import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fileUnder, sendFile } from "../browsers.mjs";

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");
export const scratch = join(here, "scratch");
export const screenshots = join(here, "screenshots");

/**
 * The policy of the issue, and no more: the page's own scripts, wasm
 * compilation, no inline script or style (not even a stylesheet of its own),
 * and Trusted Types required with no policy allowed; images only as data:
 * URLs, for the harness's empty favicon.
 */
export const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'none'",
  "connect-src 'self'",
  "img-src data:", // the page's empty favicon, so no browser asks for /favicon.ico
  "base-uri 'none'",
  "form-action 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join("; ");

/** The backend's own billing example, as `elicitation/create` params. */
export const BILLING = {
  mode: "form",
  message: "Before I buy the plan, please confirm a few details.",
  requestedSchema: {
    type: "object",
    properties: {
      plan: {
        type: "string",
        title: "Plan",
        enum: ["pro", "team"],
        enumNames: ["Pro", "Team"],
        description: "Which plan to buy",
      },
      seats: { type: "integer", title: "Seats", minimum: 1, maximum: 50 },
      notify: { type: "boolean", title: "Notify me", default: true },
      email: { type: "string", format: "email" },
    },
    required: ["plan", "seats"],
  },
};

export const CREDENTIAL = {
  message: "Paste your API key so I can connect your account.",
  requestedSchema: {
    type: "object",
    properties: { workspace: { type: "string", title: "Workspace" }, apiKey: { type: "string", title: "API key" } },
  },
};

/** Markup that would run or render if any server string reached an HTML sink. */
export const IMG = "<img src=x onerror=window.__ran=(window.__ran||0)+1>";
export const SCRIPT = "<script>window.__ran=(window.__ran||0)+1</script>";
export const JS_URL = "javascript:window.__ran=(window.__ran||0)+1";

/**
 * Every server string hostile: message, titles, descriptions, enum values and
 * labels, formats. Property names cannot carry markup (the profile allows
 * letters, digits, '_', '-' and '.'), so HOSTILE_NAME has them in a refusal.
 */
export const HOSTILE = {
  message: `${IMG} ${SCRIPT} ${JS_URL}`,
  requestedSchema: {
    type: "object",
    properties: {
      choice: {
        type: "string",
        title: SCRIPT,
        description: JS_URL,
        enum: [IMG, JS_URL],
        enumNames: [SCRIPT, "<b>bold</b>"],
      },
      note: { type: "string", format: IMG },
      flag: { type: "boolean", title: "<iframe srcdoc=x></iframe>", description: "<svg onload=window.__ran=1>" },
      count: { type: "integer", title: "<style>*{display:none}</style>", minimum: 0, maximum: 9 },
    },
  },
};

/** A property named with markup, and a type named with it: refused, quoting both. */
export const HOSTILE_NAME = {
  message: IMG,
  requestedSchema: { type: "object", properties: { [IMG]: { type: SCRIPT } } },
};

/**
 * Serves the scratch project on 127.0.0.1 (the installed package under
 * /node_modules/, the harness under /harness/, the React example's build
 * under /react/). An HTML page asked for with `?csp=strict` gets STRICT_CSP
 * as a response header.
 */
export function startScratchServer() {
  const server = createServer((request, response) => {
    const url = new URL(request.url, "http://127.0.0.1");
    let path = url.pathname;
    if (path === "/favicon.ico") {
      response.writeHead(204);
      return response.end();
    }
    if (path.endsWith("/")) path += "index.html";
    if (path.endsWith(".html") && url.searchParams.get("csp") === "strict") {
      response.setHeader("content-security-policy", STRICT_CSP);
    }
    sendFile(response, fileUnder(scratch, path));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` }));
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core over the whole page (loaded into it once): its violations, and how
 * many of its label and contrast passes were inside the card's shadow root.
 * `page` is a Playwright or Puppeteer page.
 */
export async function axe(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const results = await window.axe.run(document);
    const inCard = (rule) =>
      (results.passes.find((pass) => pass.id === rule)?.nodes ?? []).filter((node) => Array.isArray(node.target[0]))
        .length; // a target in a shadow root is a path of selectors
    return {
      violations: results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`,
      ),
      labelledInCard: inCard("label"),
      contrastInCard: inCard("color-contrast"),
    };
  });
}

/** Fills the billing card with 51 seats, over its bound, and presses Submit. */
export function submitBillingWithSeats51(page) {
  return page.evaluate(() => {
    const root = window.harness.shadow();
    root.getElementById("q0-input").value = "ada@example.com";
    root.getElementById("q2-1").checked = true;
    root.getElementById("q3-input").value = "51";
    root.querySelector("[part~=submit]").click();
  });
}

/**
 * What a check drives a harness page with (see ElementPage in checks.mjs),
 * for a page of `library`: "playwright" (Chromium) or "puppeteer" (Firefox,
 * over WebDriver BiDi). `problems` collects console errors and warnings and
 * page errors; `goto(path)` loads `base` + path and waits for the harness;
 * `press` takes Playwright's key names (Puppeteer names the space bar by its
 * character, and a warning "warn").
 */
export function pageDriver(page, base, library) {
  const puppeteer = library === "puppeteer";
  const consoleTypes = ["error", puppeteer ? "warn" : "warning"];
  const problems = [];
  page.on("console", (message) => {
    if (consoleTypes.includes(message.type())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return {
    page,
    problems,
    async goto(path) {
      await page.goto(base + path);
      await page.waitForSelector("body[data-ready]");
    },
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    press: (key) => page.keyboard.press(puppeteer && key === "Space" ? " " : key),
    type: (text) => page.keyboard.type(text),
  };
}
