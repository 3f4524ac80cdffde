import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect, onTestFailed } from "vitest";
import type { ApiSession } from "./api";

const ARTIFACTS = resolve(import.meta.dirname, "../.artifacts");

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
}

/** A fresh browser context (empty storage) at the given viewport. */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, acceptDownloads: true, timezoneId: "America/Los_Angeles" });
}

/** Fails the test on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

/**
 * Waits for a message on screen (in `scope`, the page by default) that was told to screen readers
 * through the page's live regions (`lib/announce.ts`): politely, or assertively for an error.
 * Returns the shown message.
 */
export async function announcedMessage(
  page: Page,
  politeness: "polite" | "assertive",
  text: string | RegExp,
  scope: Page | Locator = page,
): Promise<Locator> {
  // A banner whole (its Dismiss included), or what else said it.
  const shown = scope
    .locator("[data-banner], [data-announced]:not([data-banner] *)")
    .filter({ hasText: text });
  await shown.first().waitFor();
  await page
    .locator(`[data-live-announcer] [aria-live="${politeness}"] > *`)
    .filter({ hasText: text })
    .first()
    .waitFor({ state: "attached" });
  // Not hidden from readers, as what is behind an open dialog is.
  const hidden = await page
    .locator("[data-live-announcer]")
    .evaluate((regions) => regions.closest("[inert], [aria-hidden=true]") !== null);
  expect(hidden, "live regions hidden from screen readers").toBe(false);
  return shown;
}

/**
 * Waits for a message on screen that has keyboard focus (a decision's notice, say), which a screen
 * reader reads from there: not told through the live regions as well, or it would be read twice.
 * Returns the shown message.
 */
export async function focusedMessage(page: Page, text: string | RegExp): Promise<Locator> {
  const shown = page
    .locator("[data-banner], [data-announced]:not([data-banner] *)")
    .filter({ hasText: text });
  await shown.first().waitFor();
  await expect
    .poll(() => shown.first().evaluate((message) => message.closest("[tabindex]") === document.activeElement))
    .toBe(true);
  const told = page.locator("[data-live-announcer] [aria-live] > *").filter({ hasText: text });
  expect(await told.count(), "a focused message told through the live regions too").toBe(0);
  return shown;
}

/**
 * The page as it shows, for text looked for on it: everything but the live regions, whose hidden
 * copy of a message (`announcedMessage`) would make a second match.
 */
export function onScreen(page: Page): Locator {
  return page.locator("body > :not([data-live-announcer])");
}

/** Signs in through the login form and waits for the dashboard. */
export async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await submitLogin(page, email, password);
  await page.waitForURL((u) => u.pathname === "/");
}

/** Fills and sends the login form the page shows (after a redirect to /login, say). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /log in|sign in/i }).click();
}

/** The newest e-mail the server wrote to its outbox (no SMTP configured in e2e). */
export function latestMail(dataDir: string, to: string, subject?: RegExp): string {
  const dir = join(dataDir, "outbox");
  const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
  for (const f of files) {
    const text = decodeMail(readFileSync(join(dir, f), "utf8"));
    if (!text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    if (subject && !subject.test(text)) continue;
    return text;
  }
  throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ""}`);
}

/** Waits for the mail to reach the outbox: the server may send it after answering the request. */
export async function waitForMail(dataDir: string, to: string, subject?: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        try {
          found = latestMail(dataDir, to, subject);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 15_000, message: `mail to ${to}` },
    )
    .toBe(true);
  return found;
}

/** An .eml as readable text: quoted-printable soft breaks joined and =XX escapes decoded. */
export function decodeMail(eml: string): string {
  const joined = eml.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  const out: string[] = [];
  const flush = () => {
    if (bytes.length) out.push(Buffer.from(bytes.splice(0)).toString("utf8"));
  };
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      flush();
      out.push(joined[i] ?? "");
    }
  }
  flush();
  return out.join("");
}

/**
 * Signs the browser in with a session from the API (as the login form would store it) and opens
 * `path`. Journeys whose subject is not the login use this: login is rate limited per client.
 */
export async function openSignedIn(page: Page, session: ApiSession, path = "/") {
  await page.goto("/login");
  await page.evaluate((s) => {
    localStorage.setItem("token", s.token);
    localStorage.setItem("userId", s.userId);
    localStorage.setItem("userRole", s.role);
  }, session);
  await page.goto(path);
}

/** The browser's stored session token (null when signed out). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("token"));
}

/**
 * Collects uncaught errors of the page's scripts; a journey asserts the list is empty at its end,
 * so a screen that throws fails even when it happens to render.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** On failure, keeps a full-page screenshot in e2e/.artifacts for whoever reads the report. */
export function screenshotOnFailure(page: Page, name: string) {
  onTestFailed(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => {});
  });
}

/**
 * A page in a fresh context (empty storage) of `browser`, with its script errors collected and a
 * screenshot kept on failure. The context joins `contexts`, for the journey to close at its end.
 */
export async function openFreshPage(
  browser: Browser,
  baseURL: string,
  name: string,
  contexts: BrowserContext[],
): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, baseURL);
  contexts.push(context);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  return { page, errors: collectPageErrors(page) };
}
