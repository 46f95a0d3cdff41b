// Types of `elicit-form/mcp-2026-07-28/element` and
// `elicit-form/mcp-2026-07-28/ui/element`: the `<elicit-form>` card with both
// profiles, so its `elicit-result` content is `FormContent` or
// `SpecFormContent` and a dismissal "decline" or "cancel".

export * from "../element-shared.js";
import type { ElicitFormBackendProfile, ElicitFormSpecProfile } from "../element-shared.js";

declare global {
  interface ElicitFormProfiles {
    backend: ElicitFormBackendProfile;
    "mcp-2026-07-28": ElicitFormSpecProfile;
  }
}
