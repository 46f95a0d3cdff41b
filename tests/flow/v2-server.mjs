// A real @modelcontextprotocol/server (SDK v2) McpServer whose tools ask
// their forms the 2026-07-28 way: they return inputRequired(...), and on the
// retry report exactly what arrived under inputResponses. On a 2025-11-25
// connection the SDK's legacy shim pushes the same forms as
// elicitation/create instead. Used in-process for Streamable HTTP and as a
// child process for stdio:
//
//   node tests/flow/v2-server.mjs stdio
//
// Each tool's reply is one text block of JSON:
// {"received": <the response under the request's key>, "state": <requestState echoed>}.
//
// URL mode: `connect_account` asks one link to be opened
// (inputRequired.elicitUrl, pushed with a minted elicitationId on a
// 2025-11-25 connection) and on the retry reports the action and the state;
// `keep_asking_url` asks a new link every round and never finishes;
// `url_required` throws UrlElicitationRequiredError (-32042 on a 2025-11-25
// connection) listing two links.
//
// Rounds and policy: the resource `billing://plan` asks the billing form on
// resources/read and on the retry reads back what it received (as its
// text); `warm_up` answers with a round of requestState alone, then
// reports the state echoed; `keep_asking_form` asks the billing form every
// round and never finishes; `capabilities` reports the client
// capabilities the request was served under.

import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { NodeStreamableHTTPServerTransport, toNodeHandler } from "@modelcontextprotocol/node";
import {
  CLIENT_CAPABILITIES_META_KEY,
  createMcpHandler,
  inputRequired,
  inputResponse,
  isInitializeRequest,
  McpServer,
  UrlElicitationRequiredError,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod/v4";
import { fileURLToPath } from "node:url";
import { BILLING, CONNECT_URL, CREDENTIAL, SEATS_ONLY, TWO_FORMS } from "./support.mjs";

const SCHEMAS = { billing: BILLING, "seats-only": SEATS_ONLY };

function reply(body) {
  return { content: [{ type: "text", text: JSON.stringify(body) }] };
}

/** A fresh McpServer with the test tools (createMcpHandler and serveStdio build one per request or connection). */
export function buildServer() {
  const server = new McpServer(
    { name: "billing-server", version: "2.0.0" },
    { capabilities: { tools: {}, resources: {} } },
  );

  server.registerResource(
    "plan",
    "billing://plan",
    { description: "asks the billing form on read" },
    async (uri, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, "billing").kind === "missing") {
        return inputRequired({
          inputRequests: { billing: inputRequired.elicit({ message: "Pick a plan", requestedSchema: BILLING }) },
          requestState: "plan:state",
        });
      }
      return {
        contents: [
          {
            uri: uri.href,
            text: JSON.stringify({
              received: ctx.mcpReq.inputResponses.billing,
              state: ctx.mcpReq.requestState() ?? null,
            }),
          },
        ],
      };
    },
  );

  server.registerTool(
    "keep_asking_form",
    { description: "asks the billing form again every round and never finishes" },
    async (ctx) => {
      const round = Number(ctx.mcpReq.requestState() ?? 0) + 1;
      return inputRequired({
        inputRequests: { billing: inputRequired.elicit({ message: "Pick a plan", requestedSchema: BILLING }) },
        requestState: String(round),
      });
    },
  );

  server.registerTool(
    "warm_up",
    { description: "asks nothing the first time, only a round trip with requestState" },
    async (ctx) => {
      const state = ctx.mcpReq.requestState();
      if (state === undefined) return inputRequired({ requestState: "warm" });
      return reply({ received: ctx.mcpReq.inputResponses ?? null, state });
    },
  );

  server.registerTool("capabilities", { description: "reports the client's declared capabilities" }, async (ctx) =>
    reply({
      capabilities:
        ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY] ??
        ctx.mcpReq._meta?.[CLIENT_CAPABILITIES_META_KEY] ??
        server.server.getClientCapabilities() ??
        null,
    }),
  );

  // The backend's billing form, or a changed one (`variant: "seats-only"`)
  // under the same tool name: a record for the first must not answer the second.
  server.registerTool(
    "buy",
    {
      description: "asks the billing form, then reports what it received",
      inputSchema: z.object({ variant: z.enum(["billing", "seats-only"]).optional() }),
    },
    async ({ variant }, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, "billing");
      if (view.kind === "missing") {
        return inputRequired({
          inputRequests: {
            billing: inputRequired.elicit({ message: "Pick a plan", requestedSchema: SCHEMAS[variant ?? "billing"] }),
          },
          requestState: `buy:${variant ?? "billing"}:ünïcödé "state"`,
        });
      }
      return reply({ received: ctx.mcpReq.inputResponses.billing, state: ctx.mcpReq.requestState() ?? null });
    },
  );

  server.registerTool("connect-account", { description: "asks for an API key (a credential form)" }, async (ctx) => {
    if (inputResponse(ctx.mcpReq.inputResponses, "account").kind === "missing") {
      return inputRequired({
        inputRequests: { account: inputRequired.elicit({ message: "Connect", requestedSchema: CREDENTIAL }) },
      });
    }
    return reply({ received: ctx.mcpReq.inputResponses.account });
  });

  server.registerTool("setup", { description: "asks two forms in one round" }, async (ctx) => {
    const responses = ctx.mcpReq.inputResponses ?? {};
    if (!("name" in responses) || !("region" in responses)) {
      return inputRequired({
        inputRequests: Object.fromEntries(
          Object.entries(TWO_FORMS).map(([key, requestedSchema]) => [
            key,
            inputRequired.elicit({ message: `Which ${key}?`, requestedSchema }),
          ]),
        ),
      });
    }
    return reply({ received: responses });
  });

  // URL mode. `url` replaces the link (a hostile or a changed one); `also`
  // adds a second entry to the same round (a form, or another link).
  server.registerTool(
    "connect_account",
    {
      description: "asks for a link to be opened, then reports the action and the state",
      inputSchema: z.object({ url: z.string().optional(), also: z.enum(["form", "url"]).optional() }),
    },
    async ({ url, also }, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, "connect").kind === "missing") {
        const inputRequests = {
          connect: inputRequired.elicitUrl({ message: "Connect your calendar", url: url ?? CONNECT_URL }),
        };
        if (also === "form")
          inputRequests.billing = inputRequired.elicit({ message: "Pick a plan", requestedSchema: BILLING });
        if (also === "url")
          inputRequests.second = inputRequired.elicitUrl({
            message: "And your mail",
            url: "https://mail.example.com/connect",
          });
        return inputRequired({ inputRequests, requestState: `connect:ünïcödé "state"` });
      }
      return reply({ received: ctx.mcpReq.inputResponses.connect, state: ctx.mcpReq.requestState() ?? null });
    },
  );

  // Asks a new link every round (the round number in the link and the state): the client's bound must stop it.
  server.registerTool("keep_asking_url", { description: "asks a new link to be opened every round" }, async (ctx) => {
    const round = Number(ctx.mcpReq.requestState() ?? 0) + 1;
    return inputRequired({
      inputRequests: {
        connect: inputRequired.elicitUrl({ message: "Connect your calendar", url: `${CONNECT_URL}?round=${round}` }),
      },
      requestState: String(round),
    });
  });

  // 2025-11-25's other way to ask: the tools/call fails with -32042 listing
  // the links (`url` replaces the first); nothing is answered to it.
  server.registerTool(
    "url_required",
    {
      description: "fails with -32042, listing two links to open",
      inputSchema: z.object({ url: z.string().optional() }),
    },
    async ({ url }) => {
      throw new UrlElicitationRequiredError([
        { mode: "url", elicitationId: "calendar-1", url: url ?? CONNECT_URL, message: "Connect your calendar" },
        { mode: "url", elicitationId: "mail-1", url: "https://mail.example.com/connect", message: "And your mail" },
      ]);
    },
  );
  return server;
}

