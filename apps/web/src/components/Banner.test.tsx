import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Banner } from "./Banner";

function PageWithNotice() {
  const [shown, setShown] = useState(true);
  return (
    <main>
      <h1>Applications</h1>
      {shown && (
        <Banner kind="success" onDismiss={() => setShown(false)}>
          Application approved
        </Banner>
      )}
      <button type="button">Approve</button>
    </main>
  );
}

describe("a dismissed banner", () => {
  it("gives keyboard focus to the page's heading, not the top of the document", async () => {
    const user = userEvent.setup();
    render(<PageWithNotice />);
    await user.tab();
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByText("Application approved")).toBeNull();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Applications" })).toHaveFocus());
    // Tab goes on from there, to the page's next control.
    await user.tab();
    expect(screen.getByRole("button", { name: "Approve" })).toHaveFocus();
  });
});
