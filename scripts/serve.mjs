// Serves the demo page: www/ at `/` and the built npm package (pkg/) at
// `/pkg/`, on 127.0.0.1 only. `node scripts/serve.mjs` listens on PORT
// (default 8080; 0 picks a free port) and prints the URL.
//
// Static files only, read-only, and only from inside those two folders: a
// request path is decoded, resolved, and refused unless the file it names
// (after symlinks) is still inside its folder. `.wasm` goes out as
// `application/wasm`, which `WebAssembly.instantiateStreaming` requires.

import { createServer } from "node:http";
import { readFile, realpath, stat } from "node:fs/promises";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repository = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".cjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".ts": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/**
 * The demo's HTTP server, not yet listening.
 * @param {{ www?: string, pkg?: string }} [folders] what `/` and `/pkg/` serve
 */
export function createDemoServer({ www = join(repository, "www"), pkg = join(repository, "pkg") } = {}) {
  const mounts = [
    { prefix: "/pkg/", root: resolve(pkg) },
    { prefix: "/", root: resolve(www) },
  ];
  return createServer((request, response) => {
    respond(mounts, request, response).catch(() => {
      if (!response.headersSent) send(response, 500, "Internal error\n");
      else response.destroy();
    });
  });
}

/**
 * Starts the demo server and resolves once it listens.
 * @param {{ port?: number, host?: string, www?: string, pkg?: string }} [options]
 * @returns {Promise<{ server: import("node:http").Server, url: string }>}
 */
export function startDemoServer({ port = 8080, host = "127.0.0.1", ...folders } = {}) {
  const server = createDemoServer(folders);
  return new Promise((resolveStart, rejectStart) => {
    server.once("error", rejectStart);
    server.listen(port, host, () => {
      server.off("error", rejectStart);
      const { port: bound } = server.address();
      resolveStart({ server, url: `http://${host}:${bound}/` });
    });
  });
}

async function respond(mounts, request, response) {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    return send(response, 405, "Only GET and HEAD are served\n");
  }
  let path;
  try {
    path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
  } catch {
    return send(response, 400, "The path is not valid percent-encoding\n");
  }
  if (path === "/pkg") {
    response.setHeader("Location", "/pkg/");
    return send(response, 301, "");
  }
  const { prefix, root } = mounts.find((mount) => path.startsWith(mount.prefix));
  const file = await fileInside(root, path.slice(prefix.length));
  if (file === undefined) return send(response, 403, "Outside the served folders\n");
  if (file === null) return send(response, 404, "Not found\n");

  const body = await readFile(file);
  response.writeHead(200, {
    "Content-Type": CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": body.length,
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

/**
 * The file `relative` names inside `root` (`index.html` for a folder);
 * `undefined` when it would lie outside `root`, `null` when there is none.
 */
async function fileInside(root, relative) {
  if (relative.includes("\0")) return undefined;
  let target = resolve(root, relative);
  if (!within(root, target)) return undefined;
  try {
    if ((await stat(target)).isDirectory()) target = join(target, "index.html");
    // A symlink inside the folder may point out of it: compare real paths.
    const [realRoot, realTarget] = await Promise.all([realpath(root), realpath(target)]);
    if (!within(realRoot, realTarget)) return undefined;
    return (await stat(realTarget)).isFile() ? realTarget : null;
  } catch {
    return null;
  }
}

function within(root, target) {
  return target === root || target.startsWith(root + sep);
}

function send(response, status, text) {
  response.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "X-Content-Type-Options": "nosniff",
  });
  response.end(text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number (0 to 65535), not ${JSON.stringify(process.env.PORT)}`);
    process.exit(2);
  }
  try {
    await stat(join(repository, "pkg", "package.json"));
  } catch {
    console.warn("pkg/ is not built yet: run `npm run build` (or `npm start`) first.");
  }
  try {
    const { url } = await startDemoServer({ port });
    console.log(`elicit-form demo page: ${url}`);
  } catch (error) {
    const reason = error.code === "EADDRINUSE" ? `port ${port} is in use; set PORT` : error.message;
    console.error(`Could not start the demo server: ${reason}`);
    process.exit(1);
  }
}
