// POST /api/answers {tool, fingerprint, action, answers?}: a person's answer
// from <elicit-form>'s elicit-result event, recorded as the backend's
// StoredFormAnswer for the next call of the tool (which takes it once).
// No authentication here: a real app checks who may answer first.

import { recordFormAnswer } from "elicit-form";
import { SERVER_NAME, store } from "../../../lib/billing.js";

export async function POST(request) {
  const { tool, fingerprint, action, answers } = await request.json();
  try {
    store.record(recordFormAnswer({ server: SERVER_NAME, tool, fingerprint, action, ...(answers === undefined ? {} : { answers }) }));
  } catch (error) {
    // recordFormAnswer's TypeError says what is wrong with the answer.
    return Response.json({ error: error.message }, { status: 422 });
  }
  return Response.json({ recorded: true }, { status: 201 });
}
