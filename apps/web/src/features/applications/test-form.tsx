/** Test helpers for the new-application form: render it on its route and fill it like a user. */
import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { renderRoutes } from "../../lib/testing";
import NewApplicationPage from "./routes/NewApplicationPage";

export function renderNewApplication() {
  return renderRoutes(
    [
      { path: "/applications/new", element: <NewApplicationPage /> },
      { path: "/", element: <p>Dashboard page</p> },
    ],
    "/applications/new",
  );
}

/** Types into the field with this label (a regular expression on the label's start). */
export async function typeInto(user: UserEvent, label: RegExp, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

/** Fills every required field but the meeting with valid values. */
export async function fillRequired(user: UserEvent) {
  for (const [label, value] of [
    [/^Date of Birth/, "1990-01-31"],
    [/^Passport Number/, "X1"],
    [/^Passport Expiration Date/, "2032-05-01"],
    [/^Date of Arrival/, "2030-03-01"],
    [/^Date of Departure/, "2030-03-07"],
    [/^Company Name/, "Acme"],
    [/^Position/, "Engineer"],
    [/^Company Mailing Address \*?$/, "Rua A 1"],
    [/^City/, "Lyon"],
    [/^State\/Province/, "ARA"],
    [/^Postal Code/, "69000"],
    [/^Phone/, "+33 4 00 00 00 00"],
  ] as const) {
    await typeInto(user, label, value);
  }
  await user.selectOptions(screen.getByLabelText(/^Gender/), "Other");
  await user.selectOptions(screen.getByLabelText(/^Passport Issuing Country/), "FR");
  await user.selectOptions(screen.getByLabelText(/^Country/), "FR");
}
