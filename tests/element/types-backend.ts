// Type-checked with `tsc --noEmit --strict` against the installed package
// (types.test.mjs): `elicit-form/element` as a TypeScript user of a
// backend-only page writes it, on its own (types-mcp.ts has the entry with
// both profiles). Each `@ts-expect-error` fails the check if a declaration
// were loosened.
import { ElicitFormElement, MESSAGES } from "elicit-form/element";
import type { ElicitFormAnswers, ElicitFormMessages, ElicitFormRefusal, ElicitFormResult, ElicitFormState } from "elicit-form/element";
import german from "elicit-form/element/messages/de";
import "elicit-form/element/messages/ar";
import { recordFormAnswer } from "elicit-form";

const card = document.createElement("elicit-form");
const same: ElicitFormElement = card; // the tag map names the class
card.appName = "Acme Chat";
card.messages = { submit: "Send", fieldError: "{title} — {problem}", charactersAtMost: ({ max }) => `≤ ${max} chars` };
card.messages = { ...german, dir: "ltr" };
card.messages = null;
// @ts-expect-error a key the table does not have
card.messages = { sumbit: "Send" };
// @ts-expect-error a direction is ltr or rtl
card.messages = { dir: "up" };
const english: ElicitFormMessages = MESSAGES;
void english;
card.focus();
card.focus({ preventScroll: true });
card.serverName = "billing";
card.toolName = "buy_plan";
card.profile = "mcp-2026-07-28";
card.disabled = false;
card.request = { message: "Pick a plan", requestedSchema: { type: "object", properties: {} } };
card.request = '{"message": "Pick a plan", "requestedSchema": {}}';
card.request = null;
// @ts-expect-error the request is params, their JSON text, or null
card.request = 42;
// @ts-expect-error the state is read-only
card.state = "form";
const state: ElicitFormState = card.state;
const print: string | null = card.fingerprint;
const typed: ElicitFormAnswers | null = card.answers;
const refused: ElicitFormRefusal | null = card.refusal;

card.addEventListener("elicit-result", (event) => {
  const result: ElicitFormResult = event.detail;
  if (result.action === "accept") {
    // A backend-only entry: no string[] in the content.
    const seats: string | number | boolean | undefined = result.content.seats;
    // @ts-expect-error the backend profile has no multi-select
    const chosen: string[] | undefined = result.content.seats;
    void chosen;
    // The answers are what recordFormAnswer takes.
    recordFormAnswer({ server: "billing", tool: "buy_plan", fingerprint: result.fingerprint, action: "accept", answers: result.answers });
    void seats;
  } else {
    const action: "decline" = result.action;
    // @ts-expect-error a decline has no content
    void result.content;
    void action;
  }
});
card.addEventListener("elicit-refused", (event) => {
  const kind: "credential" | "outOfProfile" | "schema" | "message" = event.detail.kind;
  const property: string | undefined = event.detail.property;
  void kind;
  void property;
});
card.addEventListener("elicit-invalid", (event) => {
  const why: string = `${event.detail.name}: ${event.detail.message}`;
  void why;
});
const found: ElicitFormElement | null = document.querySelector("elicit-form");
void [same, state, print, typed, refused, found, ElicitFormElement.observedAttributes];
