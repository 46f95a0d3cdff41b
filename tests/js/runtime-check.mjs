// Run by Deno and Bun from the scratch project (prepare.mjs copies it there
// with checks.mjs and assertions.mjs): imports "elicit-form" and
// "elicit-form/mcp-2026-07-28" (and their ui entries) as installed, runs every check, and prints one
// JSON line: the runtime, the files the two resolved to, and each check's result.
import { readFileSync } from "node:fs";
import * as api from "elicit-form";
import * as mcp from "elicit-form/mcp-2026-07-28";
import * as ui from "elicit-form/ui";
import * as mcpUi from "elicit-form/mcp-2026-07-28/ui";
import { runChecks } from "./checks.mjs";

const vectors = readFileSync(new URL("./backend-vectors.jsonl", import.meta.url), "utf8");
const profileVectors = readFileSync(new URL("./mcp-2026-07-28-vectors.jsonl", import.meta.url), "utf8");
const runtime =
  typeof Deno === "object" ? `deno ${Deno.version.deno}` : typeof Bun === "object" ? `bun ${Bun.version}` : "unknown";
const results = await runChecks(api, vectors, profileVectors, mcp, { backend: ui, mcp: mcpUi });
console.log(
  JSON.stringify({
    runtime,
    resolved: import.meta.resolve("elicit-form"),
    resolvedMcp: import.meta.resolve("elicit-form/mcp-2026-07-28"),
    results,
  }),
);
