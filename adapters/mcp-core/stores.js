// The store for one process. Two kinds of record, kept apart as the backend
// keeps them under two prefixes: a person's answer to a form (the
// StoredFormAnswer under `mcp/elicitation-form/…`, take/record) and a
// person's consent to open a link (the StoredConsent under
// `mcp/elicitation-consent/…`, takeConsent/recordConsent). A link never
// takes a form's answer and a form never takes a link's consent.
//
// Both takes are destructive: a record is used at most once. Durable hosts
// put the same operations on their own storage (elicit-form-redis, or the
// Durable Objects of examples/agents-worker).

import { formAnswerStorageKey } from "elicit-form/mcp-2026-07-28";

export class MemoryFormAnswers {
  #records = new Map();
  // Consents by the exact server and tool pair: the backend's consent key
  // folds names (and so may collide), which a Map of its own need not do;
  // the pairing is re-checked when the consent is read all the same.
  #consents = new Map();

  /** Keep a StoredFormAnswer (from recordFormAnswer), replacing an earlier one for its server and tool. */
  record(record) {
    this.#records.set(formAnswerStorageKey(record.server, record.tool), record);
  }

  /** Remove and return the form answer for server/tool, or null. */
  take(server, tool) {
    const key = formAnswerStorageKey(server, tool);
    const record = this.#records.get(key) ?? null;
    this.#records.delete(key);
    return record;
  }

  /** Keep a StoredConsent (from elicit-form/url's recordUrlConsent), replacing an earlier one for its server and tool. */
  recordConsent(consent) {
    if (typeof consent?.server !== "string" || typeof consent.tool !== "string") {
      throw new TypeError("recordConsent takes a StoredConsent { server, tool, host, expires_at }");
    }
    this.#consents.set(JSON.stringify([consent.server, consent.tool]), consent);
  }

  /** Remove and return the consent for server/tool, or null. */
  takeConsent(server, tool) {
    const key = JSON.stringify([server, tool]);
    const consent = this.#consents.get(key) ?? null;
    this.#consents.delete(key);
    return consent;
  }
}
