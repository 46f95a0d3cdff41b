// A chat turn waiting on two MCP servers: billing asks a form the backend
// shows, crm asks for a credential the backend refuses. What each card sends
// back is shown below it; once answered, the card is disabled.
import { useState } from "react";
import { QuestionCard } from "./QuestionCard.jsx";

const ELICITATIONS = [
  {
    id: "billing",
    serverName: "billing",
    toolName: "buy_plan",
    params: {
      message: "Before I buy the plan, please confirm a few details.",
      requestedSchema: {
        type: "object",
        properties: {
          plan: { type: "string", title: "Plan", enum: ["pro", "team"], enumNames: ["Pro", "Team"], description: "Which plan to buy" },
          seats: { type: "integer", title: "Seats", minimum: 1, maximum: 50 },
          notify: { type: "boolean", title: "Notify me", default: true },
          email: { type: "string", format: "email" },
        },
        required: ["plan", "seats"],
      },
    },
  },
  {
    id: "crm",
    serverName: "crm",
    toolName: "connect_account",
    params: {
      message: "Paste your API key so I can connect your account.",
      requestedSchema: { type: "object", properties: { apiKey: { type: "string", title: "API key" } } },
    },
  },
];

export function Chat() {
  const [outcomes, setOutcomes] = useState({});
  const settle = (id, outcome) => setOutcomes((known) => ({ ...known, [id]: outcome }));
  return (
    <main>
      <h1>Assistant</h1>
      <ol className="turns">
        {ELICITATIONS.map((elicitation) => {
          const outcome = outcomes[elicitation.id];
          return (
            <li key={elicitation.id} data-elicitation={elicitation.id}>
              <QuestionCard
                elicitation={elicitation}
                answered={outcome?.sent !== undefined}
                onResult={(result) => settle(elicitation.id, { sent: result })}
                onRefused={(refusal) => settle(elicitation.id, { refused: refusal })}
              />
              {outcome?.sent && (
                <p className="sent">
                  Sent to {elicitation.serverName}: <code>{JSON.stringify({ action: outcome.sent.action, content: outcome.sent.content })}</code>
                </p>
              )}
              {outcome?.refused && (
                <p className="refused">
                  The call to {elicitation.toolName} fails: {outcome.refused.kind} ({outcome.refused.property})
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </main>
  );
}
