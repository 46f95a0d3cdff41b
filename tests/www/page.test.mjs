// The demo page (www/) in headless Chromium, served by scripts/serve.mjs on
// 127.0.0.1, importing the built package from pkg/ as a browser would. Every
// test also fails on any console error or warning, uncaught page error, or
// dialog. Screenshots go to tests/www/screenshots/ (not committed).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../browsers.mjs";

import { createDemoServer, startDemoServer } from "../../scripts/serve.mjs";

const repository = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = join(repository, "pkg");
const screenshots = join(repository, "tests/www/screenshots");
const MARKUP = "<img src=x onerror=alert(1)>";

let server;
let baseUrl;
let browser;

before(async () => {
  assert.ok(existsSync(join(pkg, "package.json")), "pkg/ is not built: run `npm run build` before the page tests");
  mkdirSync(screenshots, { recursive: true });
  ({ server, url: baseUrl } = await startDemoServer({ port: 0, pkg }));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

/**
 * A fresh page on the demo, with every console error or warning, page error
 * and dialog collected; `finish` screenshots it and asserts there were none.
 */
async function openDemo(t, { width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  context.setDefaultTimeout(5000);
  t.after(() => context.close());
  const page = await context.newPage();
  const problems = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("dialog", (dialog) => {
    problems.push(`dialog (${dialog.type()}): ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  // Every element ever added to the document or to a shadow root in it (the
  // card's), to prove none came from server text; and every result the card sent.
  await page.addInitScript(() => {
    window.addedElements = [];
    window.cardResults = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          window.addedElements.push(node.tagName, ...[...node.querySelectorAll("*")].map((n) => n.tagName));
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    const attachShadow = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attachShadow.call(this, init);
      observer.observe(root, { childList: true, subtree: true });
      return root;
    };
    document.addEventListener("elicit-result", (event) => window.cardResults.push(event.detail));
  });
  await page.goto(baseUrl);
  await page.waitForSelector("body[data-ready]");
  const finish = async (name) => {
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky editor then sits at the top
    await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
    assert.deepEqual(problems, [], "the page logged no error, warning or dialog");
  };
  return { page, problems, finish };
}

const text = (page, selector) => page.locator(selector).textContent();
const json = async (page, selector) => JSON.parse(await text(page, selector));

async function pickExample(page, id) {
  await page.selectOption("#example", id);
}

async function editRequest(page, edit) {
  const params = JSON.parse(await page.inputValue("#request"));
  edit(params);
  await page.fill("#request", JSON.stringify(params, null, 2));
}

/** What has focus inside the card (the <elicit-form> element's shadow root). */
const cardFocus = (page) =>
  page.evaluate(() => {
    const control = document.activeElement.shadowRoot?.activeElement ?? null;
    return (
      control && {
        value: control.value,
        label: control.labels?.[0]?.textContent ?? null,
        invalid: control.getAttribute("aria-invalid"),
      }
    );
  });

/** The billing card answered: Team, 12 seats, notify left at its default. */
async function answerBilling(page, seats = "12") {
  await page.getByRole("textbox", { name: "email an email address" }).fill("ada@example.com");
  await page.getByRole("radio", { name: "Team" }).check();
  await page.getByRole("textbox", { name: "Seats a whole number from 1 to 50" }).fill(seats);
}

function get(path, { method = "GET" } = {}) {
  // node:http sends the path exactly as given (no dot-segment clean-up), as an attacker would.
  const { hostname, port } = new URL(baseUrl);
  return rawGet(hostname, port, path, method);
}

function rawGet(hostname, port, path, method = "GET") {
  return new Promise((resolveResponse, reject) => {
    const outgoing = request({ hostname, port, path, method }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolveResponse({
          status: response.statusCode,
          type: response.headers["content-type"],
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

// --- The server ----------------------------------------------------------------

test("serve.mjs serves www/ at / and the package at /pkg/, each file with its MIME type", async () => {
  const expected = {
    "/": "text/html; charset=utf-8",
    "/index.html": "text/html; charset=utf-8",
    "/app.js": "text/javascript; charset=utf-8",
    "/style.css": "text/css; charset=utf-8",
    "/pkg/browser.js": "text/javascript; charset=utf-8",
    "/pkg/package.json": "application/json; charset=utf-8",
    "/pkg/elicit_form_bg.wasm": "application/wasm",
  };
  for (const [path, type] of Object.entries(expected)) {
    const response = await get(path);
    assert.equal(response.status, 200, path);
    assert.equal(response.type, type, path);
  }
  const wasm = await get("/pkg/elicit_form_bg.wasm");
  assert.deepEqual([...wasm.body.subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d], "the wasm magic number");
  assert.equal((await get("/no-such-file.js")).status, 404);
  assert.equal((await get("/", { method: "POST" })).status, 405);
});

test("serve.mjs refuses every path that leads out of www/ or pkg/", async () => {
  const secret = readFileSync(join(repository, "package.json"));
  for (const path of [
    "/../package.json",
    "/pkg/../../package.json",
    "/%2e%2e/package.json",
    "/..%2fpackage.json",
    "/pkg/..%2f..%2fpackage.json",
    "/pkg/%2e%2e%2f%2e%2e%2fscripts%2fserve.mjs",
    "/..%5c..%5cpackage.json",
    "//etc/passwd",
    "/%2fetc%2fpasswd",
    "/index.html%00.js",
    "/%E0%A4%A",
  ]) {
    const response = await get(path);
    assert.ok([400, 403, 404].includes(response.status), `${path} gave ${response.status}`);
    assert.ok(!response.body.includes(secret), `${path} leaked a file from outside`);
    assert.ok(!response.body.includes("root:"), `${path} leaked /etc/passwd`);
  }

  // A symlink inside the served folder that points out of it is refused too.
  const scratch = mkdtempSync(join(tmpdir(), "elicit-form-serve-"));
  try {
    const www = join(scratch, "www");
    mkdirSync(www);
    writeFileSync(join(scratch, "outside.txt"), "outside");
    writeFileSync(join(www, "inside.txt"), "inside");
    symlinkSync(join(scratch, "outside.txt"), join(www, "link.txt"));
    const own = createDemoServer({ www, pkg: join(scratch, "pkg") });
    await new Promise((done) => own.listen(0, "127.0.0.1", done));
    try {
      const { port } = own.address();
      assert.equal((await rawGet("127.0.0.1", port, "/inside.txt")).body.toString(), "inside");
      const escaped = await rawGet("127.0.0.1", port, "/link.txt");
      assert.equal(escaped.status, 403);
      assert.ok(!escaped.body.toString().includes("outside"));
    } finally {
      await new Promise((done) => own.close(done));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test("node scripts/serve.mjs listens on 127.0.0.1 at PORT and prints its URL", async (t) => {
  const child = spawn(process.execPath, [join(repository, "scripts/serve.mjs")], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  t.after(() => child.kill());
  const printed = await new Promise((resolveUrl, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (match) resolveUrl(match);
    });
    child.on("exit", (code) => reject(new Error(`serve.mjs exited (${code}): ${output}`)));
  });
  assert.notEqual(printed[1], "0", "the printed port is the one it bound");
  const page = await rawGet("127.0.0.1", Number(printed[1]), "/");
  assert.equal(page.status, 200);
  assert.match(page.body.toString(), /<script type="importmap">/);
});

test("the import map sends elicit-form/mcp-2026-07-28 (the page offers both profiles), elicit-form/url and their elements to the package's browser files, allowed by its hash in the CSP", async () => {
  const html = (await get("/")).body.toString();
  const importMap = html.match(/<script type="importmap">([\s\S]*?)<\/script>/)[1];
  const { imports } = JSON.parse(importMap);
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  const served = (target) => `/pkg/${target.replace(/^\.\//, "")}`;
  assert.deepEqual(imports, {
    "elicit-form/mcp-2026-07-28": served(manifest.exports["./mcp-2026-07-28"].browser),
    "elicit-form/mcp-2026-07-28/element": served(manifest.exports["./mcp-2026-07-28/element"].default),
    "elicit-form/url": served(manifest.exports["./url"].browser),
    "elicit-form/url/element": served(manifest.exports["./url/element"].default),
  });

  const policy = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
  const hash = createHash("sha256").update(importMap).digest("base64");
  assert.ok(policy.includes(`'sha256-${hash}'`), `the CSP needs 'sha256-${hash}' for the import map`);
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  assert.doesNotMatch(policy, /unsafe-inline|'unsafe-eval'/);
});

test("the page loads two wasm, elicit-form/mcp-2026-07-28's and elicit-form/url's, and nothing of the backend-only entry", async (t) => {
  const { page, finish } = await openDemo(t);
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/pkg/")),
  );
  assert.deepEqual(loaded.filter((path) => path.endsWith(".wasm")).sort(), [
    "/pkg/mcp-2026-07-28/elicit_form_mcp_2026_07_28_bg.wasm",
    "/pkg/url/elicit_form_url_bg.wasm",
  ]);
  assert.deepEqual(
    loaded.filter((path) => !path.startsWith("/pkg/mcp-2026-07-28/") && !path.startsWith("/pkg/url/")),
    [],
    "no file of the default entry",
  );
  await finish("loaded");
});

// --- The card and its answers ------------------------------------------------------

test("the billing example is shown as the ask_user card, with the configured name as every badge", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  assert.equal(await text(page, "[part~=title]"), "Questions from MCP server billing");
  assert.equal(await text(page, "[part~=message]"), "Before I buy the plan, please confirm a few details.");
  assert.deepEqual(await page.locator("[part~=badge]").allTextContents(), ["billing", "billing", "billing", "billing"]);
  // Each question by its title (its name without one), description and the card's own hint.
  assert.deepEqual(await page.locator("[part~=question-text]").allTextContents(), [
    "email",
    "Notify me",
    "Plan",
    "Seats",
  ]);
  assert.deepEqual(await page.locator("[part~=question-description]").allTextContents(), ["Which plan to buy"]);
  assert.deepEqual(await page.locator("[part~=hint]").allTextContents(), [
    "an email address",
    "a whole number from 1 to 50",
  ]);

  // Choices are groups named by their legend; text boxes are named by their label.
  await page.getByRole("group", { name: "billing Plan Which plan to buy" }).waitFor();
  await page.getByRole("group", { name: "billing Notify me" }).waitFor();
  await page.getByRole("textbox", { name: "billing Seats a whole number from 1 to 50", exact: true }).waitFor();
  await page.getByRole("textbox", { name: "billing email an email address", exact: true }).waitFor();
  // The boolean's default is marked and picked; the enum shows its values beside its labels.
  assert.equal(await page.getByRole("radio", { name: "Yes default" }).isChecked(), true);
  assert.equal(await page.getByRole("radio", { name: "No" }).isChecked(), false);
  assert.equal(await page.getByRole("radio", { name: "Team team" }).isChecked(), false);

  // The badge follows the configured name, cut to ask_user's 16 characters by the package.
  await page.fill("#server-name", "billing-server-with-a-long-name");
  assert.deepEqual(new Set(await page.locator("[part~=badge]").allTextContents()), new Set(["billing-server-…"]));
  assert.equal(await text(page, "[part~=title]"), "Questions from MCP server billing-server-with-a-long-name");

  // The fingerprint shown is the package's fingerprint of this schema.
  const params = JSON.parse(await page.inputValue("#request"));
  const expected = await page.evaluate(
    async (schema) => (await import("elicit-form/mcp-2026-07-28")).fingerprint(schema),
    params.requestedSchema,
  );
  assert.match(expected, /^[0-9a-f]{64}$/);
  assert.equal(await text(page, "[part~=fingerprint-value]"), expected);
  await finish("billing-card");
});

test("the billing card answered with the keyboard alone submits the backend's content", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  await page.focus("#request");
  await page.keyboard.press("Tab"); // out of the editor, into the card's first question
  assert.equal((await cardFocus(page)).label, "billing email an email address");
  await page.keyboard.type("ada@example.com");
  await page.keyboard.press("Tab"); // "Notify me": its default, Yes, is already picked
  assert.equal((await cardFocus(page)).value, "Yes");
  await page.keyboard.press("Tab"); // "Plan": nothing picked yet, focus lands on Pro
  await page.keyboard.press("ArrowDown"); // Team
  assert.equal((await cardFocus(page)).value, "Team");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12");
  await page.keyboard.press("Enter");

  assert.equal(await text(page, "#outcome-note"), "Sent to the server (ElicitResult):");
  assert.equal(
    JSON.stringify(await json(page, "#outcome")),
    '{"action":"accept","content":{"email":"ada@example.com","notify":true,"plan":"team","seats":12}}',
  );
  // This screenshot is docs/demo.png: show the request from its start.
  await page.locator("#request").evaluate((editor) => (editor.scrollTop = 0));
  await finish("billing-submitted");
});

test("an answer out of range marks its field with its title and bound, and is not sent", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  await answerBilling(page, "51");
  await page.click("[part~=submit]");

  const seats = page.getByRole("textbox", { name: "Seats a whole number from 1 to 50" });
  assert.equal(await seats.getAttribute("aria-invalid"), "true");
  const described = await seats.getAttribute("aria-describedby");
  assert.equal(await text(page, `#${described}`), "Seats: a whole number from 1 to 50");
  assert.equal(await page.locator(`#${described}`).isVisible(), true);
  assert.deepEqual(await cardFocus(page), {
    value: "51",
    label: "billing Seats a whole number from 1 to 50",
    invalid: "true",
  });
  assert.deepEqual(await page.evaluate(() => window.cardResults), [], "the card sent nothing");
  assert.equal(await page.locator("#outcome").isHidden(), true, "nothing is sent");
  assert.equal(await text(page, "#outcome-note"), "Nothing sent yet.");
  assert.equal(await page.locator("[aria-invalid]").count(), 1, "only the seats field is marked");
  await page.screenshot({ path: join(screenshots, "answer-error.png"), fullPage: true });

  // Fixing the answer clears the mark, and the submit goes through.
  await seats.fill("12");
  assert.equal(await seats.getAttribute("aria-invalid"), null);
  await page.click("[part~=submit]");
  assert.equal((await json(page, "#outcome")).content.seats, 12);

  // A choice left unpicked marks every radio of its group.
  await pickExample(page, "billing");
  await page.getByRole("textbox", { name: "email an email address" }).fill("ada@example.com");
  await page.getByRole("textbox", { name: "Seats a whole number from 1 to 50" }).fill("3");
  await page.click("[part~=submit]");
  const plan = page.getByRole("group", { name: "billing Plan Which plan to buy" });
  assert.equal(await plan.locator("input[aria-invalid=true]").count(), 2);
  assert.equal(await plan.locator("[part~=field-error]").textContent(), "Plan: choose one option");
  assert.equal((await page.evaluate(() => window.cardResults)).length, 1, "only the fixed answer was sent");
  await finish("answer-error-choice");
});

test("decline sends {action: decline} and nothing else", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  await answerBilling(page);
  await page.click("[part~=decline]");
  assert.equal(JSON.stringify(await json(page, "#outcome")), '{"action":"decline"}');
  await finish("declined");
});

// --- Refusals ------------------------------------------------------------------

test("a credential request is refused in the card's words, naming the property and pointing to URL mode; the page shows the backend's error", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "credential");
  assert.equal(await page.locator("[part~=card]").count(), 0, "no card is shown");
  assert.equal(await page.locator("#card-panel :is(input, button)").count(), 0, "nothing to answer");
  assert.equal(
    await text(page, "[part~=refusal-reason]"),
    "This app does not collect passwords or keys through forms.",
  );
  assert.equal(await text(page, "[part~=refusal-property]"), "apiKey");
  assert.deepEqual(await json(page, "#outcome"), {
    kind: "credential",
    property: "apiKey",
    message:
      "property 'apiKey' asks for a credential; Everruns does not collect credentials through " +
      "form elicitation. The server should use URL mode elicitation instead",
  });
  assert.match(await text(page, "[part~=url-mode-note]"), /a page of its own/);
  assert.equal(await page.locator("#record-accept").isDisabled(), true);
  await finish("refused-credential");
});

