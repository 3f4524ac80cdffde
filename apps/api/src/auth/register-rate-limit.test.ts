import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 2 });
});
afterAll(() => t.close());

describe("registration and password change are rate limited per client", () => {
  it("allows three times the auth limit of registrations a minute, then 429 creating nothing", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email: `bulk${i}@example.test`, password: "abcdef", firstName: "B", lastName: "K" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "bulk6@example.test", password: "abcdef" },
    });
    expect(login.json().message).toBe("User not found");
  });

  it("limits password changes of a signed-in client", async () => {
    const { auth } = await buildUser(t.app);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/change-password",
        headers: auth,
        payload: { currentPassword, newPassword: "whatever1" },
      });
    expect((await change("wrong-one")).statusCode).toBe(400);
    expect((await change("wrong-two")).statusCode).toBe(400);
    const third = await change(FACTORY_PASSWORD);
    expect(third.statusCode).toBe(429);
  });
});
