import { todayUtc } from "@visa/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applications, meetings } from "../db/schema.js";
import { forbidden, notFound } from "../lib/errors.js";
import { composeLetter, type LetterApplicant } from "./compose-letter.js";
import { letterAssets } from "./letter-assets.js";
import { type DownloadNames, letterNames } from "./letter-filename.js";
import { currentLetter } from "./letter-issue.service.js";
import { LETTER_MESSAGES, type LetterActor, letterAccess } from "./letters.policy.js";

/** The PDF code and its libraries, loaded with the first letter rather than at start. */
const pdfRenderer = () => import("./pdf/render-letter.js");

export type ApplicationRow = typeof applications.$inferSelect;

export interface RenderedLetter extends DownloadNames {
  pdf: Buffer;
  reference: string;
  sha256: string;
  application: ApplicationRow;
}

/** The application with its meeting, or null when it does not exist. */
export async function loadApplication(ctx: AppContext, applicationId: string) {
  const [row] = await ctx.db
    .select({ application: applications, meeting: meetings })
    .from(applications)
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .where(eq(applications.id, applicationId));
  return row ?? null;
}

/**
 * The application's letter exactly as issued (callers check it is approved); null when it stopped
 * being approved while the letter was signed.
 */
export async function renderApplicationLetter(
  ctx: AppContext,
  row: { application: ApplicationRow; meeting: typeof meetings.$inferSelect },
): Promise<RenderedLetter | null> {
  const letter = await currentLetter(ctx, row);
  if (!letter) return null;
  return {
    pdf: letter.pdf,
    reference: letter.reference,
    sha256: letter.sha256,
    ...letterNames(row.application.firstName, row.application.lastName),
    application: row.application,
  };
}

/** The letter for its owner or an admin, only once the application is approved. */
export async function downloadLetter(
  ctx: AppContext,
  actor: LetterActor,
  applicationId: string,
): Promise<RenderedLetter> {
  const row = await loadApplication(ctx, applicationId);
  if (!row) throw notFound(LETTER_MESSAGES.notFound);
  const access = letterAccess(actor, row.application);
  if (access === "hidden") throw notFound(LETTER_MESSAGES.notFound);
  if (access === "notApproved") throw forbidden(LETTER_MESSAGES.notApproved);
  const letter = await renderApplicationLetter(ctx, row);
  if (!letter) throw forbidden(LETTER_MESSAGES.notApproved);
  return letter;
}

/** Sample data shown in previews: names that test the font, dates that test the calendar. */
export const SAMPLE_APPLICANT: LetterApplicant = {
  firstName: "Zoë",
  lastName: "Łukasiewicz-Ñúñez",
  birthdate: "1990-01-31",
  gender: "Female",
  passportNumber: "X1234567",
  passportIssuingCountry: "PL",
  passportExpirationDate: "2032-05-31",
  dateOfArrival: "2030-03-01",
  dateOfDeparture: "2030-03-08",
  companyName: "Example Standards Lab",
  position: "Senior Engineer",
  companyMailingAddress1: "ul. Marszałkowska 1",
  companyMailingAddress2: "",
  city: "Warszawa",
  state: "Mazowieckie",
  postalCode: "00-001",
  country: "PL",
  phone: "+48 22 123 45 67",
  hotelName: "Grand Hotel",
};

/** A preview of the template with sample data and the meeting's details when one is given. */
export async function previewLetter(
  ctx: AppContext,
  input: { addressee: string; body: string; meetingId?: string },
): Promise<Buffer> {
  let meeting = {
    name: "Plenary Meeting",
    location: "Orlando, FL",
    startDate: "2030-03-02",
    endDate: "2030-03-07",
  };
  if (input.meetingId) {
    const [m] = await ctx.db.select().from(meetings).where(eq(meetings.id, input.meetingId));
    if (!m) throw notFound("Meeting not found");
    meeting = m;
  }
  const assets = await letterAssets(ctx);
  const content = composeLetter({
    applicant: SAMPLE_APPLICANT,
    meeting,
    assets,
    template: input,
    reference: "VL-0000-0000-0000-0000",
    issuedOn: todayUtc(),
    publicUrl: ctx.config.publicUrl,
    watermark: "PREVIEW: sample data, not a valid letter",
  });
  const { renderLetterPdf } = await pdfRenderer();
  return renderLetterPdf(content);
}
