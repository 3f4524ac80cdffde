import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  ADMIN,
  apiCall,
  apiLogin,
  dayFromToday,
  type ImportPerson,
  importCsv,
  newAccount,
  uniqueTag,
} from "./support/api";
import {
  announcedMessage,
  expectAccessible,
  focusedMessage,
  onScreen,
  screenshotOnFailure,
  submitLogin,
} from "./support/browser";
import { field } from "./support/forms";
import { journey, sharedPage } from "./support/journey";

const baseURL = inject("baseURL");

const FIRST_NAMES = [
  "Amara",
  "Bjorn",
  "Chiara",
  "Dawit",
  "Elif",
  "Farid",
  "Greta",
  "Hiroshi",
  "Ines",
  "Jonas",
  "Kavya",
  "Lars",
  "Mei",
  "Nuno",
  "Olga",
  "Pavel",
  "Quynh",
  "Rania",
  "Sven",
  "Tariq",
  "Ugo",
  "Vera",
  "Wanjiru",
  "Xavier",
  "Yusuf",
];

const tag = uniqueTag();
const meetingName = `Admin Plenary ${tag}`;
// Application dates: person i applied on day DAY_OF[i] of January, so Date order differs from file order.
const DAY_OF = FIRST_NAMES.map((_, i) => ((i * 7) % 25) + 1);
const people: ImportPerson[] = FIRST_NAMES.map((firstName, i) => ({
  firstName,
  lastName: `Delegate${String.fromCharCode(65 + i)}`,
  email: `${firstName.toLowerCase()}.${tag}@example.org`,
  applicationDate: `2026-01-${String(DAY_OF[i]).padStart(2, "0")}`,
}));
const fullName = (p: ImportPerson) => `${p.firstName} ${p.lastName}`;
const byDate = [...people].sort((a, b) => a.applicationDate.localeCompare(b.applicationDate));
const earliest = byDate[0] as ImportPerson;
const latest = byDate.at(-1) as ImportPerson;
const toApprove = people[3] as ImportPerson;
const toReject = people[4] as ImportPerson;
const toDelete = people[5] as ImportPerson;

