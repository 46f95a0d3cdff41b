// German words for the URL-mode consent card (elicit-form/url/element):
// `import "elicit-form/url/element/messages/de"` registers them for cards
// whose nearest `lang` is `de` (or `de-AT`, …), and exports the table. Only a
// page that imports this module downloads it; a page that renders forms only
// never does. Keys: URL_MESSAGES in url/element.js, and the element's keys
// the card shares (the same words as elicit-form/element/messages/de), so a
// page that shows links only needs no form language.

const de = Object.freeze({
  lang: "de",
  dir: "ltr",
  urlTitle: "{server} bittet Sie, einen Link zu öffnen",
  urlSite: "Website",
  urlHost: "Host",
  urlAddress: "Öffnet",
  urlNote: "Nichts wird geöffnet, bevor Sie „Öffnen“ wählen; der Link öffnet sich in einem neuen Tab.",
  open: "Öffnen",
  urlWarnings: "Bevor Sie ihn öffnen",
  warningLookalikeHost:
    "Der Name könnte für den einer anderen Website gehalten werden; er wird daher so gezeigt, wie der Browser ihn liest.",
  warningIpAddress: "Der Link führt zu einer numerischen Adresse, nicht zu einer benannten Website.",
  warningPlainHttp:
    "Der Link ist nicht verschlüsselt (einfaches http); er führt zu einem Programm auf diesem Computer.",
  warningTrailingDot: "Der Host endet mit einem Punkt: derselbe Name, für den Browser aber eine andere Website.",
  warningPublicSuffix:
    "Der Host ist ein öffentliches Suffix, unter dem viele voneinander unabhängige Websites registriert sind.",
  warningPort: "Der Link nennt einen ungewöhnlichen Port.",
  announceUrl: "{server} bittet Sie, einen Link zu öffnen",
  urlLoading: "Der Link wird geprüft …",
  urlRefusalTitle: "Abgelehnt: Dieser Link wird nicht angezeigt",
  urlRefusalExplanation:
    "Der Link verstößt gegen eine Regel für Links, die eine Person öffnen soll: Es wird nichts angezeigt oder geöffnet.",
  urlRefusedRequest: "Diese Anfrage kann nicht angezeigt werden.",
  urlRefusedLength: "Der Link ist zu lang, um ihn anzuzeigen.",
  urlRefusedHidden: "Der Link enthält versteckte oder unsichtbare Zeichen.",
  urlRefusedAddress: "Der Link ist keine Webadresse, die ein Browser öffnen kann.",
  urlRefusedScheme: "Der Link ist kein Link auf eine Webseite (https).",
  urlRefusedPlainHttp: "Der Link ist nicht verschlüsselt (einfaches http) und führt zu einem anderen Computer.",
  urlRefusedUserInfo:
    "Der Link hat einen Namen vor der Website (Text vor einem @), wodurch er wie der Link einer anderen Website aussieht.",
  urlRefusedHost: "Der Name der Website im Link ist kein gültiger Name.",
  fingerprint: "Fingerabdruck des Angezeigten: {fingerprint}",
  announceRefusal: "Eine Anfrage von {server} wurde abgelehnt und Ihnen nicht gestellt",
  decline: "Ablehnen",
  cancel: "Abbrechen",
  refusedMessage: "Die Nachricht des Servers ist zu lang, um sie anzuzeigen.",
});

// Registered where every copy of the URL card looks.
(globalThis[Symbol.for("elicit-form.url-messages")] ??= {}).de = de;

export default de;