/** The Streamable HTTP entry (both eras), as a fetch handler, over a server from `build`. */
export function httpHandler(build = buildServer) {
  return createMcpHandler(() => build());
}

/**
 * A sessionful 2025-11-25 Streamable HTTP entry, as a Node (req, res)
 * handler, over a server from `build` (this file's by default): the
 * per-request entry above cannot push elicitation/create to a 2025 client
 * (no session to answer on), a sessionful transport can.
 */
export function sessionfulLegacyHandler(build = buildServer) {
  const sessions = new Map();
  const handle = async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const sid = req.headers["mcp-session-id"];
    if (sid && sessions.has(sid)) return sessions.get(sid).handleRequest(req, res, body);
    if (sid || !isInitializeRequest(body)) {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end('{"jsonrpc":"2.0","error":{"code":-32000,"message":"no session"},"id":null}');
      return undefined;
    }
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await build().connect(transport);
    return transport.handleRequest(req, res, body);
  };
  /** Ends every session (their servers' timers included), so the process can exit. */
  handle.close = () => Promise.all([...sessions.values()].map((transport) => transport.close()));
  return handle;
}

/**
 * Both entries listening on 127.0.0.1 (free ports), over servers from
 * `build` (this file's by default): `http`, the per-request entry for both
 * eras, and `legacyHttp`, the sessionful 2025-11-25 one. `close()` ends the
 * sessions and the servers.
 */
export async function startHttpServers(build = buildServer) {
  const handler = toNodeHandler(httpHandler(build));
  const legacy = sessionfulLegacyHandler(build);
  const http = createServer((req, res) => void handler(req, res));
  const legacyHttp = createServer((req, res) => void legacy(req, res));
  await Promise.all(
    [http, legacyHttp].map((server) => new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))),
  );
  return {
    http,
    legacyHttp,
    async close() {
      // The in-process sessions' servers keep timers for their pushed requests.
      await legacy.close();
      for (const server of [http, legacyHttp]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "stdio") {
  serveStdio(() => buildServer());
  console.error("billing-server: serving over stdio");
}
