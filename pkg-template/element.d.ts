// Types of `elicit-form/element` and `elicit-form/ui/element`: the
// `<elicit-form>` card on an entry with the backend profile only, so its
// `elicit-result` content is `FormContent` and a dismissal is "decline".

export * from "./element-shared.js";
import type { ElicitFormBackendProfile } from "./element-shared.js";

declare global {
  interface ElicitFormProfiles {
    backend: ElicitFormBackendProfile;
  }
}
