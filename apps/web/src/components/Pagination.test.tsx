import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Pagination, pageWindow } from "./Pagination";

/** Three pages, on page 2, moving as the buttons say. */
function Pages() {
  const [page, setPage] = useState(2);
  return <Pagination page={page} pages={3} onPageChange={setPage} />;
}

describe("pageWindow", () => {
  it("shows every page when there are seven or fewer", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows nothing when there are no pages", () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("keeps the first pages together near the start", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 20]);
  });

  it("centres the current page between two ellipses in the middle", () => {
    expect(pageWindow(5, 20)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 20]);
    expect(pageWindow(10, 20)).toEqual([1, "ellipsis-start", 9, 10, 11, "ellipsis-end", 20]);
    expect(pageWindow(16, 20)).toEqual([1, "ellipsis-start", 15, 16, 17, "ellipsis-end", 20]);
  });

  it("keeps the last pages together near the end", () => {
    expect(pageWindow(17, 20)).toEqual([1, "ellipsis-start", 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, "ellipsis-start", 16, 17, 18, 19, 20]);
  });

  it("always holds seven slots with the first, last and current page once there are more than seven", () => {
    for (let pages = 8; pages <= 15; pages++) {
      for (let current = 1; current <= pages; current++) {
        const items = pageWindow(current, pages);
        expect(items).toHaveLength(7);
        expect(items[0]).toBe(1);
        expect(items[6]).toBe(pages);
        expect(items).toContain(current);
        const numbers = items.filter((i): i is number => typeof i === "number");
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });

  it("clamps a current page outside the range", () => {
    expect(pageWindow(99, 20)).toEqual(pageWindow(20, 20));
    expect(pageWindow(0, 20)).toEqual(pageWindow(1, 20));
  });
});

describe("Pagination", () => {
  it("marks the current page and moves with Previous, Next and the numbers", async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it("disables Next on the last page", async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pages={3} onPageChange={onPageChange} />);
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(next);
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Previous" })).not.toHaveAttribute("aria-disabled");
  });

  it("keeps keyboard focus on Next when it reaches the last page", async () => {
    render(<Pages />);
    screen.getByRole("button", { name: "Next" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    // A disabled button loses focus to the page's top; this one keeps it, and Enter does nothing.
    expect(next).toBeEnabled();
    expect(next).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
  });

  it("renders nothing for a single page", () => {
    const { container } = render(<Pagination page={1} pages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
