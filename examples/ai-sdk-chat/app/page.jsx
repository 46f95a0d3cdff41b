"use client";
// The chat page: sends a message to /api/chat; when the turn parks on a
// form, shows it with <elicit-form>, records the person's answer at
// /api/answers and sends the message again. Server text is shown as text.

import { useEffect, useState } from "react";

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

export default function Chat() {
  const [ready, setReady] = useState(false);
  const [entries, setEntries] = useState([]);
  // The element registers itself once its wasm is loaded, in the browser only.
  useEffect(() => { import("elicit-form/element").then(() => setReady(true)); }, []);
  const add = (entry) => setEntries((list) => [...list, { id: list.length, ...entry }]);

  async function turn(message) {
    const { status, body } = await post("/api/chat", { message });
    if (status === 202) add({ kind: "card", message, ...body });
    else if (status === 422) add({ kind: "refused", text: `Refused: ${body.refused.message}` });
    else if (status !== 200) add({ kind: "error", text: body.error });
    else add({ kind: "assistant", text: body.text });
  }

  async function answered(entry, { detail }) {
    setEntries((list) => list.map((e) => (e.id === entry.id ? { ...e, answered: true } : e)));
    const recorded = await post("/api/answers", {
      tool: entry.pending.tool_name, fingerprint: detail.fingerprint, action: detail.action, answers: detail.answers,
    });
    if (recorded.status !== 201) return add({ kind: "error", text: recorded.body.error });
    return turn(entry.message);
  }

  function submit(event) {
    event.preventDefault();
    const message = event.currentTarget.elements.message.value;
    event.currentTarget.reset();
    add({ kind: "user", text: message });
    void turn(message);
  }

  return (
    <main>
      <h1>Chat with the billing server</h1>
      <ol id="log" aria-live="polite">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.kind}>
            {entry.kind === "card" && ready
              ? <elicit-form server-name={entry.pending.server_name} tool-name={entry.pending.tool_name}
                  request={entry.request} disabled={entry.answered || undefined}
                  onelicit-result={(event) => answered(entry, event)} />
              : entry.text}
          </li>
        ))}
      </ol>
      <form id="ask" onSubmit={submit}>
        <label htmlFor="message">Message</label>
        <input id="message" name="message" autoComplete="off" required />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}
