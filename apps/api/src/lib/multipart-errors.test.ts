import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = (await buildUser(t.app, { isAdmin: true })).auth;
  await buildMeeting(t.app);
});
afterAll(() => t.close());

const CSV_HEADER = "email,lastName,firstName\r\n";

describe("malformed multipart bodies are the client's error", () => {
  it.each([
    [
      "cut short",
      "multipart/form-data; boundary=XyZ",
      `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${CSV_HEADER}`,
    ],
    [
      "wrong boundary",
      "multipart/form-data; boundary=Other",
      `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${CSV_HEADER}\r\n--XyZ--\r\n`,
    ],
    [
      "no boundary",
      "multipart/form-data",
      `--XyZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--XyZ--\r\n`,
    ],
    [
      "malformed part header",
      "multipart/form-data; boundary=XyZ",
      "--XyZ\r\nContent-Disposition\r\n\r\nx\r\n--XyZ--\r\n",
    ],
  ])("import with a body %s answers 4xx with a message", async (_label, contentType, payload) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications/import",
      headers: { ...auth, "content-type": contentType },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe("string");
  });
});
