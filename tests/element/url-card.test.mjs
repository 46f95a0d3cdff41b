// The URL-mode consent card (elicit-form/url/element) in <elicit-form>, in
// headless Chromium (playwright-core) and Debian's Firefox ESR
// (puppeteer-core over WebDriver BiDi), loaded from the packed package as
// tests/element/prepare.mjs installed it. What it proves, in both browsers:
// the site prominent, the rest of the host and the exact URL as text and no
// link; nothing opened or fetched until a person clicks Open, which opens the
// exact URL with "noopener,noreferrer" and then reports accept; Decline and
// Cancel; keyboard alone; focus on the card and the announcement; warnings in
// words; refused links shown with no link and no Open; a links-only page
// (the card imported before elicit-form/ui/element); hostile and bidi
// server text inert; the strict CSP with Trusted Types; disabled; axe-core
// light and dark in English and German; Arabic right to left. Chromium also
// opens the link for real (a new page, no opener, no referrer) and takes
// the guide's screenshot (docs/element-url.png).

import assert from "node:assert/strict";
import { createServer } from "node:http";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { launchChromium, launchFirefox } from "../browsers.mjs";
import { BILLING, IMG, SCRIPT, axe, pageDriver, scratch, screenshots, startScratchServer } from "./support.mjs";

const FIREFOX = "/usr/bin/firefox-esr";
/** The harness with the URL card, window.open kept in `harness.opened`. */
const URL_OPEN = "/harness/index.html?url=stub";
const URL_STRICT = "/harness/index.html?csp=strict&url=stub";

const url = await import(pathToFileURL(join(scratch, "esm-url.mjs")).href);

/** An OAuth-style sign-in link, as a server sends it. */
const SIGN_IN = {
  mode: "url",
  message: "Sign in to your calendar so that I can read this week's events.",
  url: "https://accounts.calendar.example.co.uk/oauth/authorize?client_id=chat&state=9f2c",
  elicitationId: "sign-in-1",
};
const IP_ADDRESS = { mode: "url", message: "Open the router's page.", url: "https://192.168.1.1/admin" };
const LOOKALIKE = { mode: "url", message: "Confirm your Apple ID.", url: "https://xn--pple-43d.com/" };
const USER_INFO = { mode: "url", message: "Sign in to Google.", url: "https://accounts.google.com@evil.example/login" };
const JS_LINK = { mode: "url", message: "Click to continue.", url: "javascript:alert(1)" };
const BIDI = "cod.exe مرحبا بكم";
const HOSTILE = { mode: "url", message: `${IMG} ${SCRIPT} ${BIDI}`, url: "https://example.com/start" };
/** A bidi override in the message: refused (hiddenText), the card shows no link. */
const OVERRIDE = { mode: "url", message: "\u202Eexe.doc\u202C Sign in", url: "https://evil.example/start" };

const ATTRIBUTES = { "server-name": "calendar", "tool-name": "list_events" };

// --- The two browsers, each behind the same page driver ------------------------------

let server;
let base;
let chromium;
let firefox;
let darkFirefox;
// The host the link of the network check points at: it counts every request.
let target;
let targetHits = [];

before(async () => {
  mkdirSync(screenshots, { recursive: true });
  ({ server, base } = await startScratchServer());
  target = createServer((request, response) => {
    targetHits.push({ path: request.url, referer: request.headers.referer ?? null });
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<!doctype html><title>signed in</title><p>signed in</p>");
  });
  await new Promise((done) => target.listen(0, "127.0.0.1", done));
  chromium = await launchChromium();
  assert.ok(existsSync(FIREFOX), `${FIREFOX} is missing: run scripts/setup.sh`);
  firefox = await launchFirefox();
});

after(async () => {
  await chromium?.close();
  await firefox?.close();
  await darkFirefox?.close();
  await new Promise((done) => (target ? target.close(done) : done()));
  await new Promise((done) => (server ? server.close(done) : done()));
});

/** The harness page's driver, with the context, every URL the page requested, and mouse clicks. */
function urlCardDriver(page, context, library) {
  const requests = [];
  page.on("request", (request) => requests.push(request.url()));
  return { ...pageDriver(page, base, library), context, requests, clickAt: (x, y) => page.mouse.click(x, y) };
}

