import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
const auth: Record<"anonymous" | "user" | "admin", Record<string, string>> = {
  anonymous: {},
  user: {},
  admin: {},
};
beforeAll(async () => {
  t = await createTestApp();
  auth.user = (await buildUser(t.app)).auth;
  auth.admin = (await buildUser(t.app, { isAdmin: true })).auth;
});
afterAll(() => t.close());

const body = () => ({
  name: `Meeting ${Math.random().toString(36).slice(2)}`,
  location: "Seoul",
  startDate: "2031-01-10",
  endDate: "2031-01-14",
  isActive: true,
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const rows: {
  route: string;
  method: Method;
  url: (id: string) => string;
  body?: () => object;
  user: number;
  admin: number;
}[] = [
  { route: "GET /api/meetings", method: "GET", url: () => "/api/meetings", user: 200, admin: 200 },
  {
    route: "GET /api/meetings/active",
    method: "GET",
    url: () => "/api/meetings/active",
    user: 200,
    admin: 200,
  },
  { route: "POST /api/meetings", method: "POST", url: () => "/api/meetings", body, user: 403, admin: 201 },
  {
    route: "PUT /api/meetings/:id",
    method: "PUT",
    url: (id) => `/api/meetings/${id}`,
    body,
    user: 403,
    admin: 200,
  },
  {
    route: "DELETE /api/meetings/:id",
    method: "DELETE",
    url: (id) => `/api/meetings/${id}`,
    user: 403,
    admin: 200,
  },
];

describe.each(rows)("$route", (row) => {
  it.each([
    ["anonymous", 401],
    ["user", row.user],
    ["admin", row.admin],
  ] as const)("%s: %i", async (who, status) => {
    const meeting = await buildMeeting(t.app, { location: "Before" });
    const res = await t.app.inject({
      method: row.method,
      url: row.url(meeting.id),
      headers: auth[who],
      payload: row.body?.(),
    });
    expect(res.statusCode).toBe(status);
    if (status >= 400) {
      // A refused change leaves the meeting as it was.
      const list = (await t.app.inject({ method: "GET", url: "/api/meetings", headers: auth.admin })).json();
      expect(list.find((m: { _id: string }) => m._id === meeting.id)?.location).toBe("Before");
    }
  });
});
