// <elicit-form> in headless Chromium (Debian's /usr/bin/chromium through
// playwright-core), loaded from the packed package as installed by
// tests/element/prepare.mjs: the shared checks (checks.mjs), then what only
// this suite proves: axe-core finds nothing on the card, its error state and a
// refusal (light and dark); every input re-renders; a request the card cannot
// read says why; styling from outside; defining once. Screenshots go to
// tests/element/screenshots/ (docs/element.png is one of them).

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { launchChromium } from "../browsers.mjs";
import { OPEN, STRICT, STRICT_MCP, elementChecks } from "./checks.mjs";
import {
  BILLING,
  CREDENTIAL,
  axe,
  pageDriver,
  scratch,
  screenshots,
  startScratchServer,
  submitBillingWithSeats51,
} from "./support.mjs";

let server;
let base;
let browser;
let form;

before(async () => {
  mkdirSync(screenshots, { recursive: true });
  form = await import(pathToFileURL(join(scratch, "esm.mjs")).href);
  ({ server, base } = await startScratchServer());
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

/** A fresh page (see ElementPage in checks.mjs) that records console errors and warnings and page errors. */
async function openPage(t, { colorScheme = "light", width = 900, height = 900 } = {}) {
  const context = await browser.newContext({ colorScheme, viewport: { width, height } });
  context.setDefaultTimeout(5000);
  t.after(() => context.close());
  return pageDriver(await context.newPage(), base, "playwright");
}

const show = (page, request, attributes) => page.evaluate(([r, a]) => window.harness.show(r, a), [request, attributes]);
const texts = (page, selector) => page.evaluate((s) => window.harness.texts(s), selector);

for (const [name, check] of Object.entries(
  elementChecks(
    await import(pathToFileURL(join(scratch, "esm.mjs")).href),
    await import(pathToFileURL(join(scratch, "esm-mcp.mjs")).href),
  ),
)) {
  test(`chromium: ${name}`, async (t) => check(await openPage(t)));
}

// --- Accessibility ---------------------------------------------------------------

// Each shipped language: English built in, German and Arabic (right to left) by import.
const SEATS_ERROR = {
  en: "Seats: a whole number from 1 to 50",
  de: "Seats: eine ganze Zahl von 1 bis 50",
  ar: "Seats: عدد صحيح من 1 إلى 50",
};

for (const [lang, colorScheme] of ["en", "de", "ar"].flatMap((lang) => [
  [lang, "light"],
  [lang, "dark"],
])) {
  test(`chromium: axe-core finds 0 violations on the billing card, its error state and a refusal (${lang}, ${colorScheme})`, async (t) => {
    const driver = await openPage(t, { colorScheme });
    const { page } = driver;
    await driver.goto(OPEN);
    await page.evaluate(async (lang) => {
      if (lang !== "en") await window.harness.language(lang);
      document.documentElement.lang = lang;
      if (lang === "ar") document.documentElement.dir = "rtl";
    }, lang);

    await show(page, BILLING);
    const card = await axe(page);
    assert.deepEqual(card.violations, []);
    assert.ok(card.labelledInCard >= 2, `axe checked the card's labels (${card.labelledInCard})`);
    assert.ok(card.contrastInCard >= 10, `axe checked the card's contrast (${card.contrastInCard})`);

    await submitBillingWithSeats51(page);
    assert.deepEqual(await texts(page, "[part~=field-error]:not([hidden])"), [SEATS_ERROR[lang]]);
    assert.deepEqual((await axe(page)).violations, []);
    await page.screenshot({ path: join(screenshots, `error-${lang}-${colorScheme}.png`), fullPage: true });

    assert.equal(await show(page, CREDENTIAL, { "server-name": "crm" }), "refused");
    assert.deepEqual((await axe(page)).violations, []);
    await page.screenshot({ path: join(screenshots, `refusal-${lang}-${colorScheme}.png`), fullPage: true });
    assert.deepEqual(driver.problems, []);
  });
}

// --- Inputs, states and events ------------------------------------------------------

test("chromium: server-name, tool-name, profile and request re-render the card; typed answers stay", async (t) => {
  const driver = await openPage(t);
  const { page } = driver;
  await driver.goto(STRICT_MCP); // the card with both profiles: the profile changes below
  await show(page, JSON.stringify(BILLING)); // the params as JSON text
  assert.deepEqual(await texts(page, "[part~=badge]"), ["billing", "billing", "billing", "billing"]);
  assert.deepEqual(await texts(page, "[part~=summary]"), ["billing has questions for you before buy_plan can run"]);
  await page.getByRole("textbox", { name: "Seats a whole number from 1 to 50" }).fill("7");

  // The badge follows the configured name, cut to ask_user's 16 characters by the package.
  await page.evaluate(() => {
    window.harness.card().serverName = "billing-server-with-a-long-name";
  });
  assert.deepEqual(new Set(await texts(page, "[part~=badge]")), new Set(["billing-server-…"]));
  assert.deepEqual(await texts(page, "[part~=title]"), ["Questions from MCP server billing-server-with-a-long-name"]);
  assert.equal(await page.getByRole("textbox", { name: "Seats" }).inputValue(), "7", "the answer survives");

  // An equal request again (a framework re-rendering with a new object) leaves the card as it is.
  const seatsBox = page.getByRole("textbox", { name: "Seats" });
  await seatsBox.focus();
  const kept = await page.evaluate((billing) => {
    const card = window.harness.card();
    const before = card.shadowRoot.activeElement;
    card.request = structuredClone(billing);
    // biome-ignore lint/correctness/noSelfAssign: the same name set again must not re-render
    card.serverName = card.serverName;
    const state = card.state; // flushes the render, if one were due
    return { state, sameInput: card.shadowRoot.activeElement === before, value: before.value };
  }, BILLING);
  assert.deepEqual(kept, { state: "form", sameInput: true, value: "7" });

  await page.evaluate(() => window.harness.card().setAttribute("tool-name", "renew"));
  assert.match((await texts(page, "[part~=summary]"))[0], /before renew can run/);

  // Several changes in one task render once: one refusal event, for the last state.
  await page.evaluate(() => {
    const card = window.harness.card();
    card.profile = "mcp-2026-07-28";
    card.request = {
      message: "Paint settings",
      requestedSchema: {
        type: "object",
        properties: {
          colors: {
            type: "array",
            title: "Colors",
            minItems: 1,
            items: {
              anyOf: [
                { const: "#f00", title: "Red" },
                { const: "#00f", title: "Blue" },
              ],
            },
            default: ["#00f"],
          },
          name: { type: "string", title: "Name", maxLength: 20, default: "John Doe" },
        },
      },
    };
  });
  assert.equal(await page.evaluate(() => window.harness.card().state), "form");
  assert.deepEqual(await texts(page, "[part~=question-text]"), ["Colors", "Name"]);
  assert.deepEqual(await texts(page, "[part~=hint]"), [
    "choose at least 1",
    "at most 20 characters; default: John Doe",
  ]);
  assert.equal(await page.getByRole("checkbox", { name: "Blue #00f default" }).isChecked(), true);
  assert.equal(await page.getByRole("textbox", { name: /Name/ }).getAttribute("placeholder"), "John Doe");
  await page.getByRole("checkbox", { name: "Red #f00" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  const [result] = await page.evaluate(() => window.harness.events);
  assert.deepEqual(result.detail.content, { colors: ["#f00", "#00f"], name: "John Doe" });

  // The backend's profile refuses the array: the same request, one attribute away.
  await page.evaluate(() => window.harness.card().removeAttribute("profile"));
  assert.equal(await page.evaluate(() => window.harness.card().state), "refused");
  const refused = await page.evaluate(() => window.harness.events.filter((e) => e.type === "elicit-refused"));
  assert.deepEqual(
    refused.map((e) => e.detail),
    [
      {
        kind: "outOfProfile",
        property: "colors",
        reason: 'type "array" is not a primitive',
        message: "property 'colors' is outside the form elicitation profile: type \"array\" is not a primitive",
      },
    ],
  );
  assert.equal(await page.locator("elicit-form input").count(), 0, "a refusal renders no input");
  assert.deepEqual(driver.problems, []);
});

test("chromium: a refused request is worded from its kind and names the app, not the backend; the event keeps the backend's text", async (t) => {
  const driver = await openPage(t);
  const { page } = driver;
  await driver.goto(STRICT);
  assert.equal(await show(page, CREDENTIAL, { "server-name": "crm" }), "refused");
  const message =
    "property 'apiKey' asks for a credential; Everruns does not collect credentials through " +
    "form elicitation. The server should use URL mode elicitation instead";
  assert.deepEqual(await texts(page, "[part~=refusal-reason]"), [
    "This app does not collect passwords or keys through forms.",
  ]);
  assert.deepEqual(await texts(page, "[part~=refusal-property]"), ["apiKey"]);
  assert.match((await texts(page, "[part~=url-mode-note]"))[0], /a page of its own/);
  assert.doesNotMatch(await page.evaluate(() => window.harness.shadow().textContent), /Everruns/);
  assert.equal(await page.locator("elicit-form input, elicit-form button").count(), 0);
  assert.deepEqual(await page.evaluate(() => window.harness.events), [
    {
      type: "elicit-refused",
      detail: { kind: "credential", property: "apiKey", reason: undefined, message },
      composed: true,
      from: "elicit-form",
    },
  ]);
  assert.deepEqual(await page.evaluate(() => window.harness.card().refusal), {
    kind: "credential",
    property: "apiKey",
    reason: undefined,
    message,
  });

  // The app's name, when the host gives it.
  await show(page, CREDENTIAL, { "server-name": "crm", "app-name": "Acme Chat" });
  assert.deepEqual(await texts(page, "[part~=refusal-reason]"), [
    "Acme Chat does not collect passwords or keys through forms.",
  ]);
  // app-name alone, changed on the card shown, redraws it.
  await page.evaluate(() => window.harness.card().setAttribute("app-name", "Beta Chat"));
  assert.deepEqual(await texts(page, "[part~=refusal-reason]"), [
    "Beta Chat does not collect passwords or keys through forms.",
  ]);

  // A message over the engine's 2,000 characters is refused by the package too, with no property.
  await show(page, { ...BILLING, message: "x".repeat(2001) });
  assert.deepEqual(await texts(page, "[part~=refusal-reason]"), ["The server's message is too long to show."]);
  assert.equal(await page.evaluate(() => window.harness.card().refusal.kind), "message");
  assert.equal(await page.locator("[part~=refusal-property]").count(), 0, "no property to name");
  assert.equal(await page.locator("[part~=url-mode-note]").count(), 0, "URL mode is for credentials only");
  assert.deepEqual(driver.problems, []);
});

test("chromium: a request the card cannot read shows why and dispatches elicit-invalid, with nothing to answer", async (t) => {
  const driver = await openPage(t);
  const { page } = driver;
  await driver.goto(STRICT);
  const cases = [
    [["{ not json", undefined], "SyntaxError", /JSON/],
    [[[1, 2], undefined], "TypeError", /an object with message and requestedSchema/],
    [[{ ...BILLING, mode: "url" }, undefined], "TypeError", /in "url" mode; this card shows form mode only/],
    [[{ requestedSchema: BILLING.requestedSchema }, undefined], "TypeError", /^elicitation\.message must be a string/],
    [[BILLING, { "server-name": "billing", profile: "mcp-2099" }], "TypeError", /options\.profile/],
    [[BILLING, {}], "TypeError", /set server-name/],
  ];
  for (const [[request, attributes], name, message] of cases) {
    assert.equal(await show(page, request, attributes), "invalid", JSON.stringify(request).slice(0, 40));
    const last = await page.evaluate(() => window.harness.events.at(-1));
    assert.equal(last.type, "elicit-invalid");
    assert.equal(last.detail.name, name);
    assert.match(last.detail.message, message);
    assert.deepEqual(await texts(page, "[part~=problem-message]"), [last.detail.message]);
    assert.equal(await page.locator("elicit-form input").count(), 0);
  }
  // A JSON string as the schema is not an object to the backend, even if it holds one.
  await show(page, { ...BILLING, requestedSchema: JSON.stringify(BILLING.requestedSchema) });
  assert.deepEqual(await texts(page, "[part~=refusal-reason]"), ["This form cannot be shown."]);
  assert.equal(await page.evaluate(() => window.harness.card().refusal.message), "requested schema is not an object");
  // null clears the card.
  await page.evaluate(() => {
    window.harness.card().request = null;
  });
  assert.equal(await page.evaluate(() => window.harness.card().state), "empty");
  assert.equal(await page.evaluate(() => window.harness.shadow().querySelectorAll("[part]").length), 0);
  assert.deepEqual(driver.problems, []);
});

test("chromium: disabled disables every control and emits nothing; enabled again, the answers are still there", async (t) => {
  const driver = await openPage(t);
  const { page } = driver;
  await driver.goto(STRICT);
  await show(page, BILLING, { "server-name": "billing", disabled: "" });
  assert.equal(await page.locator("elicit-form :is(input, button):not(:disabled)").count(), 0);
  await page.evaluate(() => window.harness.shadow().querySelector("form").requestSubmit());
  assert.deepEqual(await page.evaluate(() => window.harness.events), []);
  await page.evaluate(() => {
    window.harness.card().disabled = false;
  });
  await page.getByRole("textbox", { name: "Seats" }).fill("4");
  await page.evaluate(() => {
    window.harness.card().disabled = true;
  });
  await page.evaluate(() => {
    window.harness.card().disabled = false;
  });
  assert.equal(await page.getByRole("textbox", { name: "Seats" }).inputValue(), "4");
  assert.equal(await page.locator("elicit-form :is(input, button):disabled").count(), 0);
  assert.deepEqual(await page.evaluate(() => window.harness.card().answers.seats), { selected: [], other_text: "4" });
  assert.deepEqual(driver.problems, []);
});

test("chromium: the element is defined once, a second import is harmless, and a property set before definition is kept", async (t) => {
  const driver = await openPage(t);
  const { page } = driver;
  await page.goto(`${base}/harness/empty.html`);
  const seen = await page.evaluate(async (billing) => {
    const early = document.createElement("elicit-form");
    early.setAttribute("server-name", "billing");
    early.request = billing; // before the element is defined: an own property of a plain element
    document.body.append(early);
    const first = await import("/node_modules/elicit-form/element.js");
    const second = await import("/node_modules/elicit-form/element.js?again");
    return {
      defined: customElements.get("elicit-form") === first.ElicitFormElement,
      distinctCopies: first.ElicitFormElement !== second.ElicitFormElement,
      upgraded: early instanceof first.ElicitFormElement,
      state: early.state,
      questions: early.shadowRoot.querySelectorAll("[part~=question]").length,
    };
  }, BILLING);
  assert.deepEqual(seen, { defined: true, distinctCopies: true, upgraded: true, state: "form", questions: 4 });
  assert.deepEqual(driver.problems, []);
});

// --- Styling from outside -------------------------------------------------------------

test("chromium: custom properties and ::part() style the card from outside; dark by prefers-color-scheme", async (t) => {
  const colours = async (colorScheme, pageStyle) => {
    const driver = await openPage(t, { colorScheme, width: 640, height: 760 });
    const { page } = driver;
    await driver.goto(OPEN);
    if (pageStyle) await page.addStyleTag({ content: pageStyle });
    await show(page, BILLING);
    const seen = await page.evaluate(() => {
      const root = window.harness.shadow();
      const style = (part, property) => getComputedStyle(root.querySelector(`[part~=${part}]`))[property];
      return {
        paper: style("card", "backgroundColor"),
        accent: style("submit", "backgroundColor"),
        badgeRadius: style("badge", "borderRadius"),
      };
    });
    return { ...seen, driver };
  };
  const light = await colours("light");
  const dark = await colours("dark");
  assert.equal(light.paper, "rgb(255, 255, 255)");
  assert.notEqual(dark.paper, light.paper, "dark by prefers-color-scheme");
  assert.notEqual(dark.accent, light.accent);
  const styled = await colours(
    "dark",
    `
    elicit-form { --elicit-form-paper: rgb(1, 2, 3); --elicit-form-accent: rgb(200, 10, 20); }
    elicit-form::part(badge) { border-radius: 2px; }`,
  );
  assert.deepEqual([styled.paper, styled.accent, styled.badgeRadius], ["rgb(1, 2, 3)", "rgb(200, 10, 20)", "2px"]);
  for (const { driver } of [light, dark, styled]) assert.deepEqual(driver.problems, []);
});

// docs/element.png, element-dark.png and element-rtl.png are these, copied
// from tests/element/screenshots/ (element-light.png, element-dark.png,
// element-rtl.png).
test("chromium: the guide's screenshots: the billing card, partly answered, with an answer refused; light, dark, and Arabic right to left", async (t) => {
  for (const [name, colorScheme, lang] of [
    ["light", "light", "en"],
    ["dark", "dark", "en"],
    ["rtl", "light", "ar"],
  ]) {
    const driver = await openPage(t, { colorScheme, width: 560, height: 400 });
    const { page } = driver;
    await driver.goto(OPEN);
    await page.evaluate(async (lang) => {
      if (lang === "en") return;
      await window.harness.language(lang);
      document.documentElement.lang = lang;
      document.documentElement.dir = "rtl";
    }, lang);
    await show(page, BILLING);
    await page.getByRole("textbox", { name: "email" }).fill("ada@example.com");
    await page.getByRole("radio", { name: "Team" }).check();
    await page.getByRole("textbox", { name: "Seats" }).fill("51");
    await page.getByRole("button", { name: lang === "ar" ? "إرسال" : "Submit" }).click();
    assert.deepEqual(await texts(page, "[part~=field-error]:not([hidden])"), [SEATS_ERROR[lang]]);
    await page.locator("elicit-form").screenshot({ path: join(screenshots, `element-${name}.png`) });
    assert.deepEqual(driver.problems, []);
  }
});
