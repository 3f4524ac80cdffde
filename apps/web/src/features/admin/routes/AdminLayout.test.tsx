import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
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

afterEach(() => vi.restoreAllMocks());

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

  it("brings a section reached by Tab wholly into view, as the row scrolls sideways on a phone", async () => {
    // jsdom has no layout and no :focus-visible (a browser's answer after Tab is yes): the call is
    // what can be seen here; the review desk's journey at 390 px measures.
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, "matches").mockImplementation(function (this: Element, selector: string) {
      return selector === ":focus-visible" ? this === document.activeElement : matches.call(this, selector);
    });
    const scrolled: Element[] = [];
    // jsdom has no scrollIntoView either: one is lent for this test.
    const scrollIntoView = vi.fn(function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
      expect(arg).toEqual({ block: "nearest", inline: "nearest" });
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderAt("/admin");
    screen.getByRole("link", { name: "Manage Meetings" }).focus();
    await userEvent.tab();
    expect(screen.getByRole("link", { name: "Manage Users" })).toHaveFocus();
    expect(scrolled).toContain(screen.getByRole("link", { name: "Manage Users" }));
  });
});