const DRIVERS = {
  async chromium(t, { colorScheme = "light", width = 900, height = 900 } = {}) {
    const context = await chromium.newContext({ colorScheme, viewport: { width, height } });
    context.setDefaultTimeout(5000);
    t.after(() => context.close());
    return urlCardDriver(await context.newPage(), context, "playwright");
  },
  async firefox(t, { colorScheme = "light" } = {}) {
    if (colorScheme === "dark") {
      darkFirefox ??= await launchFirefox({ prefs: { "layout.css.prefers-color-scheme.content-override": 0 } });
    }
    const context = await (colorScheme === "dark" ? darkFirefox : firefox).createBrowserContext();
    t.after(() => context.close());
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return urlCardDriver(page, context, "puppeteer");
  },
};

// --- Helpers over the harness ------------------------------------------------------------

const show = (page, request, attributes = ATTRIBUTES) =>
  page.evaluate(([r, a]) => window.harness.show(r, a), [request, attributes]);
const texts = (page, selector) => page.evaluate((s) => window.harness.texts(s), selector);
/** The events, each consent's expiry checked (30 minutes from the click) and set aside. */
const events = async (page) =>
  (await page.evaluate(() => window.harness.events)).map((event) => {
    const consent = event.detail?.consent;
    if (!consent) return event;
    const left = Date.parse(consent.expires_at) - Date.now();
    assert.ok(left > 29 * 60_000 && left <= 30 * 60_000, `the consent expires in 30 minutes: ${consent.expires_at}`);
    return { ...event, detail: { ...event.detail, consent: { ...consent, expires_at: "in 30 minutes" } } };
  });
const opened = (page) => page.evaluate(() => window.harness.opened);
const settle = (page) => page.evaluate(() => new Promise((done) => setTimeout(done, 400)));

/** What has focus in the card: its part names and, for a button, its text. */
const focused = (page) =>
  page.evaluate(() => {
    const active = window.harness.shadow().activeElement;
    return active === null
      ? null
      : { part: active.getAttribute("part"), text: active.localName === "button" ? active.textContent : null };
  });

/** Tab from the button before the card until the card's button named `text` has focus; the presses it took. */
async function tabTo(page, text) {
  await page.evaluate(() => document.getElementById("before").focus());
  for (let presses = 1; presses <= 6; presses++) {
    await page.press("Tab");
    if ((await focused(page))?.text === text) return presses;
  }
  throw new Error(`Tab never reached ${text}`);
}

