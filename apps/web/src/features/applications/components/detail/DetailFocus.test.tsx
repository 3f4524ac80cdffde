import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { ApplicationDetail } from "./ApplicationDetail";

beforeEach(() => saveSession({ token: "t.k.n", userId: "u1", userRole: "user" }));
afterEach(() => vi.unstubAllGlobals());

/** The owner's pending request; Save answers the saved fields, Withdraw marks it withdrawn. */
function openPending() {
  let withdrawn = false;
  stubApi({
    "GET /api/applications/a1": () => ({
      json: withdrawn ? applicationDto({ withdrawnAt: "2030-01-08T00:00:00.000Z" }) : applicationDto(),
    }),
    "GET /api/applications/a1/history": { json: [] },
    "PUT /api/applications/a1": (req) => ({ json: { ...applicationDto(), ...(req.body as object) } }),
    "POST /api/applications/a1/withdraw": () => {
      withdrawn = true;
      return { json: applicationDto({ withdrawnAt: "2030-01-08T00:00:00.000Z" }) };
    },
  });
  renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={false} /> }], "/x");
  return userEvent.setup({ delay: null });
}

const heading = () => screen.getByRole("heading", { level: 1, name: "Application Details" });

describe("keyboard focus on the application page, when the button pressed goes away", () => {
  it("moves into the form on Edit, and to the page's heading after Cancel and after Save", async () => {
    const user = openPending();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(heading()).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.type(screen.getByLabelText(/^City/), " Centro");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Application updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
    // Tab goes on from there, not from the top of the document.
    await user.tab();
    expect(document.activeElement).not.toBe(document.body);
  }, 30_000);

  it("goes to the page's heading once a request is withdrawn", async () => {
    const user = openPending();
    await user.click(await screen.findByRole("button", { name: "Withdraw Request" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw Request" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw Request" }));
    expect(await screen.findByText(/You withdrew this request on/)).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
  }, 30_000);
});
