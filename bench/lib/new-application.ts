import { syntheticPerson } from "../../apps/api/src/cli/seed-scale.js";

/** The seed of the people the benchmarks create: none of them is one of the seeded people. */
const NEW_PEOPLE = 9;

/**
 * Bodies for POST /api/applications in a meeting, each a new person as the scale seed makes them
 * (a name, birthdate and country of their own), with an e-mail and passport number no other
 * create has, so every create the benchmarks send is a new application. People differ as real
 * applicants do: had they all been born on one day, every one of them would be among the
 * others whom each created row's duplicate warnings compare with, which no meeting sees.
 */
export function newApplications(meetingId: string, passportPrefix: string): () => Record<string, unknown> {
  let n = 0;
  return () => {
    n++;
    const person = syntheticPerson(n, NEW_PEOPLE);
    return {
      ...person,
      meeting: meetingId,
      email: `writer.${process.pid}.${n}@example.org`,
      birthdate: `${person.birthdate}T00:00:00.000Z`,
      passportNumber: `${passportPrefix}${process.pid}X${n}`,
      passportExpirationDate: "2032-05-31T00:00:00.000Z",
      dateOfArrival: "2030-03-01T00:00:00.000Z",
      dateOfDeparture: "2030-03-08T00:00:00.000Z",
    };
  };
}
