// The host's side of an ext-tasks session in the flow tests: a
// ConnectedMcpSessionPort (ext-tasks' "custom connected port") over one of
// the MCP SDK v2 client transports (stdio or Streamable HTTP). It owns request
// ids and response matching, as ext-tasks asks of a host's request
// coordinator, and frames each request for 2026-07-28 (protocol version,
// client info and capabilities in `_meta`), which is also what makes the
// SDK's HTTP transport send Mcp-Method and Mcp-Name.

import { withTasks } from "@modelcontextprotocol/ext-tasks/client";

const CLIENT_INFO = { name: "elicit-form-tasks-flow", version: "1.0.0" };

/**
 * A task session over `transport` (started here) and a way to close both;
 * `capabilities` are the client capabilities each request declares (the
 * adapter's clientCapabilities(), say), the Tasks extension added.
 */
export async function taskSession(transport, { endpointId = "tasks-flow", capabilities = {} } = {}) {
  const waiting = new Map();
  const invalidated = new Set();
  let next = 0;
  let closed = false;
  transport.onmessage = (message) => {
    if (!("id" in message) || "method" in message) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  };
  transport.onclose = () => {
    closed = true;
    for (const listener of invalidated) listener(new Error("transport closed"));
  };
  await transport.start();

  const port = {
    endpointId,
    taskCapabilities: { generation: "v2", capabilities: {} },
    get invalidated() {
      return closed;
    },
    async dispatch(request, { signal } = {}) {
      const id = `tasks-${(next += 1)}`;
      const params = request.params ?? {};
      const meta = params._meta ?? {};
      const framed = {
        jsonrpc: "2.0",
        id,
        method: request.method,
        params: {
          ...params,
          _meta: {
            ...meta,
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
            "io.modelcontextprotocol/clientCapabilities": {
              ...capabilities,
              ...(meta["io.modelcontextprotocol/clientCapabilities"] ?? {}),
              extensions: { "io.modelcontextprotocol/tasks": {} },
            },
          },
        },
      };
      const response = new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        signal?.addEventListener(
          "abort",
          () => {
            waiting.delete(id);
            reject(signal.reason);
          },
          { once: true },
        );
      });
      // An abort during send must not leave the rejection unobserved.
      response.catch(() => {});
      await transport.send(framed);
      const message = await response;
      return "error" in message ? { kind: "error", error: message.error } : { kind: "result", result: message.result };
    },
    onServerRequest: () => () => {},
    onNotification: () => () => {},
    onInvalidated(listener) {
      invalidated.add(listener);
      return () => invalidated.delete(listener);
    },
  };
  const session = withTasks(port);
  return {
    session,
    /** The server's record of what it received (tasks/update calls, tasks/get served). */
    async serverLog() {
      const response = await port.dispatch({ method: "test/log" });
      return response.result;
    },
    async close() {
      await session.close();
      await transport.close();
    },
  };
}
