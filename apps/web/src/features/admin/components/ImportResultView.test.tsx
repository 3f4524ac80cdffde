import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { liveRegionOf } from "../../../lib/testing";
import { ImportResultView } from "./ImportResultView";

const RESULT = {
  total: 5,
  successful: 2,
  updated: 1,
  failed: 2,
  updatedRecords: [{ name: "Ana Silva", reason: "Matched by passport number" }],
  errors: [
    { name: "Row 3: Li Wei", error: "gender must be Male, Female or Other" },
    { name: "Row 5: Jo Bloggs", error: "meetingName 'Nowhere' is not a meeting" },
  ],
};

describe("ImportResultView", () => {
  it("shows each count under its label", () => {
    render(<ImportResultView result={RESULT} onImportAnother={() => {}} onClose={() => {}} />);
    const count = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(count("Total rows")).toBe("5");
    expect(count("Imported")).toBe("2");
    expect(count("Updated")).toBe("1");
    expect(count("Failed")).toBe("2");
  });

  it("counts as Updated only the rows that changed something, the others as No changes", () => {
    // The wire's `updated` (spec) counts every matched row; `unchanged` says how many of them
    // the file left as they were.
    render(
      <ImportResultView
        result={{ ...RESULT, total: 16, successful: 0, updated: 16, unchanged: 16, failed: 0, errors: [] }}
        onImportAnother={() => {}}
        onClose={() => {}}
      />,
    );
    const count = (label: string) =>
      screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(count("Updated")).toBe("0");
    expect(count("No changes")).toBe("16");
    expect(count("Total rows")).toBe("16");
  });

  it("shows how the import read what the file left open, such as its dates' order", () => {
    const note = "Dates written with slashes were read day first (DD/MM/YYYY), as row 4's birthdate shows.";
    render(
      <ImportResultView
        result={{ ...RESULT, notes: [note] }}
        onImportAnother={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole("note")).toHaveTextContent(note);
  });

  it("says how many approved letters the import replaced", () => {
    render(
      <ImportResultView result={{ ...RESULT, reissued: 2 }} onImportAnother={() => {}} onClose={() => {}} />,
    );
    expect(screen.getByText(/2 approved letters were replaced by new letters/)).toBeInTheDocument();
  });

  it("lists updated records with their reason and failed rows with their error", () => {
    render(<ImportResultView result={RESULT} onImportAnother={() => {}} onClose={() => {}} />);
    const updated = screen.getByRole("region", { name: "Updated records" });
    expect(within(updated).getByRole("listitem")).toHaveTextContent("Ana Silva: Matched by passport number");
    const errors = within(screen.getByRole("region", { name: "Errors" })).getAllByRole("listitem");
    expect(errors.map((li) => li.textContent)).toEqual([
      "Row 3: Li Wei: gender must be Male, Female or Other",
      "Row 5: Jo Bloggs: meetingName 'Nowhere' is not a meeting",
    ]);
  });

  it("names the columns each updated record changed, and a stale row's refusal among the errors", () => {
    const stale =
      "lastName: changed in the portal after this file was exported, and the file's value differs. Nothing of this row was imported, so the portal's newer value stays: export the meeting again and make your changes in the new file";
    const result = {
      ...RESULT,
      updated: 2,
      unchanged: 1,
      failed: 1,
      updatedRecords: [
        {
          name: "Row 3 (Ana Silva)",
          reason: "Matched by passport number",
          changed: ["firstName", "hotelName"],
        },
        { name: "Row 4 (Li Wei)", reason: "No changes (matched by email)" },
      ],
      errors: [{ name: "Row 2 (Zoë Łukasiewicz)", error: stale }],
    };
    render(<ImportResultView result={result} onImportAnother={() => {}} onClose={() => {}} />);
    const updated = within(screen.getByRole("region", { name: "Updated records" })).getAllByRole("listitem");
    expect(updated.map((li) => li.textContent)).toEqual([
      "Row 3 (Ana Silva): Matched by passport number. Changed: firstName, hotelName",
      "Row 4 (Li Wei): No changes (matched by email)",
    ]);
    const errors = within(screen.getByRole("region", { name: "Errors" })).getByRole("listitem");
    expect(errors).toHaveTextContent(`Row 2 (Zoë Łukasiewicz): ${stale}`);
  });

  it("names the columns it did not know and counts the new applications it approved", () => {
    const result = { ...RESULT, approved: 2, unknownColumns: ["favouriteColour", "notes"] };
    render(<ImportResultView result={result} onImportAnother={() => {}} onClose={() => {}} />);
    expect(screen.getByRole("note")).toHaveTextContent(
      "Columns not imported (not known): favouriteColour, notes",
    );
    expect(screen.getByText(/2 new applications were approved/)).toBeInTheDocument();
  });

  it("leaves out empty sections", () => {
    const clean = { ...RESULT, updated: 0, failed: 0, updatedRecords: [], errors: [] };
    render(<ImportResultView result={clean} onImportAnother={() => {}} onClose={() => {}} />);
    expect(screen.queryByRole("region", { name: "Updated records" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Errors" })).not.toBeInTheDocument();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("offers Import Another File and Close", async () => {
    const onImportAnother = vi.fn();
    const onClose = vi.fn();
    render(<ImportResultView result={RESULT} onImportAnother={onImportAnother} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Import Another File" }));
    expect(onImportAnother).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("says a file with only its header had no rows, instead of 'Import finished.' and zeros", () => {
    render(
      <ImportResultView
        result={{ total: 0, successful: 0, updated: 0, failed: 0, updatedRecords: [], errors: [] }}
        onImportAnother={() => {}}
        onClose={() => {}}
      />,
    );
    const line = screen.getByText(/^The file has no rows to import/);
    // Focus comes to it (ImportDialog) and reads it: no live region says it again.
    expect(line).toHaveAttribute("data-autofocus");
    expect(liveRegionOf(line)).toBeNull();
    expect(screen.queryByText("Import finished.")).toBeNull();
    expect(screen.queryByText("Total rows")).toBeNull();
    expect(screen.getByRole("button", { name: "Import Another File" })).toBeInTheDocument();
  });
});
