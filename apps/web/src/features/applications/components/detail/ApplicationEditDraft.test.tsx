import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession, saveSession } from "../../../../lib/session";
import { renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { ApplicationDetail } from "./ApplicationDetail";

afterEach(() => vi.unstubAllGlobals());

/** The application's page as a signed-in owner opens it; `stored` is what the server keeps. */
function openAsOwner(userId = "u1") {
  saveSession({ token: "t.k.n", userId, userRole: "user" });
  return renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={false} /> }], "/x");
}

const SESSION_ENDED = { status: 401, json: { message: "Unauthorized" } };

describe("an edit whose session ends before it is saved", () => {
  it("opens again after the next sign-in with everything typed, and saves it to the version it edited", async () => {
    const server = { sessionEnded: true };
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "PUT /api/applications/a1": (req) =>
        server.sessionEnded ? SESSION_ENDED : { json: { ...applicationDto(), ...(req.body as object) } },
    });
    const first = openAsOwner();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    await user.clear(screen.getByLabelText(/^Position/));
    await user.type(screen.getByLabelText(/^Position/), "Principal Architect");
    await user.type(screen.getByLabelText(/^Additional Information/), "Floor 5, door B.");
    // Save meets a session that ended on the server: the browser is signed out.
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(getSession()).toBeNull());
    first.unmount();

    // Signed in again, the page opens the edit as it was left.
    server.sessionEnded = false;
    openAsOwner();
    expect(await screen.findByLabelText(/^Position/)).toHaveValue("Principal Architect");
    expect(screen.getByLabelText(/^Additional Information/)).toHaveValue("Floor 5, door B.");
    expect(screen.getByText(/We restored the changes you had not saved yet/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Application updated successfully")).toBeInTheDocument();
    const saved = calls.filter((c) => c.method === "PUT").at(-1);
    expect(saved?.body).toMatchObject({
      position: "Principal Architect",
      additionalInformation: "Floor 5, door B.",
    });
    expect(saved?.headers).toMatchObject({ "if-match": '"2030-01-05T15:00:00.000Z"' });

    // Saved: the next visit shows the request, not an edit.
    vi.unstubAllGlobals();
    stubApi({ "GET /api/applications/a1": { json: applicationDto({ position: "Principal Architect" }) } });
    openAsOwner();
    expect(await screen.findByRole("button", { name: "Edit" })).toBeInTheDocument();
  }, 30_000);

  it("keeps the draft to its account and leaves out the passport number and birthdate", async () => {
    stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "PUT /api/applications/a1": SESSION_ENDED,
    });
    const first = openAsOwner();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    await user.clear(screen.getByLabelText(/^Passport Number/));
    await user.type(screen.getByLabelText(/^Passport Number/), "Y7654321");
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), "Recife");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(getSession()).toBeNull());
    first.unmount();
    expect(JSON.stringify({ ...localStorage })).not.toContain("Y7654321");

    // Another account that may edit the request on this browser is shown it, not this draft.
    vi.unstubAllGlobals();
    const owner = {
      _id: "u2",
      firstName: "Ben",
      lastName: "Costa",
      email: "ben@example.com",
      emailVerified: true,
    };
    stubApi({ "GET /api/applications/a1": { json: applicationDto({ userId: owner }) } });
    const other = openAsOwner("u2");
    expect(await screen.findByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^City/)).not.toBeInTheDocument();
    other.unmount();
    vi.unstubAllGlobals();
    stubApi({ "GET /api/applications/a1": { json: applicationDto() } });

    openAsOwner();
    expect(await screen.findByLabelText(/^City/)).toHaveValue("Recife");
    expect(screen.getByLabelText(/^Passport Number/)).toHaveValue("X1234567");
    // Discarded, the form holds the stored request again.
    await user.click(screen.getByRole("button", { name: "Discard draft" }));
    expect(screen.getByLabelText(/^City/)).toHaveValue("São Paulo");
    expect(screen.queryByText(/We restored the changes/)).not.toBeInTheDocument();
  }, 30_000);
});