test("an array property is refused as out of profile, naming the property and the reason", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "out-of-profile");
  assert.match(
    await text(page, "[part~=refusal-reason]"),
    /^The form asks for something the \S+ profile does not allow\.$/,
  );
  assert.equal(await text(page, "[part~=refusal-property]"), "labels");
  assert.deepEqual(await json(page, "#outcome"), {
    kind: "outOfProfile",
    property: "labels",
    reason: 'type "array" is not a primitive',
    message: "property 'labels' is outside the form elicitation profile: type \"array\" is not a primitive",
  });
  assert.equal(await page.locator("[part~=url-mode-note]").count(), 0, "URL mode is for credentials only");
  await finish("refused-out-of-profile");
});

test("a requestedSchema that is not an object, even one holding JSON text, is refused as the backend refuses it", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  await editRequest(page, (params) => {
    params.requestedSchema = JSON.stringify(params.requestedSchema);
  });
  assert.equal(await text(page, "[part~=refusal-reason]"), "This form cannot be shown.");
  assert.equal((await json(page, "#outcome")).message, "requested schema is not an object");
  await editRequest(page, (params) => {
    delete params.requestedSchema;
  });
  assert.equal((await json(page, "#outcome")).message, "requested schema is not an object");
  await pickExample(page, "billing");
  await page.fill("#request", "{ not json");
  assert.match(await text(page, "#request-problem"), /^The params are not JSON/);
  assert.equal(await page.locator("#card").isHidden(), true);
  assert.equal(await page.locator("#card-panel :is(input, button)").count(), 0);
  assert.equal(await page.locator("#record-accept").isDisabled(), true, "nothing shown, nothing to record");
  await finish("refused-not-an-object");
});

