import { CREATES_PER_HOUR } from "@visa/domain";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

let t: TestApp;
withAppAndAdmin((app) => {
  t = app;
});

let meetingId: string;
beforeAll(async () => {
  meetingId = (await buildMeeting(t.app)).id;
});

const create = (auth: Record<string, string>, over: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: auth,
    payload: applicationPayload(meetingId, over),
  });
const owned = async (userId: string) =>
  (await t.app.ctx.db.select({ n: count() }).from(applications).where(eq(applications.userId, userId)))[0]?.n;

describe("creating applications, per account", () => {
  it(`allows ${CREATES_PER_HOUR} an hour, then answers 429 with a wait and stores nothing`, async () => {
    expect(CREATES_PER_HOUR).toBe(20);
    const busy = await buildUser(t.app);
    for (let i = 0; i < CREATES_PER_HOUR; i++) expect((await create(busy.auth)).statusCode).toBe(201);
    const refused = await create(busy.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "You have created many applications in a short time. Please try again later.",
    );
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await owned(busy.user.id)).toBe(CREATES_PER_HOUR);

    // Another account is not held back by this one.
    const other = await buildUser(t.app);
    expect((await create(other.auth)).statusCode).toBe(201);
  });

  it("counts only applications actually created, not refused requests", async () => {
    const careless = await buildUser(t.app);
    for (let i = 0; i < 5; i++) expect((await create(careless.auth, { city: "" })).statusCode).toBe(400);
    for (let i = 0; i < CREATES_PER_HOUR; i++) expect((await create(careless.auth)).statusCode).toBe(201);
    expect((await create(careless.auth)).statusCode).toBe(429);
  });
});
