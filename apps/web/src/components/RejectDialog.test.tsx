import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt, stubApi } from "../lib/testing";
import { RejectDialog } from "./RejectDialog";

afterEach(() => vi.unstubAllGlobals());

function Rejecting({ onReject }: { onReject: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject selected
      </button>
      <RejectDialog open={open} subject="2 applications" onClose={() => setOpen(false)} onReject={onReject} />
    </>
  );
}

describe("RejectDialog", () => {
  it("opens on the reason, and sends focus back to it when Reject is pressed without one", async () => {
    const reasons = stubApi({
      "GET /api/rejection-reasons": { json: { reasons: ["The request is incomplete"] } },
    });
    const onReject = vi.fn();
    const page = renderAt("/admin", <Rejecting onReject={onReject} />);
    // The reasons are asked for with the page, before the dialog opens.
    await waitFor(() => expect(reasons.calls).toHaveLength(1));
    await waitFor(() => expect(page.queryClient.isFetching()).toBe(0));
    screen.getByRole("button", { name: "Reject selected" }).focus();
    await userEvent.keyboard("{Enter}");
    const reason = await screen.findByRole("combobox", { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveFocus());

    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(onReject).not.toHaveBeenCalled();
    // The error beside the field is read where focus goes: on the field.
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription("Choose a reason");

    await userEvent.selectOptions(reason, "Another reason (type it)");
    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    const typed = screen.getByRole("textbox", { name: /Reason for the applicant/ });
    await waitFor(() => expect(typed).toHaveFocus());
    expect(typed).toHaveAccessibleDescription("Type a reason");
    await userEvent.type(typed, "Travel dates outside the meeting");
    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(onReject).toHaveBeenCalledWith("Travel dates outside the meeting");
  });
});