test("a schema at every bound is shown in full, and one property more is refused", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "every-bound");
  const { properties } = JSON.parse(await page.inputValue("#request")).requestedSchema;
  const names = Object.keys(properties);
  assert.equal(names.length, 16);
  assert.ok(names.some((name) => name.length === 64));
  assert.equal(await page.locator("#card [part~=question]").count(), 16);
  assert.equal(
    await page.locator("#card [part~=question]").nth(0).locator("[part~=question-text]").textContent(),
    properties[names.find((name) => name.length === 64)].title,
  );
  assert.equal(await page.getByRole("group", { name: "32 colours" }).getByRole("radio").count(), 32);
  const texts = await page.locator("[part~=question-text]").allTextContents();
  const title = properties.long_title.title;
  const description = properties.long_description.description;
  assert.equal(title.length, 200);
  assert.equal(description.length, 2000);
  assert.ok(texts.includes(title), "the 200-character title is shown whole");
  assert.ok(
    (await page.locator("[part~=question-description]").allTextContents()).includes(description),
    "the 2000-character description is shown whole",
  );
  await finish("every-bound");

  await pickExample(page, "over-a-bound");
  assert.equal(await text(page, "[part~=refusal-reason]"), "This form cannot be shown.");
  assert.equal(
    (await json(page, "#outcome")).message,
    "requested schema asks for 17 properties; at most 16 are accepted",
  );
  assert.equal(await page.locator("[part~=refusal-property]").count(), 0);
});

