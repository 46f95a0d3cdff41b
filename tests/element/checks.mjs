// The checks of <elicit-form> that run in every browser (Chromium through
// playwright-core, Firefox ESR through puppeteer-core over WebDriver BiDi):
// the billing card answered by keyboard alone, an answer the backend refuses,
// decline and cancel, hostile server strings, and the strict CSP with Trusted
// Types. Each takes a page driver (see `ElementPage`) and the package as
// installed in the scratch project, loaded in Node, for what to expect.

import assert from "node:assert/strict";
import {
  BILLING,
  CREDENTIAL,
  HOSTILE,
  HOSTILE_NAME,
  IMG,
  JS_URL,
  SCRIPT,
  submitBillingWithSeats51,
} from "./support.mjs";

/**
 * @typedef {object} ElementPage
 * @property {(path: string) => Promise<void>} goto opens a harness page and waits until it is ready
 * @property {(fn: Function, arg?: unknown) => Promise<any>} evaluate runs `fn(arg)` in the page
 * @property {(key: string) => Promise<void>} press one key, by its name ("Tab", "Enter", "ArrowDown")
 * @property {(text: string) => Promise<void>} type text, key by key
 * @property {string[]} problems console errors and warnings, and page errors, seen so far
 */

/** The harness without a CSP: the element alone keeps server text out of markup here. */
export const OPEN = "/harness/index.html";
/** The harness under STRICT_CSP (support.mjs). */
export const STRICT = "/harness/index.html?csp=strict";
/** The harness under STRICT_CSP with elicit-form/mcp-2026-07-28/element, the card with both profiles. */
export const STRICT_MCP = "/harness/index.html?csp=strict&entry=mcp-2026-07-28";

/** What the default card says to profile="mcp-2026-07-28" (the package's TypeError, worded in Rust). */
export const NOT_IN_THIS_BUILD =
  'options.profile: "mcp-2026-07-28" is not in this build, which has the backend profile only; ' +
  "import elicit-form/mcp-2026-07-28 (or build the crate with its feature mcp-2026-07-28)";

const show = (page, request, attributes) => page.evaluate(([r, a]) => window.harness.show(r, a), [request, attributes]);
const events = (page) => page.evaluate(() => window.harness.events);
const texts = (page, selector) => page.evaluate((s) => window.harness.texts(s), selector);
const focused = (page) => page.evaluate(() => window.harness.focused());
/** Tab from the button before the card until the card's button named `text` has focus. */
async function tabToButton(page, text) {
  await page.evaluate(() => document.getElementById("before").focus());
  for (let presses = 0; presses < 12; presses++) {
    await page.press("Tab");
    if ((await focused(page))?.text === text) return presses + 1;
  }
  throw new Error(`Tab never reached the ${text} button`);
}

const settle = (page) => page.evaluate(() => new Promise((done) => setTimeout(done, 300)));

/** From the button before the card, into it and through the billing questions by keyboard. */
async function answerBillingByKeyboard(page, seats) {
  await page.evaluate(() => document.getElementById("before").focus());
  await page.press("Tab");
  assert.deepEqual(await focused(page), {
    tag: "input",
    type: "text",
    value: "",
    label: "billing email an email address",
    text: null,
    invalid: null,
    error: null,
  });
  await page.type("ada@example.com");
  await page.press("Tab"); // Notify me: its default, Yes, is already picked
  assert.equal((await focused(page)).value, "Yes");
  await page.press("Tab"); // Plan: nothing picked yet, so focus lands on Pro
  assert.equal((await focused(page)).value, "Pro");
  await page.press("ArrowDown"); // Team
  assert.equal((await focused(page)).value, "Team");
  await page.press("Tab");
  assert.equal((await focused(page)).label, "billing Seats a whole number from 1 to 50");
  await page.type(seats);
  await page.press("Enter");
}

/**
 * @param {Record<string, Function>} form the package's exports, in Node
 * @param {Record<string, Function>} formMcp elicit-form/mcp-2026-07-28's exports, in Node
 */
