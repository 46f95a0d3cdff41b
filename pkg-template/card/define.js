// The registration of <elicit-form>, and what `elicit-form/element` exports:
// each entry's element.js is this module bundled over that entry's browser
// entry (scripts/build.mjs). The first to load defines the element, so a
// second entry's element, or a second copy of the package (two bundles, two
// versions), leaves the page's definition in place. Its types, and the
// `HTMLElementTagNameMap` entry, are element-shared.d.ts's.

import { ElicitFormElement } from "./element.js";

if (globalThis.customElements !== undefined && customElements.get("elicit-form") === undefined) {
  customElements.define("elicit-form", ElicitFormElement);
}

export { ElicitFormElement };
export { MESSAGES } from "./messages.js";
