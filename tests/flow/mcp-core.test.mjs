// elicit-form-mcp-core, the logic the SDK v1 and SDK v2 adapters share: it
// runs where no MCP SDK can be resolved (the packaging rule: a host installs
// only the SDK it uses), both adapters hand out its one copy of the shared
// names, and both answer an input_required round the same way.

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { adapter, aiSdkAdapter, clientAdapter, core, form } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, CREDENTIAL, TWO_FORMS, billingAnswers } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const installed = join(here, "scratch", "node_modules");

test("the packed core names no MCP SDK, and runs and type-checks in a project where none is installed", () => {
  const manifest = JSON.parse(readFileSync(join(installed, "elicit-form-mcp-core", "package.json"), "utf8"));
  const named = Object.keys({
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies,
  });
  assert.deepEqual(named, ["elicit-form"]);
  for (const name of ["elicit-form-mcp-sdk", "elicit-form-mcp-client"]) {
    const adapterManifest = JSON.parse(readFileSync(join(installed, name, "package.json"), "utf8"));
    assert.deepEqual(adapterManifest.dependencies, { "elicit-form-mcp-core": `^${manifest.version}` }, name);
  }
  // Outside the workspace, so the workspace's SDKs cannot be found from there.
  const project = mkdtempSync(join(tmpdir(), "elicit-form-mcp-core-"));
  try {
    for (const name of ["elicit-form", "elicit-form-mcp-core"]) {
      cpSync(join(installed, name), join(project, "node_modules", name), { recursive: true });
    }
    writeFileSync(join(project, "package.json"), '{"type":"module","private":true}\n');
    writeFileSync(
      join(project, "run.mjs"),
      `
      import * as core from "elicit-form-mcp-core";
      const sdk = { name: "probe", maxRounds: 2, protocolError: (code, message) => Object.assign(new Error(message), { code }),
                    codes: { pending: -32001, refused: -32602, internal: -32603 } };
      const round = { resultType: "input_required", inputRequests: { billing: { method: "elicitation/create",
        params: { mode: "form", message: "Pick a plan", requestedSchema: ${JSON.stringify(BILLING)} } } }, requestState: "s" };
      const parked = await core.answerInputRequired(sdk, round, { serverName: "billing", toolName: "buy", store: new core.MemoryFormAnswers() })
        .catch((error) => error);
      let sdkFound = true;
      try { await import("@modelcontextprotocol/sdk/types.js"); } catch { sdkFound = false; }
      console.log(JSON.stringify({ name: parked.name, questions: parked.pending.questions, sdkFound }));
    `,
    );
    const out = JSON.parse(
      execFileSync(process.execPath, [join(project, "run.mjs")], { encoding: "utf8", cwd: project }),
    );
    assert.deepEqual(out, { name: "FormElicitationPendingError", questions: BILLING_QUESTIONS, sdkFound: false });
    // URL mode too: elicit-form/url is loaded on first use, from the same peer.
    writeFileSync(
      join(project, "url.mjs"),
      `
      import * as core from "elicit-form-mcp-core";
      const sdk = { name: "probe", maxRounds: 2, protocolError: (code, message) => Object.assign(new Error(message), { code }),
                    codes: { pending: -32001, refused: -32602, internal: -32603 } };
      const round = { resultType: "input_required", inputRequests: { connect: { method: "elicitation/create",
        params: { mode: "url", message: "Connect", url: "https://accounts.example.com/connect" } } } };
      const parked = await core.answerInputRequired(sdk, round, { serverName: "billing", toolName: "connect", store: new core.MemoryFormAnswers() })
        .catch((error) => error);
      console.log(JSON.stringify({ name: parked.name, site: parked.pending.view.site, header: parked.pending.view.header }));
    `,
    );
    assert.deepEqual(
      JSON.parse(execFileSync(process.execPath, [join(project, "url.mjs")], { encoding: "utf8", cwd: project })),
      { name: "UrlElicitationPendingError", site: "example.com", header: "billing" },
    );
    // Its declarations too: checked themselves (no skipLibCheck), with no SDK to resolve.
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          lib: ["es2022", "dom"],
          types: [],
        },
        files: ["node_modules/elicit-form-mcp-core/index.d.ts"],
      }),
    );
    const tsc = spawnSync(
      join(here, "..", "..", "node_modules", ".bin", "tsc"),
      ["-p", join(project, "tsconfig.json")],
      { encoding: "utf8" },
    );
    assert.equal(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("both adapters hand out the core's one copy of the shared names", () => {
  for (const name of [
    "FormElicitationPendingError",
    "InputRequiredRoundError",
    "MemoryFormAnswers",
    "retryParams",
    "UrlElicitationPendingError",
    "InputRequiredRoundsExceededError",
  ]) {
    assert.equal(typeof core[name], "function", name);
    assert.equal(adapter[name], core[name], `elicit-form-mcp-sdk's ${name}`);
    assert.equal(clientAdapter[name], core[name], `elicit-form-mcp-client's ${name}`);
  }
  // The AI SDK adapter shares the error classes and the store (the client retries rounds itself).
  for (const name of ["FormElicitationPendingError", "InputRequiredRoundError", "MemoryFormAnswers"]) {
    assert.equal(aiSdkAdapter[name], core[name], `elicit-form-ai-sdk-mcp's ${name}`);
  }
});

const twoForms = {
  resultType: "input_required",
  inputRequests: Object.fromEntries(
    Object.entries(TWO_FORMS).map(([key, requestedSchema]) => [
      key,
      { method: "elicitation/create", params: { mode: "form", message: `Your ${key}`, requestedSchema } },
    ]),
  ),
};

test("SDK v1 and v2 answer a round alike: two forms are refused with the backend's text before any form is read, one refused form is the refusal in the backend's words", async () => {
  for (const [name, answering] of [
    ["v1", adapter],
    ["v2", clientAdapter],
  ]) {
    let takes = 0;
    const store = {
      take: () => {
        takes += 1;
        return null;
      },
    };
    const options = { serverName: "billing", toolName: "setup", store };
    const several = await answering.answerInputRequired(twoForms, options).catch((error) => error);
    assert.ok(several instanceof core.InputRequiredRoundError, `${name}: ${several}`);
    assert.equal(
      several.message,
      "MCP server 'billing' sent 2 form elicitations in one round for tool 'setup'; Everruns answers at most one at a time",
    );
    assert.deepEqual(several.keys, ["name", "region"], name);
    // The count comes first (gather_input_responses): a refused form among two is still "two forms".
    const refusedToo = structuredClone(twoForms);
    refusedToo.inputRequests.region.params.requestedSchema = CREDENTIAL;
    const counted = await answering.answerInputRequired(refusedToo, options).catch((error) => error);
    assert.ok(counted instanceof core.InputRequiredRoundError, `${name}: ${counted}`);
    const one = structuredClone(refusedToo);
    delete one.inputRequests.name;
    const refused = await answering.answerInputRequired(one, options).catch((error) => error);
    assert.ok(refused instanceof form.FormRefusalError, `${name}: ${refused}`);
    let inner;
    try {
      form.pending({
        serverName: "billing",
        toolName: "setup",
        key: "region",
        message: "x",
        requestedSchema: CREDENTIAL,
      });
    } catch (error) {
      inner = error;
    }
    assert.ok(inner instanceof form.FormRefusalError);
    assert.equal(
      refused.message,
      `MCP server 'billing' asked questions for tool 'setup' that Everruns will not put to a person: ${inner.message}`,
    );
    assert.equal(refused.kind, "credential", name);
    assert.equal(takes, 0, `${name}: no record is taken for a round that is not answered`);
  }
});

test("SDK v1 and v2 retry alike: a previous round's inputResponses and requestState are not carried into the next", async () => {
  const record = form.recordFormAnswer({
    server: "billing",
    tool: "buy",
    fingerprint: form.fingerprint(BILLING),
    action: "accept",
    answers: billingAnswers,
  });
  const round = (requestState) => ({
    resultType: "input_required",
    inputRequests: {
      b: { method: "elicitation/create", params: { mode: "form", message: "Pick a plan", requestedSchema: BILLING } },
    },
    ...(requestState === undefined ? {} : { requestState }),
  });
  for (const [name, answering] of [
    ["v1", adapter],
    ["v2", clientAdapter],
  ]) {
    const sent = [];
    const replies = [round("first"), round(undefined), { content: [{ type: "text", text: "done" }] }];
    const store = new answering.MemoryFormAnswers();
    const send = async (params) => {
      sent.push(params);
      store.record(record);
      return replies[sent.length - 1];
    };
    const result = await answering.callToolWithRetries(
      send,
      { name: "buy", arguments: {} },
      { serverName: "billing", store },
    );
    assert.deepEqual(result.content, [{ type: "text", text: "done" }], name);
    assert.equal(sent.length, 3, name);
    assert.equal(sent[1].requestState, "first", name);
    assert.equal("requestState" in sent[2], false, `${name}: the second round gave no requestState`);
    assert.deepEqual(Object.keys(sent[2].inputResponses), ["b"], name);
    // By hand, from the previous retry's params: its answers and state are replaced, not kept.
    const again = answering.retryParams(sent[1], round(undefined), { b: { action: "decline" } });
    assert.deepEqual(again, { name: "buy", arguments: {}, inputResponses: { b: { action: "decline" } } }, name);
  }
});

test("SDK v1 and v2 alike: a round with only requestState, or with neither, is retried at once with the state (if any) and no inputResponses", async () => {
  const round = {
    resultType: "input_required",
    inputRequests: {
      b: { method: "elicitation/create", params: { mode: "form", message: "Pick a plan", requestedSchema: BILLING } },
    },
    requestState: "asked",
  };
  for (const [name, answering] of [
    ["v1", adapter],
    ["v2", clientAdapter],
  ]) {
    const store = new answering.MemoryFormAnswers();
    store.record(
      form.recordFormAnswer({
        server: "billing",
        tool: "buy",
        fingerprint: form.fingerprint(BILLING),
        action: "accept",
        answers: billingAnswers,
      }),
    );
    const replies = [
      { resultType: "input_required", requestState: "warming up" },
      round,
      { content: [{ type: "text", text: "done" }] },
    ];
    const sent = [];
    const send = async (params) => replies[sent.push(structuredClone(params)) - 1];
    const result = await answering.callToolWithRetries(
      send,
      { name: "buy", arguments: {} },
      { serverName: "billing", store },
    );
    assert.deepEqual(result.content, [{ type: "text", text: "done" }], name);
    assert.deepEqual(sent[1], { name: "buy", arguments: {}, requestState: "warming up" }, `${name}: the state alone`);
    assert.equal(sent[2].requestState, "asked", name);
    assert.deepEqual(Object.keys(sent[2].inputResponses), ["b"], name);

    const stateOnly = { resultType: "input_required", requestState: "warming up" };
    const { inputResponses } = await answering.answerInputRequired(stateOnly, {
      serverName: "billing",
      toolName: "buy",
      store,
    });
    assert.deepEqual(inputResponses, {}, name);
    assert.deepEqual(
      answering.retryParams({ name: "buy", inputResponses: { old: {} } }, stateOnly, inputResponses),
      { name: "buy", requestState: "warming up" },
      name,
    );

    // The backend reads a missing (or non-object) inputRequests as no request, and retries.
    for (const empty of [
      { resultType: "input_required" },
      { resultType: "input_required", inputRequests: {} },
      { resultType: "input_required", inputRequests: [] },
    ]) {
      const answered = await answering.answerInputRequired(empty, { serverName: "billing", toolName: "buy", store });
      assert.deepEqual(answered, { inputResponses: {} }, name);
    }
    const emptyFirst = [{ resultType: "input_required" }, { content: [{ type: "text", text: "done" }] }];
    const retried = [];
    const done = await answering.callToolWithRetries(
      async (params) => emptyFirst[retried.push(structuredClone(params)) - 1],
      { name: "buy", arguments: {} },
      { serverName: "billing", store },
    );
    assert.deepEqual(done.content, [{ type: "text", text: "done" }], name);
    assert.deepEqual(
      retried,
      [
        { name: "buy", arguments: {} },
        { name: "buy", arguments: {} },
      ],
      `${name}: retried as it was`,
    );
  }
});

test("SDK v1 and v2 answer a URL round alike; a form and a link in one round are handled in the backend's map order, stopping at the first not answered", async () => {
  const link = {
    method: "elicitation/create",
    params: { mode: "url", message: "Connect", url: "https://accounts.example.com/connect" },
  };
  for (const [name, answering] of [
    ["v1", adapter],
    ["v2", clientAdapter],
  ]) {
    let takes = 0;
    let consentTakes = 0;
    const store = {
      take: () => {
        takes += 1;
        return null;
      },
      takeConsent: () => {
        consentTakes += 1;
        return null;
      },
    };
    const asked = [];
    const options = { serverName: "billing", toolName: "connect", store, onPending: (p) => asked.push(p) };
    const parked = await answering
      .answerInputRequired({ resultType: "input_required", inputRequests: { connect: link } }, options)
      .catch((error) => error);
    assert.ok(parked instanceof core.UrlElicitationPendingError, `${name}: ${parked}`);
    assert.deepEqual([takes, consentTakes], [0, 1], `${name}: a link takes a consent, never a form's answer`);
    // "connect" sorts before "name": the link is handled first and parks, so the form is never asked.
    const mixed = structuredClone(twoForms);
    delete mixed.inputRequests.region;
    mixed.inputRequests.connect = link;
    const first = await answering.answerInputRequired(mixed, options).catch((error) => error);
    assert.ok(first instanceof core.UrlElicitationPendingError, `${name}: ${first}`);
    assert.deepEqual(asked, [], `${name}: the form after the parked link is not asked`);
    assert.deepEqual([takes, consentTakes], [0, 2], `${name}: nor its record taken`);
  }
});

test("answerPushedForm is answerPushedElicitation's earlier name", () => {
  assert.equal(core.answerPushedForm, core.answerPushedElicitation);
});
