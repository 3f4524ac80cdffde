import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logout } from "../../../lib/logout";
import { clearSession, saveSession } from "../../../lib/session";
import { announced, stubApi } from "../../../lib/testing";
import { applicationDto, me, meeting } from "../test-data";
import { fillRequired, renderNewApplication, typeInto } from "../test-form";

const DRAFT_KEY = "draft:new-application:u1";

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  vi.stubGlobal("alert", vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

const routes = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings/active": { json: [meeting] },
    "POST /api/auth/logout": { json: { message: "Logged out" } },
    ...extra,
  });

describe("the new-application draft", () => {
  it("is kept while typing and restored after a reload, without passport number or birth date", async () => {
    routes();
    const first = renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await typeInto(user, /^City/, "Reykjavík");
    await typeInto(user, /^Passport Number/, "X1");
    await typeInto(user, /^Date of Birth/, "1990-01-31");
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toContain("Reykjavík"));
    const stored = localStorage.getItem(DRAFT_KEY) ?? "";
    expect(stored).not.toContain("X1");
    expect(stored).not.toContain("1990-01-31");
    first.unmount();

    // A reload (or a new sign-in on this browser) opens the form with the draft.
    renderNewApplication();
    expect(await screen.findByDisplayValue("Reykjavík")).toBeInTheDocument();
    expect(screen.getByText(/We restored the draft/)).toBeInTheDocument();
    // Part of the form as it opens, read with it: not announced.
    expect(announced("polite").join(" ")).not.toContain("We restored");
    expect(screen.getByLabelText(/^Passport Number/)).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Discard draft" }));
    expect(screen.getByLabelText(/^City/)).toHaveValue("");
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  }, 30_000);

  it("is cleared by a submitted application", async () => {
    routes({ "POST /api/applications": { status: 201, json: applicationDto() } });
    renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await fillRequired(user);
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull());
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  }, 30_000);

  it("is cleared by logging out, and kept when only the session expires", async () => {
    routes();
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ values: { city: "Oslo" }, savedAt: "2030-01-01T00:00:00Z" }),
    );
    localStorage.setItem("draft:new-application:u2", JSON.stringify({ values: {}, savedAt: "" }));
    clearSession("Session expired. Please log in again.");
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    await logout();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    // Another account's draft on a shared browser is not this logout's to remove.
    expect(localStorage.getItem("draft:new-application:u2")).not.toBeNull();
  });
});

describe("leaving the form", () => {
  it("asks first when something was typed, and stays on Cancel", async () => {
    routes();
    const { router } = renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await typeInto(user, /^City/, "Oslo");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave this page?" });
    expect(dialog).toHaveTextContent("You have changes that are not saved.");
    await user.click(screen.getAllByRole("button", { name: "Cancel" }).at(-1) as HTMLElement);
    expect(router.state.location.pathname).toBe("/applications/new");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
  }, 30_000);

  it("leaves without asking when nothing was typed", async () => {
    routes();
    renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
  }, 30_000);
});

describe("Start from my last application", () => {
  it("copies everything but the trip from the newest application", async () => {
    const older = applicationDto({ _id: "a0", city: "Porto", createdAt: "2029-01-01T00:00:00.000Z" });
    const newest = applicationDto({
      _id: "a1",
      city: "São Paulo",
      hotelName: "Hotel Azul",
      gender: "Prefer not to say",
      createdAt: "2030-01-05T15:00:00.000Z",
    });
    routes({ "GET /api/applications": { json: [older, newest] } });
    renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Start from my last application" }));
    expect(screen.getByLabelText(/^City/)).toHaveValue("São Paulo");
    expect(screen.getByLabelText(/^Passport Number/)).toHaveValue("X1234567");
    expect(screen.getByLabelText(/^Date of Birth/)).toHaveValue("1990-01-31");
    expect(screen.getByLabelText(/^Company Name/)).toHaveValue("Acme");
    // The trip is left to fill in, and a gender the create form does not offer is not copied.
    expect(screen.getByLabelText(/^Date of Arrival/)).toHaveValue("");
    expect(screen.getByLabelText(/^Date of Departure/)).toHaveValue("");
    expect(screen.getByLabelText(/^Hotel Name/)).toHaveValue("");
    expect(screen.getByLabelText(/^Gender/)).toHaveValue("");
  }, 30_000);

  it("keeps what was typed just before the form closed, unless the user chose to log out", async () => {
    routes();
    const user = userEvent.setup({ delay: null });
    const first = renderNewApplication();
    await screen.findByDisplayValue("ana@example.com");
    // A session that ends mid-typing closes the form at once, within the draft's write delay.
    await typeInto(user, /^City/, "Tromsø");
    first.unmount();
    expect(localStorage.getItem(DRAFT_KEY)).toContain("Tromsø");

    localStorage.removeItem(DRAFT_KEY);
    const second = renderNewApplication();
    await screen.findByDisplayValue("ana@example.com");
    await typeInto(user, /^City/, "Bergen");
    await logout();
    second.unmount();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  }, 30_000);
});
