// Type-checked with `tsc --noEmit --strict` against the installed package
// (types.test.mjs): `elicit-form/element` with the URL-mode consent card
// (`elicit-form/url/element`) and its German words: `elicit-result` and
// `elicit-refused` carry `mode: "url"` from a URL card, narrowed on `mode`,
// and Open's consent (the backend's record, or null) goes straight to the
// host's store under consentStorageKey, and back to answerUrl.
import "elicit-form/element";
import type { ElicitFormMessages } from "elicit-form/element";
import { URL_MESSAGES } from "elicit-form/url/element";
import type { ElicitUrlMessages, ElicitUrlRefusal, ElicitUrlResult } from "elicit-form/url/element";
import de from "elicit-form/url/element/messages/de";
import { answerUrl, consentStorageKey } from "elicit-form/url";
import type { StoredConsent, UrlRefusalKind } from "elicit-form/url";

const card = document.createElement("elicit-form");
card.serverName = "calendar";
card.request = { mode: "url", message: "Sign in to your calendar.", url: "https://accounts.example.com/" };
card.addEventListener("elicit-result", (event) => {
  const detail = event.detail;
  if (detail.mode === "url") {
    const result: ElicitUrlResult = detail;
    const consent: StoredConsent | null = result.consent;
    const key: string = consentStorageKey("calendar", "connect");
    const decided = answerUrl({ serverName: "calendar", toolName: "connect", params: card.request ?? {} }, consent);
    const host: string = result.host;
    const id: string | null = result.elicitationId;
    void [key, decided, host, id];
  } else if (detail.action === "accept") {
    const content: object = detail.content;
    void content;
  }
});
card.addEventListener("elicit-refused", (event) => {
  const detail = event.detail;
  if (detail.mode === "url") {
    const refusal: ElicitUrlRefusal = detail;
    const kind: UrlRefusalKind = refusal.kind;
    void kind;
  } else {
    const property: string | undefined = detail.property;
    void property;
  }
});
const state: "empty" | "form" | "url" | "refused" | "invalid" = card.state;
// A host's table with the URL card's keys beside the form's.
const table: ElicitFormMessages & ElicitUrlMessages = { submit: "Send", open: "Open the page", urlTitle: "{server} sends you to a page" };
card.messages = table;
// The same as a literal: with the URL card imported, `messages` takes its keys too.
card.messages = { submit: "Send", open: "Open the page", urlTitle: "{server} sends you to a page" };
const english: string | ((slots: Record<string, string>) => string) = URL_MESSAGES.open;
const german: ElicitUrlMessages = de;
void [state, english, german];
