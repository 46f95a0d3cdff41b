import type { SpecStoredFormAnswer, StoredFormAnswer } from "elicit-form";

/** A connected Redis client: node-redis' createClient() (sendCommand) or ioredis (call). */
export type RedisCommandClient =
  | { sendCommand(args: string[]): Promise<unknown> }
  | { call(...args: string[]): Promise<unknown> };

/** Recorded form answers in Redis; `take` is one atomic GETDEL, so each answer is used at most once. */
export class RedisFormAnswers {
  constructor(client: RedisCommandClient, options?: { prefix?: string });
  /** The Redis key of server/tool's record: prefix + elicit-form's formAnswerStorageKey. */
  key(server: string, tool: string): string;
  /** Keep a record, replacing an earlier one for its server and tool; Redis drops it at its expires_at. */
  record(record: StoredFormAnswer | SpecStoredFormAnswer): Promise<void>;
  /** Remove and return the record for server/tool, or null. */
  take(server: string, tool: string): Promise<StoredFormAnswer | SpecStoredFormAnswer | null>;
}