// --- Server text is only ever text -----------------------------------------------------

test("markup in a message, title, description, enum label or configured name is shown as text and runs nothing", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "markup");
  await page.fill("#server-name", MARKUP);

  assert.equal(await text(page, "[part~=message]"), MARKUP);
  assert.equal(await text(page, "[part~=title]"), `Questions from MCP server ${MARKUP}`);
  const questions = await page.locator("[part~=question-text]").allTextContents();
  assert.deepEqual(questions.slice(0, 2), [MARKUP, "<b>not bold</b>"]);
  assert.equal(await page.locator("[part~=question-description]").first().textContent(), MARKUP);
  assert.ok(
    (await page.locator("[part~=hint]").allTextContents()).includes(`format: ${MARKUP}`),
    "the format is quoted",
  );
  const labels = await page.locator("[part~=option-label]").allTextContents();
  assert.deepEqual(labels, [`${MARKUP} img`, "<script>alert(2)</script> script"]);
  assert.equal(await page.locator("[part~=badge]").first().textContent(), "<img src=x oner…");

  // Answering with the markup label sends the enum value it stands for.
  await page.getByRole("radio", { name: MARKUP }).check();
  await page.getByRole("textbox", { name: "<b>not bold</b>" }).fill(MARKUP);
  await page.click("[part~=submit]");
  assert.deepEqual(await json(page, "#outcome"), { action: "accept", content: { choice: "img", note: MARKUP } });

  // A refusal quotes server text too: a type named like markup.
  await editRequest(page, (params) => {
    params.requestedSchema.properties.note.type = MARKUP;
  });
  assert.equal((await json(page, "#outcome")).reason, `type "${MARKUP}" is not a primitive`);

  await page.waitForTimeout(300); // room for an onerror handler to fire, if one had been created
  const added = await page.evaluate(() => window.addedElements);
  assert.ok(added.includes("FIELDSET"), "the observer saw the card being built");
  for (const tag of ["IMG", "B"]) assert.ok(!added.includes(tag), `no ${tag} element was ever created`);
  assert.equal(await page.locator("script").count(), 2, "only the page's own two scripts");
  await finish("markup-as-text");
});

