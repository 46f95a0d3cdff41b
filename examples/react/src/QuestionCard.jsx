// One MCP form elicitation in a React chat, as an <elicit-form> card. React 19
// sets `request`, `serverName`, `toolName`, `profile` and `disabled` as the
// element's properties (each is one, so React picks the property over an
// attribute), and `onelicit-result` / `onelicit-refused` add listeners for the
// element's `elicit-result` / `elicit-refused` events.
export function QuestionCard({ elicitation, answered, onResult, onRefused }) {
  return (
    <elicit-form
      request={elicitation.params}
      serverName={elicitation.serverName}
      toolName={elicitation.toolName}
      profile={elicitation.profile ?? "backend"}
      disabled={answered}
      onelicit-result={(event) => onResult(event.detail)}
      onelicit-refused={(event) => onRefused(event.detail)}
    />
  );
}
