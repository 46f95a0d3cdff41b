// The inputs every benchmark runs on, ours and the peers' alike: the
// backend's billing example, a schema at every bound of the profile, and a
// schema the backend refuses because it asks for a credential. Each comes with
// the answers a person would give and the content those answers make, so the
// peers validate exactly what `contentFromAnswers` returns.

export const SERVER_NAME = "billing";

const billingSchema = {
  type: "object",
  properties: {
    plan: {
      type: "string",
      enum: ["pro", "team"],
      enumNames: ["Pro", "Team"],
      title: "Plan",
      description: "Which plan to buy",
    },
    seats: { type: "integer", minimum: 1, maximum: 50, title: "Seats" },
    notify: { type: "boolean", default: true, title: "Notify me" },
    email: { type: "string", format: "email" },
  },
  required: ["plan", "seats"],
};

const billingAnswers = {
  plan: { selected: ["Team"] },
  seats: { other_text: "12" },
  notify: { selected: ["Yes"] },
  email: { other_text: "ada@example.com" },
};

const billingContent = { email: "ada@example.com", notify: true, plan: "team", seats: 12 };

// Words with no credential in them (the backend refuses `pin`, `token`, `otp`
// and friends as whole words), repeated to an exact length.
const WORDS =
  "the quick brown fox jumps over a lazy dog while seven calm otters " +
  "paint blue houses near quiet rivers under bright summer skies ";

function text(length, salt) {
  let out = `${salt} `;
  while (out.length < length) out += WORDS;
  return out.slice(0, length - 1) + "x";
}

// 16 properties (the most accepted), each with a 64-character name, a
// 200-character title and a 2,000-character description; a quarter each are
// enums of 32 members (values and labels of 200 characters), formatted text,
// booleans and bounded numbers.
function boundsInputs() {
  const properties = {};
  const answers = {};
  const content = {};
  const required = [];
  for (let index = 0; index < 16; index += 1) {
    const name = `field_${String(index).padStart(2, "0")}_`.padEnd(64, "n");
    const common = {
      title: text(200, `Title ${index}`),
      description: text(2000, `Description ${index}`),
    };
    switch (index % 4) {
      case 0: {
        const values = Array.from({ length: 32 }, (_, member) => text(200, `value-${index}-${member}`));
        const labels = Array.from({ length: 32 }, (_, member) => text(200, `Label ${index} ${member}`));
        properties[name] = { type: "string", enum: values, enumNames: labels, ...common };
        answers[name] = { selected: [labels[17]] };
        content[name] = values[17];
        break;
      }
      case 1:
        properties[name] = { type: "string", format: "email", ...common };
        answers[name] = { other_text: "ada@example.com" };
        content[name] = "ada@example.com";
        break;
      case 2:
        properties[name] = { type: "boolean", default: false, ...common };
        answers[name] = { selected: ["No"] };
        content[name] = false;
        break;
      default:
        properties[name] = { type: "number", minimum: -1000.5, maximum: 1e6, ...common };
        answers[name] = { other_text: "12.25" };
        content[name] = 12.25;
    }
    required.push(name);
  }
  return { schema: { type: "object", properties, required }, answers, content };
}

// Refused before anything is asked: `api_key` names a credential. The peers
// see an ordinary string property and accept it.
const credentialSchema = {
  type: "object",
  properties: {
    region: { type: "string", enum: ["eu", "us"], title: "Region" },
    api_key: { type: "string", title: "API key", description: "Your account's key" },
  },
  required: ["region", "api_key"],
};

const bounds = boundsInputs();

export const INPUTS = [
  {
    id: "billing",
    label: "billing example",
    schema: billingSchema,
    answers: billingAnswers,
    content: billingContent,
    refused: false,
  },
  {
    id: "bounds",
    label: "schema at every bound",
    ...bounds,
    refused: false,
  },
  {
    id: "credential",
    label: "refused credential schema",
    schema: credentialSchema,
    answers: { region: { selected: ["eu"] }, api_key: { other_text: "sk-live-0000" } },
    content: { region: "eu", api_key: "sk-live-0000" },
    refused: true,
  },
];

/** The `elicitation/create` request a server sends for `schema`. */
export function elicitRequest(schema) {
  return {
    method: "elicitation/create",
    params: { mode: "form", message: "Please confirm your order.", requestedSchema: schema },
  };
}
