import type { Locator, Page } from "playwright-core";
import { dayFromToday } from "./api";

/**
 * The control labelled exactly `label`. Required fields' labels end in a decorative " *" (hidden
 * from assistive technology, but part of the label's text), so an exact match allows it.
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

export interface ApplicantDetails {
  meetingId: string;
  passportNumber: string;
  position: string;
}

/**
 * Fills the 'Visa Application' form the way an applicant would, by the labels on screen.
 * Name and e-mail are left as the form pre-fills them from the account.
 */
export async function fillApplicationForm(page: Page, details: ApplicantDetails) {
  const f = (label: string) => field(page, label);
  await f("Meeting").selectOption(details.meetingId);
  await f("Date of Birth").fill("1990-01-31");
  await f("Gender").selectOption("Female");
  await f("Passport Number").fill(details.passportNumber);
  await f("Passport Issuing Country").selectOption({ label: "Brazil" });
  await f("Passport Expiration Date").fill(dayFromToday(2000));
  await f("Date of Arrival").fill(dayFromToday(58));
  await f("Date of Departure").fill(dayFromToday(66));
  await f("Company Name").fill("Example Networks");
  await f("Position").fill(details.position);
  await f("Company Mailing Address").fill("Rua das Flores 100");
  await f("City").fill("São Paulo");
  await f("State/Province").fill("SP");
  await f("Postal Code").fill("01000-000");
  await f("Country").selectOption({ label: "Brazil" });
  await f("Phone").fill("+55 11 5555 0000");
  await f("Hotel Name").fill("Hotel Central");
}

/**
 * Accepts the next window.alert and resolves with its text (the form reports success or failure
 * with an alert, spec §8).
 */
export function nextAlert(page: Page): Promise<string> {
  return new Promise((ok) => {
    page.once("dialog", (d) => {
      ok(d.message());
      d.accept().catch(() => {});
    });
  });
}
