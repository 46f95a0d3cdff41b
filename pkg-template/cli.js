#!/usr/bin/env node
// `elicit-form check`: whether the backend would show a form elicitation, and
// what it would show. Reads a requestedSchema, the params of an
// `elicitation/create` request ({message, requestedSchema}), or a whole
// JSON-RPC request, from a file or stdin. A URL-mode request ({mode: "url",
// message, url}, its JSON-RPC request, or a 2026-07-28 input_required entry)
// is checked by the URL rules instead (the elicit-form/url entry, loaded only
// then), which give the consent card's view. Every decision is the package's
// (the rules in wasm); this file reads input and prints.
//
// Exit codes: 0 the form or link would be shown, 1 it is refused, 2 usage, an
// unreadable file, invalid JSON or a request that is not a form or URL-mode
// elicitation.

import { readFileSync } from "node:fs";
import { FormRefusalError, parseRequestedSchema, pending, prepareForm } from "./node.js";

const USAGE = `Usage: elicit-form check [FILE | -] [--server NAME] [--json]

Checks an MCP form elicitation against the everruns-core backend's rules and
prints the questions a person would see and the fingerprint, or the refusal and
why. FILE holds JSON: a requestedSchema, the params of an elicitation/create
request ({"message", "requestedSchema"}), or a whole JSON-RPC request. With no
FILE, or -, the JSON is read from stdin.

A URL-mode request (params {"mode": "url", "message", "url"}, its JSON-RPC
request, or a 2026-07-28 input_required entry {"method", "params"}) is checked
by the URL rules: it prints what a consent card would show (the site, the
host, the exact URL that would be opened, warnings, the fingerprint), or the
refusal and why.

  --server NAME  the configured server name, shown as each question's header
                 (default: server)
  --json         print one JSON object instead of text

Exit codes: 0 the form or link would be shown, 1 refused, 2 usage, unreadable
file, invalid JSON, or not a form or URL-mode elicitation.
`;

class UsageError extends Error {}

function parseArguments(argv) {
  const options = { server: "server", json: false, file: undefined };
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === "help") return { help: true };
  if (command !== "check") {
    throw new UsageError(command === undefined ? "missing command: check" : `unknown command: ${command}`);
  }
  for (let i = 0; i < rest.length; i += 1) {
    const argument = rest[i];
    if (argument === "--help" || argument === "-h") return { help: true };
    if (argument === "--json") options.json = true;
    else if (argument === "--server") {
      if (i + 1 >= rest.length) throw new UsageError("--server needs a name");
      options.server = rest[++i];
    } else if (argument.startsWith("--server=")) options.server = argument.slice("--server=".length);
    else if (argument.startsWith("-") && argument !== "-") throw new UsageError(`unknown option: ${argument}`);
    else if (options.file !== undefined)
      throw new UsageError(`one file at a time (got ${options.file} and ${argument})`);
    else options.file = argument;
  }
  return options;
}