/** A person's click on the card's part `part`, at its centre. */
async function click(page, part) {
  const { x, y } = await page.evaluate((p) => {
    const box = window.harness.shadow().querySelector(`[part~=${p}]`).getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, part);
  await page.clickAt(x, y);
}

/**
 * The detail of a URL card's elicit-result for `view`: Open's carries the
 * backend's consent record for the card's server and tool and the host shown,
 * Decline's and Cancel's none.
 */
const result = (action, view) => ({
  action,
  mode: "url",
  fingerprint: view.fingerprint,
  url: view.url,
  elicitationId: view.elicitationId,
  host: view.host,
  consent:
    action === "accept"
      ? { server: "calendar", tool: "list_events", host: view.host, expires_at: "in 30 minutes" }
      : null,
});

// --- The checks, in both browsers -----------------------------------------------------------

const CHECKS = {
  async "the site is shown prominently, the rest of the host and the exact URL as plain text, and nothing is a link"(
    page,
  ) {
    await page.goto(URL_OPEN);
    const view = url.urlElicitation(SIGN_IN, "calendar");
    assert.equal(view.site, "example.co.uk");
    assert.equal(await show(page, SIGN_IN), "url");
    assert.deepEqual(await texts(page, "[part~=title]"), ["calendar asks you to open a link"]);
    assert.deepEqual(await texts(page, "[part~=message]"), [SIGN_IN.message]);
    assert.deepEqual(await texts(page, "[part~=site]"), ["example.co.uk"]);
    assert.deepEqual(await texts(page, "[part~=host]"), ["accounts.calendar.example.co.uk"]);
    assert.deepEqual(await texts(page, "[part~=url]"), [view.url]);
    assert.deepEqual(await texts(page, "[part~=button]"), ["Open", "Decline", "Cancel"]);
    assert.deepEqual(await texts(page, "[part~=fingerprint-value]"), [view.fingerprint]);
    assert.equal(
      await texts(page, "[part~=warnings]").then((found) => found.length),
      0,
      "no warning for a plain https link",
    );
    const seen = await page.evaluate(() => {
      const root = window.harness.shadow();
      const style = (part) => getComputedStyle(root.querySelector(`[part~=${part}]`));
      const selection = getSelection();
      selection.selectAllChildren(root.querySelector("[part~=url]"));
      return {
        links:
          root.querySelectorAll("a, [href], link").length +
          document.querySelectorAll("a, link[rel=prefetch], link[rel=preconnect]").length,
        siteWeight: Number(style("site").fontWeight),
        siteSize: parseFloat(style("site").fontSize),
        urlSize: parseFloat(style("url").fontSize),
        urlDirection: style("url").direction,
        selected: selection.toString(),
        state: window.harness.card().state,
        fingerprint: window.harness.card().fingerprint,
      };
    });
    assert.deepEqual(seen, {
      links: 0,
      siteWeight: 700,
      siteSize: seen.siteSize,
      urlSize: seen.urlSize,
      urlDirection: "ltr",
      selected: view.url,
      state: "url",
      fingerprint: view.fingerprint,
    });
    assert.ok(
      seen.siteSize > seen.urlSize * 1.5,
      `the site (${seen.siteSize}px) stands out from the URL (${seen.urlSize}px)`,
    );
    assert.deepEqual(page.problems, []);
  },

  async "nothing is opened or fetched before a click; Open opens the exact URL with noopener,noreferrer, then reports accept"(
    page,
  ) {
    await page.goto(URL_OPEN);
    targetHits = [];
    const local = {
      mode: "url",
      message: "Finish signing in.",
      url: `http://localhost:${target.address().port}/callback?code=42`,
      elicitationId: "cb",
    };
    const view = url.urlElicitation(local, "calendar");
    assert.deepEqual(view.warnings.map((w) => w.kind).sort(), ["plainHttp", "port"]);
    assert.equal(await show(page, local), "url");
    await page.evaluate(() => window.harness.card().focus());
    await settle(page);
    assert.deepEqual(await opened(page), [], "drawing the card opens nothing");
    assert.deepEqual(await events(page), [], "and reports nothing");
    assert.deepEqual(targetHits, [], "and fetches nothing from the link's host");
    assert.deepEqual(
      page.requests.filter((request) => request.includes(`:${target.address().port}`)),
      [],
    );

    await click(page, "open");
    assert.deepEqual(await opened(page), [[view.url, "_blank", "noopener,noreferrer"]]);
    assert.deepEqual(
      (await events(page)).map((e) => [e.type, e.detail, e.composed]),
      [["elicit-result", result("accept", view), true]],
    );
    assert.deepEqual(targetHits, [], "window.open was stubbed: still nothing fetched");
    // The consent the click made is the backend's record: the retry's decision accepts it.
    const [
      {
        detail: { consent },
      },
    ] = await page.evaluate(() => window.harness.events);
    assert.deepEqual(url.answerUrl({ serverName: "calendar", toolName: "list_events", params: local }, consent), {
      action: "accept",
    });
    assert.deepEqual(page.problems, []);
  },

  async "Decline and Cancel report decline and cancel with no consent, and open nothing"(page) {
    await page.goto(URL_OPEN);
    const view = url.urlElicitation(SIGN_IN, "calendar");
    await show(page, SIGN_IN);
    await click(page, "decline");
    await show(page, SIGN_IN);
    await click(page, "cancel");
    const details = (await events(page)).map((e) => e.detail);
    assert.deepEqual(details, [result("decline", view), result("cancel", view)]);
    assert.deepEqual(
      details.map((detail) => detail.consent),
      [null, null],
      "nothing to record",
    );
    assert.deepEqual(await opened(page), []);
    assert.deepEqual(page.problems, []);
  },

  async "by keyboard alone: Tab reaches Open first, Enter opens; Space on Decline; Enter on Cancel"(page) {
    await page.goto(URL_OPEN);
    const view = url.urlElicitation(SIGN_IN, "calendar");
    await show(page, SIGN_IN);
    assert.equal(await tabTo(page, "Open"), 1, "Open is the card's first stop");
    await page.press("Enter");
    await show(page, SIGN_IN);
    assert.equal(await tabTo(page, "Decline"), 2);
    await page.press("Space");
    await show(page, SIGN_IN);
    assert.equal(await tabTo(page, "Cancel"), 3);
    await page.press("Enter");
    assert.deepEqual(
      (await events(page)).map((e) => e.detail),
      [result("accept", view), result("decline", view), result("cancel", view)],
    );
    assert.deepEqual(await opened(page), [[view.url, "_blank", "noopener,noreferrer"]]);
    assert.deepEqual(page.problems, []);
  },

  async "focus lands on the card itself, not on Open, and the live region announces the link's request"(page) {
    await page.goto(URL_OPEN);
    await show(page, SIGN_IN);
    await page.evaluate(() => window.harness.card().focus());
    assert.deepEqual(await focused(page), { part: "card url-card", text: null });
    const named = await page.evaluate(() => {
      const panel = window.harness.shadow().querySelector("[part~=url-card]");
      return [
        panel.getAttribute("role"),
        window.harness.shadow().getElementById(panel.getAttribute("aria-labelledby")).textContent,
      ];
    });
    assert.deepEqual(named, ["group", "calendar asks you to open a link"]);
    await settle(page);
    assert.deepEqual(
      await page.evaluate(() => window.harness.shadow().querySelector("[role=status]").textContent),
      "calendar asks you to open a link",
    );
    // Enter on the focused card does nothing: only Open opens.
    await page.press("Enter");
    assert.deepEqual(await opened(page), []);
    assert.deepEqual(await events(page), []);
    assert.deepEqual(page.problems, []);
  },

  async "the entry fetches the Unicode rules only for a host that needs them: before they arrive such a link is refused unicodeRules, after loadUnicodeRules() it is decided"(
    page,
  ) {
    await page.goto(URL_OPEN);
    const seen = await page.evaluate(async () => {
      const url = await import("/node_modules/elicit-form/url/browser.js");
      const fetched = () =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => name.includes("unicode"));
      const ascii = url.urlElicitation({ mode: "url", message: "Pay", url: "https://shop.example.co.uk/pay" }, "s");
      await new Promise((done) => setTimeout(done, 200));
      const afterAscii = fetched();
      const params = { mode: "url", message: "Pay", url: "https://b\u00fccher.example/pay" };
      let before;
      try {
        before = url.urlElicitation(params, "s");
      } catch (error) {
        before = { name: error.name, kind: error.kind, message: error.message };
      }
      await url.loadUnicodeRules();
      const view = url.urlElicitation(params, "s");
      return {
        site: ascii.site,
        afterAscii,
        before,
        view: [view.host, view.displayHost, view.site],
        afterUnicode: fetched(),
      };
    });
    assert.equal(seen.site, "example.co.uk");
    assert.deepEqual(seen.afterAscii, [], "an ASCII host fetches nothing more");
    assert.equal(seen.before.name, "UrlRefusalError");
    assert.equal(seen.before.kind, "unicodeRules");
    assert.match(seen.before.message, /not plain ASCII/);
    assert.deepEqual(seen.view, ["xn--bcher-kva.example", "b\u00fccher.example", "b\u00fccher.example"]);
    assert.deepEqual(seen.afterUnicode.map((name) => new URL(name).pathname.split("/").pop()).sort(), [
      "elicit_form_unicode.js",
      "elicit_form_url_unicode_bg.wasm",
    ]);
    assert.deepEqual(page.problems, []);
  },

  async "an IP address and a look-alike host are shown with their warnings in words; the look-alike as the browser reads it"(
    page,
  ) {
    await page.goto(URL_OPEN);
    assert.equal(await show(page, IP_ADDRESS), "url");
    assert.deepEqual(await texts(page, "[part~=site]"), ["192.168.1.1"]);
    assert.deepEqual(await texts(page, "[part~=warnings-title]"), ["Before you open it"]);
    assert.deepEqual(await texts(page, "[part~=warning]"), [
      "The link goes to a numeric address, not to a named site.",
    ]);
    // Its host needs the Unicode rules, which the page has not loaded: the
    // card shows nothing of the link (no site, no URL, no Open) until they
    // arrive, then draws it as a page that preloaded them would.
    // Read in the same task as the request is set: a cached fetch of the
    // rules can draw the card before a second evaluate.
    const waiting = await page.evaluate(
      ([request, attributes]) => {
        const state = window.harness.show(request, attributes);
        const root = window.harness.shadow();
        return { state, text: root.textContent, controls: root.querySelectorAll("a, [href], button, input").length };
      },
      [LOOKALIKE, ATTRIBUTES],
    );
    assert.equal(waiting.state, "empty");
    assert.equal(waiting.controls, 0);
    assert.ok(waiting.text.includes("Checking the link") && !waiting.text.includes("xn--pple"), waiting.text);
    await page.evaluate(
      () =>
        new Promise((done) => {
          const poll = () => (window.harness.card().state === "url" ? done() : setTimeout(poll, 20));
          poll();
        }),
    );
    assert.deepEqual(await texts(page, "[part~=site]"), ["xn--pple-43d.com"]);
    assert.equal(await show(page, LOOKALIKE), "url", "once loaded, the rules decide at once");
    assert.deepEqual(await texts(page, "[part~=warning]"), [
      "The name could pass for another site's, so it is shown as the browser reads it.",
    ]);
    assert.deepEqual(
      url.urlElicitation(LOOKALIKE, "x").warnings.map((w) => w.kind),
      ["lookalikeHost"],
    );
    assert.deepEqual(page.problems, []);
  },

  async "a refused link (javascript:, user info, a bidi override in the message) shows a refusal with no link, no URL and no Open, and dispatches elicit-refused"(
    page,
  ) {
    await page.goto(URL_OPEN);
    for (const [request, kind, reason] of [
      [JS_LINK, "scheme", "The link is not a web page link (https)."],
      [
        USER_INFO,
        "userInfo",
        "The link has a name before its site (text before an @), which makes it read as another site's.",
      ],
      [OVERRIDE, "hiddenText", "This request cannot be shown."],
    ]) {
      assert.equal(await show(page, request), "refused");
      assert.deepEqual(await texts(page, "[part~=refusal-reason]"), [reason]);
      assert.deepEqual(await texts(page, "[part~=refusal-title]"), ["Refused: this link is not shown"]);
      const shown = await page.evaluate(() => ({
        text: window.harness.shadow().textContent,
        controls: window.harness.shadow().querySelectorAll("a, [href], button, input").length,
      }));
      assert.equal(shown.controls, 0);
      assert.ok(
        !shown.text.includes(request.url) && !shown.text.includes("evil.example") && !shown.text.includes("javascript"),
        `the refused URL is not shown: ${shown.text}`,
      );
      await page.evaluate(() => window.harness.card().focus());
      assert.deepEqual(await focused(page), { part: "refusal url-refusal", text: null });
      let thrown;
      try {
        url.urlElicitation(request, "calendar");
      } catch (error) {
        thrown = error;
      }
      const last = (await events(page)).at(-1);
      assert.deepEqual([last.type, last.detail], ["elicit-refused", { mode: "url", kind, message: thrown.message }]);
      assert.deepEqual(await page.evaluate(() => window.harness.card().refusal), {
        mode: "url",
        kind,
        message: thrown.message,
      });
    }
    await settle(page);
    assert.deepEqual(await opened(page), []);
    assert.deepEqual(page.problems, []);
  },

  async "hostile and bidi server text is inert: shown as text, no element made, nothing run"(page) {
    await page.goto(URL_OPEN);
    await page.evaluate(() => {
      window.harness.added.length = 0;
    });
    assert.equal(await show(page, HOSTILE, { "server-name": IMG }), "url");
    await settle(page);
    assert.deepEqual(await texts(page, "[part~=message]"), [HOSTILE.message]);
    assert.deepEqual(await texts(page, "[part~=server-name]"), [url.urlElicitation(HOSTILE, IMG).header]);
    const seen = await page.evaluate(() => ({
      ran: window.__ran ?? 0,
      made: window.harness.added.filter((tag) => ["IMG", "SCRIPT", "IFRAME", "SVG", "STYLE"].includes(tag)),
      direction: getComputedStyle(window.harness.shadow().querySelector("[part~=message]")).unicodeBidi,
    }));
    assert.deepEqual(seen, { ran: 0, made: [], direction: "plaintext" });
    assert.deepEqual(page.problems, []);
  },

  async "under the strict CSP with Trusted Types the card, its warnings and a refusal render with no violation"(page) {
    await page.goto(URL_STRICT);
    assert.equal(await show(page, SIGN_IN), "url");
    const styled = await page.evaluate(() => {
      const root = window.harness.shadow();
      return {
        sheets: root.adoptedStyleSheets.length,
        open: getComputedStyle(root.querySelector("[part~=open]")).backgroundColor,
        inline: root.querySelectorAll("[style], style").length,
      };
    });
    assert.deepEqual(styled, { sheets: 2, open: "rgb(36, 87, 197)", inline: 0 });
    assert.equal(await show(page, IP_ADDRESS), "url");
    assert.equal(await show(page, HOSTILE, { "server-name": IMG }), "url");
    assert.equal(await show(page, USER_INFO), "refused");
    assert.equal(
      await show(page, BILLING, { "server-name": "billing" }),
      "form",
      "forms still work beside the URL card",
    );
    await settle(page);
    assert.deepEqual(await page.evaluate(() => window.harness.violations), []);
    assert.deepEqual(page.problems, []);
  },

  async "disabled: the buttons are disabled and nothing is reported or opened; enabled again, Open works"(page) {
    await page.goto(URL_OPEN);
    const view = url.urlElicitation(SIGN_IN, "calendar");
    await show(page, SIGN_IN, { ...ATTRIBUTES, disabled: "" });
    assert.equal(
      await page.evaluate(() => window.harness.shadow().querySelectorAll("button:not(:disabled)").length),
      0,
    );
    await page.evaluate(() => window.harness.shadow().querySelector("[part~=open]").click());
    assert.deepEqual([await events(page), await opened(page)], [[], []]);
    await page.evaluate(() => {
      window.harness.card().disabled = false;
    });
    await settle(page);
    assert.equal(await page.evaluate(() => window.harness.shadow().querySelectorAll("button:disabled").length), 0);
    await click(page, "open");
    assert.deepEqual(
      (await events(page)).map((e) => e.detail),
      [result("accept", view)],
    );
    assert.deepEqual(page.problems, []);
  },

  async "a page that shows links only: the card imported before elicit-form/ui/element works, and loads the ui wasm and the URL wasm, nothing else"(
    page,
  ) {
    await page.page.goto(`${base}/harness/empty.html`); // no harness, no element yet
    const seen = await page.evaluate(async (request) => {
      await import("/node_modules/elicit-form/url/element.js");
      await import("/node_modules/elicit-form/ui/element.js");
      const card = document.createElement("elicit-form");
      card.setAttribute("server-name", "calendar");
      card.request = request;
      document.body.append(card);
      return {
        state: card.state,
        site: card.shadowRoot.querySelector("[part~=site]")?.textContent,
        wasm: performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith(".wasm"))
          .sort(),
      };
    }, SIGN_IN);
    assert.deepEqual(seen, {
      state: "url",
      site: "example.co.uk",
      wasm: [
        "/node_modules/elicit-form/ui/elicit_form_ui_bg.wasm",
        "/node_modules/elicit-form/url/elicit_form_url_bg.wasm",
      ],
    });
    assert.deepEqual(page.problems, []);
  },

  async "in Arabic the card is laid out right to left and its words are Arabic, the link still left to right"(page) {
    await page.goto(URL_OPEN);
    await page.evaluate(async () => {
      await window.harness.urlLanguage("ar");
      document.documentElement.lang = "ar";
    });
    await show(page, SIGN_IN);
    const seen = await page.evaluate(() => {
      const root = window.harness.shadow();
      const box = (part) => root.querySelector(`[part~=${part}]`).getBoundingClientRect();
      return {
        card: getComputedStyle(root.querySelector("[part~=url-card]")).direction,
        url: getComputedStyle(root.querySelector("[part~=url]")).direction,
        openRightOfDecline: box("open").left > box("decline").left,
      };
    });
    assert.deepEqual(seen, { card: "rtl", url: "ltr", openRightOfDecline: true });
    assert.deepEqual(await texts(page, "[part~=button]"), ["فتح", "رفض", "إلغاء"]);
    assert.deepEqual(await texts(page, "[part~=title]"), ["يطلب منك calendar فتح رابط"]);
    assert.deepEqual(page.problems, []);
  },
};

