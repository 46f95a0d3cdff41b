// Types of `elicit-form/url/element`: the URL-mode consent card, which
// registers itself with <elicit-form> on import (any entry's element; import
// one of them too). A card whose `request` has `mode: "url"` then shows the
// link, and its events carry `mode: "url"`. Every rule is decided in Rust.

import type { ElicitFormMessage } from "../element-shared.js";
import type { StoredConsent, UrlRefusalKind } from "./index.js";

/**
 * `elicit-result` from a URL-mode card: Open (`"accept"`, after the card
 * opened the link), Decline or Cancel. Open's carries the person's consent,
 * the backend's record, for the host to keep under
 * `consentStorageKey(serverName, toolName)`; Decline's and Cancel's carry
 * none (`null`): nothing is recorded for them.
 */
export interface ElicitUrlResult {
  mode: "url";
  action: "accept" | "decline" | "cancel";
  /** The view's fingerprint: which link and message were shown. */
  fingerprint: string;
  /** The exact URL shown, and opened on accept. */
  url: string;
  /** The request's `elicitationId`, or `null`. */
  elicitationId: string | null;
  /** The ASCII host shown, which a consent is bound to. */
  host: string;
  /** On accept, the consent made at the click (usable 30 minutes); otherwise `null`. */
  consent: StoredConsent | null;
}

/** `elicit-refused` from a URL-mode card: the package's `UrlRefusalError`, as data. No link is shown. */
export interface ElicitUrlRefusal {
  mode: "url";
  kind: UrlRefusalKind;
  message: string;
}

/** The keys of the URL card's own words (docs/element.md lists their slots). */
export type ElicitUrlMessageKey =
  | "urlTitle" | "urlSite" | "urlHost" | "urlAddress" | "urlNote" | "open" | "urlWarnings"
  | "warningLookalikeHost" | "warningIpAddress" | "warningPlainHttp" | "warningTrailingDot"
  | "warningPublicSuffix" | "warningPort" | "announceUrl"
  | "urlRefusalTitle" | "urlRefusalExplanation" | "urlRefusedRequest" | "urlRefusedLength"
  | "urlRefusedHidden" | "urlRefusedAddress" | "urlRefusedScheme" | "urlRefusedPlainHttp"
  | "urlRefusedUserInfo" | "urlRefusedHost";

/** A table of the URL card's words, for a host's `messages` (with the element's keys) or a language. */
export type ElicitUrlMessages = { [Key in ElicitUrlMessageKey]?: ElicitFormMessage } & { lang?: string; dir?: "ltr" | "rtl" };

/** The English of the URL card's own keys, built in. */
export declare const URL_MESSAGES: { readonly [Key in ElicitUrlMessageKey]: ElicitFormMessage };

declare global {
  interface ElicitFormModes {
    url: { result: ElicitUrlResult; refusal: ElicitUrlRefusal };
  }
  interface ElicitFormModeMessages extends Partial<Record<ElicitUrlMessageKey, ElicitFormMessage>> {}
}
