import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import AdminLayout from "./AdminLayout";

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/admin",
        element: <AdminLayout />,
        children: [
          { index: true, element: <p>applications</p> },
          { path: "meetings", element: <p>meetings</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe("AdminLayout", () => {
  it("links every admin section and marks only the current one", () => {
    renderAt("/admin/meetings");
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Applications", "/admin"],
      ["Manage Meetings", "/admin/meetings"],
      ["Manage Users", "/admin/users"],
      ["Letters", "/admin/letters"],
    ]);
    expect(screen.getByRole("link", { name: "Manage Meetings" })).toHaveAttribute("aria-current", "page");
    // /admin is a prefix of every section; it must not stay marked on the others.
    expect(screen.getByRole("link", { name: "Applications" })).not.toHaveAttribute("aria-current");
    expect(screen.getByText("meetings")).toBeInTheDocument();
  });
});