test("the page's CSP refuses HTML-parsing sinks and inline scripts", async (t) => {
  const { page, problems, finish } = await openDemo(t);
  const sink = await page.evaluate(() => {
    try {
      document.body.insertAdjacentHTML("beforeend", "<b>markup</b>");
      return "allowed";
    } catch (error) {
      return error.name;
    }
  });
  assert.equal(sink, "TypeError", "Trusted Types block insertAdjacentHTML with a string");
  assert.equal(await page.locator("b").count(), 0);
  const inline = await page.evaluate(() => {
    try {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.head.append(script);
    } catch {
      // Trusted Types refuse the script text itself.
    }
    return window.inlineRan === true;
  });
  assert.equal(inline, false, "an inline script does not run");
  // The refusals above log CSP violations; they are expected here and only here.
  problems.length = 0;
  await finish("csp");
});

// --- The stored answer round trip ----------------------------------------------------

test("a recorded answer retries as accept while the questions are unchanged, and only once", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  await answerBilling(page);
  await page.click("#record-accept");

  const record = await json(page, "#record");
  assert.equal(record.server, "billing");
  assert.equal(record.tool, "buy_plan");
  assert.equal(record.action, "accept");
  assert.equal(record.fingerprint, await text(page, "[part~=fingerprint-value]"));
  assert.deepEqual(record.answers.plan, { selected: ["Team"], other_text: null });
  assert.deepEqual(record.answers.seats, { selected: [], other_text: "12" });
  assert.match(record.expires_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  assert.equal(await text(page, "#storage-key"), "mcp/elicitation-form/billing/buy_plan");

  await page.click("#retry");
  assert.equal(await text(page, "#retry-action"), "accept");
  assert.equal(
    JSON.stringify(await json(page, "#retry-result")),
    '{"action":"accept","content":{"email":"ada@example.com","notify":true,"plan":"team","seats":12}}',
  );
  assert.equal(await text(page, "#record"), "No answer recorded.", "the retry took the record");
  await finish("retry-accept");

  await page.click("#retry");
  assert.equal(await text(page, "#retry-action"), "ask", "a used record is not sent twice");
  assert.match(await text(page, "#retry-note"), /No answer is recorded/);
});

