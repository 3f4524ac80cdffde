import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ auth } = await buildUser(t.app));
  // The database goes away under the running server: every statement now fails.
  await t.app.ctx.database.close();
});
afterAll(() => t.close());

const CLIENT = "10.9.0.1";

// Counting an answer on a rate-limited route needs the database too; when it fails there, the
// route still answers as every other route does, never with the failed query and its key.
describe.skipIf(!!process.env.DATABASE_URL)("rate-limited routes without a database", () => {
  it("answer as every other route does, naming neither the query nor the client", async () => {
    const other = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth });
    expect(other.statusCode).toBeGreaterThanOrEqual(500);
    for (const [url, payload] of [
      ["/api/auth/login", { email: "someone@example.test", password: "whatever1" }],
      ["/api/auth/forgot-password", { email: "someone@example.test" }],
      [
        "/api/auth/register",
        { email: "new@example.test", password: "whatever1", firstName: "N", lastName: "W" },
      ],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url, payload, remoteAddress: CLIENT });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: other.statusCode,
        body: other.json(),
      });
      expect(res.body).not.toContain(CLIENT);
    }
  });
});
