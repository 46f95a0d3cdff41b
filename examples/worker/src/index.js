// An answer service for MCP form elicitations, as a Cloudflare Worker.
//
// The MCP client that met a form posts it here (`POST /elicitations`, on the
// first ask and on every retry). With no usable answer the form is kept as
// pending and its questions are returned (202); a person's surface reads them
// (`GET /pending`) and records the answer (`POST /answers`), which is stored
// as the backend's StoredFormAnswer; the retry then gets the ElicitResult to
// send (200). Every decision is elicit-form's (the everruns-core rules).
//
// Why a Durable Object: the backend's store is single use ("take" is
// destructive, so one answer is sent at most once). Each storage key,
// formAnswerStorageKey(server, tool), names one object, and one object runs
// its storage calls one at a time, so two retries can never both take the
// same record.
//
// No authentication here: a real service checks who may read questions and
// record answers for a server and tool before anything below.

import { DurableObject } from "cloudflare:workers";
import {
  AnswerError,
  FormRefusalError,
  answerForm,
  contentFromAnswers,
  formAnswerStorageKey,
  pending,
  recordFormAnswer,
} from "elicit-form";

const RECORD = "record";
const PENDING = "pending";

/** The answers and the pending form for one storage key. */
export class FormAnswers extends DurableObject {
  // The destructive read. The object's input gate holds every other request
  // while a storage call is in flight, and nothing is awaited between the get
  // and the delete, so no second take can see the record.
  async #take() {
    const record = await this.ctx.storage.get(RECORD);
    if (record === undefined) return null;
    await this.ctx.storage.delete(RECORD);
    return record;
  }

  /** The backend's decision for an elicitation: accept, decline, or ask (kept as pending). */
  async ask(elicitation, now) {
    const record = await this.#take();
    let outcome;
    try {
      outcome = answerForm(elicitation, record, now);
    } catch (error) {
      // A record that is not a StoredFormAnswer is no answer.
      if (!(error instanceof TypeError) || record === null) throw error;
      outcome = answerForm(elicitation, null, now);
    }
    if (outcome.action === "ask") {
      await this.ctx.storage.put(PENDING, { pending: outcome.pending, requestedSchema: elicitation.requestedSchema });
    }
    return outcome;
  }

  /** The pending form for server/tool, or null. */
  async pending(server, tool) {
    const shown = await this.ctx.storage.get(PENDING);
    return shown && shown.pending.server_name === server && shown.pending.tool_name === tool ? shown.pending : null;
  }

  /** Records a person's answer to the pending form; returns an HTTP status and body. */
  async record(answer, now) {
    const shown = await this.ctx.storage.get(PENDING);
    if (!shown || shown.pending.server_name !== answer.server || shown.pending.tool_name !== answer.tool) {
      return { status: 409, body: { error: `no pending form for ${answer.server}/${answer.tool}` } };
    }
    if (shown.pending.fingerprint !== answer.fingerprint) {
      return { status: 409, body: { error: "the answer is for other questions than the pending ones", fingerprint: shown.pending.fingerprint } };
    }
    try {
      // Checked here so the person hears about a bad answer now; the retry
      // checks it again against whatever the server then asks.
      if (answer.action === "accept") contentFromAnswers(shown.requestedSchema, answer.answers ?? {});
      const record = recordFormAnswer({ ...answer, now });
      await this.ctx.storage.put(RECORD, record);
      await this.ctx.storage.delete(PENDING);
      return { status: 201, body: { record } };
    } catch (error) {
      if (error instanceof AnswerError) return { status: 422, body: { error: error.message, property: error.property } };
      if (error instanceof TypeError) return { status: 400, body: { error: error.message } };
      throw error;
    }
  }
}

const json = (body, status = 200) => Response.json(body, { status });

function refusal(error) {
  return json({
    refused: { kind: error.kind, property: error.property ?? null, reason: error.reason ?? null, message: error.message },
  }, 422);
}

function objectFor(env, server, tool) {
  return env.FORM_ANSWERS.get(env.FORM_ANSWERS.idFromName(formAnswerStorageKey(server, tool)));
}

async function body(request) {
  try {
    const value = await request.json();
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  } catch {
    // Answered below.
  }
  return undefined;
}

function names(...values) {
  return values.every((value) => typeof value === "string");
}

export default {
  async fetch(request, env) {
    try {
      return await route(request, env);
    } catch (error) {
      // elicit-form's TypeError names the argument of the wrong shape (a
      // name with a lone surrogate, answers that are not answers).
      if (error instanceof TypeError || error?.name === "TypeError") return json({ error: error.message }, 400);
      throw error;
    }
  },
};

async function route(request, env) {
  const url = new URL(request.url);
  // Only a test run may say what time it is.
  const clock = (input) => (env.TEST_CLOCK === "on" ? input?.now : undefined);

  if (request.method === "POST" && url.pathname === "/elicitations") {
    const input = await body(request);
    if (!input || !names(input.serverName, input.toolName, input.message)) {
      return json({ error: "send {serverName, toolName, message, requestedSchema, key?}" }, 400);
    }
    const elicitation = {
      serverName: input.serverName,
      toolName: input.toolName,
      key: typeof input.key === "string" ? input.key : "form",
      message: input.message,
      requestedSchema: input.requestedSchema,
    };
    try {
      // A refused form is never kept or shown, and uses up no answer.
      // The schema, then the message's bound, as the engine checks them.
      pending(elicitation);
    } catch (error) {
      if (error instanceof FormRefusalError) return refusal(error);
      throw error;
    }
    const outcome = await objectFor(env, elicitation.serverName, elicitation.toolName).ask(elicitation, clock(input));
    return json(outcome, outcome.action === "ask" ? 202 : 200);
  }

  if (request.method === "GET" && url.pathname === "/pending") {
    const server = url.searchParams.get("server");
    const tool = url.searchParams.get("tool");
    if (server === null || tool === null) return json({ error: "ask for /pending?server=…&tool=…" }, 400);
    const pending = await objectFor(env, server, tool).pending(server, tool);
    return pending === null ? json({ error: `nothing pending for ${server}/${tool}` }, 404) : json({ pending });
  }

  if (request.method === "POST" && url.pathname === "/answers") {
    const input = await body(request);
    if (!input || !names(input.server, input.tool, input.fingerprint) || !["accept", "decline"].includes(input.action)) {
      return json({ error: 'send {server, tool, fingerprint, action: "accept" | "decline", answers}' }, 400);
    }
    const answer = { server: input.server, tool: input.tool, fingerprint: input.fingerprint, action: input.action };
    if (input.action === "accept") answer.answers = input.answers;
    const { status, body: reply } = await objectFor(env, input.server, input.tool).record(answer, clock(input));
    return json(reply, status);
  }

  return json({ error: "POST /elicitations, GET /pending?server=&tool=, POST /answers" }, 404);
}
