// The declarations of `elicit-form/element` (element.d.ts) under
// `tsc --noEmit --strict`, resolved from the installed package through its
// `exports` (tests/element/types.ts).

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { here, root, scratch } from "./support.mjs";

test("types: element.d.ts types the element, its properties and its events for a strict TypeScript user", () => {
  const types = join(scratch, "types");
  mkdirSync(types, { recursive: true });
  cpSync(join(here, "types.ts"), join(types, "types.ts"));
  writeFileSync(join(types, "tsconfig.json"), `${JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      exactOptionalPropertyTypes: true,
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "es2022",
      lib: ["es2022", "dom"],
      types: [],
    },
    files: ["types.ts"],
  }, null, 2)}\n`);
  let output = "";
  try {
    execFileSync(join(root, "node_modules", ".bin", "tsc"), ["-p", join(types, "tsconfig.json")], { encoding: "utf8" });
  } catch (error) {
    output = `${error.stdout}${error.stderr}`;
  }
  assert.equal(output, "", "tsc reported errors");
});
