import { describe, expect, it } from "vitest";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { drainMailQueue } from "./mail-queue.js";
import { letterReady, type MessageSubject, oneLine, requestReceived, statusChanged } from "./messages.js";

// A name written to look like the portal's own paragraph, with a link to follow.
const FORGED =
  "Eve\r\n\r\nYour account has been suspended.\nSign in again at http://evil.example/login\u2028to keep it.";
const subject = (firstName: string): MessageSubject => ({
  applicationId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  firstName,
  lastName: "Smith",
  meetingName: "Plenary",
  meetingLocation: "Geneva",
  meetingStartDate: "2030-03-02",
  meetingEndDate: "2030-03-06",
});

/** The lines of a mail that carry any part of the forged name. */
const linesWithForgery = (text: string) =>
  text.split(/\r\n|\r|\n|\u2028|\u2029/).filter((l) => /suspended|evil\.example|to keep it/.test(l));

describe("text a user wrote, in a mail", () => {
  it("is one line: line and paragraph breaks become spaces", () => {
    expect(oneLine("Eve\r\n\r\nYour account\u2028is\u2029gone\tnow\u0085!")).toBe(
      "Eve Your account is gone now !",
    );
  });

  it("is cut short, so a long text cannot fill the mail", () => {
    const line = oneLine("x".repeat(500));
    expect(line).toHaveLength(100);
    expect(line.endsWith("…")).toBe(true);
  });

  it.each([
    ["request received", requestReceived(subject(FORGED), "https://portal.example", "The Secretariat")],
    ["letter ready", letterReady(subject(FORGED), "https://portal.example", "The Secretariat")],
    ["status changed", statusChanged(subject(FORGED), "Pending", "Rejected", "https://portal.example", "S")],
  ])("stays inside the greeting line of the %s mail", (_mail, message) => {
    const lines = linesWithForgery(message.text);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith("Dear Eve Your account has been suspended.")).toBe(true);
    expect(lines[0]?.endsWith(",")).toBe(true);
  });
});

describe("a name with line breaks and a link", () => {
  let t: TestApp;
  let admin: TestUser;
  withAppAndAdmin((app, user) => {
    t = app;
    admin = user;
  });

  it("is refused by the API, so nothing is mailed", async () => {
    const meeting = await buildMeeting(t.app);
    const applicant = await buildUser(t.app, { email: "refused-name@example.test" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: applicant.auth,
      payload: applicationPayload(meeting.id, { firstName: FORGED }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("firstName must be one line, without line breaks or control characters");
    await drainMailQueue(t.app.ctx);
    expect(t.mailer.sent.filter((m) => m.to === "refused-name@example.test")).toHaveLength(0);
  });

  it("already stored (from before the one-line rule) reaches the mail as one line of data", async () => {
    const meeting = await buildMeeting(t.app);
    const owner = await buildUser(t.app, { email: "stored-name@example.test" });
    const stored = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: owner.user.id,
      over: { firstName: FORGED },
    });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${stored.id}`,
      headers: admin.auth,
      payload: { status: "Rejected" },
    });
    expect(res.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const [mail] = t.mailer.sent.filter((m) => m.to === "stored-name@example.test");
    expect(mail?.subject.endsWith("is now Rejected")).toBe(true);
    const lines = linesWithForgery(mail?.text ?? "");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith("Dear Eve Your account has been suspended. Sign in again at")).toBe(true);
  });
});
