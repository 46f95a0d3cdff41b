// German words for <elicit-form>: `import "elicit-form/element/messages/de"`
// registers them for cards whose nearest `lang` is `de` (or `de-AT`, …), and
// exports the table (for a host's own table built on it). Only a page that
// imports this module downloads it. Keys: MESSAGES in element.js.

const de = Object.freeze({
  lang: "de",
  dir: "ltr",
  title: "Fragen vom MCP-Server {server}",
  summary: "{server} hat Fragen an Sie, bevor {tool} ausgeführt werden kann",
  fingerprint: "Fingerabdruck des Angezeigten: {fingerprint}",
  announceForm: "Neue Fragen von {server}",
  announceRefusal: "Eine Anfrage von {server} wurde abgelehnt und Ihnen nicht gestellt",
  submit: "Senden",
  decline: "Ablehnen",
  cancel: "Abbrechen",
  yes: "Ja",
  no: "Nein",
  defaultMark: "Standard",
  optional: "optional",
  defaultValue: "Standard: {value}",
  hintSeparator: "; ",
  wholeNumber: "eine ganze Zahl",
  wholeNumberFromTo: "eine ganze Zahl von {min} bis {max}",
  wholeNumberAtLeast: "eine ganze Zahl, mindestens {min}",
  wholeNumberAtMost: "eine ganze Zahl, höchstens {max}",
  number: "eine Zahl",
  numberFromTo: "eine Zahl von {min} bis {max}",
  numberAtLeast: "eine Zahl, mindestens {min}",
  numberAtMost: "eine Zahl, höchstens {max}",
  charactersFromTo: "{min} bis {max} Zeichen",
  charactersAtLeast: "mindestens {min} Zeichen",
  charactersAtMost: "höchstens {max} Zeichen",
  charactersExactly: "genau {min} Zeichen",
  chooseFromTo: "{min} bis {max} auswählen",
  chooseAtLeast: "mindestens {min} auswählen",
  chooseAtMost: "höchstens {max} auswählen",
  chooseExactly: "genau {min} auswählen",
  email: "eine E-Mail-Adresse",
  uri: "eine vollständige Webadresse (https://…)",
  date: "ein Datum im Format JJJJ-MM-TT",
  dateTime: "Datum und Uhrzeit im Format JJJJ-MM-TTThh:mm:ssZ",
  format: "Format: {format}",
  fieldError: "{title}: {problem}",
  needsAnswer: "eine Antwort ist erforderlich",
  chooseOne: "eine Option auswählen",
  chooseOffered: "eine der angezeigten Optionen auswählen",
  chooseOnce: "jede Option nur einmal auswählen",
  yesOrNo: "{yes} oder {no} auswählen",
  answersUnchecked: "Diese Antworten konnten nicht geprüft werden.",
  refusalTitle: "Abgelehnt: Diese Fragen werden nicht gestellt",
  refusalExplanation:
    "Die Anfrage verstößt gegen eine Regel des Profils {profile}: Der Tool-Aufruf schlägt fehl, und es wird nichts gefragt.",
  refusedCredential: "{app} fragt Passwörter und Schlüssel nicht über Formulare ab.",
  refusedOutOfProfile: "Das Formular fragt nach etwas, das das Profil {profile} nicht erlaubt.",
  refusedSchema: "Dieses Formular kann nicht angezeigt werden.",
  refusedMessage: "Die Nachricht des Servers ist zu lang, um sie anzuzeigen.",
  refusalField: "Feld",
  credentialNote:
    "Passwörter und Schlüssel werden nie über ein Formular übermittelt, denn dort blieben sie im Verlauf des Chats gespeichert: Der Server kann Sie auf eine eigene Seite leiten, auf der Sie sie eingeben.",
  thisApp: "Diese App",
  problemTitle: "Diese Anfrage kann nicht angezeigt werden",
});

// Registered where every copy of the element looks (one copy per entry).
(globalThis[Symbol.for("elicit-form.messages")] ??= {}).de = de;

export default de;
