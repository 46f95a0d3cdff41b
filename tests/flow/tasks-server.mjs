// An MCP Tasks server (SEP-2663, protocol 2026-07-28) for the
// elicit-form-mcp-tasks flow tests: tools/call returns a task, the task asks
// its form through `inputRequests` on tasks/get, and takes the answer from
// tasks/update. Every task message it reads or writes is checked with
// @modelcontextprotocol/ext-tasks' own 2026-07-28 wire schemas (its `core/v2`
// entry; the package ships no server runtime). The MCP SDK v2 server has no
// Tasks support, so this speaks JSON-RPC itself, over stdio (a child process:
// `node tests/flow/tasks-server.mjs stdio`) and Streamable HTTP
// (startTasksHttpServer, JSON responses, on a free port of 127.0.0.1).
//
// A tool's arguments may set the task's `pollIntervalMs` (a number, or
// "none" to suggest none); the default is POLL_INTERVAL_MS. The `slow` tool
// works until it is cancelled.
//
// Like a real eventually consistent server, a task keeps showing an answered
// key for LINGERING_POLLS more tasks/get before it moves on: a client that
// answers a key again on those polls is caught by `test/log`, which reports
// every task it created (with the elicitation capability the client
// declared), tasks/update it received, tasks/get it served (with
// the time it served it, for the poll interval) and tasks/cancel it took.

import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import {
  CallToolResultV2Schema,
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
  UpdateTaskResultV2Schema,
  hasTaskClientCapabilityV2,
  isCancelTaskRequestV2,
  isGetTaskRequestV2,
  isUpdateTaskRequestV2,
} from "@modelcontextprotocol/ext-tasks/core/v2";
import { BILLING, CONNECT_URL, CREDENTIAL, SEATS_ONLY, TWO_FORMS } from "./support.mjs";

export const LINGERING_POLLS = 3;
const POLL_INTERVAL_MS = 10;

