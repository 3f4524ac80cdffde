import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type ApiSession, apiCall, newAccount, uniqueTag } from "./support/api";
import { announcedMessage, expectAccessible, onScreen } from "./support/browser";
import { journey, seedRequests } from "./support/journey";
import { isPdf, pdfText } from "./support/pdf";

const baseURL = inject("baseURL");

/** The issued letter's bytes, as its owner downloads them. */
async function downloadLetter(session: ApiSession, applicationId: string): Promise<Buffer> {
  const res = await fetch(`${baseURL}/api/applications/${applicationId}/pdf`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Drops a file onto the page's drop zone, as a person dragging it from their desktop does. */
async function dropFile(page: Page, target: string, name: string, bytes: Buffer) {
  await page.evaluate(
    ({ target, name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "application/pdf" }));
      const zone = document.querySelector(target);
      if (!zone) throw new Error(`no drop zone ${target}`);
      zone.dispatchEvent(
        new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { target, name, base64: bytes.toString("base64") },
  );
}

describe("verification page journey", () => {
  const j = journey(baseURL);
  let letter: Buffer;
  let reference: string;
  let passportNumber: string;

  beforeAll(async () => {
    const admin = j.admin;
    const account = newAccount("Olúwadámilọ́lá", "Adébáyọ̀");
    const seeded = await seedRequests(baseURL, admin.token, `Verify Plenary ${uniqueTag()}`, account);
    const { applicant, requests } = seeded;
    const id = requests[0]?.id ?? "";
    passportNumber = String(requests[0]?.body.passportNumber);
    await apiCall(baseURL, "PUT", `/api/applications/${id}`, {
      token: admin.token,
      body: { status: "Approved" },
    });
    letter = await downloadLetter(applicant, id);
    expect(isPdf(letter)).toBe(true);
    const found = /VL(?:-\s*[0-9A-Z]{4}){4}/.exec(pdfText(letter))?.[0];
    expect(found, "the letter's reference").toBeTruthy();
    reference = (found ?? "").replace(/\s+/g, "");
  });

  it("tells the issued PDF from a copy changed by one byte, never uploading either, and checks the passport", async () => {
    const { page, errors } = await j.openPage("verify-file");
    const sent: Request[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") sent.push(r);
    });

    // A consular officer, signed out, opens the letter's verification page.
    await page.goto(`/verify/${reference}`);
    await page.getByRole("heading", { name: "Visa letter verification" }).waitFor();
    const verdict = await announcedMessage(page, "polite", /This letter/);
    await expect.poll(() => verdict.textContent()).toBe("This letter is valid.");
    await expectAccessible(page, "verification page");

    // The issued file, chosen with the picker: the page hashes it and says it is the one.
    const picker = page.getByLabel(/Drop the letter's PDF here/);
    await picker.setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: letter });
    await announcedMessage(page, "polite", "letter.pdf is exactly the file that was issued.");
    await expectAccessible(page, "verification page, the issued file checked");

    // The same letter with one byte changed (a digit of its text stream), dropped onto the page.
    const tampered = Buffer.from(letter);
    const at = Math.floor(tampered.length / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    await dropFile(page, "label[for=letter-file]", "tampered.pdf", tampered);
    await announcedMessage(
      page,
      "polite",
      "tampered.pdf is not the file that was issued: it has been changed or is another letter.",
    );
    await expectAccessible(page, "verification page, a changed file checked");
    // Neither file left the browser.
    expect(sent.map((r) => r.url())).toEqual([]);

    // The passport check: the number as a person types it matches; another does not.
    const passport = page.getByRole("textbox", { name: "Passport number" });
    await passport.fill(passportNumber.toLowerCase().replace(/(.{3})/, "$1 "));
    await page.getByRole("button", { name: "Check number" }).click();
    await onScreen(page).getByText("This passport number matches the letter.").waitFor();
    // Another, sent from the keyboard: the answer is read and focus stays on the button.
    await passport.fill("X0000000");
    await page.getByRole("button", { name: "Check number" }).focus();
    await page.keyboard.press("Enter");
    await onScreen(page).getByText("This passport number does not match the letter.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Check number");
    expect(sent.map((r) => new URL(r.url()).pathname)).toEqual([
      `/api/verify/${reference}/passport`,
      `/api/verify/${reference}/passport`,
    ]);
    await expectAccessible(page, "verification page, passport checked");
    expect(errors).toEqual([]);
  });

  it("reaches the letter from the first line of its printed address and checks it by keyboard alone", async () => {
    const { page, errors } = await j.openPage("verify-keyboard");
    // A PDF reader links only "…/verify/" when the printed address wraps before the reference.
    await page.goto("/verify/");
    await page.getByRole("heading", { name: "Visa letter verification" }).waitFor();
    expect(await page.getByRole("button", { name: /log in|sign in/i }).count()).toBe(0);
    await expectAccessible(page, "verification page without a reference");

    // 'Skip to main content' comes first; past it, the reference as copied from the letter's
    // first line, its label and all, then Enter.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const field = page.getByRole("textbox", { name: "Letter reference" });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(`Reference: ${reference.toLowerCase()}.`);
    await page.keyboard.press("Enter");
    const verdict = await announcedMessage(page, "polite", /This letter/);
    await expect.poll(() => verdict.textContent()).toBe("This letter is valid.");
    expect(new URL(page.url()).pathname).toBe(`/verify/${reference}`);

    // Tabbing onto the file picker shows where the focus is, on the drop zone around it.
    const zone = page.locator("label[for=letter-file]");
    const outline = () => zone.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(await outline()).toBe("none");
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.id === "letter-file")) break;
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("letter-file");
    expect(await outline()).toBe("solid");
    await expectAccessible(page, "verification page, the file picker focused");
    expect(errors).toEqual([]);
  });
});