function readInput(file) {
  try {
    return file === undefined || file === "-" ? readFileSync(0, "utf8") : readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file === undefined || file === "-" ? "stdin" : file}: ${error.message}`);
  }
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

// The form to check: the schema as JSON text (so the package reads it as the
// backend would) and the message, if the input carried one.
function formFrom(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`invalid JSON: ${error.message}`);
  }
  let params;
  if (isObject(value) && ("jsonrpc" in value || "method" in value)) {
    if (value.method !== "elicitation/create") {
      throw new UsageError(`a JSON-RPC ${JSON.stringify(value.method)} request, not elicitation/create`);
    }
    if (!isObject(value.params)) throw new UsageError("the elicitation/create request has no params object");
    params = value.params;
  } else if (isObject(value) && ("requestedSchema" in value || value.mode === "url")) {
    params = value;
  } else {
    // A bare schema: its own text, byte for byte.
    return { kind: "schema", schemaText: text, message: undefined };
  }
  // The URL rules read the params themselves, and refuse them if they are not a URL-mode request's.
  if (params.mode === "url") return { kind: "url", params };
  if (params.mode !== undefined && params.mode !== "form") {
    throw new UsageError(`an elicitation in mode ${JSON.stringify(params.mode)}, not a form or a link (url)`);
  }
  if (typeof params.message !== "string") throw new UsageError("the elicitation's message is not a string");
  return { kind: "params", schemaText: JSON.stringify(params.requestedSchema ?? null), message: params.message };
}

function check(form, server) {
  const schema = parseRequestedSchema(form.schemaText);
  // With a message, pending() gives the questions and fingerprint and also
  // applies the engine's bound on the message.
  const { questions, fingerprint } =
    form.message === undefined
      ? prepareForm(form.schemaText, server)
      : pending({ serverName: server, toolName: "", key: "", message: form.message, requestedSchema: form.schemaText });
  return {
    questions,
    fingerprint,
    // The backend profile needs an answer to every question, whatever the
    // schema's `required` says (contentFromAnswers refuses a missing one, as
    // the card does): every property is required here.
    required: schema.properties.map((p) => p.name),
  };
}

// Server text as a terminal shows it: control characters (an ESC sequence
// could move the cursor and overwrite the lines that name the real site),
// bidi controls, zero-width characters and line separators written as
// \u{…} escapes, so every line printed reads as it is.
// biome-ignore format: adapters/rmcp/tests/terminal_host.rs reads this rule as one line
const UNSAFE_IN_A_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;
const shown = (value) =>
  String(value).replace(
    UNSAFE_IN_A_TERMINAL,
    (c) => `\\u{${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}}`,
  );

function text(form, server, result) {
  const lines = [
    `ok: the form would be shown (${result.questions.length} question${result.questions.length === 1 ? "" : "s"})`,
    `server: ${shown(server)}`,
    `fingerprint: ${result.fingerprint}`,
  ];
  if (form.message !== undefined) lines.push(`message: ${shown(form.message)}`);
  for (const question of result.questions) {
    const required = result.required.includes(question.id) ? ", required" : "";
    lines.push(
      "",
      `[${shown(question.header)}] ${shown(question.question)}`,
      `  id ${shown(question.id)}, ${question.kind}${required}`,
    );
    for (const option of question.options) {
      const sends = option.description === "" ? "" : `  (sends ${shown(JSON.stringify(option.description))})`;
      const mark = option.default === true ? " (default)" : "";
      lines.push(`  ( ) ${shown(option.label)}${mark}${sends}`);
    }
    if (question.kind === "text") lines.push("  [ text ]");
  }
  return `${lines.join("\n")}\n`;
}

// The consent card's view of a URL-mode request, as text.
function linkText(server, view) {
  const lines = [
    "ok: the link would be shown",
    `server: ${shown(server)}`,
    `header: ${shown(view.header)}`,
    `fingerprint: ${view.fingerprint}`,
    `message: ${shown(view.message)}`,
    `site: ${shown(view.site)}`,
    `host: ${shown(view.displayHost)}`,
  ];
  if (view.displayHost !== view.host) lines.push(`host in ASCII: ${shown(view.host)}`);
  lines.push(`url: ${shown(view.url)}`);
  if (view.elicitationId !== null) lines.push(`elicitationId: ${shown(view.elicitationId)}`);
  for (const warning of view.warnings) lines.push(`warning (${warning.kind}): ${shown(warning.message)}`);
  return `${lines.join("\n")}\n`;
}

// The URL rules are the elicit-form/url entry's, with a wasm of their own:
// loaded only for a URL-mode request, so a form check does not read it.
async function checkLink(params, options) {
  const { UrlRefusalError, urlElicitation } = await import("./url/node.js");
  try {
    const view = urlElicitation(params, options.server);
    process.stdout.write(
      options.json
        ? `${JSON.stringify({ ok: true, mode: "url", server: options.server, view })}\n`
        : linkText(options.server, view),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof UrlRefusalError)) throw error;
    const refusal = { kind: error.kind, message: error.message };
    process.stdout.write(
      options.json
        ? `${JSON.stringify({ ok: false, mode: "url", refusal })}\n`
        : `refused (${refusal.kind}): ${shown(refusal.message)}\n`,
    );
    return 1;
  }
}

async function main(argv) {
  let options = { json: argv.includes("--json") };
  try {
    options = parseArguments(argv);
    if (options.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const form = formFrom(readInput(options.file));
    if (form.kind === "url") return await checkLink(form.params, options);
    const result = check(form, options.server);
    process.stdout.write(
      options.json
        ? `${JSON.stringify({
            ok: true,
            server: options.server,
            fingerprint: result.fingerprint,
            message: form.message ?? null,
            required: result.required,
            questions: result.questions,
          })}\n`
        : text(form, options.server, result),
    );
    return 0;
  } catch (error) {
    if (error instanceof FormRefusalError) {
      const refusal = {
        kind: error.kind,
        property: error.property ?? null,
        reason: error.reason ?? null,
        message: error.message,
      };
      const where = refusal.property === null ? "" : `, property ${shown(refusal.property)}`;
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ ok: false, refusal })}\n`
          : `refused (${refusal.kind}${where}): ${shown(refusal.message)}\n`,
      );
      return 1;
    }
    if (error instanceof UsageError || error instanceof TypeError) {
      if (options.json) process.stdout.write(`${JSON.stringify({ ok: false, error: error.message })}\n`);
      process.stderr.write(
        `elicit-form: ${shown(error.message)}\n${error instanceof UsageError ? "Try: elicit-form --help\n" : ""}`,
      );
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
