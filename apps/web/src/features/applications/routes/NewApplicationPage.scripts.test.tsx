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

describe("a name in a script the letter cannot print", () => {
  it("is refused on the form with the advice to use the passport's Latin-letter line, sending nothing", async () => {
    const network = stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/meetings/active": { json: [meeting] },
      "POST /api/applications": { status: 201, json: {} },
    });
    renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await fillRequired(user);
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
});