test("a recorded answer asks again after the schema is edited", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  await answerBilling(page);
  const before = await text(page, "[part~=fingerprint-value]");
  await page.click("#record-accept");

  await editRequest(page, (params) => {
    params.requestedSchema.properties.seats.maximum = 500;
  });
  const after = await text(page, "[part~=fingerprint-value]");
  assert.notEqual(after, before, "the edit changed what is asked");
  await page.click("#retry");

  assert.equal(await text(page, "#retry-action"), "ask");
  assert.match(await text(page, "#retry-note"), /given to other questions/);
  const outcome = await json(page, "#retry-result");
  assert.equal(outcome.fingerprint, after);
  assert.equal(outcome.recorded_for, before);
  assert.equal(outcome.summary, "MCP server 'billing' has questions for you before tool 'buy_plan' can run");
  await finish("retry-ask-after-edit");
});

test("a recorded decline retries as decline, and a record for another tool asks", async (t) => {
  const { page, finish } = await openDemo(t);
  await pickExample(page, "billing");
  await page.click("#record-decline");
  assert.equal((await json(page, "#record")).action, "decline");
  await page.click("#retry");
  assert.equal(await text(page, "#retry-action"), "decline");
  assert.equal(JSON.stringify(await json(page, "#retry-result")), '{"action":"decline"}');

  await answerBilling(page);
  await page.click("#record-accept");
  await page.fill("#tool-name", "cancel_plan");
  await page.click("#retry");
  assert.equal(await text(page, "#retry-action"), "ask");
  await finish("retry-decline");
});

