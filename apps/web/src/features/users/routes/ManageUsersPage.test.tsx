import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UserDto } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findAnnounced, json, type RecordedRequest, renderAt, stubApi } from "../../../lib/testing";
import ManageUsersPage from "./ManageUsersPage";

function user(id: string, first: string, isAdmin: boolean): UserDto {
  return {
    _id: id,
    email: `${first.toLowerCase()}@example.com`,
    firstName: first,
    lastName: "Example",
    isAdmin,
    role: isAdmin ? "admin" : "user",
    createdAt: "2025-01-01T00:00:00.000Z",
    emailVerified: true,
  };
}

const USERS = [user("u1", "Ada", true), { ...user("u2", "Ben", false), emailVerified: false }];
let network: ReturnType<typeof stubApi>;
const listCalls = () => network.calls.filter((c) => c.method === "GET" && c.url.pathname === "/api/users");

beforeEach(() => {
  network = stubApi({
    "GET /api/users": (c: RecordedRequest) =>
      json({
        users: c.url.searchParams.get("search") ? [USERS[1]] : USERS,
        pagination: c.url.searchParams.get("search")
          ? { total: 1, page: 1, pages: 1 }
          : { total: 12, page: Number(c.url.searchParams.get("page")), pages: 2 },
      }),
    "PUT /api/users/u1/role": () => json({ message: "Cannot demote the last admin" }, 409),
    "PUT /api/users/u2/role": () => json({ message: "User role updated" }),
    "DELETE /api/users/u2": () => json({ message: "User deleted" }),
    "POST /api/users": () => json({ message: "User already exists" }, 409),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("ManageUsersPage", () => {
  it("lists users with role badges, highlights admins and counts the page", async () => {
    renderAt("/admin/users", <ManageUsersPage />);
    const ada = (await screen.findByText("Ada Example")).closest("tr");
    expect(ada).toHaveClass("bg-blue-50");
    expect(within(ada as HTMLElement).getByText("admin")).toBeInTheDocument();
    expect(screen.getByText("Ben Example").closest("tr")).not.toHaveClass("bg-blue-50");
    // An address the portal does not mail yet says so; a verified one says nothing.
    expect(
      within(screen.getByText("Ben Example").closest("tr") as HTMLElement).getByText("not verified"),
    ).toBeInTheDocument();
    expect(within(ada as HTMLElement).queryByText("not verified")).not.toBeInTheDocument();
    expect(screen.getByText("Showing 1-2 of 12 users")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");
  });

  it("goes to the next page, and back to page 1 when the search changes", async () => {
    renderAt("/admin/users", <ManageUsersPage />);
    await screen.findByText("Ada Example");
    screen.getByRole("button", { name: "Next" }).focus();
    await userEvent.keyboard("{Enter}");
    await screen.findByText("Page 2 of 2");
    expect(listCalls().at(-1)?.url.searchParams.get("page")).toBe("2");
    // On the last page Next does nothing more, and keeps the keyboard's focus.
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    expect(next).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(listCalls().at(-1)?.url.searchParams.get("page")).toBe("2");
    await userEvent.type(screen.getByPlaceholderText("Search users..."), "ben");
    await screen.findByText("Showing 1-1 of 1 users");
    const last = listCalls().at(-1)?.url.searchParams;
    expect(last?.get("search")).toBe("ben");
    expect(last?.get("page")).toBe("1");
  });

  it("asks before a demotion, naming what it does, and shows the server's refusal in the dialog", async () => {
    renderAt("/admin/users", <ManageUsersPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Ada Example" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Toggle Admin (currently admin)" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Admin Role" });
    expect(dialog).toHaveTextContent("loses the admin area at once");
    expect(network.calls.some((c) => c.method === "PUT")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove Admin Role" }));
    expect(await findAnnounced("assertive", dialog)).toHaveTextContent(
      "Failed to update user role: Cannot demote the last admin",
    );
    const put = network.calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ isAdmin: false });
  });

  it("asks before a promotion, saying it opens every passport; Cancel sends nothing", async () => {
    renderAt("/admin/users", <ManageUsersPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Ben Example" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Toggle Admin (currently user)" }));
    const dialog = await screen.findByRole("dialog", { name: "Make Admin" });
    expect(dialog).toHaveTextContent("every passport number and birthdate");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(network.calls.some((c) => c.method === "PUT")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Actions for Ben Example" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Toggle Admin (currently user)" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Make Admin" })).getByRole("button", {
        name: "Make Admin",
      }),
    );
    expect(await screen.findByText("Ben Example is now an admin")).toBeInTheDocument();
  });

  it("deletes a user only once Delete is typed, after saying their applications go with them", async () => {
    renderAt("/admin/users", <ManageUsersPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Ben Example" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete User" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete User" });
    expect(dialog).toHaveTextContent("Ben Example");
    expect(dialog).toHaveTextContent("All of their applications and letters are deleted too.");
    const confirm = within(dialog).getByRole("button", { name: "Delete User" });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Type Delete to confirm"), "Delete");
    await userEvent.click(confirm);
    expect(await screen.findByText("User deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("opens the row's edit and password forms on their first field", async () => {
    renderAt("/admin/users", <ManageUsersPage />);
    for (const [item, title, field] of [
      ["Edit Account Details", "Edit User", /First Name/],
      ["Change Password", "Change Password", /New Password/],
    ] as const) {
      await userEvent.click(await screen.findByRole("button", { name: "Actions for Ben Example" }));
      await userEvent.click(screen.getByRole("menuitem", { name: item }));
      const dialog = await screen.findByRole("dialog", { name: title });
      await waitFor(() => expect(within(dialog).getByLabelText(field)).toHaveFocus());
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    }
  });

  it("checks the new user's fields before sending and shows a refusal in the dialog", async () => {
    renderAt("/admin/users", <ManageUsersPage />);
    await screen.findByText("Ada Example");
    await userEvent.click(screen.getByRole("button", { name: "Create New User" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New User" });
    // The form opens on its first field, to type into at once.
    await waitFor(() => expect(within(dialog).getByLabelText(/First Name/)).toHaveFocus());
    await userEvent.type(within(dialog).getByLabelText(/First Name/), "Cy");
    await userEvent.type(within(dialog).getByLabelText(/Last Name/), "Example");
    await userEvent.type(within(dialog).getByLabelText(/Email/), "cy@example.com");
    await userEvent.type(within(dialog).getByLabelText(/^Password/), "12345");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create User" }));
    expect(await within(dialog).findByText(/at least 6 characters/)).toBeInTheDocument();
    expect(network.calls.some((c) => c.method === "POST")).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/^Password/), "6");
    await userEvent.click(within(dialog).getByLabelText("Admin User"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create User" }));
    expect(await findAnnounced("assertive", dialog)).toHaveTextContent(
      "Failed to create user: User already exists",
    );
    const post = network.calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      firstName: "Cy",
      lastName: "Example",
      email: "cy@example.com",
      password: "123456",
      isAdmin: true,
    });
  });
});
