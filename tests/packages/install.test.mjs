// Installs like a user: the packed tarballs and the registry's MCP SDK v2
// client, the AI SDK's MCP client and the ACP SDK, with a plain `npm install`
// (which also brings the MCP Tasks adapter's peer, @modelcontextprotocol/ext-tasks),
// into an empty project outside the
// repository (so nothing resolves from the workspace's node_modules), then a
// form answered end to end through the v2 adapter: examples/mcp-client/auto.mjs
// run from that project against the SDK v2 test server over stdio (the
// server parks on the form, the answer is recorded, the retry sends the
// backend's content once), and the same through the ACP adapter against an
// ACP agent process over stdio (examples/acp/editor.mjs). Run after
// `npm run build`.

import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import { PACKAGES, root } from "./packages.mjs";

const project = mkdtempSync(join(tmpdir(), "elicit-form-install-"));
after(() => rmSync(project, { recursive: true, force: true }));

function npm(args, cwd) {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

test("the tarballs, @modelcontextprotocol/client, @ai-sdk/mcp and @agentclientprotocol/sdk install with a plain npm install into an empty project", () => {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const version = (name) => lock.packages[`node_modules/${name}`].version;
  const dependencies = Object.fromEntries(
    ["@modelcontextprotocol/client", "@ai-sdk/mcp", "@agentclientprotocol/sdk"].map((name) => [name, version(name)]),
  );
  for (const { packed: dir } of PACKAGES) {
    const [packed] = JSON.parse(npm(["pack", join(root, dir), "--pack-destination", project, "--json"], root));
    dependencies[packed.name] = `file:./${packed.filename}`;
  }
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify(
      {
        name: "a-host",
        private: true,
        type: "module",
        dependencies,
      },
      null,
      2,
    )}\n`,
  );
  // --prefer-offline: the SDK from npm's cache when it is there, else the registry.
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline"], project);
  const installed = (name) => JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8"));
  for (const { name } of PACKAGES) assert.equal(installed(name).version, installed("elicit-form").version, name);
  // One copy of each: the adapters' ranges resolved to the tarballs, not to a second install.
  const tree = JSON.parse(npm(["ls", "--all", "--json"], project));
  const copies = [];
  const walk = (deps = {}) => {
    for (const [name, node] of Object.entries(deps)) {
      if (name.startsWith("elicit-form")) copies.push(name);
      walk(node.dependencies);
    }
  };
  walk(tree.dependencies);
  for (const { name } of PACKAGES) assert.ok(copies.includes(name), `${name} installed`);
});

test("a form answered end to end through the v2 adapter, from the installed packages", async () => {
  const example = join(project, "auto.mjs");
  copyFileSync(join(root, "examples", "mcp-client", "auto.mjs"), example);
  const server = [process.execPath, join(root, "tests", "flow", "v2-server.mjs"), "stdio"];
  const { stdout } = await promisify(execFile)(process.execPath, [example, ...server], {
    cwd: project,
    timeout: 60_000,
  });
  const lines = stdout.trimEnd().split("\n");
  assert.equal(lines[0], "MCP server 'billing' has questions for you before tool 'buy' can run");
  assert.deepEqual(JSON.parse(lines[1]).received, {
    action: "accept",
    content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 },
  });
});

test("a form answered end to end through the AI SDK adapter, from the installed packages", async () => {
  // @ai-sdk/mcp's own stdio transport to the SDK v2 test server (protocol
  // 2026-07-28): parked, recorded, answered once.
  const script = join(project, "ai-sdk.mjs");
  writeFileSync(
    script,
    `
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { recordFormAnswer } from "elicit-form";
import { FormElicitationPendingError, MemoryFormAnswers, formElicitation } from "elicit-form-ai-sdk-mcp";
const store = new MemoryFormAnswers();
const forms = formElicitation({ serverName: "billing", store });
const client = forms.install(await createMCPClient({
  transport: new Experimental_StdioMCPTransport({ command: process.execPath, args: process.argv.slice(2) }),
  capabilities: { elicitation: { form: {} } },
}));
const parked = await client.callTool({ name: "buy" }).catch((error) => error);
if (!(parked instanceof FormElicitationPendingError)) throw parked;
store.record(recordFormAnswer({ server: "billing", tool: "buy", fingerprint: parked.pending.fingerprint, action: "decline" }));
const result = await client.callTool({ name: "buy" });
console.log(client.initializeResult.protocolVersion, result.content[0].text);
await client.close();
`,
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, join(root, "tests", "flow", "v2-server.mjs"), "stdio"],
    { cwd: project, timeout: 60_000 },
  );
  const [, protocol, text] = /^(\S+) (.*)$/.exec(stdout.trim());
  assert.equal(protocol, "2026-07-28");
  assert.deepEqual(JSON.parse(text).received, { action: "decline" });
});

test("a form answered end to end through the ACP adapter, from the installed packages", async () => {
  const example = join(project, "acp-editor.mjs");
  copyFileSync(join(root, "examples", "acp", "editor.mjs"), example);
  const agent = [process.execPath, join(root, "tests", "flow", "acp-agent.mjs")];
  const { stdout } = await promisify(execFile)(process.execPath, [example, ...agent], {
    cwd: project,
    timeout: 60_000,
  });
  const lines = stdout.trimEnd().split("\n");
  assert.equal(JSON.parse(lines[0]).error.code, -32001, "the first ask waits for a person");
  assert.deepEqual(JSON.parse(lines[2]).received, {
    action: "accept",
    content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 },
  });
});

test("the MCP Tasks adapter loads from the installed packages, with ext-tasks installed as its peer", async () => {
  const probe = join(project, "tasks-probe.mjs");
  writeFileSync(
    probe,
    [
      'import { MemoryFormAnswers, taskForms } from "elicit-form-mcp-tasks";',
      'const forms = taskForms({ serverName: "deployer", store: new MemoryFormAnswers() });',
      "console.log(typeof forms.runTask);",
    ].join("\n"),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [probe], { cwd: project });
  assert.equal(stdout.trim(), "function");
  const extTasks = JSON.parse(
    readFileSync(join(project, "node_modules", "@modelcontextprotocol", "ext-tasks", "package.json"), "utf8"),
  );
  assert.match(extTasks.version, /^0\.2\.\d+$/, "the ext-tasks npm installed for the adapter's ^0.2.2 peer");
});

test("the element's entry resolves in the installed package, as a bundler or an import map finds it", async () => {
  const probe = join(project, "probe.mjs");
  writeFileSync(
    probe,
    'console.log(import.meta.resolve("elicit-form/element"), import.meta.resolve("elicit-form/mcp-2026-07-28/element"));\n',
  );
  const { stdout } = await promisify(execFile)(process.execPath, [probe], { cwd: project });
  const [element, mcpElement] = stdout.trim().split(" ");
  assert.ok(element.endsWith("/node_modules/elicit-form/element.js"), element);
  assert.ok(mcpElement.endsWith("/node_modules/elicit-form/mcp-2026-07-28/element.js"), mcpElement);
});

test("each of the element's languages is an entry of its own (elicit-form/element/messages/<code>), which registers its table on import", async () => {
  const probe = join(project, "probe-languages.mjs");
  writeFileSync(
    probe,
    [
      'const registry = Symbol.for("elicit-form.messages");',
      "const seen = {};",
      'for (const code of ["de", "ar"]) {',
      "  const { default: table } = await import(`elicit-form/element/messages/${code}`);",
      "  seen[code] = { registered: globalThis[registry][code] === table, lang: table.lang, dir: table.dir, submit: table.submit,",
      "    url: import.meta.resolve(`elicit-form/element/messages/${code}`).replace(/^.*node_modules\\//, '') };",
      "}",
      "console.log(JSON.stringify(seen));",
    ].join("\n"),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [probe], { cwd: project });
  assert.deepEqual(JSON.parse(stdout), {
    de: { registered: true, lang: "de", dir: "ltr", submit: "Senden", url: "elicit-form/element-messages/de.js" },
    ar: { registered: true, lang: "ar", dir: "rtl", submit: "إرسال", url: "elicit-form/element-messages/ar.js" },
  });
});

test("the URL-mode consent card (elicit-form/url/element) and its languages are entries of their own, which register on import", async () => {
  const probe = join(project, "probe-url-card.mjs");
  writeFileSync(
    probe,
    [
      'const seen = { card: import.meta.resolve("elicit-form/url/element").replace(/^.*node_modules\\//, "") };',
      'for (const code of ["de", "ar"]) {',
      "  const { default: table } = await import(`elicit-form/url/element/messages/${code}`);",
      '  seen[code] = { registered: globalThis[Symbol.for("elicit-form.url-messages")][code] === table, dir: table.dir, open: table.open,',
      "    url: import.meta.resolve(`elicit-form/url/element/messages/${code}`).replace(/^.*node_modules\\//, '') };",
      "}",
      "console.log(JSON.stringify(seen));",
    ].join("\n"),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [probe], { cwd: project });
  assert.deepEqual(JSON.parse(stdout), {
    card: "elicit-form/url/element.js",
    de: { registered: true, dir: "ltr", open: "Öffnen", url: "elicit-form/url/element-messages/de.js" },
    ar: { registered: true, dir: "rtl", open: "فتح", url: "elicit-form/url/element-messages/ar.js" },
  });
});
