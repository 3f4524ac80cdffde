import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  type ApiSession,
  apiCall,
  apiCreateMeeting,
  apiImport,
  importCsv,
  newAccount,
  uniqueTag,
} from "./support/api";
import {
  expectAccessible,
  focusedMessage,
  onScreen,
  openSignedIn,
  screenshotOnFailure,
} from "./support/browser";
import { journey, seedRequests, sharedPage } from "./support/journey";

const baseURL = inject("baseURL");
const tag = uniqueTag();
const REASON = "The applicant is not registered for the meeting";
const NAMES = ["Amaia", "Bohdan", "Chidi", "Dagny", "Emeka", "Fumiko", "Gulnara"];

/** The data rows of the admin applications table. */
const rows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

describe("review desk journey", () => {
  const j = journey(baseURL);
  const desk = sharedPage(j);
  let adminApi: ApiSession;
  let applicant: ApiSession;
  let meetingId: string;
  const ids = new Map<string, string>();
  let rejectedId = "";

  beforeAll(async () => {
    adminApi = j.admin;
    // Seven requests, each filed by the applicant (one account may file several).
    const people = NAMES.map((firstName) => ({
      firstName,
      lastName: `Desk${tag}`,
      email: `${firstName}.${tag}@example.org`,
    }));
    const seeded = await seedRequests(
      baseURL,
      adminApi.token,
      `Review Desk ${tag}`,
      newAccount("Ilse", "Review"),
      people,
    );
    meetingId = seeded.meeting._id;
    applicant = seeded.applicant;
    for (const [i, r] of seeded.requests.entries()) ids.set(NAMES[i] ?? "", r.id);
  });

  it("filters Pending, approves five at once, rejects one with 'Reject & next' and goes Back", async () => {
    const { page } = desk;
    screenshotOnFailure(page, "review-desk");
    await openSignedIn(page, adminApi, `/admin?meeting=${meetingId}`);
    await rows(page).first().waitFor();

    // The Pending card filters the list and the address keeps it.
    await page.getByRole("button", { name: /^Pending Review/ }).click();
    await page.waitForURL((u) => u.searchParams.get("status") === "pending");
    await expect.poll(() => rows(page).count()).toBe(7);
    // Newest first: the sort is part of the list's place too.
    await page.getByRole("button", { name: /Date/ }).click();
    await page.getByRole("button", { name: /Date/ }).click();
    await page.waitForURL(
      (u) => u.searchParams.get("sort") === "createdAt" && u.searchParams.get("dir") === "desc",
    );
    await expectAccessible(page, "review desk list");

    // Five checkboxes, one bulk approval, one answer saying how many changed.
    const five = NAMES.slice(0, 5);
    for (const name of five) await page.getByRole("checkbox", { name: `Select ${name} Desk${tag}` }).check();
    await onScreen(page).getByText("5 selected").waitFor();
    await page.getByRole("button", { name: "Approve selected" }).click();
    await focusedMessage(page, "5 approved");
    // The bar and its button are gone with the selection: focus is on the answer, not the page's top.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""))
      .toMatch(/^5 approved/);
    await expect.poll(() => rows(page).count()).toBe(2);
    await onScreen(page).getByText(`Showing 2 of 2 applications for Review Desk ${tag}`).waitFor();

    // The first of the two left opens on its detail page, with the list's place in its address.
    const firstRow = rows(page).first();
    const rejectedName = ((await firstRow.locator("td").nth(1).textContent()) ?? "").split(" ")[0] ?? "";
    const nextName = NAMES.slice(5).find((n) => n !== rejectedName) ?? "";
    await firstRow.getByRole("button", { name: /^Actions for/ }).click();
    await page.getByRole("menuitem", { name: "View" }).click();
    rejectedId = ids.get(rejectedName) ?? "";
    await page.waitForURL((u) => u.pathname === `/admin/applications/${rejectedId}`);
    await page.getByRole("heading", { name: "Application Details" }).waitFor();
    await onScreen(page).getByText("1 of 2").waitFor();
    // The tab names the request (never its passport number or birthdate).
    await expect
      .poll(() => page.title())
      .toBe(`${rejectedName} Desk${tag}, Review Desk ${tag} · Review application · Visa Letter Portal`);

    // The shortcuts are listed in a dialog ("?").
    await page.keyboard.press("?");
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await expectAccessible(page, "keyboard shortcuts");
    await page.keyboard.press("Escape");
    await expectAccessible(page, "review detail page");

    // Reject & next asks for a reason, then opens the next request of the same list.
    await page.getByRole("button", { name: "Reject & next" }).click();
    const dialog = page.getByRole("dialog", { name: `Reject ${rejectedName} Desk${tag}` });
    await dialog.getByRole("button", { name: "Reject & next" }).click();
    await dialog.getByText("Choose a reason", { exact: true }).waitFor();
    await expectAccessible(page, "reject dialog");
    await dialog.getByLabel("Reason").selectOption(REASON);
    await dialog.getByRole("button", { name: "Reject & next" }).click();
    await page.waitForURL((u) => u.pathname === `/admin/applications/${ids.get(nextName)}`);
    await page.getByRole("heading", { name: "Application Details" }).waitFor();
    // The next request's page says what was decided, once: a reload shows the page plainly.
    const told = `${rejectedName} Desk${tag}: rejected. Next request:`;
    await onScreen(page).getByText(told).waitFor();
    await page.reload();
    await page.getByRole("navigation", { name: "Review" }).waitFor();
    expect(await onScreen(page).getByText(told).count()).toBe(0);

    // Back returns to the same meeting, filter, sort and page.
    await page
      .getByRole("navigation", { name: "Review" })
      .getByRole("link", { name: "Back to the list" })
      .click();
    await page.waitForURL((u) => u.pathname === "/admin" && u.searchParams.get("status") === "pending");
    const back = new URL(page.url()).searchParams;
    expect(Object.fromEntries(back)).toEqual({
      meeting: meetingId,
      status: "pending",
      sort: "createdAt",
      dir: "desc",
    });
    // The address changes at once, the page (and its tab) once the list has rendered.
    await expect.poll(() => page.title()).toBe("Applications · Visa Letter Portal");
    await onScreen(page).getByText(`Showing 1 of 1 applications for Review Desk ${tag}`).waitFor();
    await expect.poll(async () => (await rows(page).first().textContent()) ?? "").toContain(nextName);
    // Focus went to the reviewed request's row, once: after a reload it is left alone.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain(nextName);
    await page.reload();
    await onScreen(page).getByText(`Showing 1 of 1 applications for Review Desk ${tag}`).waitFor();
    await expect.poll(async () => (await rows(page).first().textContent()) ?? "").toContain(nextName);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // The history keeps who rejected it and why.
    const history = await apiCall<Array<{ kind: string; reason?: string }>>(
      baseURL,
      "GET",
      `/api/applications/${ids.get(rejectedName)}/history`,
      { token: adminApi.token },
    );
    expect(history.at(-1)).toMatchObject({ kind: "status_changed", reason: REASON });
  });

  it("walks a Pending list sorted by status to its end, says so and links back to it", async () => {
    const { page } = desk;
    screenshotOnFailure(page, "review-desk-end");
    // Three requests of their own meeting, filed one after another.
    const walkers = ["Ines", "Jonas", "Kalani"];
    const seeded = await seedRequests(
      baseURL,
      adminApi.token,
      `Review Walk ${tag}`,
      newAccount("Lior", "Walk"),
      walkers.map((firstName) => ({
        firstName,
        lastName: `Walk${tag}`,
        email: `${firstName}.walk.${tag}@example.org`,
      })),
    );
    const [ines, jonas] = seeded.requests.map((r) => r.id);
    const walk = seeded.meeting._id;
    // Pending, by status (the default sort): newest first, Kalani, Jonas, Ines.
    await openSignedIn(page, adminApi, `/admin?meeting=${walk}&status=pending`);
    await expect.poll(() => rows(page).count()).toBe(3);
    await rows(page)
      .nth(1)
      .getByRole("button", { name: /^Actions for/ })
      .click();
    await page.getByRole("menuitem", { name: "View" }).click();
    await page.waitForURL((u) => u.pathname === `/admin/applications/${jonas}`);
    await onScreen(page).getByText("2 of 3").waitFor();

    // Approved, Jonas leaves the Pending list; Next is the one after where he stood, Ines.
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await focusedMessage(page, "Application approved");
    await page.keyboard.press("j");
    await page.waitForURL((u) => u.pathname === `/admin/applications/${ines}`);
    await onScreen(page).getByText("2 of 2").waitFor();

    // Ines is the last of the list: Next says so, in words, where focus is.
    await page.keyboard.press("j");
    await focusedMessage(page, "This was the last request of the list as filtered.");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("This was the last request of the list as filtered.");
    await expectAccessible(page, "review page at the end of the list");

    // 'Approve & next' on the last one decides it and says the list is done.
    await page.getByRole("button", { name: "Approve & next" }).click();
    const done = await focusedMessage(
      page,
      "Application approved. This was the last request of the list as filtered.",
    );
    expect(new URL(page.url()).pathname).toBe(`/admin/applications/${ines}`);

    // The way back keeps the list's meeting and filter: only Kalani is left there.
    await done.getByRole("link", { name: "Back to the list" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      meeting: walk,
      status: "pending",
    });
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(async () => (await rows(page).first().textContent()) ?? "").toContain("Kalani");
  });

  it("pages through 25 rows at a time, approves a whole page at once and keeps the choice", async () => {
    const { page } = desk;
    screenshotOnFailure(page, "review-desk-rows");
    // Sixty requests of their own meeting, imported, each applied for on a day of its own.
    const name = `Review Rows ${tag}`;
    const rowsMeeting = await apiCreateMeeting(baseURL, adminApi.token, name);
    const letters = (i: number) => String.fromCharCode(65 + Math.floor(i / 26), 97 + (i % 26));
    const people = Array.from({ length: 60 }, (_, i) => ({
      firstName: `Pager${letters(i)}`,
      lastName: `Rows${tag}`,
      email: `pager.${i}.${tag}@example.org`,
      applicationDate: `2026-0${1 + Math.floor(i / 28)}-${String((i % 28) + 1).padStart(2, "0")}`,
    }));
    const imported = await apiImport(baseURL, adminApi.token, importCsv(name, people));
    expect(imported).toMatchObject({ successful: 60, failed: 0 });

    await openSignedIn(page, adminApi, `/admin?meeting=${rowsMeeting._id}&status=pending`);
    await expect.poll(() => rows(page).count()).toBe(10);
    const pager = page.getByRole("navigation", { name: "Application pages" });
    const current = () => pager.locator("[aria-current='page']").textContent();
    const pageButtons = () => pager.getByRole("button", { name: /^Page \d+$/ }).allTextContents();
    expect(await pageButtons()).toEqual(["1", "2", "3", "4", "5", "6"]);

    // 25 a page: back to page 1 of 3, with the filter kept and the size in the address.
    // Chosen from the keyboard, the select stays in view as 15 more rows push it down.
    const size = page.getByRole("combobox", { name: "Rows per page" });
    await size.focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL((u) => u.searchParams.get("size") === "25");
    await expect.poll(() => rows(page).count()).toBe(25);
    await expect
      .poll(() =>
        size.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return el === document.activeElement && box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await onScreen(page).getByText(`Showing 25 of 60 applications for ${name}`).waitFor();
    expect(await pageButtons()).toEqual(["1", "2", "3"]);
    expect(await current()).toBe("1");
    await expectAccessible(page, "list of 25 rows");

    // Page 2, then one of its requests, 26th of the list; Back returns to page 2 of 25.
    const firstRow = async () => (await rows(page).first().textContent()) ?? "";
    const firstOfPage1 = await firstRow();
    await pager.getByRole("button", { name: "Page 2" }).click();
    await expect.poll(current).toBe("2");
    await expect.poll(firstRow).not.toBe(firstOfPage1);
    const firstOfPage2 = await firstRow();
    await rows(page)
      .first()
      .getByRole("button", { name: /^Actions for/ })
      .click();
    await page.getByRole("menuitem", { name: "View" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/admin/applications/"));
    await onScreen(page).getByText("26 of 60").waitFor();
    await page
      .getByRole("navigation", { name: "Review" })
      .getByRole("link", { name: "Back to the list" })
      .click();
    await page.waitForURL((u) => u.pathname === "/admin");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      meeting: rowsMeeting._id,
      status: "pending",
      size: "25",
      page: "2",
    });
    await expect.poll(firstRow).toBe(firstOfPage2);
    await expect.poll(() => rows(page).count()).toBe(25);

    // The whole page of 25, approved in one go: 35 are left, ten of them on page 2.
    await page.getByRole("checkbox", { name: "Select all applications on this page" }).check();
    await onScreen(page).getByText("25 selected").waitFor();
    await page.getByRole("button", { name: "Approve selected" }).click();
    await focusedMessage(page, "25 approved");
    await onScreen(page).getByText(`Showing 10 of 35 applications for ${name}`).waitFor();
    expect(await pageButtons()).toEqual(["1", "2"]);

    // A later visit to the plain list opens at 25 rows: the choice is kept in this browser.
    await page.goto(`/admin?meeting=${rowsMeeting._id}`);
    await expect.poll(() => rows(page).count()).toBe(25);
    expect(await size.inputValue()).toBe("25");
    expect(new URL(page.url()).searchParams.has("size")).toBe(false);

    // On a phone the choice sits under the pages, and nothing makes the screen scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await size.scrollIntoViewIfNeeded();
      const box = await size.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      // Its label on one line, no taller than the select beside it.
      const label = await page.locator("label", { has: size }).boundingBox();
      expect(label?.height).toBeLessThanOrEqual((box?.height ?? 0) + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page, "list of 25 rows on a phone");
      // The table's sort headers, the list's page buttons and 'Rows per page' are tap targets of 44 px.
      const targets = [
        ...(await page.getByRole("columnheader").getByRole("button").all()),
        ...(await page.getByRole("navigation", { name: "Application pages" }).getByRole("button").all()),
        size,
      ];
      expect(targets.length).toBeGreaterThan(5);
      for (const target of targets) {
        const box = await target.boundingBox();
        const what = await target.textContent();
        expect(box?.height ?? 0, `height of ${what}`).toBeGreaterThanOrEqual(44);
        expect(box?.width ?? 0, `width of ${what}`).toBeGreaterThanOrEqual(44);
      }
      // The admin sections scroll sideways there: one reached by Tab comes wholly into view.
      await page.getByRole("link", { name: "Manage Meetings" }).focus();
      await page.keyboard.press("Tab");
      const users = await page.getByRole("link", { name: "Manage Users" }).boundingBox();
      expect(users && users.x >= 0 && users.x + users.width <= 390).toBe(true);
      // The table scrolls sideways there too, but Tab from a row's name to its Actions leaves
      // the name in sight beside it.
      const row = rows(page).first();
      // A row's checkbox ticks from anywhere in a 44 px area around it, a tap target.
      const select = row.getByRole("checkbox");
      const tapCorner = async () => {
        await select.scrollIntoViewIfNeeded();
        const area = await select.locator("xpath=..").boundingBox();
        expect(area && area.width >= 44 && area.height >= 44).toBe(true);
        await page.mouse.click((area?.x ?? 0) + 3, (area?.y ?? 0) + 3);
      };
      await tapCorner();
      await expect.poll(() => select.isChecked()).toBe(true);
      // The bar of the selection, come above the table, has moved the row down.
      await tapCorner();
      await expect.poll(() => select.isChecked()).toBe(false);
      const nameLink = row.getByRole("link").first();
      await nameLink.focus();
      await page.keyboard.press("Tab");
      const actions = row.getByRole("button", { name: /^Actions for/ });
      await expect.poll(() => actions.evaluate((b) => b === document.activeElement)).toBe(true);
      const table = await page.getByRole("table").locator("..").boundingBox();
      const nameBox = await nameLink.boundingBox();
      const actionsBox = await actions.boundingBox();
      expect(table && nameBox && nameBox.x >= table.x).toBe(true);
      expect(actionsBox && actionsBox.x + actionsBox.width <= 390).toBe(true);
      // The review page's bar there: its links are tap targets of 44 px.
      await nameLink.click();
      const bar = page.getByRole("navigation", { name: "Review" });
      for (const name of ["Back to the list", "Next"]) {
        const link = bar.getByRole("link", { name });
        await link.waitFor();
        expect((await link.boundingBox())?.height ?? 0, `height of ${name}`).toBeGreaterThanOrEqual(44);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("shows the applicant the reason on the application page", async () => {
    const { page: mine, errors: mineErrors } = await j.openPage("review-desk-applicant");
    await openSignedIn(mine, applicant, `/applications/${rejectedId}`);
    await onScreen(mine).getByText(`Reason for the rejection: ${REASON}`).waitFor();
    const history = mine.getByRole("region", { name: "Status history" });
    await history.getByText("Status changed from Pending to Rejected").waitFor();
    await history.getByText(`Reason: ${REASON}`).waitFor();
    await expectAccessible(mine, "applicant's rejected application");
    expect(mineErrors).toEqual([]);
  });

  it("shows an inactive meeting's whole name in its picker", async () => {
    const { page } = desk;
    const name = `Plenary and Working Groups, Lisbon ${tag}`;
    const closed = await apiCall<{ _id: string }>(baseURL, "POST", "/api/meetings", {
      token: adminApi.token,
      body: {
        name,
        location: "Lisbon, Portugal",
        startDate: "2025-05-05T00:00:00.000Z",
        endDate: "2025-05-09T00:00:00.000Z",
        isActive: false,
      },
    });
    await openSignedIn(page, adminApi, `/admin?meeting=${closed._id}`);
    const picker = page.getByRole("combobox", { name: "Inactive meetings" });
    await expect.poll(() => picker.inputValue()).toBe(closed._id);
    // The chosen option's text, in the box's own font, fits inside the box.
    const room = await picker.evaluate((el) => {
      const select = el as HTMLSelectElement;
      const style = getComputedStyle(select);
      const ctx = document.createElement("canvas").getContext("2d");
      if (!ctx) throw new Error("no canvas");
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return {
        text: select.selectedOptions[0]?.text ?? "",
        need: ctx.measureText(select.selectedOptions[0]?.text ?? "").width,
        inner,
      };
    });
    expect(room.text).toBe(`${name} (05/05/2025)`);
    expect(room.need).toBeLessThanOrEqual(room.inner);
  });
});
