// The declarations of the element entries under `tsc --noEmit --strict`,
// resolved from the installed package through its `exports`, each program on
// its own: `elicit-form/element` with the language modules
// (tests/element/types-backend.ts), `elicit-form/mcp-2026-07-28/element`
// (types-mcp.ts), whose event details differ, and `elicit-form/element` with
// the URL-mode consent card, `elicit-form/url/element` (types-url.ts).

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { here, root, scratch } from "./support.mjs";

for (const program of ["types-backend.ts", "types-mcp.ts", "types-url.ts"])
  test(`types: ${program}: the element, its properties and its events for a strict TypeScript user`, () => {
    const types = join(scratch, program.replace(".ts", ""));
    mkdirSync(types, { recursive: true });
    cpSync(join(here, program), join(types, "types.ts"));
    writeFileSync(
      join(types, "tsconfig.json"),
      `${JSON.stringify(
        {
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
        },
        null,
        2,
      )}\n`,
    );
    let output = "";
    try {
      execFileSync(join(root, "node_modules", ".bin", "tsc"), ["-p", join(types, "tsconfig.json")], {
        encoding: "utf8",
      });
    } catch (error) {
      output = `${error.stdout}${error.stderr}`;
    }
    assert.equal(output, "", "tsc reported errors");
  });
