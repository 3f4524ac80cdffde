import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiCallError, apiCall, apiRegister, type NewAccount, newAccount } from "./support/api";
import {
  collectPageErrors,
  expectAccessible,
  launchBrowser,
  login,
  newContext,
  onScreen,
  openSignedIn,
  screenshotOnFailure,
  storedToken,
  submitLogin,
} from "./support/browser";

// Tokens on this server last 25 s: less than the 5-minute warning window from the start.
const shortBaseURL = inject("shortBaseURL");
const baseURL = inject("baseURL");

const COUNTDOWN = /^\d+:\d{2}$/;

function warningDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Session Timeout Warning" });
}

/**
 * Waits for the warning on screen. The dialog element itself has no box of its own (its backdrop
 * and panel are fixed-position children), so visibility is read from its title.
 */
async function warningShown(page: Page): Promise<Locator> {
  const dialog = warningDialog(page);
  await dialog.getByRole("heading", { name: "Session Timeout Warning" }).waitFor();
  return dialog;
}

/** The m:ss the dialog shows, in seconds. */
async function countdownSeconds(dialog: Locator): Promise<number> {
  const text = ((await dialog.getByText(COUNTDOWN).textContent()) ?? "").trim();
  const [m, s] = text.split(":").map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

/** The expiry (seconds) a session token carries. */
function tokenExp(token: string | null): number {
  const payload = JSON.parse(Buffer.from(token?.split(".")[1] ?? "", "base64url").toString("utf8"));
  return payload.exp;
}

describe("session timeout journey", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let errors: string[];
  let account: NewAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount("Chen", "Wei");
    await apiRegister(shortBaseURL, account);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  async function freshPage(url: string, name: string) {
    const context = await newContext(browser, url);
    contexts.push(context);
    page = await context.newPage();
    errors = collectPageErrors(page);
    screenshotOnFailure(page, name);
  }

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it("warns at once, renews the session on Refresh Session and logs out at zero", async () => {
    await freshPage(shortBaseURL, "session-refresh");
    await login(page, account.email, account.password);
    // Nothing slow before Refresh Session: this first token is gone 25 s after sign-in.
    const dialog = await warningShown(page);
    await dialog.getByText("Please save your work and refresh the page to continue.").waitFor();

    // The countdown is m:ss and ticks.
    const first = await countdownSeconds(dialog);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(25);
    await expect.poll(() => countdownSeconds(dialog), { timeout: 5_000 }).toBeLessThan(first);

    // Refresh Session: a new token from the server, in place (no reload, nothing typed is lost);
    // 25 s is still under five minutes, so the warning stays for the new token.
    const before = await storedToken(page);
    let loads = 0;
    page.on("load", () => loads++);
    await dialog.getByRole("button", { name: "Refresh Session" }).click();
    await expect.poll(() => storedToken(page), { timeout: 5_000 }).not.toBe(before);
    expect(loads).toBe(0);
    const after = await storedToken(page);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(tokenExp(after)).toBeGreaterThan(tokenExp(before));
    await warningShown(page);
    await expectAccessible(page, "session timeout warning");
    // The renewed token is a working session.
    const me = await apiCall<{ email: string }>(shortBaseURL, "GET", "/api/auth/me", { token: after ?? "" });
    expect(me.email).toBe(account.email);

    // At zero the user is logged out and sent to /login.
    await page.waitForURL((u) => u.pathname === "/login", { timeout: 40_000 });
    await onScreen(page).getByText("Session expired. Please log in again.").waitFor();
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, "login after the session expired");
  });

  it("Logout Now ends the session at once", async () => {
    await freshPage(shortBaseURL, "session-logout-now");
    await login(page, account.email, account.password);
    const dialog = await warningShown(page);
    const token = await storedToken(page);
    await dialog.getByRole("button", { name: "Logout Now" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    // Ended on the server too: the token no longer works anywhere.
    const refused = await apiCall(shortBaseURL, "GET", "/api/auth/me", { token: token ?? "" }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(ApiCallError);
    expect((refused as ApiCallError).status).toBe(401);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(
      await page.evaluate(() => ["token", "userId", "userRole"].map((k) => localStorage.getItem(k))),
    ).toEqual([null, null, null]);
    await expectAccessible(page, "login after Logout Now");
  });

  it("a 401 from the API logs out with 'Session expired. Please log in again.'", async () => {
    // A normal-length session, so only the 401 can end it.
    await freshPage(baseURL, "session-401");
    const other = newAccount("Dmitri", "Ivanov");
    const session = await apiRegister(baseURL, other);
    await openSignedIn(page, session, "/");
    await page.getByRole("heading", { name: "Welcome, Dmitri!" }).waitFor();
    expect(await warningDialog(page).count()).toBe(0);

    // Changing the password ends every session issued before it, the browser's included.
    await apiCall(baseURL, "POST", "/api/auth/change-password", {
      token: session.token,
      body: { currentPassword: other.password, newPassword: "changed-pass" },
    });
    await page.getByRole("link", { name: "New Application" }).first().click();
    await page.waitForURL((u) => u.pathname === "/login");
    await onScreen(page).getByText("Session expired. Please log in again.").waitFor();
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, "login after a 401");

    // Signing in again returns to the page the session ended on.
    await submitLogin(page, other.email, "changed-pass");
    await page.waitForURL((u) => u.pathname === "/applications/new");
    await page.getByRole("heading", { name: "Visa Application" }).waitFor();
  });
});
