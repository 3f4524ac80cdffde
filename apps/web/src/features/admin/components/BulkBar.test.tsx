import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { announced, liveRegionOf } from "../../../lib/testing";
import { BulkBar } from "./BulkBar";

/** The bar with a selection of its own, as the list keeps it, and a filter that changes the list. */
function Selection({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  const [filter, setFilter] = useState("all");
  const none = () => {};
  return (
    <>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Select one more
      </button>
      <button
        type="button"
        onClick={() => {
          // As the list does: another list starts with no selection.
          setFilter((f) => (f === "all" ? "pending" : "all"));
          setCount(0);
        }}
      >
        Change filter
      </button>
      <BulkBar
        count={count}
        busy={false}
        onApprove={none}
        onReject={none}
        onResend={none}
        onClear={() => setCount(0)}
        listKey={filter}
      />
      <button type="button">Next control</button>
    </>
  );
}

describe("BulkBar", () => {
  it("keeps keyboard focus in its place when the selection is cleared, and says so once", async () => {
    render(<Selection initial={2} />);
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    screen.getByRole("button", { name: "Clear selection" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.queryByRole("region", { name: "Selected applications" })).not.toBeInTheDocument();
    const told = screen.getByText("Selection cleared");
    expect(told).toHaveFocus();
    // Read where focus is, and nowhere else: no live region says it again.
    expect(liveRegionOf(told)).toBeNull();
    expect(announced("polite")).toEqual([]);
    // Tab goes on from the bar's place.
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Next control" })).toHaveFocus();
  });

  it("keeps focus on the pressed button while the action is sent, and takes no second press", async () => {
    const onApprove = vi.fn();
    const bar = (busy: boolean) => (
      <BulkBar
        count={3}
        busy={busy}
        onApprove={onApprove}
        onReject={() => {}}
        onResend={() => {}}
        onClear={() => {}}
        listKey=""
      />
    );
    const view = render(bar(false));
    screen.getByRole("button", { name: "Approve selected" }).focus();
    await userEvent.keyboard("{Enter}");
    view.rerender(bar(true));
    const approve = screen.getByRole("button", { name: "Approve selected" });
    expect(approve).toBeEnabled();
    expect(approve).toHaveAttribute("aria-disabled", "true");
    expect(approve).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(onApprove).toHaveBeenCalledTimes(1);
    for (const name of ["Reject selected", "Resend letters"]) {
      expect(screen.getByRole("button", { name })).toHaveAttribute("aria-disabled", "true");
    }
  });

  it("shows the bar again, without the line, for a new selection", async () => {
    render(<Selection initial={1} />);
    await userEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByText("Selection cleared")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Select one more" }));
    expect(screen.getByText("1 selected")).toBeInTheDocument();
    expect(screen.queryByText("Selection cleared")).not.toBeInTheDocument();
  });

  it("drops 'Selection cleared' once the list changes, and says it again after the next clear", async () => {
    render(<Selection initial={1} />);
    await userEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByText("Selection cleared")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Change filter" }));
    expect(screen.queryByText("Selection cleared")).not.toBeInTheDocument();
    // Back to the first list, nothing was cleared there meanwhile: still nothing to say.
    await userEvent.click(screen.getByRole("button", { name: "Change filter" }));
    expect(screen.queryByText("Selection cleared")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Select one more" }));
    screen.getByRole("button", { name: "Clear selection" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByText("Selection cleared")).toHaveFocus();
  });

  it("says politely that a filter dropped the selection, and only when there was one", async () => {
    const { container } = render(<Selection initial={2} />);
    // The region is on the page, empty, before it has anything to say.
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).toBeInTheDocument();
    expect(region).toHaveTextContent(/^$/);
    const change = screen.getByRole("button", { name: "Change filter" });
    change.focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.queryByRole("region", { name: "Selected applications" })).not.toBeInTheDocument();
    expect(region).toHaveTextContent("Selection of 2 applications cleared: the list changed");
    // Nothing takes focus, and the line of Clear selection is not shown.
    expect(change).toHaveFocus();
    expect(screen.queryByText("Selection cleared")).not.toBeInTheDocument();
    // Another list with no selection to lose: nothing to say.
    await userEvent.keyboard("{Enter}");
    expect(region).toHaveTextContent(/^$/);
    await userEvent.click(screen.getByRole("button", { name: "Select one more" }));
    await userEvent.click(change);
    expect(region).toHaveTextContent("Selection of 1 application cleared: the list changed");
    // A new selection ends what was said.
    await userEvent.click(screen.getByRole("button", { name: "Select one more" }));
    expect(region).toHaveTextContent(/^$/);
    expect(screen.getByText("1 selected")).toBeInTheDocument();
  });
});
