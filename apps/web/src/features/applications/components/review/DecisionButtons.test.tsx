import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DecisionButtons } from "./DecisionButtons";

describe("DecisionButtons", () => {
  it("keeps focus on Approve while a decision is sent, and takes no second press", async () => {
    const onApprove = vi.fn();
    const buttons = (busy: boolean) => (
      <DecisionButtons canApprove canReject withNext busy={busy} onApprove={onApprove} onReject={() => {}} />
    );
    const view = render(buttons(false));
    screen.getByRole("button", { name: "Approve" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(onApprove).toHaveBeenCalledTimes(1);
    view.rerender(buttons(true));
    const approve = screen.getByRole("button", { name: "Approve" });
    // A disabled button drops focus to the page's top, where a failed decision would leave it.
    expect(approve).toBeEnabled();
    expect(approve).toHaveAttribute("aria-disabled", "true");
    expect(approve).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Approve & next" })).toHaveAttribute("aria-disabled", "true");
  });
});
