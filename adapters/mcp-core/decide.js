// One entry a server asks for, a form or a link, read as the backend reads
// it (everruns-core's protocol.rs InputRequest) and decided by one routine:
//
// 1. read: what the entry is (a form, a link, or something else);
// 2. check: everything that refuses it before any store is touched (the
//    policy, then elicit-form's rules: a form's schema and message bound, a
//    link's URL rules), so a refusal never uses up a record and nothing
//    refused is shown;
// 3. answer: the record taken (a form's answer from store.take, or a link's
//    consent from store.takeConsent; each once, never one for the other),
//    and elicit-form's decision on it: the ElicitResult to send, or the
//    call parked for a person (onPending / onUrlPending, then
//    FormElicitationPendingError / UrlElicitationPendingError).
//
// Every decision is elicit-form's (the wasm build of the backend's rules):
// this module only routes. elicit-form/url (the URL rules, a wasm of their
// own) is imported the first time a link is met, so a host whose servers
// only ask forms never loads it.

import { answerForm, pending } from "elicit-form/mcp-2026-07-28";
import { FormElicitationPendingError, InputRequiredRoundError, UrlElicitationPendingError } from "./errors.js";
import { elicitationPolicy, policyModes, profileOptions, warn } from "./options.js";

/** The message of a URL-mode entry that has none (the backend's, protocol.rs). */
export const DEFAULT_URL_MESSAGE = "The server needs you to complete an interaction in your browser.";

let urlRules;
/** elicit-form/url, loaded the first time a server asks for a link. */
export function urlModule() {
  urlRules ??= import("elicit-form/url");
  return urlRules;
}

