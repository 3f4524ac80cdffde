import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("answers given before routing", () => {
  it.each([
    ["/api/applications/%E0%A4%A", 400],
    [`/api/applications/${"a".repeat(300)}`, 414],
  ])("%s answers %i with a message and the security headers", async (url, status) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message).toBe("string");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });
});
