// elicit-form-redis: the store of recorded form answers on Redis, for Node
// hosts whose answers must outlive a process or be shared by several.
//
// The backend's one rule for a store: a recorded answer is used at most
// once. `take` is a single GETDEL, so of any number of concurrent takes of
// one record exactly one gets it, across processes and connections. Whether a
// record may answer a form (same server, tool and fingerprint, within 30
// minutes) stays elicit-form's decision (answerForm); Redis only expires the
// key when the record's own `expires_at` has passed, so nothing lingers.

import { formAnswerStorageKey } from "elicit-form";

function commandRunner(client) {
  // node-redis (v4 and later) and ioredis name their raw-command call differently.
  if (typeof client?.sendCommand === "function") return (args) => client.sendCommand(args);
  if (typeof client?.call === "function") return (args) => client.call(...args);
  throw new TypeError("client must be a connected Redis client (node-redis' createClient() or ioredis)");
}

/**
 * Recorded answers in Redis under `prefix` + elicit-form's storage key.
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
    if (!Number.isFinite(expiresAt)) throw new TypeError("record must be a StoredFormAnswer with an RFC 3339 expires_at");
    await this.#run(["SET", this.key(record.server, record.tool), JSON.stringify(record), "PXAT", String(expiresAt)]);
  }

  /** Remove and return server/tool's record, or null: one atomic GETDEL. */
  async take(server, tool) {
    const text = await this.#run(["GETDEL", this.key(server, tool)]);
    return text === null || text === undefined ? null : JSON.parse(String(text));
  }
}
