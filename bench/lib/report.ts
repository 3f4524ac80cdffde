import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./server.js";

export const RESULTS_FILE = join(REPO_ROOT, "bench/RESULTS.md");

/** One line naming the machine: CPU, cores, memory, Node, and the load when the run started. */
export function machineLine(extra = ""): string {
  const cpu = cpus()[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  const mem = Math.round(totalmem() / 2 ** 30);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  return `${cpu}, ${cpus().length} cores, ${mem} GiB, Node ${process.version}${extra}; load average at start ${load}`;
}

/** The PostgreSQL server's version, or "" when there is none. */
export function postgresVersion(): string {
  try {
    const bin = execFileSync("bash", ["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1"], {
      encoding: "utf8",
    }).trim();
    return execFileSync(`${bin}/postgres`, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

export const today = () => `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** A Markdown table from a header row and rows of cells. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export const fmt = (n: number, digits = 1) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "n/a";

/** Markdown as the repository's formatter (Biome) writes it, so `npm run lint` stays clean. */
export function formatMarkdown(text: string): string {
  try {
    // Biome's own launcher, as npm run lint runs it.
    const launcher = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
    return execFileSync(process.execPath, [launcher, "format", "--stdin-file-path=section.md"], {
      input: text,
      encoding: "utf8",
      cwd: REPO_ROOT,
    });
  } catch {
    return text;
  }
}

/**
 * Replaces the text between `<!-- KEY -->` and `<!-- /KEY -->` in RESULTS.md (appending the
 * section when absent), so each run rewrites only its own results and leaves the rest alone.
 */
export function writeSection(key: string, content: string, file = RESULTS_FILE): void {
  const open = `<!-- ${key} -->`;
  const close = `<!-- /${key} -->`;
  const block = `${open}\n${formatMarkdown(content).trim()}\n${close}`;
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmark results\n";
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + close.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
