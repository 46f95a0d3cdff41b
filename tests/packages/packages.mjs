// The npm packages and where each is packed from. `elicit-form` is
// built into pkg/ from pkg-template/ (`npm run build`), so it is packed from
// pkg/; the adapters are packed from their folders.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export const PACKAGES = [
  { name: "elicit-form", source: "pkg-template", packed: "pkg" },
  { name: "elicit-form-mcp-core", source: "adapters/mcp-core", packed: "adapters/mcp-core" },
  { name: "elicit-form-mcp-client", source: "adapters/mcp-client", packed: "adapters/mcp-client" },
  { name: "elicit-form-mcp-sdk", source: "adapters/mcp-sdk", packed: "adapters/mcp-sdk" },
  { name: "elicit-form-ai-sdk-mcp", source: "adapters/ai-sdk-mcp", packed: "adapters/ai-sdk-mcp" },
  { name: "elicit-form-mcp-tasks", source: "adapters/mcp-tasks", packed: "adapters/mcp-tasks" },
  { name: "elicit-form-redis", source: "adapters/redis", packed: "adapters/redis" },
  { name: "elicit-form-acp", source: "adapters/acp", packed: "adapters/acp" },
];

export function manifest(dir) {
  return JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
}

/** Cargo.toml's [package] version: the crate's, and the npm packages' line. */
export function crateVersion() {
  const text = readFileSync(join(root, "Cargo.toml"), "utf8");
  const table = text.split(/^\[/m).find((part) => part.startsWith("package]"));
  const version = table?.match(/^version\s*=\s*"([^"]+)"/m)?.[1];
  if (version === undefined) throw new Error("no [package] version in Cargo.toml");
  return version;
}
