import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { announced, findAnnounced, holdApi, json, renderAt, stubApi } from "../../../lib/testing";
import { meeting as testMeeting } from "../test-data";
import { MeetingTabs } from "./MeetingTabs";
import { MeetingToolbar } from "./MeetingToolbar";

afterEach(() => vi.unstubAllGlobals());

const meeting = testMeeting("m1", "Dallas 2030", "2030-03-02");
const ZIP = "GET /api/letters/meetings/m1/zip";

describe("the meeting's ZIP of approved letters", () => {
  it("says there is nothing to download when no letter is approved, not that it failed", async () => {
    stubApi({ [ZIP]: { status: 404, json: { message: "This meeting has no approved applications" } } });
    renderAt("/admin", <MeetingToolbar meeting={meeting} />);
    await userEvent.click(screen.getByRole("button", { name: "Download approved letters (ZIP)" }));
    expect(await findAnnounced("polite")).toHaveTextContent(
      "There is nothing to download yet: Dallas 2030 has no approved letters.",
    );
    expect(announced("assertive")).toEqual([]);
    expect(screen.queryByText(/Failed/)).not.toBeInTheDocument();
  });

  it("still says why when the download really fails", async () => {
    stubApi({ [ZIP]: { status: 500, json: { message: "Internal server error" } } });
    renderAt("/admin", <MeetingToolbar meeting={meeting} />);
    await userEvent.click(screen.getByRole("button", { name: "Download approved letters (ZIP)" }));
    expect(await findAnnounced("assertive")).toHaveTextContent("Failed to download approved letters");
  });
});

describe("the meeting's downloads", () => {
  it("keep keyboard focus on the pressed button while the file is made, and after", async () => {
    const { answer } = holdApi();
    renderAt("/admin", <MeetingToolbar meeting={meeting} />);
    screen.getByRole("button", { name: "Export CSV" }).focus();
    await userEvent.keyboard("{Enter}");
    // Busy, not disabled: a disabled button drops focus to the page's top.
    const busy = screen.getByRole("button", { name: "Exporting..." });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toBeEnabled();
    expect(busy).toHaveFocus();
    answer(json({ message: "The export failed" }, 500));
    expect(await findAnnounced("assertive")).toHaveTextContent("Failed to export applications");
    expect(screen.getByRole("button", { name: "Export CSV" })).toHaveFocus();
  });
});

describe("the inactive-meeting picker", () => {
  it("offers each closed meeting by its whole name and names the chosen one in full", async () => {
    const long = {
      ...meeting,
      _id: "m-long",
      name: "Joint Plenary of the Working Groups on Interoperability, Lisbon 2029",
      isActive: false,
    };
    const onSelect = vi.fn();
    const first = render(
      <MeetingTabs active={[meeting]} inactive={[long]} selectedId="m1" onSelect={onSelect} />,
    );
    expect(screen.getByRole("option", { name: `${long.name} (03/02/2030)` })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Inactive meetings" }), "m-long");
    expect(onSelect).toHaveBeenCalledWith("m-long");
    first.unmount();
    render(<MeetingTabs active={[meeting]} inactive={[long]} selectedId="m-long" onSelect={onSelect} />);
    const picker = screen.getByRole("combobox", { name: "Inactive meetings" });
    expect(picker).toHaveValue("m-long");
    // Where the box is narrower than the name, hovering it still shows the whole name.
    expect(picker).toHaveAttribute("title", long.name);
  });
});
