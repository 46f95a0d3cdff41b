// Packs pkg/ (`npm pack`) and installs the tarball into tests/element/scratch,
// so the <elicit-form> suites load the element exactly as a user who ran
// `npm install elicit-form` gets it. Run after `npm run build`. Writes, in the
// scratch project:
//   harness/     the page the checks drive (from tests/element/harness)
//   esm.mjs      `export * from "elicit-form"`, the package in Node, for expected values
//   esm-mcp.mjs  `export * from "elicit-form/mcp-2026-07-28"`, the same with both profiles
//   esm-url.mjs  `export * from "elicit-form/url"`, the URL rules, for the consent card's expected views
//   react-app/   the React example's sources (examples/react), built by react.test.mjs;
//                react, react-dom, vite and @vitejs/plugin-react resolve from the
//                workspace's node_modules, elicit-form from the scratch project's

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { here, root, scratch } from "./support.mjs";

function npm(args, cwd) {
  console.log(`prepare: npm ${args.join(" ")}`);
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

if (!existsSync(join(root, "pkg", "package.json"))) throw new Error("pkg/ is not built: run `npm run build` first");
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const [packed] = JSON.parse(npm(["pack", join(root, "pkg"), "--pack-destination", scratch, "--json"], root));
writeFileSync(
  join(scratch, "package.json"),
  `${JSON.stringify(
    {
      name: "elicit-form-element-scratch",
      private: true,
      type: "module",
      dependencies: { "elicit-form": `file:./${packed.filename}` },
    },
    null,
    2,
  )}\n`,
);
npm(["install", "--no-audit", "--no-fund", "--no-package-lock", "--offline"], scratch);
writeFileSync(join(scratch, "esm.mjs"), 'export * from "elicit-form";\n');
writeFileSync(join(scratch, "esm-mcp.mjs"), 'export * from "elicit-form/mcp-2026-07-28";\n');
writeFileSync(join(scratch, "esm-url.mjs"), 'export * from "elicit-form/url";\n');
cpSync(join(here, "harness"), join(scratch, "harness"), { recursive: true });

const example = join(root, "examples", "react");
const app = join(scratch, "react-app");
mkdirSync(app);
for (const entry of ["index.html", "vite.config.js", "src"])
  cpSync(join(example, entry), join(app, entry), { recursive: true });
console.log(`prepare: ${packed.filename} installed in ${scratch}`);
