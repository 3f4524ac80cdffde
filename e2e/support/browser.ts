import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

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
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

/** Signs in through the login form and waits for the dashboard. */
export async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /log in|sign in/i }).click();
  await page.waitForURL((u) => u.pathname === "/");
}

/** The newest e-mail the server wrote to its outbox (no SMTP configured in e2e). */
export function latestMail(dataDir: string, to: string): string {
  const dir = join(dataDir, "outbox");
  const files = readdirSync(dir).sort().reverse();
  for (const f of files) {
    const text = readFileSync(join(dir, f), "utf8");
    if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return text;
  }
  throw new Error(`no mail to ${to}`);
}
