// elicit-form-redis: the store of recorded form answers and link consents on
// Redis, for Node hosts whose records must outlive a process or be shared by
// several. Form answers are kept under the backend's form key
// (`mcp/elicitation-form/…`) and link consents under its consent key
// (`mcp/elicitation-consent/…`), apart, as the backend keeps them: a link
// never takes a form's answer.
//
// The backend's one rule for a store: a recorded answer is used at most
// once. `take` is a single GETDEL, so of any number of concurrent takes of
// one record exactly one gets it, across processes and connections. Whether a
// record may answer a form (same server, tool and fingerprint, within 30
// minutes) stays elicit-form's decision (answerForm); Redis only expires the
// key when the record's own `expires_at` has passed, so nothing lingers.

import { formAnswerStorageKey } from "elicit-form";
import { consentStorageKey } from "elicit-form/url";

function commandRunner(client) {
  // node-redis (v4 and later) and ioredis name their raw-command call differently.
  if (typeof client?.sendCommand === "function") return (args) => client.sendCommand(args);
  if (typeof client?.call === "function") return (args) => client.call(...args);
  throw new TypeError("client must be a connected Redis client (node-redis' createClient() or ioredis)");
}

/**
 * Recorded answers in Redis under `prefix` + elicit-form's storage key, and
 * consents under `prefix` + elicit-form/url's consent key.
 * Usable as the `store` of elicit-form-mcp-client and elicit-form-mcp-sdk.
 */
export class RedisFormAnswers {
  #run;
  #prefix;

  /** client: a connected node-redis (or ioredis) client; prefix: prepended to every key (default "elicit-form:"). */
  constructor(client, { prefix = "elicit-form:" } = {}) {
    if (typeof prefix !== "string") throw new TypeError("prefix must be a string");
    this.#run = commandRunner(client);
    this.#prefix = prefix;
  }

  /** The Redis key of server/tool's record. */
  key(server, tool) {
    return this.#prefix + formAnswerStorageKey(server, tool);
  }

  /** Keep a StoredFormAnswer (from recordFormAnswer), replacing an earlier one; Redis drops it at its expires_at. */
  async record(record) {
    const expiresAt = Date.parse(record?.expires_at);
    if (!Number.isFinite(expiresAt))
      throw new TypeError("record must be a StoredFormAnswer with an RFC 3339 expires_at");
    await this.#run(["SET", this.key(record.server, record.tool), JSON.stringify(record), "PXAT", String(expiresAt)]);
  }

  /** Remove and return server/tool's record, or null: one atomic GETDEL. */
  async take(server, tool) {
    return this.#getdel(this.key(server, tool));
  }

  /** The Redis key of server/tool's consent (the backend's consent key under the prefix). */
  consentKey(server, tool) {
    return this.#prefix + consentStorageKey(server, tool);
  }

  /** Keep a StoredConsent (elicit-form/url's recordUrlConsent), replacing an earlier one; Redis drops it at its expires_at. */
  async recordConsent(consent) {
    const expiresAt = Date.parse(consent?.expires_at);
    if (!Number.isFinite(expiresAt) || typeof consent.host !== "string") {
      throw new TypeError("consent must be a StoredConsent { server, tool, host, expires_at }");
    }
    await this.#run([
      "SET",
      this.consentKey(consent.server, consent.tool),
      JSON.stringify(consent),
      "PXAT",
      String(expiresAt),
    ]);
  }

  /** Remove and return server/tool's consent, or null: one atomic GETDEL. */
  async takeConsent(server, tool) {
    return this.#getdel(this.consentKey(server, tool));
  }

  async #getdel(key) {
    const text = await this.#run(["GETDEL", key]);
    return text === null || text === undefined ? null : JSON.parse(String(text));
  }
}
