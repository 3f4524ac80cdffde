#!/usr/bin/env node
// Prints the gzip size of the JavaScript and CSS a first visit to /login downloads: the entry
// chunk, the LoginPage chunk and everything they import statically (lazy imports load later).
// Run after `npm run build -w apps/web`. Options: --dist <dir> (default: dist beside this script's
// package), --budget <KiB> (exit 1 when the gzip total is larger).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(opt("--dist") ?? join(here, "..", "dist"));
const budget = opt("--budget") ? Number(opt("--budget")) : null;

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
} catch {
  console.error(`No build manifest in ${dist}/.vite: run \`npm run build -w apps/web\` first.`);
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith("features/auth/routes/LoginPage.tsx"));
if (!entryKey || !loginKey) {
  console.error("The manifest names no entry or no LoginPage chunk.");
  process.exit(2);
}

// Walk static imports only; collect each chunk's JS file and CSS once.
const seen = new Set();
const files = new Set();
const walk = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) walk(dep);
};
walk(entryKey);
walk(loginKey);

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const rows = [...files].map((file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);

const total = (kind) =>
  rows
    .filter((r) => r.file.endsWith(kind))
    .reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip }), {
      raw: 0,
      gzip: 0,
    });
for (const r of rows)
  console.log(`${kib(r.gzip).padStart(11)} gzip  ${kib(r.raw).padStart(11)} raw  ${r.file}`);
const js = total(".js");
const css = total(".css");
console.log(`JS  for /login: ${kib(js.gzip)} gzip (${kib(js.raw)} raw)`);
console.log(`CSS for /login: ${kib(css.gzip)} gzip (${kib(css.raw)} raw)`);
const all = js.gzip + css.gzip;
console.log(`Total for /login: ${kib(all)} gzip`);
if (budget !== null && all > budget * 1024) {
  console.error(`Over budget: ${kib(all)} > ${budget} KiB`);
  process.exit(1);
}
