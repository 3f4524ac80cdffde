import { api, type Session } from "../../bench/lib/http.js";
import { fmt } from "../../bench/lib/report.js";
import { sleep } from "../../bench/lib/server.js";
import { pgCtl } from "../../bench/lib/target.js";
import type { Env, Verdict } from "./env.js";

type Phase = "before" | "down" | "back";
const UNAVAILABLE = /temporarily unavailable/i;

/**
 * Stops the PostgreSQL server while 20 clients read, keeps it down 5 s, starts it again. During
 * the outage only 503 with a clear message is acceptable; after the database is back every
 * request must succeed again within 5 s, from the same app process.
 */
export async function stopDatabaseUnderLoad(env: Env, verdict: Verdict, notes: string[]) {
  const server = await env.start();
  const pid = server.pid;
  let phase: Phase = "before";
  let stop = false;
  let backAt = 0;
  let lastFailureAfterBack = 0;
  const seen: Record<Phase, Map<string, number>> = { before: new Map(), down: new Map(), back: new Map() };
  const note = (p: Phase, what: string) => seen[p].set(what, (seen[p].get(what) ?? 0) + 1);
  const reader = async (i: number) => {
    const session: Session = i % 2 ? env.admin : env.user;
    const path =
      i % 2
        ? `/api/applications?admin=true&meetingId=${env.seed.largestMeetingId}&page=3`
        : "/api/applications";
    while (!stop) {
      const p = phase;
      try {
        const a = await api(server.url, session, "GET", path);
        const message = (a.body as { message?: string }).message ?? "";
        note(p, a.status === 503 && UNAVAILABLE.test(message) ? "503 clear" : String(a.status));
        if (p === "back" && a.status !== 200) lastFailureAfterBack = performance.now();
      } catch (e) {
        note(p, `connection ${(e as Error).message}`);
      }
      await sleep(25);
    }
  };
  const readers = Array.from({ length: 20 }, (_, i) => reader(i));
  await sleep(3000);
  await pgCtl(env.target, "stop");
  phase = "down";
  await sleep(2500);
  const health = await api(server.url, null, "GET", "/api/health");
  await sleep(2500);
  // The database accepts connections a moment before pg_ctl returns: count from its return.
  phase = "back";
  await pgCtl(env.target, "start");
  backAt = performance.now();
  await sleep(8000);
  stop = true;
  await Promise.all(readers);
  const recovery = Math.max(0, (lastFailureAfterBack - backAt) / 1000);
  const show = (p: Phase) => [...seen[p].entries()].map(([k, v]) => `${k}×${v}`).join(" ");
  console.log(`before: ${show("before")}\ndown: ${show("down")}\nback: ${show("back")}`);

  const down = [...seen.down.keys()];
  verdict.check(
    seen.down.has("503 clear") && down.every((k) => k === "503 clear"),
    "database stopped: requests get 503 with a clear message (no 500, no 401, no dropped connection)",
    show("down"),
  );
  verdict.check(
    health.status === 503,
    "database stopped: /api/health answers 503",
    `answered ${health.status}`,
  );
  verdict.check(
    recovery <= 5,
    "database back: every request succeeds again within 5 s",
    `last failure ${fmt(recovery, 2)} s after the database returned`,
  );
  verdict.check(server.running && server.pid === pid, "without restarting the app", `pid ${pid}`);
  verdict.check(
    [...seen.back.keys()].every((k) => k === "200" || k === "503 clear"),
    "database back: nothing but 200 and 503 meanwhile",
    show("back"),
  );
  await server.stop();
  notes.push(
    `PostgreSQL stopped for 5 s under 20 readers: during the outage ${show("down")}; health ${health.status}; all requests succeed again ${fmt(recovery, 2)} s after the database returned (same app process)`,
  );
}