// --- Whole page ----------------------------------------------------------------

test("every example loads without a console error, and the page fits a narrow screen", async (t) => {
  const { page, finish } = await openDemo(t, { width: 360, height: 740 });
  const examples = await page.locator("#example option").evaluateAll((options) => options.map((o) => o.value));
  assert.ok(examples.length >= 6);
  for (const example of examples) {
    await pickExample(page, example);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${example}: the page is ${overflow}px wider than a 360px screen`);
  }
  await pickExample(page, "billing");
  await answerBilling(page, "51");
  await page.click("[part~=submit]");
  await finish("narrow");
});

test("the mcp-2026-07-28 profile switch renders multi-select as checkboxes with defaults, and sends string[] and cancel", async (t) => {
  const { page, finish } = await openDemo(t);
  await page.fill(
    "#request",
    JSON.stringify(
      {
        message: "Paint settings",
        requestedSchema: {
          type: "object",
          properties: {
            colors: {
              type: "array",
              title: "Colors",
              minItems: 1,
              items: {
                anyOf: [
                  { const: "#f00", title: "Red" },
                  { const: "#00f", title: "Blue" },
                ],
              },
              default: ["#00f"],
            },
            name: { type: "string", title: "Name", maxLength: 20, default: "John Doe" },
            size: {
              type: "string",
              oneOf: [
                { const: "s", title: "Small" },
                { const: "l", title: "Large" },
              ],
              default: "l",
            },
          },
        },
      },
      null,
      2,
    ),
  );
  // The backend's profile refuses the array; the switch passes the option to every call.
  assert.match((await json(page, "#outcome")).message, /'colors' is outside the form elicitation profile/);
  await page.selectOption("#profile", "mcp-2026-07-28");
  await page.locator("[part~=card]").waitFor();
  assert.deepEqual(await page.locator("[part~=question-text]").allTextContents(), ["Colors", "Name", "size"]);
  // Worded by the card: how many to choose, the length and the default; nothing optional here (each has a default).
  assert.deepEqual(await page.locator("[part~=hint]").allTextContents(), [
    "choose at least 1",
    "at most 20 characters; default: John Doe",
  ]);
  assert.equal(await page.getByRole("checkbox", { name: "Red #f00" }).isChecked(), false);
  assert.equal(await page.getByRole("checkbox", { name: "Blue #00f default" }).isChecked(), true);
  assert.equal(await page.getByRole("radio", { name: "Large l default" }).isChecked(), true);
  assert.equal(await page.getByRole("textbox", { name: /Name/ }).getAttribute("placeholder"), "John Doe");
  const print = await page.evaluate(
    async (schema) => (await import("elicit-form/mcp-2026-07-28")).fingerprint(schema, { profile: "mcp-2026-07-28" }),
    JSON.parse(await page.inputValue("#request")).requestedSchema,
  );
  assert.equal(await text(page, "[part~=fingerprint-value]"), print, "the profile's own fingerprint");

  await page.getByRole("checkbox", { name: "Red #f00" }).check();
  await page.click("[part~=submit]");
  assert.equal(
    JSON.stringify(await json(page, "#outcome")),
    '{"action":"accept","content":{"colors":["#f00","#00f"],"name":"John Doe","size":"l"}}',
  );
  await page.click("[part~=cancel]");
  assert.deepEqual(await json(page, "#outcome"), { action: "cancel" });
  await finish("mcp-2026-07-28-profile");
});

// --- URL mode: the consent card -----------------------------------------------------

/** window.open kept in `window.opened` instead of opening a tab: the page stays where it is. */
async function stubOpen(page) {
  await page.evaluate(() => {
    window.opened = [];
    window.open = (...args) => {
      window.opened.push(args);
      return null;
    };
  });
}

test("a URL-mode sign-in link is shown by the consent card: the site, the host and the exact URL as text; Open opens it only on a click and sends accept", async (t) => {
  const { page, finish } = await openDemo(t);
  await stubOpen(page);
  await pickExample(page, "url-sign-in");
  assert.equal(await page.evaluate(() => document.getElementById("card").state), "url");
  assert.equal(await text(page, "[part~=title]"), "calendar asks you to open a link");
  assert.equal(await text(page, "[part~=site]"), "example.com");
  assert.equal(await text(page, "[part~=host]"), "login.calendar.example.com");
  assert.equal(
    await text(page, "[part~=url]"),
    "https://login.calendar.example.com/oauth/authorize?client_id=chat&state=9f2c",
  );
  assert.equal(await page.locator("elicit-form a").count(), 0, "the link is text, not an <a>");
  assert.deepEqual(await page.evaluate(() => window.opened), [], "nothing opened before the click");
  assert.equal(await page.locator("#record-accept").isDisabled(), false, "a link's answer can be recorded");

  await page.getByRole("button", { name: "Open" }).click();
  assert.deepEqual(await page.evaluate(() => window.opened), [
    ["https://login.calendar.example.com/oauth/authorize?client_id=chat&state=9f2c", "_blank", "noopener,noreferrer"],
  ]);
  assert.deepEqual(await json(page, "#outcome"), { action: "accept" });
  assert.equal(new URL(page.url()).pathname, "/", "the page did not navigate");

  // Recorded and retried: the server's retry gets the recorded accept, once.
  await page.click("#record-accept");
  await page.click("#retry");
  assert.equal(await text(page, "#retry-action"), "accept");
  assert.deepEqual(await json(page, "#retry-result"), { action: "accept" });
  await page.click("#retry");
  assert.equal(await text(page, "#retry-action"), "ask");
  await finish("url-sign-in");
});

test("URL mode: an IP address and a look-alike host are shown with their warnings, and a name before the host is refused with no link", async (t) => {
  const { page, finish } = await openDemo(t);
  await stubOpen(page);
  await pickExample(page, "url-ip-address");
  assert.equal(await text(page, "[part~=warning]"), "The link goes to a numeric address, not to a named site.");
  await pickExample(page, "url-lookalike");
  assert.equal(await text(page, "[part~=site]"), "xn--pple-43d.example");
  assert.match(await text(page, "[part~=warning]"), /could pass for another site/);
  await pickExample(page, "url-user-info");
  assert.equal(await page.evaluate(() => document.getElementById("card").state), "refused");
  assert.match(await text(page, "[part~=refusal-reason]"), /text before an @/);
  assert.equal(await page.locator("elicit-form button, elicit-form a").count(), 0);
  assert.doesNotMatch(
    await page.evaluate(() => document.getElementById("card").shadowRoot.textContent),
    /evil\.example/,
  );
  assert.match(await text(page, "#outcome-note"), /UrlRefusalError/);
  assert.equal((await json(page, "#outcome")).kind, "userInfo");
  assert.deepEqual(await page.evaluate(() => window.opened), []);
  await finish("url-warnings");
});
