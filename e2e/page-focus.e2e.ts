import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, newAccount, uniqueTag } from "./support/api";
import { expectAccessible, onScreen, openSignedIn } from "./support/browser";
import { journey, seedRequests } from "./support/journey";

// A keyboard and screen-reader user moving through the app: 'Skip to main content' first, and
// focus on the new page's heading after a menu link, 'View Details' and a redirect; on the
// application page, focus stays put while an upload or a download runs and goes to the heading
// once a withdrawal has taken the pressed button away.
const baseURL = inject("baseURL");

/** What has focus: its tag, its text, and whether it lies in the main landmark. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName ?? "",
      text: el?.textContent?.trim() ?? "",
      inMain: Boolean(el && el !== document.body && document.querySelector("main")?.contains(el)),
    };
  });
}

describe("focus when moving between pages", () => {
  const j = journey(baseURL);
  const account = newAccount("Chiara", "Bellini");
  const companion = { firstName: "Luca", lastName: "Bellini", email: account.email };
  let page: Page;
  let errors: string[];
  let seeded: Awaited<ReturnType<typeof seedRequests>>;

  beforeAll(async () => {
    seeded = await seedRequests(baseURL, j.admin.token, `Focus Interim ${uniqueTag()}`, account, [
      account,
      companion,
    ]);
    ({ page, errors } = await j.openPage());
    await openSignedIn(page, seeded.applicant, "/");
    await page.getByRole("heading", { level: 1, name: /Welcome/ }).waitFor();
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it("offers 'Skip to main content' first, shown when focused, and it lands in the page", async () => {
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await focused(page)).toMatchObject({ tag: "A", text: "Skip to main content" });
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(40);
    expect(box?.height ?? 0).toBeGreaterThan(20);
    await expectAccessible(page, "dashboard with the skip link shown");

    await page.keyboard.press("Enter");
    expect(await focused(page)).toMatchObject({ tag: "MAIN" });
    await page.keyboard.press("Tab");
    expect((await focused(page)).inMain).toBe(true);
  });

  it("puts focus on the new page's heading after a menu link and after 'View Details'", async () => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "New Application" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Visa Application" }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "H1", text: "Visa Application" });

    await nav.getByRole("link", { name: "Dashboard" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toMatchObject({ tag: "H1", text: "Welcome, Chiara!" });

    await page
      .getByRole("button", { name: /Actions/ })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "H1", text: "Application Details" });
    // Once the request has come (the heading shows while it loads), the heading still has focus,
    // and Tab goes on through the page, not from the top of the document.
    await page.getByRole("button", { name: "Withdraw Request" }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: "H1", text: "Application Details" });
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ text: "Withdraw Request", inMain: true });
  });

  it("keeps focus where it was after an upload and a letter download, and on the heading after a withdrawal", async () => {
    // Pressed buttons that show their work ('Uploading...', 'Generating...') or go away with the
    // answer (Withdraw) must not drop a keyboard user back to the start of the document.
    const mine = seeded.requests[0]?.id ?? "";
    const companions = seeded.requests[1]?.id ?? "";
    await apiCall(baseURL, "PUT", `/api/applications/${companions}`, {
      token: j.admin.token,
      body: { status: "Approved" },
    });

    await page.goto(`/applications/${mine}`);
    await page.getByRole("button", { name: "Withdraw Request" }).waitFor();
    await page.getByLabel("Upload a document").setInputFiles({
      name: "Attestation d’emploi.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).focus();
    await page.keyboard.press("Enter");
    await onScreen(page).getByText("Uploaded Attestation d’emploi.pdf").waitFor();
    expect(await focused(page)).toMatchObject({ tag: "BUTTON", text: "Upload", inMain: true });

    await page.getByRole("button", { name: "Withdraw Request" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Withdraw Request" });
    await dialog.getByRole("button", { name: "Withdraw Request" }).focus();
    await page.keyboard.press("Enter");
    await onScreen(page)
      .getByText(/You withdrew this request on/)
      .waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "H1", text: "Application Details" });

    await page.goto(`/applications/${companions}`);
    const download = page.getByRole("button", { name: "Download Visa Letter" });
    await download.focus();
    const saved = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    await saved;
    await expect.poll(() => focused(page)).toMatchObject({ text: "Download Visa Letter", inMain: true });
  });

  it("keeps focus on 'Resend verification e-mail' while the link is sent again", async () => {
    await page.goto("/");
    const resend = page.getByRole("button", { name: "Resend verification e-mail" });
    await resend.focus();
    await page.keyboard.press("Enter");
    await onScreen(page).getByText("We sent a new verification link to your e-mail address.").waitFor();
    expect(await focused(page)).toMatchObject({ tag: "BUTTON", text: "Resend verification e-mail" });
  });
});
