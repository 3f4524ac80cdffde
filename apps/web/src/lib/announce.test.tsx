import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useAnnouncedText } from "./announce";
import { announced } from "./testing";

function Check() {
  const [answer, setAnswer] = useState<string | null>(null);
  const told = useAnnouncedText("polite");
  return (
    <>
      <button type="button" onClick={() => setAnswer("No match")}>
        Check
      </button>
      <button type="button" onClick={() => setAnswer(null)}>
        Clear
      </button>
      {answer && <p ref={told}>{answer}</p>}
    </>
  );
}

describe("a message shown now and then", () => {
  it("is told each time it comes back, the same words included", async () => {
    const user = userEvent.setup();
    render(<Check />);
    await user.click(screen.getByRole("button", { name: "Check" }));
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(announced("polite")).toEqual(["No match"]);
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(announced("polite")).toEqual(["No match", "No match"]);
  });
});

/** A notice that may take focus: held until the test lets it go, focused or not before. */
function Notice({ words, held }: { words: string; held: boolean }) {
  const told = useAnnouncedText("polite", held);
  return (
    <div tabIndex={-1} data-testid="notice">
      <p ref={told}>{words}</p>
    </div>
  );
}

describe("a message held while focus may come to it", () => {
  it("is not announced when focus came to it meanwhile, and its later words are", async () => {
    const view = render(<Notice words="2 approved" held />);
    expect(announced("polite")).toEqual([]);
    screen.getByTestId("notice").focus();
    view.rerender(<Notice words="2 approved" held={false} />);
    expect(announced("polite")).toEqual([]);
    view.rerender(<Notice words="1 rejected" held={false} />);
    await waitFor(() => expect(announced("polite")).toEqual(["1 rejected"]));
  });

  it("is announced once let go when focus went elsewhere", () => {
    const view = render(<Notice words="2 approved" held />);
    view.rerender(<Notice words="2 approved" held={false} />);
    view.rerender(<Notice words="2 approved" held={false} />);
    expect(announced("polite")).toEqual(["2 approved"]);
  });
});
