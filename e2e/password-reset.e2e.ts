import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiLogin, apiRegister, newAccount } from "./support/api";
import {
  collectPageErrors,
  expectAccessible,
  launchBrowser,
  login,
  newContext,
  onScreen,
  screenshotOnFailure,
  waitForMail,
} from "./support/browser";
import { field } from "./support/forms";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");

describe("password reset journey", () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseURL);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("mails a single-use link that sets a new password", async () => {
    const account = newAccount("Bruno", "Okafor");
    await apiRegister(baseURL, account);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    screenshotOnFailure(page, "password-reset");

    // From the login page to the request form.
    await page.goto("/login");
    await expectAccessible(page, "login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL((u) => u.pathname === "/forgot-password");
    await expectAccessible(page, "forgot password");
    await field(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset instructions" }).click();
    await onScreen(page).getByText("Check your email for password reset instructions").waitFor();
    await expectAccessible(page, "forgot password, instructions sent");

    // The link from the e-mail, on this server.
    const mail = await waitForMail(dataDir, account.email, /reset-password\//);
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link, "reset link in the e-mail").toBeDefined();
    const url = new URL(link ?? "");
    expect(url.origin).toBe(baseURL);

    // A mismatch is caught before anything is sent.
    await page.goto(url.pathname);
    await page.getByRole("button", { name: "Update Password" }).waitFor();
    await expectAccessible(page, "reset password");
    await field(page, "New Password").fill("brand-new-1");
    await field(page, "Confirm Password").fill("brand-new-2");
    await page.getByRole("button", { name: "Update Password" }).click();
    await onScreen(page).getByText("Passwords do not match").waitFor();
    await expectAccessible(page, "reset password, mismatch");

    // The new password, then the login page says so.
    await field(page, "Confirm Password").fill("brand-new-1");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    await onScreen(page).getByText("Password reset successful. Please log in.").waitFor();
    await expectAccessible(page, "login after reset");
    // The owner is told of the change, with neither the password nor the link in the notice.
    const notice = await waitForMail(
      dataDir,
      account.email,
      /Subject: Your Visa Letter Portal password was changed/,
    );
    expect(notice).toContain("with a password reset link e-mailed to this address");
    expect(notice).not.toContain("brand-new-1");
    expect(notice).not.toContain(url.pathname);

    // The new password works.
    await login(page, account.email, "brand-new-1");
    await page.getByRole("heading", { name: "Welcome, Bruno!" }).waitFor();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/login");

    // The link works once.
    await page.goto(url.pathname);
    await field(page, "New Password").fill("another-pass");
    await field(page, "Confirm Password").fill("another-pass");
    await page.getByRole("button", { name: "Update Password" }).click();
    await onScreen(page).getByText("Error resetting password. The link may be expired.").waitFor();
    expect(new URL(page.url()).pathname).toBe(url.pathname);
    await expectAccessible(page, "reset password, used link");
    expect(errors).toEqual([]);
  });

  it("changes a signed-in user's own password, keeping this session and ending the others", async () => {
    const account = newAccount("Ilse", "Vögele");
    await apiRegister(baseURL, account);
    const other = await apiLogin(baseURL, account.email, account.password);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    screenshotOnFailure(page, "change-password");
    await login(page, account.email, account.password);

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Change Password" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Change Password" }).waitFor();
    await field(page, "Current Password").fill("not-my-password");
    await field(page, "New Password").fill("chosen-by-me");
    await field(page, "Confirm New Password").fill("chosen-by-me");
    await page.getByRole("button", { name: "Change Password" }).click();
    await onScreen(page).getByText("Current password is incorrect").waitFor();
    await expectAccessible(page, "change password, wrong current password");

    await field(page, "Current Password").fill(account.password);
    await field(page, "New Password").fill("chosen-by-me");
    await field(page, "Confirm New Password").fill("chosen-by-me");
    await page.getByRole("button", { name: "Change Password" }).click();
    await onScreen(page)
      .getByText(/Password changed successfully/)
      .waitFor();

    // This tab goes on with the session the change handed back; another device's session ended.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Change Password" }).waitFor();
    const elsewhere = await fetch(new URL("/api/auth/me", baseURL), {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(elsewhere.status).toBe(401);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    await login(page, account.email, "chosen-by-me");
    expect(errors).toEqual([]);
  });
});
