import { transform } from "esbuild";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
let source = readFileSync(process.argv[2], "utf8");
const style = /const STYLE = `([^`$\\]*)`/.exec(source)[1];
const { code: css } = await transform(style, { loader: "css", minify: true });
source = source.replace(style, () => css.trim());
const { code } = await transform(source, { minify: true, format: "esm", target: "es2022" });
console.log(gzipSync(code, { level: 9 }).length);