for (const browser of ["chromium", "firefox"]) {
  for (const [name, check] of Object.entries(CHECKS)) {
    test(`${browser}: ${name}`, async (t) => check(await DRIVERS[browser](t)));
  }

  for (const [lang, colorScheme] of [
    ["en", "light"],
    ["en", "dark"],
    ["de", "light"],
    ["de", "dark"],
    ["ar", "light"],
  ]) {
    test(`${browser}: axe-core finds 0 violations on the URL card with warnings and on a refused link (${lang}, ${colorScheme})`, async (t) => {
      const page = await DRIVERS[browser](t, { colorScheme });
      await page.goto(URL_OPEN);
      assert.equal(
        await page.evaluate((scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches, colorScheme),
        true,
      );
      await page.evaluate(async (lang) => {
        if (lang !== "en") await Promise.all([window.harness.language(lang), window.harness.urlLanguage(lang)]);
        document.documentElement.lang = lang;
        if (lang === "ar") document.documentElement.dir = "rtl";
      }, lang);
      await show(page, { ...SIGN_IN, url: "https://accounts.calendar.example.co.uk:8443/oauth" });
      assert.equal((await texts(page, "[part~=warning]")).length, 1);
      if (lang === "de") assert.deepEqual(await texts(page, "[part~=open]"), ["Öffnen"]);
      const card = await axe(page.page);
      assert.deepEqual(card.violations, []);
      assert.ok(card.contrastInCard >= 6, `axe checked the card's contrast (${card.contrastInCard})`);
      assert.equal(await show(page, USER_INFO), "refused");
      assert.deepEqual((await axe(page.page)).violations, []);
      assert.deepEqual(page.problems, []);
    });
  }
}

// --- Chromium only: the link opened for real, and the guide's screenshot ----------------------

test("chromium: Open opens the link for real in a new page with no opener and no referrer, and only then is the host reached", async (t) => {
  const page = await DRIVERS.chromium(t);
  await page.goto("/harness/index.html?url=real");
  targetHits = [];
  const local = {
    mode: "url",
    message: "Finish signing in.",
    url: `http://127.0.0.1:${target.address().port}/callback?code=7`,
  };
  assert.equal(await show(page.page, local), "url");
  await settle(page);
  assert.deepEqual(targetHits, []);
  const popup = page.context.waitForEvent("page");
  await click(page, "open");
  const opened = await popup;
  await opened.waitForLoadState();
  // (The new page asks for its own /favicon.ico as well.)
  assert.deepEqual(
    targetHits.filter((hit) => hit.path !== "/favicon.ico"),
    [{ path: "/callback?code=7", referer: null }],
  );
  assert.equal(await opened.evaluate(() => window.opener), null);
  assert.equal((await events(page.page)).at(-1).detail.action, "accept");
  assert.deepEqual(page.problems, []);
});

// docs/element-url.png is this, copied from tests/element/screenshots/element-url.png.
test("chromium: the guide's screenshot: the consent card for a sign-in link on a non-standard port, with its warning", async (t) => {
  const page = await DRIVERS.chromium(t, { width: 560, height: 400 });
  await page.goto(URL_OPEN);
  await show(page.page, {
    ...SIGN_IN,
    url: "https://accounts.calendar.example.co.uk:8443/oauth/authorize?client_id=chat&state=9f2c",
  });
  await page.page.locator("elicit-form").screenshot({ path: join(screenshots, "element-url.png") });
  assert.deepEqual(page.problems, []);
});
