import { describe, expect, it } from "vitest";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildMeeting } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const send = (method: "POST" | "PUT", url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: admin.auth, payload });
const meeting = (over: Record<string, unknown>) => ({
  name: "Plenary",
  location: "Geneva",
  startDate: "2030-03-02",
  endDate: "2030-03-06",
  ...over,
});

// What a letter prints besides the applicant: the meeting, the letterhead and the template.
describe("admin texts a letter prints", () => {
  it("a meeting's name or location in a script the letter cannot print is refused", async () => {
    const res = await send("POST", "/api/meetings", meeting({ name: "東京総会" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "name has characters the letter cannot print (東 京 総 会): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
    );
    const stored = await buildMeeting(t.app);
    const edit = await send("PUT", `/api/meetings/${stored.id}`, meeting({ location: "서울" }));
    expect(edit.json().message).toMatch(/^location has characters the letter cannot print \(서 울\)/);
    expect(
      (await send("POST", "/api/meetings", meeting({ name: "Réunion plénière — Genève" }))).statusCode,
    ).toBe(201);
  });

  it("the organisation's letterhead in another script is refused; accents and line breaks are kept", async () => {
    const letterhead = {
      name: "Société",
      address: "1 rue\nGenève",
      signatoryName: "Ana",
      signatoryTitle: "",
      paperSize: "A4",
    };
    expect(
      (await send("PUT", "/api/letters/organisation", { ...letterhead, signatoryName: "สมชาย" })).json()
        .message,
    ).toMatch(/^signatoryName has characters the letter cannot print/);
    expect((await send("PUT", "/api/letters/organisation", letterhead)).statusCode).toBe(200);
  });

  it("a template in another script is refused; its line breaks are layout, not characters", async () => {
    const stored = await buildMeeting(t.app);
    const url = `/api/letters/templates/${stored.id}`;
    const refused = await send("PUT", url, {
      addressee: "To whom it may concern",
      body: "שלום {{fullName}}",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^body has characters the letter cannot print \(ש ל ו ם\)/);
    const kept = await send("PUT", url, {
      addressee: "Madame, Monsieur",
      body: "Dear {{fullName}},\r\n\r\n\tWelcome.",
    });
    expect(kept.statusCode).toBe(200);
  });
});
