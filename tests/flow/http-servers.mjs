// The v2 server's two HTTP entries (startHttpServers) for the suite that
// imports this: started before its tests and closed after them.

import { after, before } from "node:test";
import { startHttpServers } from "./v2-server.mjs";

/**
 * Registers the suite's start and close of both entries, and returns
 * `endpoint(era)`: the MCP URL of the sessionful 2025-11-25 entry for
 * `"legacy"`, otherwise of the per-request entry for both eras.
 */
export function httpServersForSuite() {
  let servers;
  before(async () => {
    servers = await startHttpServers();
  });
  after(() => servers.close());
  return (era) => `http://127.0.0.1:${(era === "legacy" ? servers.legacyHttp : servers.http).address().port}/mcp`;
}
