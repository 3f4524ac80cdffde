import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { stubApi } from "../../../lib/testing";
import { applicationDto, me, meeting } from "../test-data";
import { renderNewApplication, typeInto } from "../test-form";

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  vi.stubGlobal("alert", vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

/** The account's name differs from the passport name the last application holds. */
const last = applicationDto({ firstName: "Ana Maria", lastName: "Silva Costa", fax: "" });

async function openForm() {
  stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings/active": { json: [meeting] },
    "GET /api/applications": { json: [last] },
  });
  renderNewApplication();
  const user = userEvent.setup({ delay: null });
  await screen.findByDisplayValue("ana@example.com");
  return user;
}

const button = () => screen.findByRole("button", { name: "Start from my last application" });
const status = () => screen.getByRole("status");

describe("Start from my last application, over what was typed", () => {
  it("copies at once into an untouched form, replacing the account's name, and says so", async () => {
    const user = await openForm();
    await typeInto(user, /^Fax/, "+55 11 4444 4444");
    await user.click(await button());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue("Ana Maria");
    expect(screen.getByLabelText(/^City/)).toHaveValue("São Paulo");
    // An empty field of the earlier request never clears what was typed.
    expect(screen.getByLabelText(/^Fax/)).toHaveValue("+55 11 4444 4444");
    expect(status()).toHaveTextContent(/^Copied \d+ fields from your request for Dallas 2030\.$/);
  }, 30_000);

  it("asks first, and 'Keep what I typed' copies only the other fields", async () => {
    const user = await openForm();
    await typeInto(user, /^City/, "Lyon");
    await typeInto(user, /^Passport Number/, "Y7654321");
    await typeInto(user, /^Company Name/, "Acme"); // the same as before: nothing to ask about
    await user.click(await button());
    const dialog = await screen.findByRole("dialog", { name: "Keep what you typed?" });
    const listed = within(dialog)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(listed).toEqual(["Passport Number", "City"]);
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Keep what I typed" })).toHaveFocus(),
    );
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^City/)).toHaveValue("Lyon");
    expect(screen.getByLabelText(/^Passport Number/)).toHaveValue("Y7654321");
    expect(screen.getByLabelText(/^Position/)).toHaveValue("Engineer");
    expect(screen.getByLabelText(/^Phone/)).toHaveValue("+55 11 5555 5555");
    expect(status()).toHaveTextContent("Kept as you typed: Passport Number, City.");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Start from my last application" })).toHaveFocus(),
    );
  }, 30_000);

  it("replaces the typed fields only when the user chooses 'Replace them'", async () => {
    const user = await openForm();
    await typeInto(user, /^City/, "Lyon");
    await user.click(await button());
    await user.click(await screen.findByRole("button", { name: "Replace them" }));
    expect(screen.getByLabelText(/^City/)).toHaveValue("São Paulo");
    expect(screen.getByLabelText(/^Position/)).toHaveValue("Engineer");
    expect(status()).toHaveTextContent("Replaced what you had typed in: City.");
  }, 30_000);

  it("changes nothing on Cancel or Escape", async () => {
    const user = await openForm();
    await typeInto(user, /^City/, "Lyon");
    await user.click(await button());
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await user.click(await button());
    await screen.findByRole("dialog", { name: "Keep what you typed?" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^City/)).toHaveValue("Lyon");
    expect(screen.getByLabelText(/^Position/)).toHaveValue("");
    expect(screen.getByLabelText(/^First Name/)).toHaveValue("Ana");
    expect(status()).toHaveTextContent("");
  }, 30_000);
});
