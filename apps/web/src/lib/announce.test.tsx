import { render, screen } from "@testing-library/react";
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
