// The CommonJS face's declarations (index.d.cts, through `require`), checked
// with the same `tsc --strict` run as types.ts.
import elicit = require("elicit-form");

const questions: elicit.AskUserQuestion[] = elicit.questions({ type: "object" }, "billing");
const error: unknown = new elicit.AnswerError("'a' has no text", { property: "a" });
if (error instanceof elicit.FormRefusalError) {
  const kind: elicit.FormRefusalKind = error.kind;
  void kind;
}
// @ts-expect-error serverName is a string
elicit.questions({}, 1);
void questions;
