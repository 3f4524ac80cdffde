import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { stubApi } from "../../../lib/testing";
import { me, meeting } from "../test-data";
import { fillRequired, renderNewApplication } from "../test-form";

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  vi.stubGlobal("alert", vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

/** The new-application form with every required field filled in, and what it sends. */
async function filledForm() {
  const network = stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings/active": { json: [meeting] },
    "POST /api/applications": { status: 201, json: {} },
  });
  renderNewApplication();
  const user = userEvent.setup({ delay: null });
  await screen.findByDisplayValue("ana@example.com");
  await fillRequired(user);
  return { network, user };
}

describe("text in a script the letter cannot print", () => {
  it("is refused on the form with the advice to use the passport's Latin-letter line, sending nothing", async () => {
    const { network, user } = await filledForm();
    const first = screen.getByLabelText(/^First Name/);
    await user.clear(first);
    await user.click(first);
    await user.paste("王小明");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await waitFor(() =>
      expect(first).toHaveAccessibleDescription(
        "First Name cannot be printed on the letter in this script: enter it as printed in the Latin-letter line of your passport",
      ),
    );
    expect(network.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  }, 30_000);

  it("marks every other printed field in such a script at once, naming the characters", async () => {
    const { network, user } = await filledForm();
    for (const [label, value] of [
      [/^Company Name/, "华为技术"],
      [/^Position/, "工程师"],
      [/^City/, "深圳"],
    ] as const) {
      const box = screen.getByLabelText(label);
      await user.clear(box);
      await user.click(box);
      await user.paste(value);
    }
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Company Name/)).toHaveAccessibleDescription(
        "Company Name has characters the letter cannot print (华 为 技 术): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
      ),
    );
    expect(screen.getByLabelText(/^Position/)).toHaveAccessibleDescription(
      "Position has characters the letter cannot print (工 程 师): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
    );
    expect(screen.getByLabelText(/^City/)).toHaveAccessibleDescription(
      "City has characters the letter cannot print (深 圳): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
    );
    expect(network.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  }, 30_000);
});
