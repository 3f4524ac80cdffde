import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "../../../app/routes";
import { getSession, saveSession } from "../../../lib/session";
import { fakeToken, renderRoutes, stubApi } from "../../../lib/testing";

const oldToken = fakeToken(Date.now() / 1000 + 3600);
const newToken = fakeToken(Date.now() / 1000 + 7200);

beforeEach(() => saveSession({ token: oldToken, userId: "u1", userRole: "user" }));
afterEach(() => vi.unstubAllGlobals());

/** The signed-in app on the dashboard; change-password answers as the server does. */
function openDashboard() {
  const api = stubApi({
    "GET /api/applications": { json: [] },
    "GET /api/auth/me": {
      json: { _id: "u1", email: "ana@example.org", firstName: "Ana", lastName: "Lima", role: "user" },
    },
    "POST /api/auth/change-password": (req) => {
      const { currentPassword } = req.body as { currentPassword: string };
      if (currentPassword !== "old-secret")
        return {
          status: 400,
          json: { message: "Current password is incorrect", fields: ["currentPassword"] },
        };
      return {
        json: {
          message: "Password changed successfully",
          token: newToken,
          userId: "u1",
          role: "user",
          expiresAt: new Date(Date.now() + 7_200_000).toISOString(),
        },
      };
    },
  });
  renderRoutes(routes, "/");
  return { ...api, user: userEvent.setup({ delay: null }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, again = next) {
  await user.clear(screen.getByLabelText(/^Current Password/));
  await user.type(screen.getByLabelText(/^Current Password/), current);
  await user.clear(screen.getByLabelText(/^New Password/));
  await user.type(screen.getByLabelText(/^New Password/), next);
  await user.clear(screen.getByLabelText(/^Confirm New Password/));
  await user.type(screen.getByLabelText(/^Confirm New Password/), again);
  await user.click(screen.getByRole("button", { name: "Change Password" }));
}

describe("a signed-in user changes their own password", () => {
  it("reaches the form from the header and keeps the session the change hands back", async () => {
    const { user, calls } = openDashboard();
    const [link] = await screen.findAllByRole("link", { name: "Change Password" });
    await user.click(link as HTMLElement);
    expect(await screen.findByRole("heading", { level: 1, name: "Change Password" })).toBeInTheDocument();

    await fill(user, "old-secret", "new-secret", "new-secreT");
    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    await fill(user, "old-secret", "new");
    expect(await screen.findByText(/at least 6 characters long/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/auth/change-password")).toEqual([]);

    await fill(user, "old-secret", "new-secret");
    expect(await screen.findByText(/Password changed successfully/)).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === "/api/auth/change-password");
    expect(sent.map((c) => c.body)).toEqual([{ currentPassword: "old-secret", newPassword: "new-secret" }]);
    // The change ended the old token on the server: the new one is kept, and the fields emptied.
    expect(getSession()).toMatchObject({ token: newToken, userId: "u1", userRole: "user" });
    expect(screen.getByLabelText(/^New Password/)).toHaveValue("");
  }, 30_000);

  it("says beside the field when the current password is wrong, and stays signed in", async () => {
    const { user } = openDashboard();
    const [link] = await screen.findAllByRole("link", { name: "Change Password" });
    await user.click(link as HTMLElement);
    await screen.findByRole("heading", { level: 1, name: "Change Password" });

    await fill(user, "official-portal-password", "new-secret");
    const current = screen.getByLabelText(/^Current Password/);
    await waitFor(() => expect(current).toHaveAccessibleDescription(/Current password is incorrect/));
    await waitFor(() => expect(current).toHaveFocus());
    expect(getSession()).toMatchObject({ token: oldToken });
  }, 30_000);
});
