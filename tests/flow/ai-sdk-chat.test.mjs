// examples/ai-sdk-chat, a Next.js app, built and run as a user would: copied
// into an empty project outside the repository with the packed
// "elicit-form", "elicit-form-mcp-core" and "elicit-form-ai-sdk-mcp" (from
// tests/flow/prepare.mjs) and its other dependencies (next, react, ai,
// @ai-sdk/mcp) from npm, built with `next build`, served with `next start`
// against the SDK v2 test server over Streamable HTTP (protocol 2026-07-28),
// and the page driven in headless Chromium: a message parks on the billing
// form, the card shows it, the person's answer is recorded and the retried
// turn sends the backend's content once; a credential form is refused with
// no card.

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { launchChromium } from "../browsers.mjs";
import { startHttpServers } from "./v2-server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, "scratch");
const project = mkdtempSync(join(tmpdir(), "elicit-form-ai-sdk-chat-"));
const PACKED = ["elicit-form", "elicit-form-mcp-core", "elicit-form-ai-sdk-mcp"];
let servers;
let app;
let origin;
let browser;

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

before(
  async () => {
    cpSync(join(here, "..", "..", "examples", "ai-sdk-chat"), project, {
      recursive: true,
      filter: (path) => !/[/\\](node_modules|\.next)$/.test(path),
    });
    // The packed packages in place of the registry's, as tarballs copied in.
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    for (const name of PACKED) {
      const tarball = readdirSync(scratch).find((file) => new RegExp(`^${name}-\\d.*\\.tgz$`).test(file));
      assert.ok(tarball, `${name}'s tarball is in tests/flow/scratch (run tests/flow/prepare.mjs)`);
      cpSync(join(scratch, tarball), join(project, tarball));
      manifest.dependencies[name] = `file:./${tarball}`;
    }
    writeFileSync(join(project, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
    // --prefer-offline: next and the AI SDK from npm's cache when there, else the registry.
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: project,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    execFileSync(process.execPath, [join("node_modules", "next", "dist", "bin", "next"), "build"], {
      cwd: project,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });

    servers = await startHttpServers();
    const port = await freePort();
    app = spawn(
      process.execPath,
      [join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: project,
        env: { ...env, MCP_SERVER_URL: `http://127.0.0.1:${servers.http.address().port}/mcp` },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    await new Promise((resolve, reject) => {
      app.once("exit", (code) => reject(new Error(`next start exited with ${code}`)));
      app.stdout.setEncoding("utf8");
      app.stdout.on("data", (text) => {
        if (/Ready/.test(text)) resolve();
      });
    });
    origin = `http://127.0.0.1:${port}`;
    browser = await launchChromium();
  },
  { timeout: 600_000 },
);

after(async () => {
  await browser?.close();
  app?.kill();
  await servers?.close();
  rmSync(project, { recursive: true, force: true });
});

async function send(page, message) {
  await page.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Send" }).click();
}

test("the page: a turn parks on the form, <elicit-form> shows it, the answer is recorded and sent once", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${origin}/`);
  await send(page, "Buy me a plan");

  const card = page.locator("elicit-form").first();
  // Names as the card words them (its message table), matched by the field's title.
  await card.getByRole("group", { name: /Plan/ }).waitFor();
  await card.getByRole("textbox", { name: /email/i }).fill("ada@example.com");
  await card.getByRole("radio", { name: "Team" }).check();
  await card.getByRole("textbox", { name: /seats/i }).fill("12");
  await card
    .getByRole("group", { name: /Notify me/ })
    .getByRole("radio", { name: "No" })
    .check();
  await card.getByRole("button", { name: "Submit" }).click();

  const reply = page.locator("li.assistant").first();
  await reply.waitFor();
  const { received, state } = JSON.parse(await reply.textContent());
  assert.deepEqual(received, {
    action: "accept",
    content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 },
  });
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
  // A round's refusal, in the backend's words (http.rs answer_form_elicitation).
  assert.match(
    await refused.textContent(),
    /^Refused: MCP server '[^']+' asked questions for tool '[^']+' that Everruns will not put to a person: property 'apiKey' asks for a credential; Everruns does not collect credentials/,
  );
  assert.equal(await page.locator("elicit-form").count(), 0);
  await page.close();
});

test("an answer that does not fit is refused by /api/answers with recordFormAnswer's reason, nothing recorded", async () => {
  const response = await fetch(`${origin}/api/answers`, {
    method: "POST",
    body: JSON.stringify({ tool: "buy", fingerprint: "0".repeat(64), action: "accept", answers: "not answers" }),
  });
  assert.equal(response.status, 422);
  assert.match((await response.json()).error, /answers/);
});
