/**
 * Where the server's CPU goes under one kind of request: seeds the scale data, starts the
 * production server with --cpu-prof, loads one path with autocannon, and prints the share of
 * self time by package and by function, then of the app's own functions with what they call.
 *
 *   npx tsx bench/profile.ts [--db postgres|embedded] [--path "/api/applications?admin=true&meetingId={meeting}&page=500"]
 *     [--seconds 10] [--connections 50] [--small]
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { login } from "./lib/http.js";
import { measure } from "./lib/load.js";
import { fmt } from "./lib/report.js";
import { ServerProcess } from "./lib/server.js";
import { type DbKind, prepareTarget, seedTarget } from "./lib/target.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    path: {
      type: "string",
      default:
        "/api/applications?admin=true&meetingId={meeting}&limit=10&page=500&sortBy=status&sortDirection=asc",
    },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    small: { type: "boolean", default: false },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** "drizzle-orm", "@fastify/static", "node:internal", "app:applications/…" or the native frame's name. */
function ownerOf(url: string, name: string): string {
  if (url.includes("node_modules/")) {
    const parts = (url.split("node_modules/").pop() ?? "").split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  if (url) return `app:${url.split("/src/").pop()}`;
  return name || "(native)";
}

function summarise(profile: CpuProfile, top = Number(process.env.TOP ?? 15)): string {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const t = self.get(n.id) ?? 0;
    total += t;
    const { functionName, url, lineNumber } = n.callFrame;
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + t);
    const fn = `${functionName || "(anonymous)"} ${url.split("node_modules/").pop()}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
  }
  // Inclusive time: each sample counts once for every function on its stack (once, if recursive).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nodeOf = new Map(profile.nodes.map((n) => [n.id, n]));
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodeOf.get(at)?.callFrame;
      if (!frame?.url || frame.url.includes("node_modules/") || frame.url.startsWith("node:")) continue;
      seen.add(
        `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber + 1}`,
      );
    }
    for (const fn of seen) inclusive.set(fn, (inclusive.get(fn) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${fmt((100 * v) / total, 1).padStart(5)} %  ${k}`)
      .join("\n");
  return `${fmt(total / 1e6, 1)} s sampled\nby package:\n${list(byOwner)}\nby function:\n${list(byFunction)}\nthe app's functions, with what they call:\n${list(inclusive)}`;
}

async function main() {
  const kind = args.db as DbKind;
  const target = await prepareTarget(kind, "profile");
  // Stopped however the run ends, not left serving on its port and on files removed below.
  let started: ServerProcess | undefined;
  try {
    const seed = await seedTarget(
      target,
      args.small
        ? { meetings: 10, users: 2_000, applications: 10_000, largest: 2_000, zipApproved: 100 }
        : {},
    );
    const dir = join(target.workDir, "profiles");
    mkdirSync(dir, { recursive: true });
    const server = await ServerProcess.start({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logFile: join(target.workDir, "server.log"),
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
    });
    started = server;
    const admin = await login(server.url, seed.adminEmail, seed.adminPassword);
    const path = (args.path as string).replace("{meeting}", seed.largestMeetingId);
    const r = await measure(
      server.url,
      { name: path, path, headers: admin.headers },
      { connections: Number(args.connections), seconds: Number(args.seconds) },
    );
    console.log(`${path}: ${fmt(r.rps, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
    await server.stop();
    // The main thread's profile is the largest; module-loader threads write small ones.
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .sort((a, b) => b.length - a.length);
    if (files[0]) console.log(summarise(JSON.parse(files[0]) as CpuProfile));
  } finally {
    await started?.stop();
    await target.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
