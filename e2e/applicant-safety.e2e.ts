import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  apiCreateMeeting,
  apiLogin,
  apiRegister,
  dayFromToday,
  type MeetingDto,
  newAccount,
  uniqueTag,
} from "./support/api";
import {
  collectPageErrors,
  expectAccessible,
  launchBrowser,
  newContext,
  onScreen,
  openSignedIn,
  screenshotOnFailure,
  storedToken,
} from "./support/browser";
import { field } from "./support/forms";
import { type RunningServer, startServer } from "./support/server";

// Tokens of this journey's own server last 340 s: the warning (5 minutes before expiry) comes
// 40 s after each sign-in or renewal, long enough to type before it and to finish after it. The
// shared 25 s server would not do: its warning is up at once, and a modal dialog leaves nothing
// behind it to type into.
const TOKEN_TTL_SECONDS = 340;
const QUIET_SECONDS = TOKEN_TTL_SECONDS - 300;
const PHONE = { width: 375, height: 800 };

function warningTitle(page: Page): Locator {
  return page
    .getByRole("dialog", { name: "Session Timeout Warning" })
    .getByRole("heading", { name: "Session Timeout Warning" });
}

describe("no lost work, no silent failure (375 × 800)", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let meeting: MeetingDto;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) }),
      launchBrowser(),
    ]);
    context = await newContext(browser, server.url, PHONE);
    const admin = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    meeting = await apiCreateMeeting(server.url, admin.token, `Hà Nội Plenary ${uniqueTag()}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("keeps typed input through Refresh Session, then marks and focuses a refused departure", async () => {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    screenshotOnFailure(page, "applicant-safety");
    // The sign-in's token starts its lifetime now.
    const session = await apiRegister(server.url, newAccount("Nguyễn", "Thị Lan"));
    await openSignedIn(page, session, "/applications/new");
    await page.getByRole("heading", { name: "Visa Application" }).waitFor();
    expect(await warningTitle(page).count()).toBe(0);

    // Half a form.
    await field(page, "Meeting").selectOption(meeting._id);
    await field(page, "Date of Birth").fill("1991-07-14");
    await field(page, "Gender").selectOption("Female");
    await field(page, "Passport Number").fill("C1234567");
    await field(page, "Passport Issuing Country").selectOption({ label: "Vietnam" });
    await field(page, "Company Name").fill("Công ty Mạng");

    // The warning comes 5 minutes before the token ends; Refresh Session renews it in place.
    await warningTitle(page).waitFor({ timeout: (QUIET_SECONDS + 20) * 1000 });
    await expectAccessible(page, "session warning over a half-typed form on a phone");
    const before = await storedToken(page);
    let loads = 0;
    let sent = 0;
    page.on("load", () => loads++);
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/applications") sent++;
    });
    await page.getByRole("button", { name: "Refresh Session" }).click();
    await expect.poll(() => storedToken(page), { timeout: 5_000 }).not.toBe(before);
    // A full lifetime again: more than 5 minutes left, so the warning goes by itself.
    await warningTitle(page).waitFor({ state: "detached" });
    expect(loads).toBe(0);

    // Everything typed is still there.
    expect(await field(page, "Meeting").inputValue()).toBe(meeting._id);
    expect(await field(page, "Date of Birth").inputValue()).toBe("1991-07-14");
    expect(await field(page, "Gender").inputValue()).toBe("Female");
    expect(await field(page, "Passport Number").inputValue()).toBe("C1234567");
    expect(await field(page, "Passport Issuing Country").inputValue()).toBe("VN");
    expect(await field(page, "Company Name").inputValue()).toBe("Công ty Mạng");

    // The rest, with a departure before the arrival (Vietnam needs no State/Province).
    await field(page, "Passport Expiration Date").fill(dayFromToday(2000));
    await field(page, "Date of Arrival").fill(dayFromToday(62));
    await field(page, "Date of Departure").fill(dayFromToday(58));
    await field(page, "Position").fill("Engineer");
    await field(page, "Company Mailing Address").fill("1 Tràng Tiền");
    await field(page, "City").fill("Hà Nội");
    await field(page, "Postal Code").fill("100000");
    await field(page, "Country").selectOption({ label: "Vietnam" });
    await field(page, "Phone").fill("+84 24 3825 0000");
    await page.getByRole("button", { name: "Submit Application" }).click();

    // The departure is marked in plain words, focused, and on the phone's screen.
    const departure = field(page, "Date of Departure");
    await expect.poll(() => departure.getAttribute("aria-invalid")).toBe("true");
    await onScreen(page).getByText("Departure must be on or after arrival").waitFor();
    await expect.poll(() => departure.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(async () => {
        const box = await departure.boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= PHONE.height;
      })
      .toBe(true);
    await expectAccessible(page, "refused departure on a phone");
    // Refused before sending, still signed in, still on the form.
    expect(sent).toBe(0);
    expect(await storedToken(page)).not.toBe(before);
    expect(new URL(page.url()).pathname).toBe("/applications/new");
    expect(errors).toEqual([]);
  });
});
