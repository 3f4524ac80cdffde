import { screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { announced, getAnnounced, renderRoutes, stubApi } from "../../../lib/testing";
import { ApplicationDetail } from "../components/detail/ApplicationDetail";
import { applicationDto, me, meeting } from "../test-data";
import { fillRequired, renderNewApplication } from "../test-form";

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  vi.stubGlobal("alert", vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

const stateField = () => screen.getByLabelText(/^State\/Province/);
/** The label's required mark ("*") and the control's aria-required, which must agree. */
function expectRequired(required: boolean) {
  const label = document.querySelector(`label[for="${stateField().id}"]`);
  expect(label?.textContent?.includes("*")).toBe(required);
  if (required) expect(stateField()).toHaveAttribute("aria-required", "true");
  else expect(stateField()).not.toHaveAttribute("aria-required");
}

async function openForm(post: { status: number; json: unknown } = { status: 201, json: applicationDto() }) {
  const api = stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings/active": { json: [meeting] },
    "GET /api/applications": { json: [] },
    "POST /api/applications": post,
  });
  renderNewApplication();
  const user = userEvent.setup({ delay: null });
  await screen.findByDisplayValue("ana@example.com");
  return { user, calls: api.calls };
}

/** Fills the form for an address in `country` with no State/Province, and submits it. */
async function submitWithoutState(user: UserEvent, country: string) {
  await fillRequired(user);
  await user.selectOptions(screen.getByLabelText(/^Country/), country);
  await user.clear(stateField());
  await user.click(screen.getByRole("button", { name: "Submit Application" }));
}

describe("State/Province on the new-application form", () => {
  it("is marked required only while the country has states", async () => {
    const { user } = await openForm();
    const country = screen.getByLabelText(/^Country/);
    expectRequired(false);
    for (const [code, required] of [
      ["US", true],
      ["IS", false],
      ["JP", true],
      ["SG", false],
      ["IN", true],
      ["NL", false],
    ] as const) {
      await user.selectOptions(country, code);
      expectRequired(required);
    }
  }, 30_000);

  it("refuses a United States address without one, marks the field and focuses it", async () => {
    const { user, calls } = await openForm();
    await submitWithoutState(user, "US");

    await waitFor(() => expect(stateField()).toHaveAttribute("aria-invalid", "true"));
    expect(stateField()).toHaveAccessibleDescription("State/Province is required");
    await waitFor(() => expect(stateField()).toHaveFocus());
    // Focus is on the field, which says its own error: the top message is announced, once.
    expect(getAnnounced("assertive")).toHaveTextContent("Please fill in all required fields: State/Province");
    expect(announced("assertive")).toEqual(["Please fill in all required fields: State/Province"]);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    // Another country without states takes the mark and the error away at once.
    await user.selectOptions(screen.getByLabelText(/^Country/), "IE");
    expectRequired(false);
    await waitFor(() => expect(stateField()).not.toHaveAttribute("aria-invalid"));
  }, 30_000);

  it("sends an Icelandic address without one", async () => {
    const { user, calls } = await openForm();
    await submitWithoutState(user, "IS");
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ country: "IS", state: "" });
  }, 30_000);

  it("shows the server's refusal of a missing state beside the field", async () => {
    const { user } = await openForm({
      status: 400,
      json: { message: "Please fill in all required fields: State/Province", fields: ["state"] },
    });
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await waitFor(() => expect(stateField()).toHaveAccessibleDescription("State/Province is required"));
    await waitFor(() => expect(stateField()).toHaveFocus());
  }, 30_000);
});

describe("State/Province on the edit form", () => {
  it("follows the country there too, and is checked before saving", async () => {
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto({ country: "GB", state: "" }) },
    });
    renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={false} /> }], "/x");
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    expectRequired(false);
    await user.selectOptions(screen.getByLabelText(/^Country/), "CA");
    expectRequired(true);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(stateField()).toHaveAccessibleDescription("State/Province is required"));
    await waitFor(() => expect(stateField()).toHaveFocus());
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  }, 30_000);
});
