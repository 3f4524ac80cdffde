import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog";
import { TypedConfirmDialog } from "./TypedConfirmDialog";

afterEach(() => vi.unstubAllGlobals());

/** A phone or tablet: the primary pointer is a finger (`pointer: coarse`). */
function stubTouchScreen() {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query === "(pointer: coarse)",
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}

function DeleteThing({ typed = false }: { typed?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button">Something else</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete thing
      </button>
      {typed ? (
        <TypedConfirmDialog
          open={open}
          title="Delete thing"
          word="Delete"
          body={<p>Gone for good.</p>}
          confirmLabel="Delete"
          busy={false}
          error={null}
          onConfirm={close}
          onClose={close}
        />
      ) : (
        <ConfirmDialog
          open={open}
          title="Delete thing"
          confirmLabel="Delete"
          onConfirm={close}
          onClose={close}
        >
          <p>Gone for good.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

describe.each([
  ["with a mouse and keyboard", () => {}],
  ["on a touch screen", stubTouchScreen],
])("a confirmation opened %s", (_, setUp) => {
  it("opens on Cancel, and gives focus back to the button that opened it", async () => {
    setUp();
    const user = userEvent.setup({ delay: null });
    render(<DeleteThing />);
    const opener = screen.getByRole("button", { name: "Delete thing" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Delete thing" });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    // Escape too.
    await user.click(opener);
    await screen.findByRole("dialog", { name: "Delete thing" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("asking for a typed word, opens on its box (the confirm button stays disabled)", async () => {
    setUp();
    const user = userEvent.setup({ delay: null });
    render(<DeleteThing typed />);
    const opener = screen.getByRole("button", { name: "Delete thing" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Delete thing" });
    await waitFor(() => expect(within(dialog).getByLabelText("Type Delete to confirm")).toHaveFocus());
    expect(within(dialog).getByRole("button", { name: "Delete" })).toBeDisabled();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