// UrlRefusalError is branded across copies of elicit-form (Symbol.for), so
// the name is checked here without loading the URL entry for a form.
export function isUrlRefusal(error) {
  return error instanceof Error && error.name === "UrlRefusalError" && typeof error.kind === "string";
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What an `inputRequests` entry is, as the backend reads it: a form
 * (`elicitation/create` whose mode is absent or "form", with a
 * requestedSchema; a missing message is ""), a link (mode "url" with a url;
 * a missing message is DEFAULT_URL_MESSAGE), or anything else.
 */
export function readEntry(request) {
  const method = typeof request?.method === "string" ? request.method : "";
  const params = isObject(request?.params) ? request.params : {};
  if (method === "elicitation/create") {
    const mode = typeof params.mode === "string" ? params.mode : undefined;
    if ((mode === undefined || mode === "form") && Object.hasOwn(params, "requestedSchema")) {
      return {
        kind: "form",
        message: typeof params.message === "string" ? params.message : "",
        requestedSchema: params.requestedSchema,
      };
    }
    if (mode === "url" && typeof params.url === "string") {
      const link = {
        kind: "url",
        message: typeof params.message === "string" ? params.message : DEFAULT_URL_MESSAGE,
        url: params.url,
      };
      if (params.elicitationId !== undefined) link.elicitationId = params.elicitationId;
      return link;
    }
  }
  return { kind: "other", method };
}

/** The FormElicitation elicit-form decides on, for one form of `toolName` under request key `key`. */
export function elicitationOf(options, toolName, key, params) {
  return {
    serverName: options.serverName,
    toolName,
    key,
    message: params.message,
    requestedSchema: params.requestedSchema,
  };
}

/** The URL-mode request elicit-form/url decides on, for one link of `toolName` under request key `key`. */
export function urlElicitationOf(options, toolName, key, params) {
  const request = { mode: params.mode, message: params.message, url: params.url };
  if (params.elicitationId !== undefined) request.elicitationId = params.elicitationId;
  return { serverName: options.serverName, toolName, key, params: request };
}

/**
 * A mode the options' elicitationPolicy did not declare to this server,
 * refused with the backend's text (http.rs gather_input_responses and
 * answer_form_elicitation); null when the policy answers it.
 */
export function undeclaredMode(options, target, kind, key) {
  const modes = policyModes(elicitationPolicy(options));
  const server = options.serverName;
  if (kind === "form" && !modes.form) {
    return new InputRequiredRoundError(
      `MCP server '${server}' sent a form elicitation for tool '${target}', but this client ` +
        "did not declare form mode to it; everruns declares form mode only to servers whose elicitation_policy is url_and_form",
      { keys: [key], key },
    );
  }
  if (kind === "url" && !modes.url) {
    return new InputRequiredRoundError(
      `MCP server '${server}' sent a URL elicitation for tool '${target}', but this host ` +
        "declared no elicitation capability and has no way to ask a user",
      { keys: [key], key },
    );
  }
  return null;
}

/**
 * Step 2 for one entry of `target` under `key`: throws the policy's refusal,
 * FormRefusalError or UrlRefusalError; resolves with the checked entry.
 */
export async function checkEntry(options, target, key, entry) {
  if (entry?.kind !== "form" && entry?.kind !== "url")
    throw new TypeError("checkEntry takes a form or a link, as readEntry reads them");
  const undeclared = undeclaredMode(options, target, entry.kind, key);
  if (undeclared) throw undeclared;
  if (entry.kind === "form") {
    const elicitation = elicitationOf(options, target, key, entry);
    // pending() checks the schema, then the message's bound, as the engine does.
    pending(elicitation, profileOptions(options));
    return { kind: "form", key, elicitation };
  }
  const { urlElicitation } = await urlModule();
  const elicitation = urlElicitationOf(options, target, key, { mode: "url", ...entry });
  const view = urlElicitation(elicitation.params, options.serverName);
  return { kind: "url", key, elicitation, view };
}

/**
 * Step 3 for a checked entry: resolves with the ElicitResult to send, or
 * throws FormElicitationPendingError or UrlElicitationPendingError
 * (carrying `result` when given).
 */
export function answerEntry(sdk, options, checked, result) {
  return checked.kind === "form"
    ? answerCheckedForm(sdk, options, checked.elicitation, result)
    : answerCheckedLink(sdk, options, checked.elicitation, result);
}

/** Steps 2 and 3 for one entry. */
export async function decideEntry(sdk, options, target, key, entry, result) {
  return answerEntry(sdk, options, await checkEntry(options, target, key, entry), result);
}

async function takeFrom(sdk, options, take, serverName, toolName) {
  try {
    return (await take(serverName, toolName)) ?? null;
  } catch (error) {
    // An unreachable store must not turn into an answer nobody gave.
    warn(sdk, options, `could not take a recorded answer for ${serverName}/${toolName}; asking again`, error);
    return null;
  }
}

// A record that is not what the decision reads is no record: asked again.
function decideOn(sdk, options, decide, record, what) {
  try {
    return decide(record);
  } catch (error) {
    if (!(error instanceof TypeError) || record === null) throw error;
    warn(sdk, options, `the recorded ${what} is not usable; asking again`, error);
    return decide(null);
  }
}

async function answerCheckedForm(sdk, options, elicitation, result) {
  const profile = profileOptions(options);
  const record = await takeFrom(
    sdk,
    options,
    (s, t) => options.store.take(s, t),
    elicitation.serverName,
    elicitation.toolName,
  );
  const now = options.now?.();
  const outcome = decideOn(
    sdk,
    options,
    (r) => answerForm(elicitation, r, now, profile),
    record,
    `answer for ${elicitation.serverName}/${elicitation.toolName}`,
  );
  if (outcome.action === "ask") {
    const parked = new FormElicitationPendingError(outcome.pending, { result });
    if (options.onPending) await options.onPending(outcome.pending);
    throw parked;
  }
  // decline, or under mcp-2026-07-28 also cancel (dismissed, not refused).
  return outcome.action === "accept" ? { action: "accept", content: outcome.content } : { action: outcome.action };
}

// A link is answered from a consent (the backend's StoredConsent, taken
// from the store's takeConsent, never from its form answers): accepted for
// a fresh consent of this server and tool to this very host, else parked.
// A declined or cancelled link records nothing, so it parks again: nothing
// is ever sent for it.
async function answerCheckedLink(sdk, options, elicitation, result) {
  const { answerUrl } = await urlModule();
  const { serverName, toolName, params } = elicitation;
  const take = typeof options.store.takeConsent === "function" ? (s, t) => options.store.takeConsent(s, t) : () => null;
  const consent = await takeFrom(sdk, options, take, serverName, toolName);
  const now = options.now?.();
  const outcome = decideOn(
    sdk,
    options,
    (c) => answerUrl({ serverName, toolName, params }, c, now),
    consent,
    `consent for ${serverName}/${toolName}`,
  );
  if (outcome.action === "ask") {
    const parked = new UrlElicitationPendingError(outcome.pending, { result });
    if (options.onUrlPending) await options.onUrlPending(outcome.pending);
    throw parked;
  }
  return { action: "accept" };
}

/**
 * One form, decided as StoredFormAnswers::answer_form decides it: resolves
 * with the ElicitResult to send, or throws FormRefusalError or
 * FormElicitationPendingError (carrying `result` when given).
 */
export async function decideForm(sdk, options, elicitation, result) {
  pending(elicitation, profileOptions(options));
  return answerCheckedForm(sdk, options, elicitation, result);
}

/**
 * One link, decided by elicit-form/url: resolves with the ElicitResult to
 * send (`{ action }`, no content), or throws UrlRefusalError (nothing shown,
 * the store untouched) or UrlElicitationPendingError (carrying `result`).
 */
export async function decideUrl(sdk, options, elicitation, result) {
  const { urlElicitation } = await urlModule();
  urlElicitation(elicitation.params, elicitation.serverName);
  return answerCheckedLink(sdk, options, elicitation, result);
}
