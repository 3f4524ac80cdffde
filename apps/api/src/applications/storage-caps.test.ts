import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, documents } from "../db/schema.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { multipartFile } from "../test/multipart.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Small caps, so the test reaches them quickly; the defaults are in config.ts.
let t: TestApp;
let meetingId: string;
beforeAll(async () => {
  t = await createTestApp({ maxApplicationsPerUser: 2, maxDocumentBytesPerApplication: 1024 * 1024 });
  meetingId = (await buildMeeting(t.app)).id;
});
afterAll(() => t.close());

const pdf = (bytes: number) => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(bytes - 9, 1)]);
const upload = (id: string, headers: object, data: Buffer) => {
  const body = multipartFile({ filename: "scan.pdf", data });
  return t.app.inject({
    method: "POST",
    url: `/api/upload/${id}`,
    headers: { ...(headers as Record<string, string>), ...body.headers },
    payload: body.payload,
  });
};

describe("storage caps", () => {
  it("refuses an account's application beyond the cap with a clear 409, creating nothing", async () => {
    const { user, auth } = await buildUser(t.app);
    const create = () =>
      t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: auth,
        payload: applicationPayload(meetingId),
      });
    expect((await create()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(201);
    const third = await create();
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      "An account can have at most 2 applications. Delete one you no longer need first.",
    );
    const [owned] = await t.app.ctx.db
      .select({ n: count() })
      .from(applications)
      .where(eq(applications.userId, user.id));
    expect(owned?.n).toBe(2);
  });

  it("refuses a document that would take an application's documents past the byte cap", async () => {
    const owner = await buildUser(t.app);
    const app = await buildApplication(t.app, { meetingId, userId: owner.user.id });
    expect((await upload(app.id, owner.auth, pdf(600 * 1024))).statusCode).toBe(201);
    const over = await upload(app.id, owner.auth, pdf(500 * 1024));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/^The documents of one application may total at most 1 MB/);
    expect((await upload(app.id, owner.auth, pdf(400 * 1024))).statusCode).toBe(201);
    const stored = await t.app.ctx.db.select().from(documents).where(eq(documents.applicationId, app.id));
    expect(stored.map((d) => d.size).sort()).toEqual([400 * 1024, 600 * 1024]);
  });
});
