import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import type { App } from "../lib/app-type.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Two server processes need one database server; the embedded database opens in one process only.
const onServer = !!process.env.DATABASE_URL;
const LIMIT = 4;
let t: TestApp;
let second: App;
beforeAll(async () => {
  if (!onServer) return;
  t = await createTestApp({ authRateLimit: LIMIT });
  second = await buildApp(t.app.ctx.config, { mailer: t.mailer });
});
afterAll(async () => {
  if (!onServer) return;
  await second.close();
  await t.close();
});

describe.skipIf(!onServer)("two servers on one database", () => {
  it("allow the limit once between them, not once each", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: `shared-${i}@example.test`, password: "wrong-one" },
        remoteAddress: "10.30.0.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
  });
});