/** The tools: each asks its forms (key -> elicitation/create params) once its task starts. */
const TOOLS = {
  deploy: (args) => ({
    billing: {
      mode: "form",
      message: "Pick a plan",
      requestedSchema: args.variant === "seats-only" ? SEATS_ONLY : BILLING,
    },
  }),
  "connect-account": () => ({ account: { mode: "form", message: "Connect", requestedSchema: CREDENTIAL } }),
  setup: () =>
    Object.fromEntries(
      Object.entries(TWO_FORMS).map(([key, requestedSchema]) => [
        key,
        { mode: "form", message: `Which ${key}?`, requestedSchema },
      ]),
    ),
  // Breaks SEP-2663 on purpose: once "billing" is answered it asks another form under the same key.
  "reuse-key": () => ({ billing: { mode: "form", message: "Pick a plan", requestedSchema: BILLING } }),
  slow: () => ({}),
  "open-dashboard": () => ({ consent: { mode: "url", message: "Sign in", url: "https://example.com/login" } }),
  // URL mode: one link (`url` overrides it, for hostile links); `also` adds a
  // second entry to the same task's inputRequests (a form, or another link).
  connect_account: (args) => ({
    connect: { mode: "url", message: "Connect your calendar", url: args.url ?? CONNECT_URL },
    ...(args.also === "form" ? { billing: { mode: "form", message: "Pick a plan", requestedSchema: BILLING } } : {}),
    ...(args.also === "url"
      ? { second: { mode: "url", message: "And your mail", url: "https://mail.example.com/connect" } }
      : {}),
  }),
};

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** One server's tasks and what it received; both transports share one per process. */
export function tasksServer() {
  const tasks = new Map();
  const log = { created: [], updates: [], gets: [], cancels: [] };

  function stamp(task) {
    const now = new Date().toISOString();
    const stamped = { taskId: task.taskId, createdAt: task.createdAt, lastUpdatedAt: now, ttlMs: null };
    return task.pollIntervalMs === undefined ? stamped : { ...stamped, pollIntervalMs: task.pollIntervalMs };
  }

  function detailed(task) {
    const base = { resultType: "complete", ...stamp(task) };
    if (task.status === "completed") return { ...base, status: "completed", result: task.result };
    if (task.status === "cancelled") return { ...base, status: "cancelled" };
    const outstanding = Object.fromEntries(
      Object.entries(task.requests)
        .filter(([key]) => !(key in task.responses) || task.lingering > 0)
        .map(([key, params]) => [key, { method: "elicitation/create", params }]),
    );
    if (Object.keys(outstanding).length === 0) return { ...base, status: "working" };
    return { ...base, status: "input_required", inputRequests: outstanding };
  }

  function advance(task) {
    if (task.status !== "running" || task.tool === "slow") return;
    const answeredAll = Object.keys(task.requests).every((key) => key in task.responses);
    if (!answeredAll) return;
    if (task.lingering > 0) {
      task.lingering -= 1;
      return;
    }
    task.status = "completed";
    task.result = CallToolResultV2Schema.parse({
      resultType: "complete",
      content: [{ type: "text", text: JSON.stringify({ received: task.responses }) }],
    });
  }

  const methods = {
    "tools/list": () => ({
      tools: Object.keys(TOOLS).map((name) => ({
        name,
        inputSchema: {
          type: "object",
          properties: {
            variant: { type: "string" },
            url: { type: "string" },
            also: { type: "string" },
            pollIntervalMs: {},
          },
        },
        execution: { taskSupport: "optional" },
      })),
    }),
    "tools/call": (request) => {
      const ask = TOOLS[request.params?.name];
      if (ask === undefined) throw new RpcError(-32602, `unknown tool ${request.params?.name}`);
      if (!hasTaskClientCapabilityV2(request.params))
        throw new RpcError(-32600, "this server runs its tools as tasks only");
      const now = new Date().toISOString();
      const args = request.params.arguments ?? {};
      const task = {
        taskId: randomUUID(),
        tool: request.params.name,
        createdAt: now,
        status: "running",
        requests: ask(args),
        responses: {},
        lingering: LINGERING_POLLS,
        pollIntervalMs: args.pollIntervalMs === "none" ? undefined : (args.pollIntervalMs ?? POLL_INTERVAL_MS),
      };
      tasks.set(task.taskId, task);
      // What the client declared it answers (its elicitation capability), as the server saw it.
      const declared = request.params._meta?.["io.modelcontextprotocol/clientCapabilities"]?.elicitation ?? null;
      log.created.push({ taskId: task.taskId, tool: task.tool, at: performance.now(), declared });
      return CreateTaskResultV2Schema.parse({ resultType: "task", ...stamp(task), status: "working" });
    },
    "tasks/get": (request) => {
      if (!isGetTaskRequestV2(request)) throw new RpcError(-32602, "not a tasks/get request");
      const task = taskOf(request);
      const answer = GetTaskResultV2Schema.parse(detailed(task));
      log.gets.push({
        taskId: task.taskId,
        status: answer.status,
        keys: Object.keys(answer.inputRequests ?? {}),
        at: performance.now(),
      });
      advance(task);
      return answer;
    },
    "tasks/update": (request) => {
      if (!isUpdateTaskRequestV2(request)) throw new RpcError(-32602, "not a tasks/update request");
      const task = taskOf(request);
      log.updates.push({ taskId: task.taskId, inputResponses: request.params.inputResponses });
      for (const [key, response] of Object.entries(request.params.inputResponses)) {
        // SEP-2663: responses for keys not outstanding are ignored.
        if (key in task.requests && !(key in task.responses)) task.responses[key] = response;
      }
      if (task.tool === "reuse-key" && "billing" in task.responses) {
        task.requests = { billing: { mode: "form", message: "Seats?", requestedSchema: SEATS_ONLY } };
        task.responses = {};
        task.tool = "reused";
      }
      return UpdateTaskResultV2Schema.parse({ resultType: "complete" });
    },
    "tasks/cancel": (request) => {
      if (!isCancelTaskRequestV2(request)) throw new RpcError(-32602, "not a tasks/cancel request");
      const task = taskOf(request);
      log.cancels.push(task.taskId);
      task.status = "cancelled";
      return { resultType: "complete" };
    },
    // For the tests: what the server received.
    "test/log": () => structuredClone(log),
  };

  function taskOf(request) {
    const task = tasks.get(request.params.taskId);
    if (task === undefined) throw new RpcError(-32602, `unknown task ${request.params.taskId}`);
    return task;
  }

  /** The JSON-RPC response to one message, or undefined for a notification. */
  return function answer(message) {
    if (!("id" in message)) return undefined;
    const method = methods[message.method];
    try {
      if (method === undefined) throw new RpcError(-32601, `Method not found: ${message.method}`);
      return { jsonrpc: "2.0", id: message.id, result: method(message) };
    } catch (error) {
      return { jsonrpc: "2.0", id: message.id, error: { code: error.code ?? -32603, message: error.message } };
    }
  };
}

/**
 * Streamable HTTP: POST /mcp answers with application/json. A tasks/*
 * request must carry `Mcp-Name` equal to its taskId (SEP-2663's binding).
 */
export async function startTasksHttpServer() {
  const answer = tasksServer();
  const server = createServer(async (req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    let body = "";
    for await (const chunk of req) body += chunk;
    const message = JSON.parse(body);
    if (message.method?.startsWith("tasks/") && req.headers["mcp-name"] !== message.params?.taskId) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: message.id,
          error: { code: -32020, message: "Mcp-Name must be the taskId" },
        }),
      );
      return;
    }
    const response = answer(message);
    if (response === undefined) {
      res.writeHead(202).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(response));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "stdio") {
  const answer = tasksServer();
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === "") continue;
    const response = answer(JSON.parse(line));
    if (response !== undefined) process.stdout.write(`${JSON.stringify(response)}\n`);
  }
}
