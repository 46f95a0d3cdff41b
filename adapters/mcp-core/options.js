// The options every adapter takes, and the elicitation policy: which modes
// are declared to one server, and so which are answered. The policy's names
// and what each declares are the backend's McpElicitationPolicy
// (everruns-contracts' policy.rs): `url` declares URL mode only,
// `url_and_form` URL and form mode, `none` no elicitation at all.
//
// The default here is `url_and_form`, where the backend's is `url`: a host
// installs elicit-form to answer forms, and a default that declared no form
// mode would refuse every form it was installed for. A host that wants the
// backend's default passes `elicitationPolicy: "url"`.

const PROFILES = new Set(["backend", "mcp-2026-07-28"]);

/** The policies, by the backend's names. */
export const ELICITATION_POLICIES = Object.freeze(["url", "url_and_form", "none"]);

/** The policy used when the options name none. */
export const DEFAULT_ELICITATION_POLICY = "url_and_form";

/** The modes one policy declares and answers: `{ url, form }`. */
export function policyModes(policy = DEFAULT_ELICITATION_POLICY) {
  return { url: policy === "url" || policy === "url_and_form", form: policy === "url_and_form" };
}

/** The policy of `options`: `options.elicitationPolicy`, or the default. */
export function elicitationPolicy(options) {
  return options?.elicitationPolicy ?? DEFAULT_ELICITATION_POLICY;
}

/**
 * The client capabilities' `elicitation` member for a policy, as the backend
 * declares it (protocol.rs client_capabilities): `{ url: {} }`,
 * `{ form: {}, url: {} }`, or undefined (declared not at all).
 */
export function elicitationCapability(policy = DEFAULT_ELICITATION_POLICY) {
  const modes = policyModes(policy);
  if (!modes.url && !modes.form) return undefined;
  const declared = {};
  if (modes.form) declared.form = {};
  if (modes.url) declared.url = {};
  return declared;
}

/** Throws a TypeError for an elicitationPolicy that is not one of the backend's names. */
export function checkPolicy(policy) {
  if (policy !== undefined && !ELICITATION_POLICIES.includes(policy)) {
    throw new TypeError(`elicitationPolicy must be "url", "url_and_form" or "none", not ${JSON.stringify(policy)}`);
  }
}

/** Throws a TypeError for options the adapters cannot work with. */
export function checkOptions(options) {
  if (typeof options !== "object" || options === null) throw new TypeError("formElicitation needs options");
  if (typeof options.serverName !== "string") {
    throw new TypeError("serverName must be the configured name of the server (a string)");
  }
  if (typeof options.store?.take !== "function") {
    throw new TypeError("store must have take(server, tool), returning a StoredFormAnswer or null");
  }
  if (options.store.takeConsent !== undefined && typeof options.store.takeConsent !== "function") {
    throw new TypeError("store.takeConsent must be a function (server, tool) returning a StoredConsent or null");
  }
  if (options.profile !== undefined && !PROFILES.has(options.profile)) {
    throw new TypeError(`profile must be "backend" or "mcp-2026-07-28", not ${JSON.stringify(options.profile)}`);
  }
  checkPolicy(options.elicitationPolicy);
  for (const callback of ["onPending", "onUrlPending", "onUrlComplete", "onStoreError", "now"]) {
    if (options[callback] !== undefined && typeof options[callback] !== "function") {
      throw new TypeError(`${callback} must be a function`);
    }
  }
}

/** A store failure or an unusable record, told to onStoreError or the console. */
export function warn(sdk, options, text, error) {
  if (options.onStoreError) options.onStoreError(error, text);
  else console.warn(`${sdk.name}: ${text}: ${error}`);
}

/** The profile option elicit-form's calls take, or undefined for the default. */
export function profileOptions(options) {
  return options.profile === undefined ? undefined : { profile: options.profile };
}
