// A fresh process to its first zod parse: import the MCP SDK's types, parse
// the `elicitation/create` request (argv[3], JSON text), and report when that
// was done. argv[2] is unused, so both cold scripts take the same arguments.
const { ElicitRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
ElicitRequestSchema.parse({
  method: "elicitation/create",
  params: { mode: "form", message: "Please confirm your order.", requestedSchema: JSON.parse(process.argv[3]) },
});
process.stdout.write(String(performance.now()));
