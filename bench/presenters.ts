/**
 * What presenting one application costs the server, in microseconds: the whole shape (a user's
 * own list, the detail page, a spec client's admin list) and the admin list's summary row, each
 * with the record as the database read gives it. Beside them, the whole shape written as a spread
 * followed by its other fields, the form the presenter had: on Node.js 20 each property written
 * after a spread is slow, on later lines it is not. Run it on each Node.js line the product supports.
 *
 *   npx tsx bench/presenters.ts [--rounds 20000]
 */
import { parseArgs } from "node:util";
import {
  type ApplicationRecord,
  applicationPresenter,
  applicationSummaryPresenter,
} from "../apps/api/src/applications/application.presenter.js";
import { syntheticPerson } from "../apps/api/src/cli/seed-scale.js";
import { fmt } from "./lib/report.js";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "20000" } } });
const rounds = Number(args.rounds);

/** A record as application.queries.ts reads it: days as text, instants as dates. */
function record(i: number): ApplicationRecord {
  const p = syntheticPerson(i);
  const at = new Date(Date.UTC(2026, 7, 9, 21, 27, 43));
  return {
    app: {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      userId: "00000000-0000-4000-8000-000000000001",
      meetingId: "00000000-0000-4000-8000-000000000002",
      ...p,
      passportKey: p.passportNumber,
      passportExpirationDate: "2030-06-15",
      dateOfArrival: "2026-11-28",
      dateOfDeparture: "2026-12-05",
      companyMailingAddress2: "",
      fax: "",
      hotelName: "",
      hotelConfirmation: "",
      additionalInformation: "",
      pickUpInOrlando: false,
      letterEmailed: false,
      letterEmailedDate: null,
      hardCopyMailed: false,
      hardCopyMailedDate: null,
      addressToMailHardCopy: "",
      visaAppointmentDate: null,
      withdrawnAt: null,
      status: "Pending",
      lastUpdatedById: null,
      statusReason: "",
      changesRequestedAt: null,
      createdAt: at,
      updatedAt: at,
    },
    meeting: {
      id: "00000000-0000-4000-8000-000000000002",
      name: "Plenary 2026",
      location: "Orlando",
      startDate: "2026-11-30",
      endDate: "2026-12-04",
      isActive: true,
      pickUpOffered: false,
      pickUpPlace: "",
      reviewDays: 5,
      passportValidityMonths: 6,
      datesToleranceDays: 7,
      createdAt: at,
      updatedAt: at,
    },
    owner: {
      id: "00000000-0000-4000-8000-000000000001",
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      emailVerifiedAt: at,
    },
    updater: null,
    documents: [],
  } as ApplicationRecord;
}

/** The whole shape as one spread of the summary and the rest after it. */
function spreadForm(r: ApplicationRecord) {
  const { app } = r;
  return {
    ...applicationSummaryPresenter(app, []),
    birthdate: app.birthdate,
    gender: app.gender,
    passportNumber: app.passportNumber,
    passportIssuingCountry: app.passportIssuingCountry,
    passportExpirationDate: app.passportExpirationDate,
    dateOfArrival: app.dateOfArrival,
    dateOfDeparture: app.dateOfDeparture,
    companyName: app.companyName,
    position: app.position,
    companyMailingAddress1: app.companyMailingAddress1,
    companyMailingAddress2: app.companyMailingAddress2,
    city: app.city,
    state: app.state,
    postalCode: app.postalCode,
    country: app.country,
    phone: app.phone,
    fax: app.fax,
    hotelName: app.hotelName,
    hotelConfirmation: app.hotelConfirmation,
    additionalInformation: app.additionalInformation,
    pickUpInOrlando: app.pickUpInOrlando,
    letterEmailed: app.letterEmailed,
    hardCopyMailed: app.hardCopyMailed,
    addressToMailHardCopy: app.addressToMailHardCopy,
  };
}

const records = Array.from({ length: 50 }, (_, i) => record(i));

/** Microseconds per call, after a warm-up round. */
function perCall(present: (r: ApplicationRecord) => unknown): number {
  let kept = 0;
  for (let pass = 0; pass < 2; pass++) {
    const start = performance.now();
    for (let i = 0; i < rounds; i++) if (present(records[i % records.length] as ApplicationRecord)) kept++;
    if (pass === 1) return ((performance.now() - start) * 1000) / rounds;
  }
  return kept;
}

console.log(`Node.js ${process.version}, ${rounds} calls each`);
console.log(
  `whole application:  ${fmt(
    perCall((r) => applicationPresenter(r, { isAdmin: true }, [])),
    2,
  )} µs`,
);
console.log(
  `summary row:        ${fmt(
    perCall((r) => applicationSummaryPresenter(r.app, [])),
    2,
  )} µs`,
);
console.log(`as a spread:        ${fmt(perCall(spreadForm), 2)} µs`);