/** The data rows of the admin applications table. */
function dataRows(page: Page): Locator {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

/** The Name cell of each data row, top to bottom. */
async function namesShown(page: Page): Promise<string[]> {
  return (await dataRows(page).locator("td:nth-child(2) > a:first-child").allTextContents()).map((s) =>
    s.trim(),
  );
}

function showing(page: Page, shown: number, total: number): Locator {
  return onScreen(page).getByText(`Showing ${shown} of ${total} applications for ${meetingName}`);
}

/** The value (dd) a description list gives for a term (dt): statistics and import counts. */
function termValue(scope: Page | Locator, term: string): Locator {
  return scope
    .locator("dt")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd");
}

/** The number a statistics card shows (each card is a button filtering the list by its status). */
function statCard(page: Page, label: string): Locator {
  return page
    .getByRole("button", { name: new RegExp(`^${label}`) })
    .locator("span")
    .nth(1);
}

/** Waits for a success or error banner with exactly this text. */
async function banner(page: Page, role: "status" | "alert", text: string | RegExp) {
  await announcedMessage(page, role === "alert" ? "assertive" : "polite", text);
}

describe("admin journey", () => {
  const j = journey(baseURL);
  const desk = sharedPage(j);

  it("adds a meeting and imports its applications from a CSV file", async () => {
    const { page } = desk;
    screenshotOnFailure(page, "admin-import");
    // Opened while signed out, the list's address leads through /login and back, query and all.
    await page.goto("/admin?status=pending");
    await page.waitForURL((u) => u.pathname === "/login");
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === "/admin" && u.search === "?status=pending");
    await page.getByRole("heading", { name: "Applications by Meeting" }).waitFor();
    await expectAccessible(page, "admin applications");

    // Manage Meetings → Add New Meeting.
    await page.getByRole("link", { name: "Manage Meetings" }).click();
    await page.getByRole("heading", { name: "Upcoming Meetings" }).waitFor();
    await expectAccessible(page, "manage meetings");
    await page.getByRole("button", { name: "Add New Meeting" }).click();
    const form = page.getByRole("dialog", { name: "Add New Meeting" });
    await field(form, "Name").fill(meetingName);
    await field(form, "Start Date").fill(dayFromToday(40));
    await field(form, "End Date").fill(dayFromToday(45));
    await field(form, "Location").fill("Vancouver, BC, Canada");
    expect(await form.getByLabel("Active (show in application form)").isChecked()).toBe(true);
    await expectAccessible(page, "add meeting dialog");
    await form.getByRole("button", { name: "Add Meeting" }).click();
    await form.waitFor({ state: "detached" });
    const listed = page.getByRole("listitem").filter({ hasText: meetingName });
    await listed.getByText("Active", { exact: true }).waitFor();
    await listed.getByText("Vancouver, BC, Canada").waitFor();
    const [y, m, d] = dayFromToday(40).split("-");
    await listed.getByText(`${m}/${d}/${y}`, { exact: false }).waitFor();

    // Its tab on the applications screen, empty at first.
    await page.getByRole("link", { name: "Applications", exact: true }).click();
    // Until the admin picks a tab, the list says which meeting it chose.
    const autoSelected = onScreen(page).getByText(/^Auto-selected: .+ \(starts \d{2}\/\d{2}\/\d{4}\)$/);
    await autoSelected.waitFor();
    await page.getByRole("button", { name: meetingName, exact: true }).click();
    await autoSelected.waitFor({ state: "detached" });
    expect(
      await page.getByRole("button", { name: meetingName, exact: true }).getAttribute("aria-pressed"),
    ).toBe("true");
    await onScreen(page).getByText("No applications found.", { exact: true }).waitFor();

    // The import dialog: template, a missing file, then 25 rows.
    await page.getByRole("button", { name: "Import Applications" }).click();
    const dialog = page.getByRole("dialog", { name: "Import Applications" });
    await dialog.getByText("Required fields").waitFor();
    await expectAccessible(page, "import dialog");
    const [template] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download CSV Template" }).click(),
    ]);
    expect(template.suggestedFilename()).toBe("application_import_template.csv");
    const header = readFileSync(await template.path(), "utf8").split(/\r?\n/)[0] ?? "";
    expect(header.replace(/^\uFEFF/, "")).toContain("email,lastName,firstName,birthdate,gender");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByText("Please select a file to import").waitFor();
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "applications.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(importCsv(meetingName, people), "utf8"),
    });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByText("Import finished.").waitFor();
    const count = async (label: string) => (await termValue(dialog, label).textContent())?.trim();
    expect(await count("Total rows")).toBe("25");
    expect(await count("Imported")).toBe("25");
    expect(await count("Updated")).toBe("0");
    expect(await count("Failed")).toBe("0");
    await expectAccessible(page, "import result");
    await dialog.getByRole("button", { name: "Import Another File" }).click();
    await dialog.getByLabel("CSV file").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // The list and the statistics show them.
    await showing(page, 10, 25).waitFor();
    const stat = (label: string) => statCard(page, label);
    await expect.poll(() => stat("Total Applications").textContent()).toBe("25");
    expect(await stat("Pending Review").textContent()).toBe("25");
    expect(await stat("Approved").textContent()).toBe("0");
    await expectAccessible(page, "admin applications with a full meeting");
  });

  it("pages, sorts and searches the meeting's applications", async () => {
    const { page } = desk;
    screenshotOnFailure(page, "admin-list");
    const pages = page.getByRole("navigation", { name: "Application pages" });
    const current = () => pages.locator("[aria-current='page']").textContent();
    expect(await current()).toBe("1");
    // Sorted by status, ascending, until the admin picks another order.
    expect(await page.getByRole("columnheader", { name: "Status" }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
    expect(await pages.getByRole("button", { name: "Previous" }).getAttribute("aria-disabled")).toBe("true");
    expect(await pages.getByRole("button", { name: /^Page \d+$/ }).count()).toBe(3);

    await pages.getByRole("button", { name: "Next" }).click();
    await expect.poll(current).toBe("2");
    await showing(page, 10, 25).waitFor();
    // By keyboard onto the last page: Next stays focused there, marked disabled, doing nothing.
    const next = pages.getByRole("button", { name: "Next" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect.poll(current).toBe("3");
    await showing(page, 5, 25).waitFor();
    expect(await dataRows(page).count()).toBe(5);
    expect(await next.getAttribute("aria-disabled")).toBe("true");
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await current()).toBe("3");
    await pages.getByRole("button", { name: "Previous" }).click();
    await expect.poll(current).toBe("2");

    // Date: ascending from the first click (back on page 1), descending on the second.
    const dateHeader = page.getByRole("columnheader", { name: "Date" });
    await dateHeader.getByRole("button").click();
    await expect.poll(current).toBe("1");
    await expect.poll(() => dateHeader.getAttribute("aria-sort")).toBe("ascending");
    await expect.poll(async () => (await namesShown(page))[0]).toBe(fullName(earliest));
    // Created dates in US Eastern time: the import's application day at noon UTC.
    // (The first column holds the row's checkbox.)
    expect(await dataRows(page).first().locator("td").nth(3).textContent()).toBe("01/01/2026, 07:00 AM EST");
    await dateHeader.getByRole("button").click();
    await expect.poll(() => dateHeader.getAttribute("aria-sort")).toBe("descending");
    await expect.poll(async () => (await namesShown(page))[0]).toBe(fullName(latest));
    await expectAccessible(page, "applications sorted by date");

    // Search runs across all pages of the meeting, case-insensitive, on name or e-mail.
    const search = page.getByPlaceholder("Search by name, email, passport or reference...");
    await search.fill(`${toDelete.firstName.toUpperCase()} ${toDelete.lastName.toLowerCase()}`);
    await showing(page, 1, 1).waitFor();
    expect(await namesShown(page)).toEqual([fullName(toDelete)]);
    await search.fill(toApprove.email.toUpperCase());
    await expect.poll(() => namesShown(page)).toEqual([fullName(toApprove)]);
    await search.fill("nobody-by-this-name");
    await onScreen(page).getByText("No applications found matching your search.").waitFor();
    await expectAccessible(page, "search without matches");
    await search.fill("");
    await showing(page, 10, 25).waitFor();
  });

  it("approves one in the detail view and deletes another after typing Delete", async () => {
    const { page } = desk;
    screenshotOnFailure(page, "admin-review");
    const list = await apiCall<{ applications: { _id: string; email: string }[] }>(
      baseURL,
      "GET",
      `/api/applications?admin=true&search=${encodeURIComponent(toReject.email)}&limit=100`,
      { token: j.admin.token },
    );
    const rejected = list.applications.find((a) => a.email === toReject.email);
    await apiCall(baseURL, "PUT", `/api/applications/${rejected?._id}`, {
      token: j.admin.token,
      body: { status: "rejected" },
    });

    // Approve through the detail view.
    const search = page.getByPlaceholder("Search by name, email, passport or reference...");
    await search.fill(toApprove.lastName);
    await expect.poll(() => namesShown(page)).toEqual([fullName(toApprove)]);
    await page.getByRole("button", { name: `Actions for ${fullName(toApprove)}` }).click();
    await expectAccessible(page, "row actions menu");
    await page.getByRole("menuitem", { name: "View" }).click();
    await page.getByRole("heading", { name: "Application Details" }).waitFor();
    await expectAccessible(page, "admin detail view");
    await page.getByRole("button", { name: "Edit" }).click();
    await field(page, "Status").selectOption("Approved");
    await page.getByRole("button", { name: "Save" }).click();
    await onScreen(page).getByText("Application updated successfully").waitFor();
    await onScreen(page).getByText("This application has been approved.").waitFor();
    await page.goBack();
    await expect.poll(() => namesShown(page)).toEqual([fullName(toApprove)]);
    const approvedRow = dataRows(page).first();
    await approvedRow.getByText("Approved", { exact: true }).waitFor();

    // Its letter from the row menu.
    await page.getByRole("button", { name: `Actions for ${fullName(toApprove)}` }).click();
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Download PDF" }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(
      `visa-request-letter-${toApprove.firstName}-${toApprove.lastName}.pdf`,
    );
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    await search.fill("");
    await showing(page, 10, 25).waitFor();

    // Status order: Pending, Approved, Rejected ascending (newest first within each), and the
    // reverse descending.
    const stat = (label: string) => statCard(page, label);
    await expect.poll(() => stat("Approved").textContent()).toBe("1");
    expect(await stat("Pending Review").textContent()).toBe("23");
    const statusHeader = page.getByRole("columnheader", { name: "Status" });
    await statusHeader.getByRole("button").click();
    await expect.poll(() => statusHeader.getAttribute("aria-sort")).toBe("ascending");
    await expect.poll(async () => (await namesShown(page))[0]).toBe(fullName(latest));
    expect(await dataRows(page).first().getByText("Pending", { exact: true }).count()).toBe(1);
    await statusHeader.getByRole("button").click();
    await expect.poll(() => statusHeader.getAttribute("aria-sort")).toBe("descending");
    await expect
      .poll(async () => (await namesShown(page)).slice(0, 2))
      .toEqual([fullName(toReject), fullName(toApprove)]);
    expect(await dataRows(page).first().getByText("Rejected", { exact: true }).count()).toBe(1);

    // Delete: the button waits for the exact word.
    await search.fill(toDelete.email);
    await expect.poll(() => namesShown(page)).toEqual([fullName(toDelete)]);
    await page.getByRole("button", { name: `Actions for ${fullName(toDelete)}` }).click();
    await page.getByRole("menuitem", { name: "View" }).waitFor();
    // A pending application has no letter to download.
    expect(await page.getByRole("menuitem", { name: "Download PDF" }).count()).toBe(0);
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Application" });
    const confirm = dialog.getByRole("button", { name: "Delete", exact: true });
    await dialog.getByText(fullName(toDelete)).waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await expectAccessible(page, "delete application dialog");
    const word = dialog.getByLabel("Type Delete to confirm");
    await word.fill("delete");
    expect(await confirm.isDisabled()).toBe(true);
    await word.fill("Delete");
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await dialog.waitFor({ state: "detached" });
    // The deleted row was the list's only one: focus goes to the answer, which it reads from there.
    await focusedMessage(page, `Application of ${fullName(toDelete)} deleted`);
    await onScreen(page).getByText("No applications found matching your search.").waitFor();
    await search.fill("");
    await showing(page, 10, 24).waitFor();
    await expect.poll(() => stat("Total Applications").textContent()).toBe("24");
  });

  it("manages users: create, toggle admin, change password, delete, with their banners", async () => {
    const { page } = desk;
    screenshotOnFailure(page, "admin-users");
    await page.getByRole("link", { name: "Manage Users" }).click();
    await page.getByRole("heading", { name: "All Users" }).waitFor();
    await onScreen(page)
      .getByText(/^Showing 1-\d+ of \d+ users$/)
      .waitFor();
    await onScreen(page)
      .getByText(/^Page 1 of \d+$/)
      .waitFor();
    await expectAccessible(page, "manage users");
    const search = page.getByPlaceholder("Search users...");

    // The only admin cannot be demoted: an error banner above the list says why.
    const everyone = await apiCall<{ isAdmin: boolean }[]>(baseURL, "GET", "/api/users", {
      token: j.admin.token,
    });
    expect(everyone.filter((u) => u.isAdmin)).toHaveLength(1);
    await search.fill(ADMIN.email);
    await page.getByRole("row").filter({ hasText: ADMIN.email }).waitFor();
    await page.getByRole("row").filter({ hasText: ADMIN.email }).getByRole("button").click();
    await page.getByRole("menuitem", { name: "Toggle Admin (currently admin)" }).click();
    // Demoting oneself is confirmed first, saying it ends one's own admin access.
    const selfDemote = page.getByRole("dialog", { name: "Remove Your Admin Role" });
    await selfDemote.getByText("Your admin access ends at once", { exact: false }).waitFor();
    await selfDemote.getByRole("button", { name: "Remove My Admin Role" }).click();
    await selfDemote.getByText(/^Failed to update user role: The last admin cannot be demoted/).waitFor();
    await expectAccessible(page, "users with a refused demotion");
    await selfDemote.getByRole("button", { name: "Cancel" }).click();
    await selfDemote.waitFor({ state: "detached" });

    // Create New User.
    const person = newAccount("Zofia", "Nowak");
    await page.getByRole("button", { name: "Create New User" }).click();
    const create = page.getByRole("dialog", { name: "Create New User" });
    await field(create, "First Name").fill(person.firstName);
    await field(create, "Last Name").fill(person.lastName);
    await field(create, "Email").fill(person.email);
    await field(create, "Password").fill(person.password);
    expect(await create.getByLabel("Admin User").isChecked()).toBe(false);
    await expectAccessible(page, "create user dialog");
    await create.getByRole("button", { name: "Create User" }).click();
    await create.waitFor({ state: "detached" });
    await banner(page, "status", "User created successfully");
    await search.fill(person.email);
    const row = page.getByRole("row").filter({ hasText: person.email });
    await row.getByText("user", { exact: true }).waitFor();

    // The same address again is refused inside the dialog.
    await page.getByRole("button", { name: "Create New User" }).click();
    await field(create, "First Name").fill(person.firstName);
    await field(create, "Last Name").fill(person.lastName);
    await field(create, "Email").fill(person.email);
    await field(create, "Password").fill(person.password);
    // Sent from the keyboard: while it works and after the refusal, focus stays in the dialog (a
    // disabled button would drop it to the page's start, behind the dialog).
    await create.getByRole("button", { name: "Create User" }).focus();
    await page.keyboard.press("Enter");
    await announcedMessage(page, "assertive", /^Failed to create user/, create);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog], dialog")))).toBe(
      true,
    );
    await create.getByRole("button", { name: "Cancel" }).click();
    await create.waitFor({ state: "detached" });

    // Toggle Admin, both ways.
    const actions = row.getByRole("button", { name: /^Actions for Zofia Nowak/ });
    await actions.click();
    await page.getByRole("menuitem", { name: "Toggle Admin (currently user)" }).click();
    const promote = page.getByRole("dialog", { name: "Make Admin" });
    await promote.getByText("every passport number and birthdate", { exact: false }).waitFor();
    await promote.getByRole("button", { name: "Make Admin" }).click();
    await banner(page, "status", "Zofia Nowak is now an admin");
    await row.getByText("admin", { exact: true }).waitFor();
    await actions.click();
    await page.getByRole("menuitem", { name: "Toggle Admin (currently admin)" }).click();
    await page
      .getByRole("dialog", { name: "Remove Admin Role" })
      .getByRole("button", { name: "Remove Admin Role" })
      .click();
    await banner(page, "status", "Zofia Nowak is now a user");
    await row.getByText("user", { exact: true }).waitFor();

    // Change Password: at least 6 characters, then the new one works.
    await actions.click();
    await page.getByRole("menuitem", { name: "Change Password" }).click();
    const change = page.getByRole("dialog", { name: "Change Password" });
    await field(change, "New Password").fill("abc");
    await change.getByRole("button", { name: "Change Password" }).click();
    await change
      .getByText(/at least 6 characters/)
      .first()
      .waitFor();
    expect(await field(change, "New Password").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "change password dialog");
    await field(change, "New Password").fill("changed-by-admin");
    await change.getByRole("button", { name: "Change Password" }).click();
    await change.waitFor({ state: "detached" });
    await banner(page, "status", "Password changed successfully");
    const signedIn = await apiLogin(baseURL, person.email, "changed-by-admin");
    expect(signedIn.role).toBe("user");

    // Edit Account Details.
    await actions.click();
    await page.getByRole("menuitem", { name: "Edit Account Details" }).click();
    const edit = page.getByRole("dialog", { name: "Edit User" });
    expect(await field(edit, "Email").inputValue()).toBe(person.email);
    await field(edit, "Last Name").fill("Nowak-Kowalska");
    await expectAccessible(page, "edit user dialog");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await banner(page, "status", "User updated successfully");
    await row.getByText("Zofia Nowak-Kowalska", { exact: true }).waitFor();

    // Delete User, after a confirmation that names them.
    await actions.click();
    await page.getByRole("menuitem", { name: "Delete User" }).click();
    const remove = page.getByRole("dialog", { name: "Delete User" });
    await remove.getByText("Zofia Nowak-Kowalska").waitFor();
    await remove.getByText(person.email, { exact: false }).waitFor();
    await expectAccessible(page, "delete user dialog");
    await remove.getByLabel("Type Delete to confirm").fill("Delete");
    await remove.getByRole("button", { name: "Delete User" }).click();
    await remove.waitFor({ state: "detached" });
    await banner(page, "status", "User deleted successfully");
    await onScreen(page).getByText("No users found matching your search.").waitFor();
    await expectAccessible(page, "users after deleting one");
  });
});
