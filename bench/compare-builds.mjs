/**
 * What a code change does to the server's own CPU per request, measured so this machine's drift
 * cannot pass for it: two builds of the server run in this one process on the same seeded
 * PostgreSQL database, and each round sends every kind of request to one, then the other, in
 * batches (light-my-request, no network). The CPU this process spends on a batch is that build's;
 * the database's is not counted. Prints each build's median in microseconds per request and, for
 * the others, the median and quartiles of their batches' ratio to the first build's in each round.
 * Plain JavaScript run by node, so the builds run as `npm start` runs them, not through tsx's loader.
 *
 *   npm run build && cp -r apps/api/dist apps/api/dist-before     # the code before the change
 *   (change the code) && npm run build
 *   node bench/compare-builds.mjs apps/api/dist-before apps/api/dist [--rounds 15] [--batch 200]
 *     [--kinds me,summary,full,name,email]
 *
 * A build must sit inside the repository (its packages resolve from node_modules); `dist-*`
 * folders next to `dist` are ignored by git.
 * The database is migrated by the current sources, so a build from before a migration refuses it
 * (it was upgraded by a newer version): compare builds that share their migrations.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args, positionals: builds } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "15" },
    batch: { type: "string", default: "200" },
    kinds: { type: "string", default: "me,summary,full,name,email" },
  },
});
if (builds.length < 2) throw new Error("name two builds, e.g. apps/api/dist-before apps/api/dist");
const rounds = Number(args.rounds);
const batchSize = Number(args.batch);
/** Requests in flight at once: more than the server's pool of five connections, as under load. */
const IN_FLIGHT = 10;

/** A build's app, made as its main.js makes it (the config chunk is the one main.js imports). */
async function loadBuild(dir) {
  const abs = resolve(dir);
  // The import that brings the config's loader (loadServerConfig since the server checks more at
  // its start; loadConfig in older builds).
  const configChunk = /\b(?:loadConfig|loadServerConfig)\b[^}]*\} from "(\.\/[\w-]+\.js)"/.exec(
    readFileSync(join(abs, "main.js"), "utf8"),
  )?.[1];
  const appChunk = readdirSync(abs).find((f) => /^app-\w+\.js$/.test(f));
  if (!configChunk || !appChunk) throw new Error(`${dir} is not a build of the server`);
  const config = await import(join(abs, configChunk));
  const { buildApp } = await import(join(abs, appChunk));
  return buildApp((config.loadConfig ?? config.loadServerConfig)(), {});
}

const pgScript = join(ROOT, "scripts/postgres-temp.sh");
// On a port free at run time (scripts/postgres-temp.sh chooses it).
const started = execFileSync("bash", [pgScript, "start"], { encoding: "utf8" });
const databaseUrl = /DATABASE_URL=(\S+)/.exec(started)?.[1];
const pgDir = /PG_TEMP_DIR=(\S+)/.exec(started)?.[1];
try {
  const seedOut = execFileSync("npx", ["tsx", "apps/api/src/cli/seed-scale.ts", "--json"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  const seed = JSON.parse(seedOut.slice(seedOut.indexOf("{")));
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: "compare-builds-secret-0123456789abcdef",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  });
  const apps = [];
  for (const dir of builds) apps.push(await loadBuild(dir));
  const signIn = await apps[0].inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: seed.adminEmail, password: seed.adminPassword },
  });
  const headers = { authorization: `Bearer ${signIn.json().token}` };
  // People to search for: 500 applicants of the largest meeting, by full name and e-mail's local part.
  const db = new pg.Client(databaseUrl);
  await db.connect();
  const { rows: people } = await db.query(
    `select first_name || ' ' || last_name as name, split_part(email, '@', 1) as mail
     from applications where meeting_id = $1 order by id limit 500`,
    [seed.largestMeetingId],
  );
  await db.end();
  const list = (q) => `/api/applications?admin=true&meetingId=${seed.largestMeetingId}&limit=10&${q}`;
  const orders = ["status&sortDirection=asc", "status&sortDirection=desc", "createdAt&sortDirection=asc"];
  const page = (i) => `page=${(i % 50) + 1}&sortBy=${orders[Math.floor(i / 50) % orders.length]}`;
  const kinds = {
    me: () => "/api/auth/me",
    summary: (i) => list(`view=summary&${page(i)}`),
    full: (i) => list(page(i)),
    name: (i) => list(`view=summary&page=1&search=${encodeURIComponent(people[i % people.length].name)}`),
    email: (i) => list(`view=summary&page=1&search=${encodeURIComponent(people[i % people.length].mail)}`),
  };
  const chosen = args.kinds.split(",").filter((k) => kinds[k]);

  /** Microseconds of this process's CPU per request of one batch. */
  const batch = async (app, path, first) => {
    let next = 0;
    const send = async () => {
      while (next < batchSize) {
        const res = await app.inject({ method: "GET", url: path(first + next++), headers });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
      }
    };
    const before = process.cpuUsage();
    await Promise.all(Array.from({ length: IN_FLIGHT }, send));
    const used = process.cpuUsage(before);
    return (used.user + used.system) / batchSize;
  };
  // Every build warmed up on every kind first: statements prepared, code compiled.
  for (const kind of chosen) for (const app of apps) await batch(app, kinds[kind], 0);
  const samples = new Map(chosen.map((k) => [k, apps.map(() => [])]));
  for (let r = 0; r < rounds; r++) {
    for (const kind of chosen) {
      // Which build goes first alternates, so neither always follows the other's garbage.
      const order = r % 2 ? [...apps.keys()].reverse() : [...apps.keys()];
      for (const a of order) samples.get(kind)[a].push(await batch(apps[a], kinds[kind], r * batchSize));
    }
  }
  for (const app of apps) await app.close();
  const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)];
  const row = (cells) => `| ${cells.join(" | ")} |`;
  // Each round's batches ran within seconds of each other: their ratio to the first build's batch
  // of the same round is what the machine's drift cancels out of.
  const header = [
    "request",
    ...builds.map((b) => `${b}: median µs`),
    ...builds.slice(1).map((b) => `${b} ÷ ${builds[0]}: median (quartiles)`),
  ];
  console.log(`### Server CPU per request of ${builds.length} builds (${rounds} rounds of ${batchSize})\n`);
  console.log(
    `${cpus()[0]?.model.trim()}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
  );
  console.log([row(header), row(header.map(() => "---"))].join("\n"));
  for (const k of chosen) {
    const [first, ...rest] = samples.get(k);
    const ratios = rest.map((xs) => xs.map((x, r) => x / first[r]));
    console.log(
      row([
        k,
        ...samples.get(k).map((xs) => quantile(xs, 0.5).toFixed(0)),
        ...ratios.map(
          (rs) =>
            `${quantile(rs, 0.5).toFixed(2)} (${quantile(rs, 0.25).toFixed(2)}–${quantile(rs, 0.75).toFixed(2)})`,
        ),
      ]),
    );
  }
} finally {
  execFileSync("bash", [pgScript, "stop", pgDir]);
}
process.exit(0);
