import type { Locator, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { apiCall, apiRegister, applicationBody, dayFromToday, newAccount, uniqueTag } from "./support/api";
import { expectAccessible, onScreen, openSignedIn } from "./support/browser";
import { field, fillApplicationForm } from "./support/forms";
import { journey } from "./support/journey";

// The screens issue 16 added, each checked with axe as a user meets it: the meeting form's
// pick-up and review-time fields, the warnings before sending, the question before leaving a
// form, the status history and the withdraw confirmation.
const baseURL = inject("baseURL");

function dialog(page: Page, name: string): Locator {
  return page.getByRole("dialog", { name });
}

/** Waits for a dialog on screen, read from its title (the dialog element has no box of its own). */
async function dialogShown(page: Page, name: string): Promise<Locator> {
  await dialog(page, name).getByRole("heading", { name }).waitFor();
  return dialog(page, name);
}

describe("issue 16's screens are accessible", () => {
  const j = journey(baseURL);
  let page: Page;
  let errors: string[];
  const meetingName = `Hà Nội Interim ${uniqueTag()}`;
  let meetingId = "";

  async function freshPage(name: string) {
    ({ page, errors } = await j.openPage(name));
  }

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it("the meeting form asks where pick-up is and how long a review takes", async () => {
    await freshPage("screens-meeting-form");
    await openSignedIn(page, j.admin, "/admin/meetings");
    await page.getByRole("button", { name: "Add New Meeting" }).click();
    const form = await dialogShown(page, "Add New Meeting");
    await field(form, "Name").fill(meetingName);
    await field(form, "Start Date").fill(dayFromToday(60));
    await field(form, "End Date").fill(dayFromToday(65));
    await field(form, "Location").fill("Hà Nội, Vietnam");
    await form.getByLabel("Airport pick-up offered").check();
    await field(form, "Pick-up place").waitFor();
    await expectAccessible(page, "meeting form with pick-up offered");

    // Offered without a place: refused beside the field.
    await form.getByRole("button", { name: "Add Meeting" }).click();
    await form.getByText("Pick-up place is required when airport pick-up is offered").waitFor();
    await expectAccessible(page, "meeting form refusing a missing pick-up place");

    await field(form, "Pick-up place").fill("Nội Bài International Airport");
    await field(form, "Expected review time (days)").fill("10");
    await form.getByRole("button", { name: "Add Meeting" }).click();
    await dialog(page, "Add New Meeting").waitFor({ state: "detached" });
    const meetings = await apiCall<
      Array<{ _id: string; name: string; pickUpPlace: string; reviewDays: number }>
    >(baseURL, "GET", "/api/meetings", { token: j.admin.token });
    const saved = meetings.find((m) => m.name === meetingName);
    expect(saved).toMatchObject({ pickUpPlace: "Nội Bài International Airport", reviewDays: 10 });
    meetingId = saved?._id ?? "";
  });

  it("warns before sending the same meeting twice, and asks before leaving the form", async () => {
    expect(meetingId).not.toBe("");
    const account = newAccount("Trần", "Văn Minh");
    const session = await apiRegister(baseURL, account);
    const first = await apiCall<{ passportNumber: string }>(baseURL, "POST", "/api/applications", {
      token: session.token,
      body: applicationBody(meetingId, account),
    });
    await freshPage("screens-new-application");
    await openSignedIn(page, session, "/applications/new");
    await page.getByRole("heading", { name: "Visa Application" }).waitFor();
    // The meeting's own question.
    await field(page, "Meeting").selectOption(meetingId);
    await page.getByLabel("Pick-up at Nội Bài International Airport?").waitFor();

    // Starting from the last application asks before replacing what was typed, and keeps it.
    await field(page, "City").fill("Đà Nẵng");
    await page.getByRole("button", { name: "Start from my last application" }).click();
    const keep = await dialogShown(page, "Keep what you typed?");
    await keep.getByRole("listitem").filter({ hasText: "City" }).waitFor();
    await expectAccessible(page, "question before replacing typed fields");
    await expect
      .poll(() =>
        keep.getByRole("button", { name: "Keep what I typed" }).evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press("Enter");
    await dialog(page, "Keep what you typed?").waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Kept as you typed: City." }).waitFor();
    expect(await field(page, "City").inputValue()).toBe("Đà Nẵng");
    expect(await field(page, "Passport Number").inputValue()).toBe(first.passportNumber);

    // The same passport again for the same meeting: the review desk's warning, before sending.
    await fillApplicationForm(page, {
      meetingId,
      passportNumber: first.passportNumber,
      position: "Engineer",
    });
    await page.getByRole("button", { name: "Submit Application" }).click();
    const warnings = await dialogShown(page, "Please check before sending");
    await expectAccessible(page, "warnings before sending");
    await warnings.getByRole("button", { name: "Go back and check" }).click();
    await dialog(page, "Please check before sending").waitFor({ state: "detached" });

    // Leaving the filled form asks first.
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    const leave = await dialogShown(page, "Leave this page?");
    await leave.getByText("You have changes that are not saved.").waitFor();
    await expectAccessible(page, "question before leaving a form");
    await leave.getByRole("button", { name: "Cancel" }).click();
    await dialog(page, "Leave this page?").waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/applications/new");
    expect(await field(page, "Passport Number").inputValue()).toBe(first.passportNumber);
  });

  it("shows the status history with its reasons, and confirms a withdrawal", async () => {
    expect(meetingId).not.toBe("");
    const account = newAccount("Lê", "Thu Hà");
    const session = await apiRegister(baseURL, account);
    const app = await apiCall<{ _id: string }>(baseURL, "POST", "/api/applications", {
      token: session.token,
      body: applicationBody(meetingId, account),
    });
    // Rejected with a reason, then reopened: two entries the applicant may read.
    const put = (body: Record<string, unknown>) =>
      apiCall(baseURL, "PUT", `/api/applications/${app._id}`, { token: j.admin.token, body });
    await put({ status: "Rejected", reason: "The passport scan cannot be read" });
    await put({ status: "Pending" });

    await freshPage("screens-application-page");
    await openSignedIn(page, session, `/applications/${app._id}`);
    const history = page.getByRole("region", { name: "Status history" });
    await history.getByText("Reason: The passport scan cannot be read").waitFor();
    await history.getByText("Status changed from Rejected to Pending").waitFor();
    await page
      .getByRole("region", { name: "What happens next" })
      .getByText(/10 days/)
      .waitFor();
    await expectAccessible(page, "application page with its status history");

    await page.getByRole("button", { name: "Withdraw Request" }).click();
    const confirm = await dialogShown(page, "Withdraw Request");
    await confirm.getByText(`Withdraw your request for ${meetingName}?`).waitFor();
    await expectAccessible(page, "withdraw confirmation");
    await confirm.getByRole("button", { name: "Withdraw Request" }).click();
    await dialog(page, "Withdraw Request").waitFor({ state: "detached" });
    await onScreen(page).getByText("Withdrawn", { exact: true }).first().waitFor();
    await history.getByText("You withdrew this request", { exact: true }).waitFor();
    await expectAccessible(page, "withdrawn application page");
  });
});
