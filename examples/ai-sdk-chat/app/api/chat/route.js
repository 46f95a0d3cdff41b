// POST /api/chat {message}: one turn of the chat. The model's tools are the
// MCP server's (client.tools()); a tool whose form has no usable answer parks
// the turn: 202 {pending, request} for the page's <elicit-form>. A refused
// form is never shown: 422 {refused}. Otherwise 200 {text}.
// Next.js App Router calls it with a Web Request and sends the Response.

import { generateText, stepCountIs } from "ai";
import { FormRefusalError } from "elicit-form";
import { FormElicitationPendingError } from "elicit-form-ai-sdk-mcp";
import { connectBilling } from "../../../lib/billing.js";
import { scriptedModel } from "../../../lib/model.js";

export async function POST(request) {
  const { message } = await request.json();
  if (typeof message !== "string") return Response.json({ error: "message must be a string" }, { status: 400 });
  const { client, asked } = await connectBilling();
  try {
    const result = await generateText({
      model: scriptedModel(),
      tools: await client.tools(),
      prompt: message,
      stopWhen: stepCountIs(2),
    });
    // The AI SDK hands a tool's throw to the model as a tool-error part.
    const failed = result.steps.flatMap((step) => step.content).find((part) => part.type === "tool-error");
    if (failed?.error instanceof FormElicitationPendingError) {
      return Response.json(asked(), { status: 202 });
    }
    if (failed?.error instanceof FormRefusalError) {
      const { kind, property, reason, message: text } = failed.error;
      return Response.json({ refused: { kind, property: property ?? null, reason: reason ?? null, message: text } }, { status: 422 });
    }
    if (failed) return Response.json({ error: String(failed.error) }, { status: 502 });
    return Response.json({ text: result.text });
  } finally {
    await client.close();
  }
}
