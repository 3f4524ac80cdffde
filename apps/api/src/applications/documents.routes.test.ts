import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../db/schema.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { multipartFile } from "../test/multipart.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
let meetingId: string;
beforeAll(async () => {
  t = await createTestApp();
  meetingId = (await buildMeeting(t.app)).id;
});
afterAll(() => t.close());

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(100, 1)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(50, 2),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(50, 3)]);

const upload = (id: string, headers: object, file: Parameters<typeof multipartFile>[0]) => {
  const body = multipartFile(file);
  return t.app.inject({
    method: "POST",
    url: `/api/upload/${id}`,
    headers: { ...(headers as Record<string, string>), ...body.headers },
    payload: body.payload,
  });
};
const docsOf = (applicationId: string) =>
  t.app.ctx.db.select().from(documents).where(eq(documents.applicationId, applicationId));

async function ownApplication(status: "Pending" | "Approved" | "Rejected" = "Pending") {
  const owner = await buildUser(t.app);
  const app = await buildApplication(t.app, { meetingId, userId: owner.user.id, over: { status } });
  return { owner, app };
}

describe("uploads", () => {
  it("stores PDF, JPEG and PNG by their content, whatever type was declared", async () => {
    const { owner, app } = await ownApplication();
    const cases: Array<[Buffer, string, string]> = [
      [PDF, "passport.pdf", "application/pdf"],
      [JPEG, "photo.jpeg", "image/jpeg"],
      [PNG, "scan.pdf", "image/png"],
    ];
    for (const [data, filename, type] of cases) {
      const res = await upload(app.id, owner.auth, { filename, data, contentType: "text/plain" });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ contentType: type, size: data.length });
    }
    const stored = await docsOf(app.id);
    expect(stored.map((d) => d.filename).sort()).toEqual(["passport.pdf", "photo.jpeg", "scan.pdf.png"]);
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/applications/${app.id}`,
      headers: owner.auth,
    });
    const listed = detail.json().additionalDocumentation;
    expect(listed).toHaveLength(3);
    expect(listed[0].url).toBe(`/api/applications/${app.id}/documents/${listed[0]._id}`);
    expect(listed[0]).not.toHaveProperty("data");
  });

  it("refuses other content, empty files and a wrong field, storing nothing", async () => {
    const { owner, app } = await ownApplication();
    const html = await upload(app.id, owner.auth, {
      filename: "x.pdf",
      contentType: "application/pdf",
      data: "<html><script>alert(1)</script></html>",
    });
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe("Only PDF, JPEG and PNG files can be uploaded");
    const empty = await upload(app.id, owner.auth, { filename: "x.pdf", data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const field = await upload(app.id, owner.auth, { field: "document", filename: "x.pdf", data: PDF });
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toBe('The file must be sent in the form field "file"');
    const json = await t.app.inject({
      method: "POST",
      url: `/api/upload/${app.id}`,
      headers: owner.auth,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
    expect(await docsOf(app.id)).toHaveLength(0);
  });

  it("refuses a file over 10 MB with 413, saying how large it is", async () => {
    const { owner, app } = await ownApplication();
    const big = Buffer.concat([PDF, Buffer.alloc(15 * 1024 * 1024 - PDF.length)]);
    const res = await upload(app.id, owner.auth, { filename: "big.pdf", data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file must be at most 10 MB; this one is 15 MB");
    const barely = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const over = await upload(app.id, owner.auth, { filename: "scan.pdf", data: barely });
    expect(over.json().message).toBe("The file must be at most 10 MB; this one is 10.1 MB");
    expect(await docsOf(app.id)).toHaveLength(0);
  });

  it("sanitises the file name and downloads with the stored type and an RFC 5987 name", async () => {
    const { owner, app } = await ownApplication();
    const res = await upload(app.id, owner.auth, {
      filename: "..\\..\\.Paß:Nguyễn*?<x>;\u0007.pdf",
      data: PDF,
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.filename).toBe("Paß_Nguyễn___x_;_.pdf");
    const dl = await t.app.inject({ method: "GET", url: doc.url, headers: owner.auth });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers["content-type"]).toBe("application/pdf");
    expect(dl.headers["content-disposition"]).toBe(
      `attachment; filename="Pa__Nguyen___x___.pdf"; filename*=UTF-8''Pa%C3%9F_Nguy%E1%BB%85n___x_%3B_.pdf`,
    );
    expect(dl.rawPayload.equals(PDF)).toBe(true);
  });

  it("removes direction-changing and zero-width characters from the file name", async () => {
    const { owner, app } = await ownApplication();
    const res = await upload(app.id, owner.auth, { filename: "invoice\u202Efdp.exe\u200B.pdf", data: PDF });
    expect(res.statusCode).toBe(201);
    expect(res.json().filename).toBe("invoicefdp.exe.pdf");
  });

  it("lets the owner add documents until rejection; admins always; strangers never", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const stranger = await buildUser(t.app);
    const approved = await ownApplication("Approved");
    expect(
      (await upload(approved.app.id, approved.owner.auth, { filename: "a.pdf", data: PDF })).statusCode,
    ).toBe(201);
    const rejected = await ownApplication("Rejected");
    const refused = await upload(rejected.app.id, rejected.owner.auth, { filename: "a.pdf", data: PDF });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Documents cannot be added to a rejected application");
    expect((await upload(rejected.app.id, admin.auth, { filename: "a.pdf", data: PDF })).statusCode).toBe(
      201,
    );
    const hidden = await upload(approved.app.id, stranger.auth, { filename: "a.pdf", data: PDF });
    expect(hidden.statusCode).toBe(404);
    const anon = await upload(approved.app.id, {}, { filename: "a.pdf", data: PDF });
    expect(anon.statusCode).toBe(401);
    expect(await docsOf(approved.app.id)).toHaveLength(1);
  });
});

describe("document download and removal", () => {
  it("serves a document only to its owner or an admin, and only under its own application", async () => {
    const { owner, app } = await ownApplication();
    const admin = await buildUser(t.app, { isAdmin: true });
    const stranger = await buildUser(t.app);
    const other = await ownApplication();
    const doc = (await upload(app.id, owner.auth, { filename: "p.pdf", data: PDF })).json();
    const get = (headers: object, url = doc.url) =>
      t.app.inject({ method: "GET", url, headers: headers as Record<string, string> });
    expect((await get(admin.auth)).statusCode).toBe(200);
    expect((await get(stranger.auth)).statusCode).toBe(404);
    expect((await get({})).statusCode).toBe(401);
    const crossed = await get(other.owner.auth, `/api/applications/${other.app.id}/documents/${doc._id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe("Document not found");
  });

  it("lets the owner remove a document while Pending, and an admin always", async () => {
    const { owner, app } = await ownApplication();
    const admin = await buildUser(t.app, { isAdmin: true });
    const first = (await upload(app.id, owner.auth, { filename: "1.pdf", data: PDF })).json();
    const second = (await upload(app.id, owner.auth, { filename: "2.pdf", data: PDF })).json();
    const del = (url: string, headers: object) =>
      t.app.inject({ method: "DELETE", url, headers: headers as Record<string, string> });
    expect((await del(first.url, owner.auth)).statusCode).toBe(200);
    await t.app.inject({
      method: "PUT",
      url: `/api/applications/${app.id}`,
      headers: admin.auth,
      payload: { status: "Approved" },
    });
    const refused = await del(second.url, owner.auth);
    expect(refused.statusCode).toBe(403);
    expect((await docsOf(app.id)).map((d) => d.id)).toEqual([second._id]);
    expect((await del(second.url, admin.auth)).statusCode).toBe(200);
    expect((await del(second.url, admin.auth)).statusCode).toBe(404);
  });
});
