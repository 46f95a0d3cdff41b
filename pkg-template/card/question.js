// One question of <elicit-form>, as ask_user shows it: its controls, its
// title and hints, and the card's words for an answer the wasm refused. The
// words come from the card's table, from the kind the wasm gives
// (`AnswerError.kind`) and the schema view's titles and bounds: the same
// reading as the profiles' questions.rs, worded for a person.

import { element, words } from "./dom.js";

/** The keys of a range's phrases, `{prefix}FromTo`, `…AtLeast`, `…AtMost`, `…Exactly` (when `exactly`), or `prefix` alone. */
function range(say, prefix, min, max, exactly) {
  const has = (bound) => bound !== null && bound !== undefined;
  if (has(min) && has(max)) return say(exactly && min === max ? `${prefix}Exactly` : `${prefix}FromTo`, { min, max });
  if (has(min)) return say(`${prefix}AtLeast`, { min });
  if (has(max)) return say(`${prefix}AtMost`, { max });
  return exactly ? null : say(prefix);
}

const FORMATS = { email: "email", uri: "uri", date: "date", "date-time": "dateTime" };

/**
 * What a property asks for, worded from the schema view: its kind and bounds
 * (the details the backend's question text gives in English), and with
 * `marks` its default and, under mcp-2026-07-28, that it is optional. The
 * same reading as the profiles' questions.rs, worded from the table.
 */
function hints(say, property, spec, marks) {
  const found = [];
  const { kind } = property;
  if (kind === "number") {
    found.push(range(say, property.integer ? "wholeNumber" : "number", property.minimum, property.maximum, false));
  } else if (kind === "text") {
    if (property.format != null) found.push(say(FORMATS[property.format] ?? "format", { format: property.format }));
    found.push(range(say, "characters", property.minLength || null, property.maxLength, true));
  } else if (kind === "multiSelect") {
    // "at most N" says nothing when N covers every option.
    const upper = property.maxItems != null && property.maxItems < property.options.length ? property.maxItems : null;
    found.push(range(say, "choose", property.minItems || null, upper, true));
  }
  if (marks && (kind === "text" || kind === "number") && property.default != null) {
    found.push(say("defaultValue", { value: `${property.default}` }));
  }
  if (marks && spec && !property.required && property.default == null) found.push(say("optional"));
  return found.filter((hint) => hint !== null).join(say("hintSeparator"));
}

/** An `AnswerError` for a person: the field's title and what it needs, from the error's kind and the field's bounds. */
function fieldProblem(say, kind, property, spec) {
  if (kind === "required" || kind === "notAnswered" || kind === "noText") return say("needsAnswer");
  if (property.kind === "number" || kind === "misfit") return hints(say, property, spec, false) || say("needsAnswer");
  if (kind === "needsYesOrNo") return say("yesOrNo", { yes: say("yes"), no: say("no") });
  if (kind === "chosenTwice") return say("chooseOnce");
  return say(kind === "notOffered" ? "chooseOffered" : "chooseOne");
}

/**
 * One question as ask_user shows it: a group of radio buttons (checkboxes for
 * a multi-select) for a choice, else a labelled text box, with the place for
 * the card's words about its answer. Its title and hints come from the schema
 * view (`property`), worded from the table.
 */
export function questionEntry(question, id, property, { say, table }, spec) {
  const error = element("p", "field-error", { id: `${id}-error`, hidden: true });
  const fieldTitle = property.title || property.name;
  const hint = hints(say, property, spec, true);
  const description = property.description?.trim() ? property.description : null;
  const title = () => [
    element("span", "badge", {}, question.header),
    " ",
    element("span", "question-text", {}, fieldTitle),
    description && " ",
    description && element("span", "question-description", {}, description),
    hint && " ",
    hint && element("span", "hint", {}, hint),
  ];
  // A boolean's options are the backend's labels, Yes and No: sent as they
  // are, shown in the card's words.
  const shownLabel = (label) => (property.kind === "boolean" ? say(label === "Yes" ? "yes" : "no") : label);
  let node;
  let inputs;
  let read;
  if (question.kind === "choice") {
    inputs = question.options.map((option, index) =>
      element("input", "choice", {
        type: question.multi_select ? "checkbox" : "radio",
        name: id,
        id: `${id}-${index}`,
        value: option.label,
        checked: option.default === true,
      }),
    );
    const options = question.options.map((option, index) =>
      element(
        "div",
        "option",
        {},
        inputs[index],
        // The spaces keep the accessible name readable: "Team team", "Yes default".
        element(
          "label",
          "option-label",
          { htmlFor: inputs[index].id },
          shownLabel(option.label),
          option.description ? " " : null,
          option.description ? element("span", "option-value", {}, option.description) : null,
          option.default === true ? " " : null,
          option.default === true ? element("span", "default-mark", {}, say("defaultMark")) : null,
        ),
      ),
    );
    node = element(
      "fieldset",
      "question",
      { id },
      element("legend", "question-title", {}, ...title()),
      element("div", "options", {}, ...options),
      error,
    );
    read = () => ({ selected: inputs.filter((input) => input.checked).map((input) => input.value), other_text: null });
  } else {
    const input = element("input", "input", {
      type: "text",
      id: `${id}-input`,
      name: id,
      autocomplete: "off",
      spellcheck: false,
    });
    if (property.kind === "number") input.inputMode = property.integer ? "numeric" : "decimal";
    if (property.kind === "text" && property.format === "email") input.inputMode = "email";
    // A text or number default (mcp-2026-07-28) is what a blank answer sends.
    if ((property.kind === "text" || property.kind === "number") && property.default != null) {
      input.placeholder = `${property.default}`;
    }
    inputs = [input];
    node = element(
      "div",
      "question",
      { id },
      element("label", "question-title", { htmlFor: input.id }, ...title()),
      input,
      error,
    );
    read = () => ({ selected: [], other_text: input.value });
  }

  const focusTarget = () => inputs.find((input) => input.checked) ?? inputs[0];
  const clear = () => {
    error.hidden = true;
    error.textContent = "";
    node.setAttribute("part", "question");
    for (const input of inputs) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  };
  const mark = (kind) => {
    error.replaceChildren(
      ...words(table.fieldError, {
        title: element("span", "field-title", {}, fieldTitle),
        problem: fieldProblem(say, kind, property, spec),
      }),
    );
    error.hidden = false;
    node.setAttribute("part", "question invalid");
    for (const input of inputs) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", error.id);
    }
    node.addEventListener("input", clear, { once: true });
    node.addEventListener("change", clear, { once: true });
    focusTarget().focus();
  };
  return { question, node, inputs, read, clear, mark, focusTarget };
}
