// The MCP client and elicit-form's wasm run from node_modules in the route
// handlers, as Node loads them, not bundled.
export default { serverExternalPackages: ["@ai-sdk/mcp", "elicit-form", "elicit-form-mcp-core", "elicit-form-ai-sdk-mcp"] };
