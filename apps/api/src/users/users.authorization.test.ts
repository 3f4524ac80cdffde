import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema.js";
import { buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
const auth: Record<"anonymous" | "user" | "admin", Record<string, string>> = {
  anonymous: {},
  user: {},
  admin: {},
};
let selfId = "";
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.app);
  selfId = user.user.id;
  auth.user = user.auth;
  auth.admin = (await buildUser(t.app, { isAdmin: true })).auth;
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
interface Row {
  route: string;
  method: Method;
  /** The path, given a fresh plain user who is the target. */
  url: (targetId: string) => string;
  body?: () => object;
  /** Answer for an admin (anonymous is always 401, a plain user always 403). */
  admin: number;
}

const rows: Row[] = [
  { route: "GET /api/users", method: "GET", url: () => "/api/users", admin: 200 },
  {
    route: "POST /api/users",
    method: "POST",
    url: () => "/api/users",
    body: () => ({
      email: `new-${Math.random().toString(36).slice(2)}@example.test`,
      password: "abcdef",
      firstName: "N",
      lastName: "U",
    }),
    admin: 201,
  },
  {
    route: "PUT /api/users/:id",
    method: "PUT",
    url: (id) => `/api/users/${id}`,
    body: () => ({
      firstName: "Changed",
      lastName: "Name",
      email: `c-${Math.random().toString(36).slice(2)}@example.test`,
    }),
    admin: 200,
  },
  {
    route: "PUT /api/users/:id/role",
    method: "PUT",
    url: (id) => `/api/users/${id}/role`,
    body: () => ({ isAdmin: true }),
    admin: 200,
  },
  {
    route: "PUT /api/users/:id/password",
    method: "PUT",
    url: (id) => `/api/users/${id}/password`,
    body: () => ({ password: "changed-pw" }),
    admin: 200,
  },
  { route: "DELETE /api/users/:id", method: "DELETE", url: (id) => `/api/users/${id}`, admin: 200 },
];

const as = (who: keyof typeof auth, row: Row, targetId: string) =>
  t.app.inject({ method: row.method, url: row.url(targetId), headers: auth[who], payload: row.body?.() });

describe.each(rows)("$route", (row) => {
  it("anonymous: 401 with the session message", async () => {
    const { user } = await buildUser(t.app);
    const res = await as("anonymous", row, user.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Session expired. Please log in again.");
  });

  it("a plain user acting on another user: 403, and nothing changes", async () => {
    const { user } = await buildUser(t.app, { firstName: "Untouched" });
    const res = await as("user", row, user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Admin access required");
    const [after] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ firstName: "Untouched", isAdmin: false, passwordHash: user.passwordHash });
  });

  it("a plain user acting on their own account: 403 (they use their own account routes)", async () => {
    const res = await as("user", row, selfId);
    expect(res.statusCode).toBe(403);
  });

  it(`admin: ${row.admin}`, async () => {
    const { user } = await buildUser(t.app);
    const res = await as("admin", row, user.id);
    expect(res.statusCode).toBe(row.admin);
  });
});
