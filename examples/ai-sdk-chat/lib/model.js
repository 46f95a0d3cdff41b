// A stand-in for your provider's model (openai("..."), anthropic("..."), ...),
// so the example runs with no API key: it calls one tool of the MCP server
// ("connect-account" when the message says "connect", else "buy"), then
// answers with what the tool returned.

import { MockLanguageModelV4 } from "ai/test";

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function lastToolOutput(prompt) {
  const part = prompt.filter((message) => message.role === "tool").flatMap((message) => message.content).at(-1);
  const output = part?.output;
  if (output?.type === "content") return output.value.filter((item) => item.type === "text").map((item) => item.text).join("\n");
  return typeof output?.value === "string" ? output.value : JSON.stringify(output?.value ?? null);
}

export function scriptedModel() {
  return new MockLanguageModelV4({
    async doGenerate({ prompt }) {
      if (prompt.some((message) => message.role === "tool")) {
        return { content: [{ type: "text", text: lastToolOutput(prompt) }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
      }
      const said = JSON.stringify(prompt.at(-1)?.content ?? "");
      const toolName = said.includes("connect") ? "connect-account" : "buy";
      return {
        content: [{ type: "tool-call", toolCallId: "call-1", toolName, input: "{}" }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}
