// Type-checked with `tsc --noEmit --strict` against the installed package
// (types.test.mjs): `elicit-form/mcp-2026-07-28/element`, the card with both
// profiles, on its own: its `elicit-result` content may hold a
// multi-select's `string[]`, and a dismissal may be "cancel".
import { ElicitFormElement } from "elicit-form/mcp-2026-07-28/element";
import type { ElicitFormResult } from "elicit-form/mcp-2026-07-28/element";

const card = document.createElement("elicit-form");
const same: ElicitFormElement = card;
card.profile = "mcp-2026-07-28";
card.addEventListener("elicit-result", (event) => {
  const result: ElicitFormResult = event.detail;
  if (result.action === "accept") {
    const colors: string | number | boolean | string[] | undefined = result.content.colors;
    // @ts-expect-error a multi-select's answer is a string[] here
    const text: string | number | boolean | undefined = result.content.colors;
    void [colors, text];
  } else {
    const action: "decline" | "cancel" = result.action;
    void action;
  }
});
void same;
