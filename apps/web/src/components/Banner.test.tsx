import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";
import { describe, expect, it } from "vitest";
import { useAnnouncedText } from "../lib/announce";
import { announced } from "../lib/testing";
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

function SaveForm({ failure }: { failure?: string }) {
  const [saved, setSaved] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setSaved((n) => n + 1)}>
        Save
      </button>
      {saved > 0 && (
        <Banner kind="success">{saved === 1 ? "Reasons saved" : `Reasons saved ${saved} times`}</Banner>
      )}
      {failure && <Banner kind="error">{failure}</Banner>}
    </main>
  );
}

describe("a banner's message", () => {
  it("is told to screen readers through a live region that was there before it", async () => {
    const user = userEvent.setup();
    render(<SaveForm />);
    const regions = document.querySelectorAll("[data-live-announcer] [aria-live]");
    expect(regions).toHaveLength(2);
    expect(announced("polite")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Reasons saved")).toBeVisible();
    expect(announced("polite")).toEqual(["Reasons saved"]);
    // The same regions: nothing was put in the page already filled.
    expect(document.querySelectorAll("[data-live-announcer] [aria-live]")).toEqual(regions);
    expect(announced("assertive")).toEqual([]);
  });

  it("is told again when its text changes, and once when it does not", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<SaveForm />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    rerender(<SaveForm />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(announced("polite")).toEqual(["Reasons saved", "Reasons saved 2 times"]));
  });

  it("is told once, however often React attaches it while developing (StrictMode)", async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <SaveForm failure="Failed to save rejection reasons" />
      </StrictMode>,
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(announced("polite")).toEqual(["Reasons saved"]);
    expect(announced("assertive")).toEqual(["Failed to save rejection reasons"]);
  });

  it("is told at once when it is an error", () => {
    render(<SaveForm failure="Failed to save rejection reasons" />);
    expect(announced("assertive")).toEqual(["Failed to save rejection reasons"]);
    expect(announced("polite")).toEqual([]);
  });

  it("is the banner's words, paragraphs and links included, without what readers skip", () => {
    render(
      <Banner kind="info">
        <p>The secretariat asks you to correct this request:</p>
        <blockquote>Your passport expires too soon</blockquote>
        <p>
          <span aria-hidden="true">!</span>Edit it and <a href="#edit">save it</a>.
        </p>
      </Banner>,
    );
    expect(announced("polite")).toEqual([
      "The secretariat asks you to correct this request: Your passport expires too soon Edit it and save it.",
    ]);
  });

  it("leaves the visible banner without a live role, so it is not read twice", () => {
    render(<SaveForm failure="Failed to save rejection reasons" />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByText("Failed to save rejection reasons").closest("[aria-live]")).toBeNull();
  });
});

function ResendNotice() {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const sent = useAnnouncedText("polite");
  return (
    <Banner kind="info">
      <p>Please verify your e-mail address.</p>
      <button type="button" onClick={() => setState("sending")}>
        {state === "sending" ? "Sending..." : "Resend"}
      </button>
      <button type="button" onClick={() => setState("sent")}>
        Finish
      </button>
      {state === "sent" && <span ref={sent}>Verification e-mail sent</span>}
    </Banner>
  );
}

describe("a banner with controls and a message of its own", () => {
  it("says neither a button's label nor the whole banner again, only the new message", async () => {
    const user = userEvent.setup();
    render(<ResendNotice />);
    expect(announced("polite")).toEqual(["Please verify your e-mail address."]);
    await user.click(screen.getByRole("button", { name: "Resend" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Finish" }));
    expect(screen.getByText("Verification e-mail sent")).toBeVisible();
    // The banner's own words did not change: it is not read again, nor the button's new label.
    expect(announced("polite")).toEqual(["Please verify your e-mail address.", "Verification e-mail sent"]);
  });
});
