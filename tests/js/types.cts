// The CommonJS face's declarations (index.d.cts, through `require`), checked
// with the same `tsc --strict` run as types.ts.
import elicit = require("elicit-form");
import mcp = require("elicit-form/mcp-2026-07-28");

const questions: elicit.AskUserQuestion[] = elicit.questions({ type: "object" }, "billing");
const error: unknown = new elicit.AnswerError("'a' has no text", { property: "a" });
if (error instanceof elicit.FormRefusalError) {
  const kind: elicit.FormRefusalKind = error.kind;
  void kind;
}
// @ts-expect-error serverName is a string
elicit.questions({}, 1);
void questions;

// The MCP 2026-07-28 profile, from its own entry.
const specQuestions: elicit.SpecAskUserQuestion[] = mcp.questions({ type: "object" }, "billing", { profile: "mcp-2026-07-28" });
// @ts-expect-error the default entry has the backend profile only
elicit.questions({ type: "object" }, "billing", { profile: "mcp-2026-07-28" });
void specQuestions;

// The ui entry, from require: no answers on record.
import ui = require("elicit-form/ui");
const uiQuestions: elicit.AskUserQuestion[] = ui.questions({ type: "object" }, "billing");
// @ts-expect-error elicit-form/ui has no answers on record
void ui.appliesTo;
void uiQuestions;
