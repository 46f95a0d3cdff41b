// Compiled by types.test.mjs with tsc --strict against the installed
// packages: elicit-form-acp's declarations fit @agentclientprotocol/sdk's
// ClientApp and Stream, and elicit-form's pending questions under both profiles.
import * as acp from "@agentclientprotocol/sdk";
import { recordFormAnswer, type FormElicitationPending } from "elicit-form";
import type { SpecFormElicitationPending } from "elicit-form/mcp-2026-07-28";
import { recordUrlConsent, type UrlPending } from "elicit-form/url";
import {
  FORM_PENDING_ERROR_CODE,
  FORM_REFUSED_ERROR_CODE,
  FormElicitationPendingError,
  MemoryFormAnswers,
  UrlElicitationPendingError,
  formElicitation,
  formScope,
  type AcpUrlCompletion,
  type FormScope,
} from "elicit-form-acp";

declare const stream: acp.Stream;
const store = new MemoryFormAnswers();
const seen: Array<[FormElicitationPending, FormScope]> = [];
const forms = formElicitation({
  agentName: "billing-agent",
  store,
  onPending: (pending, where) => { seen.push([pending, where]); },
  now: () => Date.now(),
  scopeOf: (params) => params.sessionId ?? formScope(params),
  onUrlElicitation: async (params) => (params.url?.startsWith("https://") ? { action: "decline" } : { action: "cancel" }),
});
const app: acp.ClientApp = forms.install(acp.client({ name: "editor" }));
const connection: acp.ClientConnection = app.connect(forms.stream(stream));
const capabilities: acp.ClientCapabilities = forms.clientCapabilities({ terminal: true });
void connection.agent.request("initialize", { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: capabilities });

const first = seen[0];
if (first !== undefined) {
  const [pending, where] = first;
  store.record(recordFormAnswer({ server: "billing-agent", tool: where.scope, fingerprint: pending.fingerprint, action: "decline" }));
  const scoped: string | null = where.toolCallId;
  void scoped;
}
const codes: [-32001, -32602] = [FORM_PENDING_ERROR_CODE, FORM_REFUSED_ERROR_CODE];
void codes;
void ((error: unknown) => error instanceof FormElicitationPendingError && error.pending.summary);

// URL mode answered by the adapter: the consent view and where, then the completion.
const links: Array<[UrlPending, FormScope]> = [];
const completed: AcpUrlCompletion[] = [];
const linked = formElicitation({
  agentName: "billing-agent",
  store,
  onUrlPending: (pending, where) => {
    links.push([pending, where]);
    store.recordConsent(recordUrlConsent({ server: "billing-agent", tool: where.scope, host: pending.host }));
  },
  onUrlComplete: (completion) => {
    completed.push(completion);
    const site: string = completion.view.site;
    const scope: string = completion.where.scope;
    void [site, scope, completion.serverName, completion.toolName];
  },
});
void linked.install(acp.client({ name: "editor" }));
void ((error: unknown) => error instanceof UrlElicitationPendingError && error.pending.view.url);

formElicitation({
  agentName: "billing-agent",
  store,
  profile: "mcp-2026-07-28",
  onPending: (pending: SpecFormElicitationPending) => { void pending.questions; },
});

// @ts-expect-error onUrlPending is a function
formElicitation({ agentName: "a", store, onUrlPending: "log" });
// @ts-expect-error agentName is required
formElicitation({ store });
// @ts-expect-error a profile elicit-form does not have
formElicitation({ agentName: "a", store, profile: "mcp-2025-06-18" });
