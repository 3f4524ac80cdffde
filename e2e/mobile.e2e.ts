import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN,
  apiCall,
  apiCreateMeeting,
  apiLogin,
  apiRegister,
  applicationBody,
  type MeetingDto,
  newAccount,
  uniqueTag,
} from "./support/api";
import {
  announcedMessage,
  collectPageErrors,
  expectAccessible,
  launchBrowser,
  login,
  newContext,
  screenshotOnFailure,
  submitLogin,
} from "./support/browser";
import { field, fillApplicationForm, nextAlert } from "./support/forms";

const baseURL = inject("baseURL");
const PHONE = { width: 375, height: 800 };

/** The page scrolls sideways when anything is wider than the screen: it must not. */
async function expectNoHorizontalOverflow(page: Page, label: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `page width of ${label}`).toBeLessThanOrEqual(PHONE.width + 1);
}

/** A thumb hits it: at least 44 px high (the product's tap target on phones). */
async function expectTapTarget(target: Locator, label: string) {
  // Measured once shown: a page still laying out gives an empty box.
  await target.waitFor({ state: "visible" });
  expect((await target.boundingBox())?.height ?? 0, `height of ${label}`).toBeGreaterThanOrEqual(44);
}

describe("mobile journey (375 × 800)", () => {
  let browser: Browser;
  let context: BrowserContext;
  let meeting: MeetingDto;
  const account = newAccount("Lucía", "Fernández");

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseURL, PHONE);
    const admin = await apiLogin(baseURL, ADMIN.email, ADMIN.password);
    meeting = await apiCreateMeeting(baseURL, admin.token, `Mobile Interim ${uniqueTag()}`);
    const session = await apiRegister(baseURL, account);
    await apiCall(baseURL, "POST", "/api/applications", {
      token: session.token,
      body: applicationBody(meeting._id, account),
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("signs in, navigates by the menu, reads the dashboard and fills the form on a phone", async () => {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    screenshotOnFailure(page, "mobile");

    await page.goto("/login");
    await expectAccessible(page, "login on a phone");
    await expectNoHorizontalOverflow(page, "login");
    for (const name of ["Forgot your password?", "Need an account? Register"]) {
      await expectTapTarget(page.getByRole("link", { name }), name);
    }
    // A wrong password, sent from the keyboard: the answer is announced and the keyboard stays on
    // the form's button (a disabled button would drop it to the page's start).
    await submitLogin(page, account.email, "not-the-password");
    await announcedMessage(page, "assertive", /./);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Sign in");
    await login(page, account.email, account.password);

    // The header collapses into the menu button.
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    const mobileNav = page.getByRole("navigation", { name: "Main mobile" });
    await menuButton.waitFor();
    const desktopNav = page.locator("nav[aria-label='Main']");
    expect(await desktopNav.count()).toBe(1);
    expect(await desktopNav.isVisible()).toBe(false);
    const mobileNavElement = page.locator("nav[aria-label='Main mobile']");
    expect(await mobileNavElement.count()).toBe(1);
    expect(await mobileNavElement.isVisible()).toBe(false);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");

    // The dashboard lists requests as cards below 640 px: meeting, dates, status and actions.
    const myApplications = page.getByRole("list", { name: "My Applications" });
    const card = myApplications.getByRole("listitem").filter({ hasText: meeting.name });
    await card.waitFor();
    expect(await page.locator("table").isVisible()).toBe(false);
    await card.getByText("Pending", { exact: true }).waitFor();
    await expectAccessible(page, "dashboard on a phone");
    await expectNoHorizontalOverflow(page, "dashboard");
    const view = card.getByRole("link", { name: /View details of Lucía Fernández/ });
    await expectTapTarget(view, "View Details");
    await view.click();
    await page.getByRole("heading", { name: "Application Details" }).waitFor();
    // The heading and Back show while the request loads, and are drawn again once it has come.
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await expectTapTarget(page.getByRole("link", { name: "Back", exact: true }), "Back");

    // Editing on a phone: Edit leads into the form, Save back to the page's heading, and the
    // saved notice's Dismiss is a tap target too.
    await page.getByRole("button", { name: "Edit" }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("firstName");
    await field(page, "Hotel Name").fill("Hotel Miramar");
    await page.getByRole("button", { name: "Save" }).click();
    const saved = await announcedMessage(page, "polite", "Application updated successfully");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Application Details");
    const dismiss = saved.getByRole("button", { name: "Dismiss" });
    await expectTapTarget(dismiss, "Dismiss");
    expect((await dismiss.boundingBox())?.width ?? 0, "width of Dismiss").toBeGreaterThanOrEqual(44);
    await expectNoHorizontalOverflow(page, "application details after saving");
    await expectAccessible(page, "application details on a phone");
    await expectNoHorizontalOverflow(page, "application details");

    // The menu opens the navigation.
    await menuButton.click();
    await mobileNav.waitFor();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    await expectTapTarget(menuButton, "Menu");
    for (const name of ["Dashboard", "New Application", "Change Password"]) {
      await expectTapTarget(mobileNav.getByRole("link", { name }), name);
    }
    for (const name of ["Logout", "Log out everywhere"]) {
      await expectTapTarget(mobileNav.getByRole("button", { name, exact: true }), name);
    }
    await expectAccessible(page, "open mobile menu");
    await mobileNav.getByRole("link", { name: "New Application" }).click();
    await page.waitForURL((u) => u.pathname === "/applications/new");
    await mobileNav.waitFor({ state: "hidden" });

    // The form: every field fits the screen and a second application goes through.
    await page.getByRole("heading", { name: "Visa Application" }).waitFor();
    await field(page, "Meeting").waitFor();
    await expectAccessible(page, "new application form on a phone");
    await expectNoHorizontalOverflow(page, "new application form");
    await fillApplicationForm(page, {
      meetingId: meeting._id,
      passportNumber: `AR${uniqueTag().toUpperCase()}`,
      position: "Researcher",
    });
    for (const label of ["Passport Issuing Country", "Company Mailing Address", "Phone"]) {
      const box = await field(page, label).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${label} fits`).toBe(true);
    }
    await expectNoHorizontalOverflow(page, "filled application form");
    const submitted = nextAlert(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect(await submitted).toBe("Application submitted successfully!");
    await page.waitForURL((u) => u.pathname === "/");
    await expect
      .poll(() => myApplications.getByRole("listitem").filter({ hasText: meeting.name }).count())
      .toBe(2);
    await page.getByRole("region", { name: "What happens next" }).waitFor();
    await expectAccessible(page, "what happens next on a phone");
    await expectNoHorizontalOverflow(page, "dashboard with two applications");
    expect(errors).toEqual([]);
  });
});
