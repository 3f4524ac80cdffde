import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../lib/testing";
import { applicationDto } from "../test-data";
import { ApplicationView } from "./detail/ApplicationView";
import { MyApplicationsTable } from "./MyApplicationsTable";

// 98 letters without a space: allowed (the limit is 100), and wider than any phone.
const LONG = "Wolfeschlegelsteinhausenbergerdorff".repeat(3).slice(0, 98);

describe("a long name without spaces", () => {
  it("wraps inside its card on the detail page instead of widening the page", () => {
    renderAt("/", <ApplicationView app={applicationDto({ lastName: LONG })} admin={false} />);
    const value = screen.getByText(LONG, { selector: "dd" });
    expect(value).toHaveClass("[overflow-wrap:anywhere]");
    // A grid item's min-width is its content's unless it is set to 0.
    expect(value.parentElement).toHaveClass("min-w-0");
  });

  it("wraps in the dashboard's table, so Actions stays in view", () => {
    renderAt(
      "/",
      <MyApplicationsTable applications={[applicationDto({ lastName: LONG })]} onDownload={() => {}} />,
    );
    expect(screen.getByText(`Ana ${LONG}`, { selector: "td" })).toHaveClass("[overflow-wrap:anywhere]");
  });
});
