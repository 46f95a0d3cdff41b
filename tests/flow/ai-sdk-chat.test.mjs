// examples/ai-sdk-chat built and run as a user would: copied into the flow
// scratch (so "elicit-form" and "elicit-form-ai-sdk-mcp" are the packed
// packages; ai, @ai-sdk/mcp and esbuild are the workspace's), its page
// bundled with esbuild, its route handlers served by serve.mjs against the
// SDK v2 test server over Streamable HTTP (protocol 2026-07-28), and the page
// driven in headless Chromium: a message parks on the billing form, the card
// shows it, the person's answer is recorded and the retried turn sends the
// backend's content once; a credential form is refused with no card.

import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { launchChromium } from "../browsers.mjs";
import { startHttpServers } from "./v2-server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const example = join(here, "scratch", "ai-sdk-chat");
let servers;
let app;
let origin;
let browser;

before(async () => {
  rmSync(example, { recursive: true, force: true });
  cpSync(join(here, "..", "..", "examples", "ai-sdk-chat"), example, {
    recursive: true, filter: (path) => !/[/\\](node_modules|dist)$/.test(path),
  });
  execFileSync(process.execPath, ["build.mjs"], { cwd: example, stdio: "inherit" });
  servers = await startHttpServers();
  app = spawn(process.execPath, ["serve.mjs"], {
    cwd: example,
    env: { ...process.env, PORT: "0", MCP_SERVER_URL: `http://127.0.0.1:${servers.http.address().port}/mcp` },
    stdio: ["ignore", "pipe", "inherit"],
  });
  origin = await new Promise((resolve, reject) => {
    app.once("exit", (code) => reject(new Error(`serve.mjs exited with ${code}`)));
    app.stdout.setEncoding("utf8");
    app.stdout.once("data", (line) => resolve(line.trim().replace(/\/$/, "")));
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  app?.kill();
  await servers?.close();
});

async function send(page, message) {
  await page.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Send" }).click();
}

test("the page: a turn parks on the form, <elicit-form> shows it, the answer is recorded and sent once", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
  await page.goto(`${origin}/`);
  await send(page, "Buy me a plan");

  const card = page.locator("elicit-form").first();
  await card.getByRole("group", { name: "billing Plan: Which plan to buy" }).waitFor();
  await card.getByRole("textbox", { name: "email (format: email)" }).fill("ada@example.com");
  await card.getByRole("radio", { name: "Team" }).check();
  await card.getByRole("textbox", { name: "Seats" }).fill("12");
  await card.getByRole("group", { name: /Notify me/ }).getByRole("radio", { name: "No" }).check();
  await card.getByRole("button", { name: "Submit" }).click();

  const reply = page.locator("li.assistant").first();
  await reply.waitFor();
  const { received, state } = JSON.parse(await reply.textContent());
  assert.deepEqual(received, { action: "accept", content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 } });
  assert.equal(state, 'buy:billing:ünïcödé "state"');

  // Single use: the next turn parks again, on a new card.
  await send(page, "Buy another");
  await page.locator("elicit-form").nth(1).getByRole("button", { name: "Submit" }).waitFor();
  assert.equal(await page.locator("li.assistant").count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page: a credential form is refused with the backend's text, and no card is drawn", async () => {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  await send(page, "connect my account");
  const refused = page.locator("li.refused");
  await refused.waitFor();
  assert.match(await refused.textContent(), /^Refused: property 'apiKey' asks for a credential; Everruns does not collect credentials/);
  assert.equal(await page.locator("elicit-form").count(), 0);
  await page.close();
});

test("the route handlers are Web-standard: (Request) => Response, as Next.js App Router calls them", async () => {
  const { POST } = await import(join(example, "app", "api", "answers", "route.js"));
  const response = await POST(new Request("http://localhost/api/answers", {
    method: "POST", body: JSON.stringify({ tool: "buy", fingerprint: "0".repeat(64), action: "accept", answers: "not answers" }),
  }));
  assert.ok(response instanceof Response);
  assert.equal(response.status, 422);
  assert.match((await response.json()).error, /answers/);
});
