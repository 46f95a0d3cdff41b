// Shared by the flow tests: the backend's billing form, the questions the
// backend shows for it, a person's answers, and a wait helper.

/** The billing form of the backend's own test (form_elicitation.rs). */
export const BILLING = {
  type: "object",
  properties: {
    plan: {
      type: "string",
      title: "Plan",
      enum: ["pro", "team"],
      enumNames: ["Pro", "Team"],
      description: "Which plan to buy",
    },
    seats: { type: "integer", title: "Seats", minimum: 1, maximum: 50 },
    notify: { type: "boolean", title: "Notify me", default: true },
    email: { type: "string", format: "email" },
  },
  required: ["plan", "seats"],
};

/** What the backend's ask_user card shows for BILLING from server "billing". */
export const BILLING_QUESTIONS = [
  {
    kind: "text",
    id: "email",
    header: "billing",
    question: "email (format: email)",
    multi_select: false,
    allow_other: true,
    options: [],
  },
  {
    kind: "choice",
    id: "notify",
    header: "billing",
    question: "Notify me",
    multi_select: false,
    allow_other: false,
    options: [
      { label: "Yes", description: "", default: true },
      { label: "No", description: "", default: false },
    ],
  },
  {
    kind: "choice",
    id: "plan",
    header: "billing",
    question: "Plan: Which plan to buy",
    multi_select: false,
    allow_other: false,
    options: [
      { label: "Pro", description: "pro" },
      { label: "Team", description: "team" },
    ],
  },
  {
    kind: "text",
    id: "seats",
    header: "billing",
    question: "Seats (a whole number from 1 to 50)",
    multi_select: false,
    allow_other: true,
    options: [],
  },
];

/** A person's answers to BILLING, keyed by question id. */
export const billingAnswers = {
  plan: { selected: ["Team"], other_text: null },
  seats: { selected: [], other_text: " 12 " },
  notify: { selected: ["Yes"], other_text: null },
  email: { selected: [], other_text: "ada@example.com" },
};

/** Resolves once `condition()` holds; fails after `ms`. */
export async function until(condition, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The billing form changed: only seats. Same tool, other questions, other fingerprint. */
export const SEATS_ONLY = {
  type: "object",
  properties: { seats: { type: "integer", title: "Seats", minimum: 1, maximum: 50 } },
  required: ["seats"],
};

/** A form asking for a credential: refused by both profiles before anyone sees it. */
export const CREDENTIAL = {
  type: "object",
  properties: { apiKey: { type: "string", title: "API key" }, region: { type: "string" } },
};

/** Two forms one tool asks in the same input_required round. */
export const TWO_FORMS = {
  name: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  region: { type: "object", properties: { region: { type: "string" } }, required: ["region"] },
};

/**
 * A store that counts its takes, over an adapter's `MemoryFormAnswers`:
 * `takes` of form answers and `consentTakes` of link consents (kept apart).
 */
export function countingStore(MemoryFormAnswers) {
  const memory = new MemoryFormAnswers();
  const store = {
    takes: 0,
    consentTakes: 0,
    record: (record) => memory.record(record),
    take(server, tool) {
      store.takes += 1;
      return memory.take(server, tool);
    },
    recordConsent: (consent) => memory.recordConsent(consent),
    takeConsent(server, tool) {
      store.consentTakes += 1;
      return memory.takeConsent(server, tool);
    },
  };
  return store;
}

/** The link `connect_account` asks a person to open (URL mode). */
export const CONNECT_URL = "https://accounts.example.com/connect/calendar";

/**
 * `elicit-form/url` as installed in tests/flow/scratch (the copy the
 * adapters load, resolved with the same conditions): scratch/modules.mjs,
 * written by prepare.mjs, does not list it.
 */
export async function urlEntry() {
  const { writeFileSync } = await import("node:fs");
  const file = new URL("./scratch/url-entry.mjs", import.meta.url);
  writeFileSync(file, 'export * from "elicit-form/url";\n');
  return import(file.href);
}