export function elementChecks(form, formMcp) {
  const billingAnswers = (seats) => ({
    email: { selected: [], other_text: "ada@example.com" },
    notify: { selected: ["Yes"], other_text: null },
    plan: { selected: ["Team"], other_text: null },
    seats: { selected: [], other_text: seats },
  });
  const billingPrint = form.fingerprint(BILLING.requestedSchema);

  return {
    async "the billing card answered by keyboard alone dispatches elicit-result with the backend's content"(page) {
      await page.goto(STRICT);
      assert.equal(await show(page, BILLING), "form");
      await answerBillingByKeyboard(page, "12");
      const answers = billingAnswers("12");
      const content = form.contentFromAnswers(BILLING.requestedSchema, answers);
      assert.equal(JSON.stringify(content), '{"email":"ada@example.com","notify":true,"plan":"team","seats":12}');
      assert.deepEqual(await events(page), [
        {
          type: "elicit-result",
          detail: { action: "accept", content, answers, fingerprint: billingPrint },
          composed: true,
          from: "elicit-form",
        },
      ]);
      assert.equal(await page.evaluate(() => window.harness.card().fingerprint), billingPrint);
      assert.deepEqual(page.problems, []);
    },

    async "seats 51 marks the seats field with its title and bound, moves focus there and emits nothing"(page) {
      await page.goto(STRICT);
      await show(page, BILLING);
      await answerBillingByKeyboard(page, "51");
      await settle(page);
      assert.deepEqual(await events(page), [], "nothing is emitted");
      assert.deepEqual(await focused(page), {
        tag: "input",
        type: "text",
        value: "51",
        label: "billing Seats a whole number from 1 to 50",
        text: null,
        invalid: "true",
        error: "Seats: a whole number from 1 to 50",
      });
      const marked = await page.evaluate(() => {
        const root = window.harness.shadow();
        const error = root.getElementById(root.activeElement.getAttribute("aria-describedby"));
        return {
          invalid: [...root.querySelectorAll("[aria-invalid]")].map((node) => node.id),
          errorShown: !error.hidden && error.getClientRects().length > 0,
          question: root.activeElement.closest("[part~=question]").getAttribute("part"),
        };
      });
      assert.deepEqual(marked, { invalid: ["q3-input"], errorShown: true, question: "question invalid" });

      // Fixing the answer clears the mark, and the submit goes through.
      await page.press("Backspace");
      await page.press("Backspace");
      await page.type("12");
      assert.equal((await focused(page)).invalid, null);
      assert.deepEqual(await texts(page, "[part~=field-error]:not([hidden])"), []);
      await page.press("Enter");
      const sent = await events(page);
      assert.equal(sent.length, 1);
      assert.deepEqual(sent[0].detail.content, { email: "ada@example.com", notify: true, plan: "team", seats: 12 });

      // A choice left unpicked marks every radio of its group, and focus goes to its first.
      await show(page, BILLING);
      await page.evaluate(() => {
        const root = window.harness.shadow();
        root.getElementById("q0-input").value = "ada@example.com";
        root.getElementById("q3-input").value = "3";
        root.querySelector("[part~=submit]").click();
      });
      assert.deepEqual(await focused(page), {
        tag: "input",
        type: "radio",
        value: "Pro",
        label: "Pro pro",
        text: null,
        invalid: "true",
        error: "Plan: choose one option",
      });
      assert.equal(await page.evaluate(() => window.harness.shadow().querySelectorAll("[aria-invalid]").length), 2);
      assert.equal((await events(page)).length, 1, "still only the earlier result");
      assert.deepEqual(page.problems, []);
    },

    async "the ui entries' cards (elicit-form/ui/element, elicit-form/mcp-2026-07-28/ui/element) answer by keyboard as the default card does"(
      page,
    ) {
      for (const entry of ["ui", "mcp-2026-07-28/ui"]) {
        await page.goto(`${STRICT}&entry=${entry}`);
        assert.equal(await page.evaluate(() => window.harness.entry), `/node_modules/elicit-form/${entry}/`);
        assert.equal(await show(page, BILLING), "form", entry);
        await answerBillingByKeyboard(page, "12");
        const answers = billingAnswers("12");
        assert.deepEqual(
          await events(page),
          [
            {
              type: "elicit-result",
              detail: {
                action: "accept",
                content: form.contentFromAnswers(BILLING.requestedSchema, answers),
                answers,
                fingerprint: billingPrint,
              },
              composed: true,
              from: "elicit-form",
            },
          ],
          entry,
        );
      }
      assert.deepEqual(page.problems, []);
    },

    async "Decline sends {action: decline}, and Cancel (mcp-2026-07-28 only, its own element) sends {action: cancel}, both by keyboard"(
      page,
    ) {
      await page.goto(STRICT);
      await show(page, BILLING);
      assert.deepEqual(await texts(page, "[part~=button]"), ["Submit", "Decline"], "the backend has no cancel");
      // Four questions (a radio group is one stop), then Submit, then Decline.
      assert.equal(await tabToButton(page, "Decline"), 6);
      await page.press("Enter");
      assert.deepEqual(
        (await events(page)).map((event) => event.detail),
        [{ action: "decline", fingerprint: billingPrint }],
      );
      assert.deepEqual(page.problems, []);

      await page.goto(STRICT_MCP);
      const specPrint = formMcp.fingerprint(BILLING.requestedSchema, { profile: "mcp-2026-07-28" });
      assert.notEqual(specPrint, billingPrint);
      await show(page, BILLING, { "server-name": "billing", profile: "mcp-2026-07-28" });
      assert.deepEqual(await texts(page, "[part~=button]"), ["Submit", "Decline", "Cancel"]);
      assert.equal(await tabToButton(page, "Cancel"), 7);
      await page.press("Space");
      assert.deepEqual(
        (await events(page)).map((event) => event.detail),
        [{ action: "cancel", fingerprint: specPrint }],
      );
      assert.deepEqual(page.problems, []);
    },

    async "the default card shows profile mcp-2026-07-28 as a problem naming the entry to import, and the mcp-2026-07-28 card renders it"(
      page,
    ) {
      await page.goto(STRICT);
      assert.equal(await show(page, BILLING, { "server-name": "billing", profile: "mcp-2026-07-28" }), "invalid");
      assert.deepEqual(await texts(page, "[part~=problem-message]"), [NOT_IN_THIS_BUILD], "shown as text in the card");
      await settle(page);
      assert.deepEqual(
        (await events(page)).map(({ type, detail }) => ({ type, detail })),
        [{ type: "elicit-invalid", detail: { name: "TypeError", message: NOT_IN_THIS_BUILD } }],
      );
      assert.equal(
        await page.evaluate(() => window.harness.shadow().querySelectorAll("input, button").length),
        0,
        "nothing to answer",
      );
      assert.equal(await show(page, BILLING), "form", "the next card works");
      assert.equal(await page.evaluate(() => window.harness.card().fingerprint), billingPrint);
      assert.deepEqual(page.problems, []);

      await page.goto(STRICT_MCP);
      assert.equal(
        await page.evaluate(() => window.harness.defined()),
        true,
        "the mcp-2026-07-28 element is the one defined",
      );
      assert.equal(await show(page, BILLING, { "server-name": "billing", profile: "mcp-2026-07-28" }), "form");
      assert.equal(
        await page.evaluate(() => window.harness.card().fingerprint),
        formMcp.fingerprint(BILLING.requestedSchema, { profile: "mcp-2026-07-28" }),
      );
      assert.equal(await show(page, BILLING), "form", "and the backend profile");
      assert.equal(await page.evaluate(() => window.harness.card().fingerprint), billingPrint);
      await settle(page);
      assert.deepEqual(await page.evaluate(() => window.harness.violations), []);
      assert.deepEqual(page.problems, []);
    },

    async "every hostile server string shows as text, creates no element and runs nothing"(page) {
      await page.goto(OPEN);
      const names = { "server-name": IMG, "tool-name": SCRIPT };
      assert.equal(await show(page, HOSTILE, names), "form");
      const asked = form.pending({
        serverName: IMG,
        toolName: SCRIPT,
        key: "form",
        message: HOSTILE.message,
        requestedSchema: HOSTILE.requestedSchema,
      });
      assert.deepEqual(await texts(page, "[part~=title]"), [`Questions from MCP server ${IMG}`]);
      assert.deepEqual(await texts(page, "[part~=summary]"), [`${IMG} has questions for you before ${SCRIPT} can run`]);
      assert.deepEqual(await texts(page, "[part~=message]"), [`${IMG} ${SCRIPT} ${JS_URL}`]);
      assert.deepEqual(
        await texts(page, "[part~=badge]"),
        asked.questions.map((q) => q.header),
      );
      const properties = form.parseRequestedSchema(HOSTILE.requestedSchema).properties;
      assert.deepEqual(
        await texts(page, "[part~=question-text]"),
        properties.map((p) => p.title ?? p.name),
      );
      assert.deepEqual(await texts(page, "[part~=question-description]"), [JS_URL, "<svg onload=window.__ran=1>"]);
      assert.ok((await texts(page, "[part~=hint]")).includes(`format: ${IMG}`), "the format is quoted");
      assert.deepEqual(await texts(page, "[part~=option-label]"), [
        `${SCRIPT} ${IMG}`,
        `<b>bold</b> ${JS_URL}`,
        "Yes",
        "No",
      ]);

      // Answering with a markup label sends the enum value it stands for; text answers stay text.
      await page.evaluate((markup) => {
        const root = window.harness.shadow();
        root.getElementById("q0-0").checked = true;
        root.getElementById("q1-input").value = "3";
        root.getElementById("q2-1").checked = true;
        root.getElementById("q3-input").value = markup;
        root.querySelector("[part~=submit]").click();
      }, IMG);
      assert.deepEqual(
        (await events(page)).map((event) => event.detail.content),
        [{ choice: IMG, count: 3, flag: false, note: IMG }],
      );

      // A refusal quotes server text too: a name and a type made of markup.
      assert.equal(await show(page, HOSTILE_NAME, names), "refused");
      const refusal = await page.evaluate(() => window.harness.card().refusal);
      assert.equal(refusal.property, IMG);
      assert.deepEqual(await texts(page, "[part~=refusal-property]"), [IMG]);
      assert.ok(refusal.message.includes(IMG), "the backend's text, in the refusal's detail");

      await settle(page); // room for an onerror or onload handler to fire, had one been made
      const seen = await page.evaluate(() => ({
        ran: window.__ran ?? null,
        added: [...new Set(window.harness.added)].sort(),
        now: [...new Set(window.harness.tags())].sort(),
      }));
      assert.equal(seen.ran, null, "no server string ran");
      assert.ok(seen.added.includes("FIELDSET") && seen.added.includes("DD"), "the observer saw both cards built");
      const allowed = new Set([
        "BODY",
        "BUTTON",
        "CODE",
        "DD",
        "DIV",
        "DL",
        "DT",
        "ELICIT-FORM",
        "FIELDSET",
        "FORM",
        "H1",
        "H2",
        "HEAD",
        "HEADER",
        "HTML",
        "INPUT",
        "LABEL",
        "LEGEND",
        "LINK",
        "MAIN",
        "META",
        "P",
        "SCRIPT",
        "SPAN",
        "TITLE",
      ]);
      for (const tag of [...seen.added, ...seen.now]) assert.ok(allowed.has(tag), `a ${tag} element was created`);
      assert.ok(!seen.added.includes("SCRIPT"), "no script element was added after the page's own");
      assert.deepEqual(page.problems, []);
    },

    async "card.focus() lands on the first field, after a refused Submit on the field marked, and on a refusal's card"(
      page,
    ) {
      await page.goto(STRICT);
      await show(page, BILLING);
      await page.evaluate(() => window.harness.card().focus());
      assert.equal(await page.evaluate(() => document.activeElement.localName), "elicit-form");
      assert.equal((await focused(page)).label, "billing email an email address");

      await submitBillingWithSeats51(page);
      await page.evaluate(() => document.getElementById("before").focus()); // the person moved on
      assert.equal(await focused(page), null, "focus left the card");
      await page.evaluate(() => window.harness.card().focus());
      assert.deepEqual(await focused(page), {
        tag: "input",
        type: "text",
        value: "51",
        label: "billing Seats a whole number from 1 to 50",
        text: null,
        invalid: "true",
        error: "Seats: a whole number from 1 to 50",
      });

      assert.equal(await show(page, CREDENTIAL, { "server-name": "crm" }), "refused");
      await page.evaluate(() => window.harness.card().focus());
      assert.equal(await page.evaluate(() => window.harness.shadow().activeElement?.getAttribute("part")), "refusal");
      assert.deepEqual(page.problems, []);
    },

    async "a polite live region announces a card's arrival and a refusal"(page) {
      await page.goto(STRICT);
      const region = () =>
        page.evaluate(() => {
          const status = window.harness.shadow().querySelectorAll("[role=status]");
          return { count: status.length, live: status[0].getAttribute("aria-live"), text: status[0].textContent };
        });
      await show(page, BILLING);
      await settle(page);
      assert.deepEqual(await region(), { count: 1, live: "polite", text: "New questions from billing" });
      await show(page, CREDENTIAL, { "server-name": "crm" });
      await settle(page);
      assert.deepEqual(await region(), {
        count: 1,
        live: "polite",
        text: "A request from crm was refused and not put to you",
      });
      assert.deepEqual(page.problems, []);
    },

    async "with a host table every word the card writes comes from it: no English of the card's own is left"(page) {
      await page.goto(STRICT_MCP);
      // Every key marked «key», its slots kept; the keys English words with a
      // function are given functions, which get the slots as text.
      const seen = await page.evaluate(
        async ([billing, credential]) => {
          const table = {};
          for (const [key, value] of Object.entries(window.harness.english())) {
            table[key] =
              typeof value === "function"
                ? (slots) => `«${key}» ${Object.values(slots).join(" ")}`
                : `«${key}»${[...value.matchAll(/\{\w+\}/g)].map(([slot]) => ` ${slot}`).join("")}`;
          }
          const pause = () => new Promise((done) => setTimeout(done, 300));
          const text = () => {
            const root = window.harness.shadow();
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
            const pieces = [];
            while (walker.nextNode()) pieces.push(walker.currentNode.data);
            return pieces.join("\n");
          };
          const texts = [];
          window.harness.show(
            billing,
            { "server-name": "billing", "tool-name": "buy_plan", profile: "mcp-2026-07-28" },
            { messages: table },
          );
          await pause();
          texts.push(text());
          const root = window.harness.shadow();
          // A required choice left unpicked, then a number out of range.
          root.getElementById("q3-input").value = "51";
          root.querySelector("[part~=submit]").click();
          texts.push(text());
          root.getElementById("q2-1").checked = true;
          root.querySelector("[part~=submit]").click();
          texts.push(text());
          window.harness.show(credential, { "server-name": "crm", profile: "mcp-2026-07-28" }, { messages: table });
          await pause();
          texts.push(text());
          window.harness.show(
            { message: "x".repeat(2001), requestedSchema: billing.requestedSchema },
            { "server-name": "crm" },
            { messages: table },
          );
          texts.push(text());
          return texts;
        },
        [BILLING, CREDENTIAL],
      );
      const [card, planError, seatsError, credential, tooLong] = seen;
      assert.match(card, /«submit»/);
      assert.match(card, /«cancel»/);
      assert.match(card, /«optional»/, "mcp-2026-07-28: an optional field says so");
      assert.match(card, /«yes»\s+«defaultMark»/);
      assert.match(card, /«announceForm» billing/);
      assert.match(seatsError, /«fieldError»\s+Seats\s+«wholeNumberFromTo» 1 50/);
      assert.match(planError, /«fieldError»\s+Plan\s+«needsAnswer»/);
      assert.match(credential, /«refusedCredential»\s+«thisApp»/);
      assert.match(credential, /«credentialNote»/);
      assert.match(tooLong, /«refusedMessage»/);
      // What is left once the marks and the server's and host's own strings are taken out: no letter.
      const print = formMcp.fingerprint(BILLING.requestedSchema, { profile: "mcp-2026-07-28" });
      // The profile's name is the host's attribute (its default, "backend"), not a word of the card's.
      const data = [
        print,
        BILLING.message,
        "Which plan to buy",
        "mcp-2026-07-28",
        "backend",
        "buy_plan",
        "billing",
        "Notify me",
        "apiKey",
        "email",
        "Seats",
        "Plan",
        "Team",
        "team",
        "Pro",
        "pro",
        "crm",
      ];
      for (const text of seen) {
        let left = text.replaceAll(/«\w+»/g, "");
        for (const piece of data) left = left.replaceAll(piece, "");
        assert.doesNotMatch(left, /\p{L}/u, `a word not from the table: ${JSON.stringify(left)}`);
      }
      assert.deepEqual(page.problems, []);
    },

    async "a right-to-left page lays the card out right to left, in its shipped language"(page) {
      await page.goto(STRICT);
      await page.evaluate(async () => {
        await window.harness.language("ar");
        document.documentElement.lang = "ar";
        document.documentElement.dir = "rtl";
      });
      await show(page, BILLING);
      const layout = await page.evaluate(() => {
        const root = window.harness.shadow();
        const part = (name) => root.querySelector(`[part~=${name}]`);
        const box = (name) => part(name).getBoundingClientRect();
        return {
          direction: getComputedStyle(part("card")).direction,
          submit: part("submit").textContent,
          submitFirstFromRight: box("submit").left > box("decline").right,
          submitAtCardStart: box("card").right - box("submit").right < box("card").width / 8,
          messageRule: getComputedStyle(part("message")).borderRightWidth,
        };
      });
      assert.deepEqual(layout, {
        direction: "rtl",
        submit: "إرسال",
        submitFirstFromRight: true,
        submitAtCardStart: true,
        messageRule: "3px",
      });
      await page.evaluate(() => {
        const root = window.harness.shadow();
        root.getElementById("q0-input").value = "ada@example.com";
        root.getElementById("q2-1").checked = true;
        root.getElementById("q3-input").value = "51";
        root.querySelector("[part~=submit]").click();
      });
      assert.equal((await focused(page)).error, "Seats: عدد صحيح من 1 إلى 50");

      // The language alone, on the element of a left-to-right page: the card turns right to left itself.
      await page.evaluate(() => {
        document.documentElement.lang = "en";
        document.documentElement.dir = "ltr";
      });
      await show(page, BILLING, { "server-name": "billing", lang: "ar" });
      assert.equal(
        await page.evaluate(() => getComputedStyle(window.harness.shadow().querySelector("[part~=card]")).direction),
        "rtl",
      );
      assert.deepEqual(page.problems, []);
    },

    async "errors are worded from their kind, the field's title and its bound, in the card's language; the API keeps the backend's text"(
      page,
    ) {
      await page.goto(STRICT_MCP);
      await page.evaluate(() => window.harness.language("de"));
      const stay = {
        message: "Book a stay",
        requestedSchema: {
          type: "object",
          properties: {
            colors: {
              type: "array",
              title: "Colours",
              minItems: 2,
              items: {
                anyOf: [
                  { const: "r", title: "Red" },
                  { const: "g", title: "Green" },
                  { const: "b", title: "Blue" },
                ],
              },
            },
            name: { type: "string", title: "Name", maxLength: 5 },
            nights: { type: "integer", title: "Nights", minimum: 1, maximum: 14 },
          },
          required: ["name", "nights"],
        },
      };
      const options = { profile: "mcp-2026-07-28" };
      const attempt = (answers, lang) =>
        page.evaluate(
          ([request, answers, lang]) => {
            window.harness.show(request, { "server-name": "hotel", profile: "mcp-2026-07-28", lang });
            const root = window.harness.shadow();
            root.getElementById("q0-0").checked = answers.colors >= 1;
            root.getElementById("q0-1").checked = answers.colors >= 2;
            root.getElementById("q1-input").value = answers.name;
            root.getElementById("q2-input").value = answers.nights;
            root.querySelector("[part~=submit]").click();
            return [...root.querySelectorAll("[part~=field-error]:not([hidden])")].map((node) => node.textContent);
          },
          [stay, answers, lang],
        );
      const cases = [
        [
          { colors: 2, name: "Ada", nights: "15" },
          "Nights: a whole number from 1 to 14",
          "Nights: eine ganze Zahl von 1 bis 14",
          "misfit",
        ],
        [
          { colors: 2, name: "Adalbert", nights: "3" },
          "Name: at most 5 characters",
          "Name: höchstens 5 Zeichen",
          "misfit",
        ],
        [
          { colors: 1, name: "Ada", nights: "3" },
          "Colours: choose at least 2",
          "Colours: mindestens 2 auswählen",
          "misfit",
        ],
        [
          { colors: 2, name: " ", nights: "3" },
          "Name: an answer is needed",
          "Name: eine Antwort ist erforderlich",
          "required",
        ],
        [
          { colors: 2, name: "Ada", nights: "three" },
          "Nights: a whole number from 1 to 14",
          "Nights: eine ganze Zahl von 1 bis 14",
          "notANumber",
        ],
      ];
      for (const [answers, english, german, kind] of cases) {
        assert.deepEqual(await attempt(answers, "en"), [english]);
        assert.deepEqual(await attempt(answers, "de-AT"), [german], "de-AT finds the German table");
        // The package keeps the backend's own text, and gives the kind the card words.
        const typed = {
          colors: { selected: ["Red", "Green"].slice(0, answers.colors), other_text: null },
          name: { selected: [], other_text: answers.name },
          nights: { selected: [], other_text: answers.nights },
        };
        assert.throws(
          () => formMcp.contentFromAnswers(stay.requestedSchema, typed, options),
          (error) =>
            error.name === "AnswerError" &&
            error.kind === kind &&
            error.message.startsWith("'") &&
            !error.message.startsWith(english),
        );
      }
      assert.throws(() => form.contentFromAnswers(BILLING.requestedSchema, billingAnswers("51")), {
        name: "AnswerError",
        kind: "outOfRange",
        property: "seats",
        message: "'seats' is out of range",
      });
      assert.deepEqual(page.problems, []);
    },

    async "under the strict CSP and Trusted Types every state renders with no console error or violation"(page) {
      await page.goto(STRICT);
      assert.equal(await show(page, BILLING), "form");
      const styled = await page.evaluate(() => {
        const root = window.harness.shadow();
        return {
          sheets: root.adoptedStyleSheets.length,
          // The constructed sheet applies: the submit button takes the accent colour.
          submit: getComputedStyle(root.querySelector("[part~=submit]")).backgroundColor,
          inlineStyles: root.querySelectorAll("[style], style").length,
        };
      });
      assert.deepEqual(styled, { sheets: 1, submit: "rgb(36, 87, 197)", inlineStyles: 0 });
      assert.equal(await show(page, HOSTILE, { "server-name": IMG }), "form");
      assert.equal(await show(page, CREDENTIAL, { "server-name": "crm" }), "refused");
      // The default card has the backend profile only: the second profile is a problem it shows.
      assert.equal(await show(page, BILLING, { "server-name": "billing", profile: "mcp-2026-07-28" }), "invalid");
      assert.equal(await show(page, "{ not json", { "server-name": "billing" }), "invalid");
      await settle(page);
      assert.deepEqual(await page.evaluate(() => window.harness.violations), []);
      assert.deepEqual(page.problems, []);

      // The policy is in force: the probes below are refused (and reported; so only now).
      const probes = await page.evaluate(() => {
        const script = document.createElement("script");
        let sink = "allowed";
        try {
          script.textContent = "window.__inline = true";
        } catch (error) {
          sink = error.name; // Trusted Types refuse the script text itself
        }
        document.head.append(script);
        let html = "no Trusted Types in this browser";
        if ("trustedTypes" in window) {
          try {
            document.body.insertAdjacentHTML("beforeend", "<b>x</b>");
            html = "allowed";
          } catch (error) {
            html = error.name;
          }
        }
        return { inlineRan: window.__inline === true, sink, html, trustedTypes: "trustedTypes" in window };
      });
      assert.equal(probes.inlineRan, false, "an inline script does not run");
      if (probes.trustedTypes) assert.deepEqual([probes.sink, probes.html], ["TypeError", "TypeError"]);
      await settle(page);
      assert.ok((await page.evaluate(() => window.harness.violations)).length >= 1, "the probes were reported");
    },
  };
}
