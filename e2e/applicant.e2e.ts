import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  ApiCallError,
  type ApiSession,
  apiCall,
  apiCreateMeeting,
  type MeetingDto,
  newAccount,
  uniqueTag,
} from "./support/api";
import {
  expectAccessible,
  onScreen,
  openSignedIn,
  screenshotOnFailure,
  storedToken,
} from "./support/browser";
import { field, fillApplicationForm, nextAlert } from "./support/forms";
import { journey } from "./support/journey";

const baseURL = inject("baseURL");

describe("applicant journey", () => {
  const j = journey(baseURL);
  const openPage = () => j.openPage();
  let meeting: MeetingDto;
  let adminSession: ApiSession;

  beforeAll(async () => {
    adminSession = j.admin;
    meeting = await apiCreateMeeting(baseURL, adminSession.token, `Applicant Plenary ${uniqueTag()}`);
  });

  it("registers, applies, edits while pending, and downloads the letter once an admin approves", async () => {
    const account = newAccount("Ana", "Pereira");
    const { page, errors } = await openPage();
    screenshotOnFailure(page, "applicant-user");

    // Register: the new-account notice, five fields, straight to the dashboard.
    await page.goto("/register");
    await onScreen(page).getByText("you need to create a new account on this site").waitFor();
    await expectAccessible(page, "register");
    await field(page, "First Name").fill(account.firstName);
    await field(page, "Last Name").fill(account.lastName);
    await field(page, "Email").fill(account.email);
    await field(page, "Password").fill(account.password);
    await field(page, "Confirm Password").fill(account.password);
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("heading", { name: "Welcome, Ana!" }).waitFor();
    await onScreen(page).getByText("No applications yet").waitFor();
    await expectAccessible(page, "empty dashboard");

    // Apply for the active meeting the admin created.
    await page.getByRole("link", { name: "Create New Application" }).click();
    await page.waitForURL((u) => u.pathname === "/applications/new");
    await page.getByRole("heading", { name: "Visa Application" }).waitFor();
    await field(page, "Meeting").waitFor();
    // Name and e-mail come pre-filled from the account.
    await expect.poll(() => field(page, "Email").inputValue()).toBe(account.email);
    expect(await field(page, "Last Name").inputValue()).toBe(account.lastName);
    await expectAccessible(page, "new application form");
    await fillApplicationForm(page, {
      meetingId: meeting._id,
      passportNumber: `BR${uniqueTag().toUpperCase()}`,
      position: "Engineer",
    });
    const submitted = nextAlert(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect(await submitted).toBe("Application submitted successfully!");
    await page.waitForURL((u) => u.pathname === "/");

    // Pending on the dashboard.
    const row = page.getByRole("row").filter({ hasText: meeting.name });
    await row.waitFor();
    expect(await row.getByRole("cell").allTextContents()).toEqual(
      expect.arrayContaining([meeting.name, "Ana Pereira", "Pending"]),
    );
    expect(await row.getAttribute("data-status")).toBe("pending");
    await expectAccessible(page, "dashboard with a pending application");

    // Details, then edit and save one field.
    await row.getByRole("button", { name: /Actions for Ana Pereira/ }).click();
    await page.getByRole("menuitem", { name: "View Details" }).waitFor();
    // No letter before approval.
    expect(await page.getByRole("menuitem", { name: "Download Visa Letter" }).count()).toBe(0);
    await expectAccessible(page, "dashboard row actions menu");
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
    const applicationId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByRole("heading", { name: "Application Details" }).waitFor();
    await onScreen(page).getByText("Engineer", { exact: true }).waitFor();
    // Calendar days in US format, never shifted by the browser's time zone (Los Angeles here).
    await onScreen(page).getByText("01/31/1990", { exact: true }).waitFor();
    await expectAccessible(page, "application details");
    await page.getByRole("button", { name: "Edit" }).click();
    const position = field(page, "Position");
    expect(await position.inputValue()).toBe("Engineer");
    await expectAccessible(page, "application edit form");
    await position.fill("Senior Engineer");
    await page.getByRole("button", { name: "Save" }).click();
    await onScreen(page).getByText("Application updated successfully").waitFor();
    await onScreen(page).getByText("Senior Engineer", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Edit" }).isVisible()).toBe(true);
    await expectAccessible(page, "application details after saving");

    // The admin approves it in the admin detail view.
    const admin = await openPage();
    screenshotOnFailure(admin.page, "applicant-admin");
    await openSignedIn(admin.page, adminSession, "/admin");
    await admin.page.getByRole("button", { name: meeting.name, exact: true }).click();
    const adminRow = admin.page.getByRole("row").filter({ hasText: account.email });
    await adminRow.waitFor();
    await expectAccessible(admin.page, "admin applications list");
    await adminRow.getByRole("button", { name: "Actions for Ana Pereira" }).click();
    await admin.page.getByRole("menuitem", { name: "View" }).click();
    await admin.page.waitForURL((u) => u.pathname === `/admin/applications/${applicationId}`);
    await onScreen(admin.page).getByText("Senior Engineer", { exact: true }).waitFor();
    await expectAccessible(admin.page, "admin application details");
    await admin.page.getByRole("button", { name: "Edit" }).click();
    await field(admin.page, "Status").selectOption("Approved");
    await expectAccessible(admin.page, "admin application edit form");
    await admin.page.getByRole("button", { name: "Save" }).click();
    await onScreen(admin.page).getByText("Application updated successfully").waitFor();
    await onScreen(admin.page).getByText("This application has been approved.").waitFor();
    expect(admin.errors).toEqual([]);

    // Back to the applicant: approved, no Edit any more, and the server refuses an edit too.
    await page.reload();
    await onScreen(page).getByText("This application has been approved.").waitFor();
    expect(await page.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await expectAccessible(page, "approved application details");
    const token = await storedToken(page);
    const refused = await apiCall(baseURL, "PUT", `/api/applications/${applicationId}`, {
      token: token ?? "",
      body: { position: "Chief Engineer" },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiCallError);
    expect((refused as ApiCallError).status).toBe(403);

    // The letter: a real PDF under the name the spec gives.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Visa Letter" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("visa-request-letter-Ana-Pereira.pdf");
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await page.getByRole("button", { name: "Download Visa Letter" }).waitFor();

    // The dashboard shows it approved, with the download in the row's menu.
    await page.getByRole("link", { name: "Dashboard" }).click();
    const approvedRow = page.getByRole("row").filter({ hasText: meeting.name });
    await approvedRow.getByText("Approved", { exact: true }).waitFor();
    expect(await approvedRow.getAttribute("data-status")).toBe("approved");
    await approvedRow.getByRole("button", { name: /Actions for Ana Pereira/ }).click();
    await page.getByRole("menuitem", { name: "Download Visa Letter" }).waitFor();
    await expectAccessible(page, "dashboard with an approved application");
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
  });
});
