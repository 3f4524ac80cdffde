import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";

describe("a busy button", () => {
  it("keeps focus and says it is unavailable, and a second press or Enter in its form does nothing", async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={submitted}>
        <label>
          Name <input />
        </label>
        <Button type="submit" busy>
          Save
        </Button>
      </form>,
    );
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).not.toBeDisabled();
    expect(save).toHaveAttribute("aria-disabled", "true");
    save.focus();
    await user.keyboard("{Enter}");
    await user.click(save);
    expect(save).toHaveFocus();
    await user.type(screen.getByLabelText("Name"), "Ana{Enter}");
    expect(submitted).not.toHaveBeenCalled();
  });

  it("does its work once no longer busy", async () => {
    const user = userEvent.setup();
    const pressed = vi.fn();
    const { rerender } = render(
      <Button busy onClick={pressed}>
        Preview
      </Button>,
    );
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(pressed).not.toHaveBeenCalled();
    rerender(<Button onClick={pressed}>Preview</Button>);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Preview" })).not.toHaveAttribute("aria-disabled");
  });
});
