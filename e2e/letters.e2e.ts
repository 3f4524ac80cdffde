import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ApiSession, apiCall, type MeetingDto, newAccount, uniqueTag } from "./support/api";
import { announcedMessage, expectAccessible, onScreen, openSignedIn, waitForMail } from "./support/browser";
import { field } from "./support/forms";
import { journey, seedRequests } from "./support/journey";
import { mailAttachments, mailsTo } from "./support/mail";
import { isPdf, pdfText } from "./support/pdf";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");

interface OrganisationSettings {
  name: string;
  address: string;
  signatoryName: string;
  signatoryTitle: string;
  paperSize: string;
}

/** The letter's verification link as printed on it (pdftotext may break a long line). */
function verificationUrl(text: string): string {
  const match = /(https?:\/\/\S+\/verify\/)\s*(VL(?:-\s*[0-9A-Z]{4}){4})/.exec(text);
  expect(match, `a verification link in the letter:\n${text}`).not.toBeNull();
  return `${match?.[1]}${match?.[2]?.replace(/\s+/g, "")}`;
}

describe("letters journey", () => {
  const j = journey(baseURL);
  const openPage = (name: string) => j.openPage(name);
  let adminSession: ApiSession;
  let applicantSession: ApiSession;
  let meeting: MeetingDto;
  let applicationId: string;
  let original: OrganisationSettings;
  const tag = uniqueTag();
  const account = newAccount("Inês", "Carvalho");
  const organisationName = `Société des Normes ${tag}`;
  const signatoryName = `Đorđe Petrović ${tag}`;
  const letterSubject = () => new RegExp(`Subject: Your visa invitation letter for ${meeting.name}`);

  beforeAll(async () => {
    adminSession = j.admin;
    original = await apiCall<OrganisationSettings>(baseURL, "GET", "/api/letters/organisation", {
      token: adminSession.token,
    });
    const seeded = await seedRequests(baseURL, adminSession.token, `Letters Plenary ${tag}`, account);
    meeting = seeded.meeting;
    applicantSession = seeded.applicant;
    applicationId = seeded.requests[0]?.id ?? "";
  });

  afterAll(async () => {
    // The organisation is the whole server's: leave it as the other journeys found it.
    if (original && adminSession) {
      const { name, address, signatoryName, signatoryTitle, paperSize } = original;
      await apiCall(baseURL, "PUT", "/api/letters/organisation", {
        token: adminSession.token,
        body: { name, address, signatoryName, signatoryTitle, paperSize },
      });
    }
  });

  it("edits the letterhead, issues a letter with it, verifies it, resends it and sees it revoked", async () => {
    // Admin → Letters: a new organisation name and signatory, saved, then a preview.
    const admin = await openPage("letters-admin");
    await openSignedIn(admin.page, adminSession, "/admin");
    await admin.page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Letters" })
      .click();
    await admin.page.waitForURL((u) => u.pathname === "/admin/letters");
    await admin.page.getByRole("heading", { name: "Letters", exact: true }).waitFor();
    const orgName = field(admin.page, "Organisation name");
    await expect.poll(() => orgName.inputValue()).toBe(original.name);
    await expectAccessible(admin.page, "letter settings");
    await orgName.fill(organisationName);
    await field(admin.page, "Signatory name").fill(signatoryName);
    await field(admin.page, "Signatory title").fill("Secretary General");
    await admin.page.getByRole("button", { name: "Save details" }).click();
    await announcedMessage(admin.page, "polite", "Organisation details saved");
    await expectAccessible(admin.page, "letter settings after saving");

    await field(admin.page, "Meeting").selectOption(meeting._id);
    // The page shows the PDF from a blob URL the CSP lets nothing fetch, and Chromium keeps no
    // body for it: the journey reads the server's answer as it passes to the page.
    let preview: Buffer = Buffer.alloc(0);
    await admin.page.route("**/api/letters/preview", async (route) => {
      const response = await route.fetch();
      preview = await response.body();
      await route.fulfill({ response });
    });
    await admin.page.getByRole("button", { name: "Preview PDF" }).click();
    await admin.page.getByTitle("Letter preview").waitFor();
    await admin.page.getByRole("link", { name: "Open the preview in a new tab" }).waitFor();
    await admin.page.unroute("**/api/letters/preview");
    expect(isPdf(preview)).toBe(true);
    const previewText = pdfText(preview);
    expect(previewText).toContain(organisationName);
    expect(previewText).toContain(signatoryName);
    expect(previewText).toContain(meeting.name);
    await expectAccessible(admin.page, "letter settings with a preview");

    // Mail about applications goes only to a verified address: the applicant uses the mailed link.
    const verification = await waitForMail(dataDir, account.email, /verify-email\//);
    const link = /https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]{43}/.exec(verification)?.[0];
    expect(link, `a verification link in:\n${verification}`).toBeTruthy();
    const { page } = await openPage("letters-verify-email");
    await page.goto(new URL(link ?? "", baseURL).pathname);
    await onScreen(page).getByText("Your e-mail address is verified.").waitFor();
    await apiCall(baseURL, "PUT", `/api/applications/${applicationId}`, {
      token: adminSession.token,
      body: { status: "Approved" },
    });

    // Approved after the letterhead changed, so its letter carries it; the approval's own letter
    // mail first, so the resend below is told apart from it by count.
    await waitForMail(dataDir, account.email, letterSubject());

    // The applicant downloads the letter from the dashboard: the new letterhead, their name.
    const applicant = await openPage("letters-applicant");
    await openSignedIn(applicant.page, applicantSession, "/");
    const row = applicant.page.getByRole("row").filter({ hasText: meeting.name });
    await row.getByText("Approved", { exact: true }).waitFor();
    await row.getByRole("button", { name: /Actions for Inês Carvalho/ }).click();
    await applicant.page.getByRole("menuitem", { name: "Download Visa Letter" }).waitFor();
    await expectAccessible(applicant.page, "dashboard row menu with the letter");
    const [download] = await Promise.all([
      applicant.page.waitForEvent("download"),
      applicant.page.getByRole("menuitem", { name: "Download Visa Letter" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("visa-request-letter-Inês-Carvalho.pdf");
    const letter = readFileSync(await download.path());
    expect(isPdf(letter)).toBe(true);
    const letterText = pdfText(letter);
    expect(letterText).toContain(organisationName);
    expect(letterText).toContain(signatoryName);
    expect(letterText).toContain("Inês Carvalho");
    expect(letterText).toContain(meeting.name);
    const verifyUrl = verificationUrl(letterText);
    expect(new URL(verifyUrl).origin).toBe(new URL(baseURL).origin);
    expect(applicant.errors).toEqual([]);

    // A consular officer, signed out, follows the link: the applicant, the meeting, valid.
    const officer = await openPage("letters-officer");
    await officer.page.goto(verifyUrl);
    await officer.page.getByRole("heading", { name: "Visa letter verification" }).waitFor();
    const verdict = await announcedMessage(officer.page, "polite", /This letter/);
    await expect.poll(() => verdict.textContent()).toBe("This letter is valid.");
    await onScreen(officer.page).getByText("Inês Carvalho", { exact: true }).waitFor();
    await onScreen(officer.page).getByText(meeting.name, { exact: true }).waitFor();
    expect(new URL(officer.page.url()).pathname).toBe(new URL(verifyUrl).pathname);
    await expectAccessible(officer.page, "verification of a valid letter");

    // While approved, the admin resends the letter from the application's details.
    const before = mailsTo(dataDir, account.email, letterSubject()).length;
    await admin.page.goto(`/admin/applications/${applicationId}`);
    await onScreen(admin.page).getByText("This application has been approved.").waitFor();
    await expectAccessible(admin.page, "admin application details, approved");
    await admin.page.getByRole("button", { name: "Resend letter by e-mail" }).click();
    await announcedMessage(admin.page, "polite", `The letter will be e-mailed to ${account.email}`);
    await expect
      .poll(() => mailsTo(dataDir, account.email, letterSubject()).length, {
        timeout: 15_000,
        message: "the resent letter in the outbox",
      })
      .toBe(before + 1);
    const [resent] = mailsTo(dataDir, account.email, letterSubject());
    const attachments = mailAttachments(resent?.raw ?? "", "application/pdf");
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.filename).toBe("visa-request-letter-Inês-Carvalho.pdf");
    const attached = attachments[0]?.content ?? Buffer.alloc(0);
    expect(isPdf(attached)).toBe(true);
    // An issued letter never changes: the mail carries the very bytes the applicant downloaded.
    expect(attached.equals(letter)).toBe(true);
    expect(verificationUrl(pdfText(attached))).toBe(verifyUrl);
    await expectAccessible(admin.page, "admin application details after resending");
    expect(admin.errors).toEqual([]);

    // Rejected: the same link now says the letter is revoked, when and why.
    await apiCall(baseURL, "PUT", `/api/applications/${applicationId}`, {
      token: adminSession.token,
      body: { status: "Rejected" },
    });
    await officer.page.reload();
    await expect
      .poll(() => verdict.textContent())
      .toMatch(
        /^This letter was revoked on \w+ \d+, \d{4} and is no longer valid\. The request was rejected\.$/,
      );
    await onScreen(officer.page).getByText("Inês Carvalho", { exact: true }).waitFor();
    await expectAccessible(officer.page, "verification of a revoked letter");
    expect(officer.errors).toEqual([]);
  });
});
