// A user's page: it imports the package by name and the bundler under test
// resolves it (the package's "browser"/"import" entry, which fetches the .wasm
// the bundler emitted). The test serves the cases and reads the outcomes.
import { AnswerError, FormRefusalError, contentFromAnswers, fingerprint, questions } from "elicit-form";
import { encode, runCases } from "./run-cases.js";

const api = { AnswerError, FormRefusalError, contentFromAnswers, fingerprint, questions };

fetch("./cases.json")
  .then((response) => response.json())
  .then((cases) => {
    window.__results = encode(runCases(api, cases));
  })
  .catch((error) => {
    window.__results = JSON.stringify({ failed: `${error?.name}: ${error?.message}` });
  });
