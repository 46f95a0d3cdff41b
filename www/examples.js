// Requests to try: `elicitation/create` params a server might send, with the
// server and tool names an operator might have configured for it. The bounds
// come from the package, so "at every bound" stays exactly at the backend's.

import {
  MAX_FORM_ENUM_MEMBERS,
  MAX_FORM_PROPERTIES,
  MAX_FORM_PROPERTY_NAME_CHARS,
  MAX_FORM_TEXT_CHARS,
  MAX_FORM_TITLE_CHARS,
} from "elicit-form/mcp-2026-07-28";

const MARKUP = "<img src=x onerror=alert(1)>";

/** `text` repeated and cut to exactly `length` characters. */
function exactly(length, text) {
  return text.repeat(Math.ceil(length / text.length)).slice(0, length);
}

function everyBound() {
  const properties = {
    [exactly(MAX_FORM_PROPERTY_NAME_CHARS, "a_name_at_the_bound_")]: {
      type: "string",
      title: `A property name of ${MAX_FORM_PROPERTY_NAME_CHARS} characters`,
    },
    colour: {
      type: "string",
      title: `${MAX_FORM_ENUM_MEMBERS} colours`,
      enum: Array.from({ length: MAX_FORM_ENUM_MEMBERS }, (_, i) => `colour-${i + 1}`),
      enumNames: Array.from({ length: MAX_FORM_ENUM_MEMBERS }, (_, i) => `Colour ${i + 1}`),
    },
    long_title: {
      type: "string",
      title: exactly(MAX_FORM_TITLE_CHARS, "A title as long as a title may be. "),
    },
    long_description: {
      type: "boolean",
      title: "A long description",
      description: exactly(MAX_FORM_TEXT_CHARS, "A description as long as the profile allows. "),
    },
  };
  for (let i = Object.keys(properties).length + 1; i <= MAX_FORM_PROPERTIES; i++) {
    properties[`count_${String(i).padStart(2, "0")}`] = {
      type: "integer",
      title: `Count ${i} of ${MAX_FORM_PROPERTIES}`,
      minimum: 0,
      maximum: i,
    };
  }
  return properties;
}

function overABound() {
  const properties = {};
  for (let i = 1; i <= MAX_FORM_PROPERTIES + 1; i++) {
    properties[`field_${i}`] = { type: "string" };
  }
  return properties;
}

/** @type {{ id: string, label: string, serverName: string, toolName: string, params: object }[]} */
export const EXAMPLES = [
  {
    id: "billing",
    label: "Billing: the backend's own example",
    serverName: "billing",
    toolName: "buy_plan",
    params: {
      mode: "form",
      message: "Before I buy the plan, please confirm a few details.",
      requestedSchema: {
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
      },
    },
  },
  {
    id: "credential",
    label: "A credential (refused: URL mode)",
    serverName: "crm",
    toolName: "connect_account",
    params: {
      mode: "form",
      message: "Paste your API key so I can connect your account.",
      requestedSchema: {
        type: "object",
        properties: {
          workspace: { type: "string", title: "Workspace" },
          apiKey: { type: "string", title: "API key" },
        },
      },
    },
  },
  {
    id: "out-of-profile",
    label: "An array property (refused: out of profile)",
    serverName: "tracker",
    toolName: "create_issue",
    params: {
      mode: "form",
      message: "Which labels should the issue get?",
      requestedSchema: {
        type: "object",
        properties: {
          summary: { type: "string", title: "Summary" },
          labels: { type: "array", title: "Labels", items: { type: "string" } },
        },
      },
    },
  },
  {
    id: "every-bound",
    label: "At every bound (accepted)",
    serverName: "bounds",
    toolName: "fill_form",
    params: {
      mode: "form",
      message:
        `${MAX_FORM_PROPERTIES} properties, a ${MAX_FORM_ENUM_MEMBERS}-member enum, ` +
        `a ${MAX_FORM_PROPERTY_NAME_CHARS}-character name, a ${MAX_FORM_TITLE_CHARS}-character ` +
        `title and a ${MAX_FORM_TEXT_CHARS}-character description: each bound reached, none passed.`,
      requestedSchema: { type: "object", properties: everyBound() },
    },
  },
  {
    id: "over-a-bound",
    label: "One property too many (refused)",
    serverName: "bounds",
    toolName: "fill_form",
    params: {
      mode: "form",
      message: "One more property than the profile accepts.",
      requestedSchema: { type: "object", properties: overABound() },
    },
  },
  {
    id: "url-sign-in",
    label: "URL mode: a sign-in link (the consent card)",
    serverName: "calendar",
    toolName: "list_events",
    params: {
      mode: "url",
      message: "Sign in to your calendar so that I can read this week's events.",
      url: "https://login.calendar.example.com/oauth/authorize?client_id=chat&state=9f2c",
      elicitationId: "sign-in-1",
    },
  },
  {
    id: "url-ip-address",
    label: "URL mode: an IP address (shown with a warning)",
    serverName: "router",
    toolName: "configure",
    params: {
      mode: "url",
      message: "Open the router's admin page to allow the new device.",
      url: "https://192.168.1.1/admin",
    },
  },
  {
    id: "url-lookalike",
    label: "URL mode: a look-alike host (shown as the browser reads it)",
    serverName: "store",
    toolName: "checkout",
    params: {
      mode: "url",
      // аpple.example with a Cyrillic а: shown as xn--pple-43d.example, with a
      // warning. Under the reserved .example, so Open reaches no real site.
      message: "Confirm your Apple ID to finish the purchase.",
      url: "https://xn--pple-43d.example/",
    },
  },
  {
    id: "url-user-info",
    label: "URL mode: a name before the host (refused)",
    serverName: "mail",
    toolName: "connect_account",
    params: {
      mode: "url",
      message: "Sign in with Google to connect your mailbox.",
      url: "https://accounts.google.com@evil.example/login",
    },
  },
  {
    id: "markup",
    label: "Markup in every server string (shown as text)",
    serverName: "markup",
    toolName: "render",
    params: {
      mode: "form",
      message: MARKUP,
      requestedSchema: {
        type: "object",
        properties: {
          choice: {
            type: "string",
            title: MARKUP,
            description: MARKUP,
            enum: ["img", "script"],
            enumNames: [MARKUP, "<script>alert(2)</script>"],
          },
          note: { type: "string", title: "<b>not bold</b>", format: MARKUP },
        },
      },
    },
  },
];
