import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  announced,
  findAnnounced,
  getAnnounced,
  holdApi,
  json,
  renderAt,
  stubApi,
} from "../../../../lib/testing";
import { ReviewNotes } from "./ReviewNotes";

afterEach(() => vi.unstubAllGlobals());

describe("notes and messages on the review desk", () => {
  it("names its box for what it takes, and tells who sees each kind as the box is reached", () => {
    renderAt("/admin/applications/a1", <ReviewNotes id="a1" />);
    const box = screen.getByRole("textbox", { name: "Note or message" });
    expect(box).toHaveAccessibleDescription(/Add internal note: Only admins see notes\./);
    expect(box).toHaveAccessibleDescription(/Send message: The applicant sees it and gets it by e-mail\./);
  });

  it("keeps keyboard focus in the box to type the next one after a note is added", async () => {
    const { calls } = stubApi({ "POST /api/applications/a1/notes": { json: { message: "Note added" } } });
    renderAt("/admin/applications/a1", <ReviewNotes id="a1" />);
    const box = screen.getByLabelText("Note or message");
    await userEvent.type(box, "Passport copy checked");
    await userEvent.click(screen.getByRole("button", { name: "Add internal note" }));
    expect(await findAnnounced("polite")).toHaveTextContent("Note added");
    expect(calls.map((c) => c.body)).toEqual([{ text: "Passport copy checked" }]);
    // The button that had focus is disabled by the emptied box: focus goes back to the box.
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue("");
  });

  it("keeps the text, and focus on the pressed button, while sending and when it fails", async () => {
    const { answer } = holdApi();
    renderAt("/admin/applications/a1", <ReviewNotes id="a1" />);
    const box = screen.getByLabelText("Note or message");
    await userEvent.type(box, "Please send your hotel booking");
    const send = screen.getByRole("button", { name: "Send message" });
    await userEvent.click(send);
    // Busy, not disabled: a disabled button would drop focus to the page's top.
    await waitFor(() => expect(send).toHaveAttribute("aria-disabled", "true"));
    expect(send).toBeEnabled();
    answer(json({ message: "Not sent: try again" }, 409));
    expect(await findAnnounced("assertive")).toHaveTextContent("Not sent: try again");
    expect(box).toHaveValue("Please send your hotel booking");
    expect(send).toHaveFocus();
  });

  it("says again that a note was added when a second one is", async () => {
    stubApi({ "POST /api/applications/a1/notes": { json: { message: "Note added" } } });
    renderAt("/admin/applications/a1", <ReviewNotes id="a1" />);
    const box = screen.getByLabelText("Note or message");
    await userEvent.type(box, "First");
    await userEvent.click(screen.getByRole("button", { name: "Add internal note" }));
    const first = await findAnnounced("polite");
    await userEvent.type(box, "Second");
    await userEvent.click(screen.getByRole("button", { name: "Add internal note" }));
    // A new banner carries the second answer, and the same words are told again.
    await waitFor(() => expect(getAnnounced("polite")).not.toBe(first));
    expect(getAnnounced("polite")).toHaveTextContent("Note added");
    expect(announced("polite")).toEqual(["Note added", "Note added"]);
  });
});
