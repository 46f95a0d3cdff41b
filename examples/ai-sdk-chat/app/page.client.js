// The chat page: sends a message to /api/chat; when the turn parks on a
// form, shows it with <elicit-form>, records the person's answer at
// /api/answers and sends the message again. Server text is shown as text.

import "elicit-form/element";

const log = document.querySelector("#log");
const ask = document.querySelector("#ask");

function say(who, text) {
  const item = document.createElement("li");
  item.className = who;
  item.textContent = text; // text, never markup
  log.append(item);
  return item;
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

function showCard(message, { pending, request }) {
  const card = document.createElement("elicit-form");
  card.serverName = pending.server_name; // the configured name, from our own server
  card.toolName = pending.tool_name;
  card.request = request;
  card.addEventListener("elicit-result", async ({ detail }) => {
    card.disabled = true;
    const recorded = await post("/api/answers", {
      tool: pending.tool_name, fingerprint: detail.fingerprint, action: detail.action, answers: detail.answers,
    });
    if (recorded.status !== 201) return say("error", recorded.body.error);
    return turn(message);
  });
  say("card", "").append(card);
}

async function turn(message) {
  const { status, body } = await post("/api/chat", { message });
  if (status === 202) return showCard(message, body);
  if (status === 422) return say("refused", `Refused: ${body.refused.message}`);
  if (status !== 200) return say("error", body.error);
  return say("assistant", body.text);
}

ask.addEventListener("submit", (event) => {
  event.preventDefault();
  const message = ask.elements.message.value;
  ask.reset();
  say("user", message);
  void turn(message);
});
