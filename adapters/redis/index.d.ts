import type { SpecStoredFormAnswer, StoredFormAnswer } from "elicit-form";
import type { StoredConsent } from "elicit-form/url";

/** A connected Redis client: node-redis' createClient() (sendCommand) or ioredis (call). */
export type RedisCommandClient =
  | { sendCommand(args: string[]): Promise<unknown> }
  | { call(...args: string[]): Promise<unknown> };

/**
 * Recorded form answers and link consents in Redis, under the backend's two
 * keys (apart: a link never takes a form's answer); each take is one atomic
 * GETDEL, so each record is used at most once.
 */
export class RedisFormAnswers {
  constructor(client: RedisCommandClient, options?: { prefix?: string });
  /** The Redis key of server/tool's record: prefix + elicit-form's formAnswerStorageKey. */
  key(server: string, tool: string): string;
  /** Keep a record, replacing an earlier one for its server and tool; Redis drops it at its expires_at. */
  record(record: StoredFormAnswer | SpecStoredFormAnswer): Promise<void>;
  /** Remove and return the record for server/tool, or null. */
  take(server: string, tool: string): Promise<StoredFormAnswer | SpecStoredFormAnswer | null>;
  /** The Redis key of server/tool's consent: prefix + elicit-form/url's consentStorageKey. */
  consentKey(server: string, tool: string): string;
  /** Keep a StoredConsent (recordUrlConsent), replacing an earlier one; Redis drops it at its expires_at. */
  recordConsent(consent: StoredConsent): Promise<void>;
  /** Remove and return the consent for server/tool, or null. */
  takeConsent(server: string, tool: string): Promise<StoredConsent | null>;
}
