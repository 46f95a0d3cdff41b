// Serves the example as Next.js would: each app/api/**/route.js's POST gets
// a Web Request and returns a Web Response; everything else is the bundled
// page from dist/ (run build.mjs first).
//   MCP_SERVER_URL=http://127.0.0.1:<port>/mcp PORT=3000 node serve.mjs

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as answers from "./app/api/answers/route.js";
import * as chat from "./app/api/chat/route.js";

const here = dirname(fileURLToPath(import.meta.url));
const ROUTES = { "/api/chat": chat, "/api/answers": answers };
const FILES = {
  "/": ["page.html", "text/html; charset=utf-8"],
  "/page.js": ["page.js", "text/javascript"],
};

async function toRequest(req, url) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
  return new Request(url, { method: req.method, headers: req.headers, body });
}

async function respond(req, res) {
  const url = new URL(req.url, `http://${req.headers.host}`);
  const route = ROUTES[url.pathname];
  if (route) {
    const handler = route[req.method];
    if (!handler) return res.writeHead(405).end();
    const response = await handler(await toRequest(req, url));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    return res.end(Buffer.from(await response.arrayBuffer()));
  }
  const [file, type] = FILES[url.pathname]
    ?? (/^\/[\w.-]+\.wasm$/.test(url.pathname) ? [url.pathname.slice(1), "application/wasm"] : []);
  if (!file) return res.writeHead(404).end();
  return res.writeHead(200, { "content-type": type }).end(await readFile(join(here, "dist", file)));
}

const server = createServer((req, res) => {
  respond(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () => {
  console.log(`http://127.0.0.1:${server.address().port}/`);
});
