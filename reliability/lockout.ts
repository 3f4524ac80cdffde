/**
 * Nobody can lock an account out by guessing. Behind a trusted proxy (TRUST_PROXY=true, clients
 * told apart by X-Forwarded-For), an attacker sends many wrong passwords for the admin's address,
 * from one IPv4 client and from addresses spread over one IPv6 /64, while the admin signs in with
 * the right password from another client. Prints how many guesses the server checked and refused,
 * and what the admin's sign-ins got; fails if the admin is ever refused, or if the attacker gets
 * more than the limit's worth of checked guesses per client and minute (plus those in flight when
 * the count reached the limit: a failure is counted when its answer is sent).
 *
 *   npx tsx reliability/lockout.ts [--guesses 300] [--limit 10]
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fmt, machineLine } from "../bench/lib/report.js";
import { ServerProcess } from "../bench/lib/server.js";
import { Verdict } from "./lib/env.js";

const { values: args } = parseArgs({
  options: { guesses: { type: "string", default: "300" }, limit: { type: "string", default: "10" } },
});
const GUESSES = Number(args.guesses);
const LIMIT = Number(args.limit);
/** Guesses the attacker keeps in flight at once. */
const IN_FLIGHT = 10;
const ADMIN = { email: "lockout.admin@example.org", password: "Lockout-admin-1" };

async function signIn(
  base: string,
  client: string,
  password: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ email: ADMIN.email, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const count = (xs: { status: number }[]) => {
  const by = new Map<number, number>();
  for (const x of xs) by.set(x.status, (by.get(x.status) ?? 0) + 1);
  return [...by].sort(([a], [b]) => a - b);
};
const show = (xs: { status: number }[]) =>
  count(xs)
    .map(([s, n]) => `${n}× ${s}`)
    .join(", ");

async function main() {
  const verdict = new Verdict();
  const workDir = mkdtempSync(join(tmpdir(), "visa-lockout-"));
  const logFile = join(workDir, "server.log");
  console.log(machineLine());
  let server: ServerProcess | undefined;
  try {
    server = await ServerProcess.start({
      dataDir: join(workDir, "data"),
      logFile,
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        TRUST_PROXY: "true",
        AUTH_RATE_LIMIT: String(LIMIT),
      },
    });
    const base = server.url;
    const attacks: Array<[string, (i: number) => string]> = [
      ["one IPv4 client", () => "203.0.113.66"],
      ["a different address of one IPv6 /64 each time", (i) => `2001:db8:66:1::${(i + 1).toString(16)}`],
    ];
    for (const [what, clientOf] of attacks) {
      const owner: { status: number; ms: number }[] = [];
      let attacking = true;
      // The owner signs in now and then from their own client while the guesses go on.
      const ownerLoop = (async () => {
        while (attacking) {
          owner.push(await signIn(base, "198.51.100.7", ADMIN.password));
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const started = performance.now();
      const guesses: { status: number; ms: number }[] = [];
      const inFlight = IN_FLIGHT;
      let next = 0;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < GUESSES) {
            const i = next++;
            guesses.push(await signIn(base, clientOf(i), `wrong-${i}`));
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      // The attacker's client now holds the right password too.
      const attackerRight = await signIn(base, clientOf(GUESSES), ADMIN.password);
      attacking = false;
      await ownerLoop;
      owner.push(await signIn(base, "198.51.100.7", ADMIN.password));

      const checked = guesses.filter((g) => g.status === 401).length;
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      console.log(
        `${what}: ${GUESSES} wrong passwords in ${fmt(seconds, 1)} s: ${show(guesses)}; ` +
          `the owner's ${owner.length} sign-ins meanwhile: ${show(owner)} (worst ${fmt(Math.max(...owner.map((o) => o.ms)))} ms); ` +
          `the attacker's client with the right password: ${attackerRight.status}`,
      );
      verdict.check(
        owner.every((o) => o.status === 200),
        `${what}: the owner signs in from another client throughout`,
        show(owner),
      );
      // A failure is counted once its answer is sent, so the guesses already in flight when the
      // count reaches the limit are still checked.
      verdict.check(
        checked <= LIMIT * minutes + IN_FLIGHT,
        `${what}: at most ${LIMIT} guesses a minute are checked (and those already in flight)`,
        `${checked} checked, ${GUESSES - checked} refused with 429`,
      );
      verdict.check(
        attackerRight.status === 429,
        `${what}: the guessing client itself is held back`,
        String(attackerRight.status),
      );
    }
  } finally {
    await server?.stop();
    verdict.cleanUp(workDir, logFile);
  }
  verdict.exit();
}

await main();
