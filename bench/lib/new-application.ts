/**
 * Bodies for POST /api/applications in a meeting, each with its own name, e-mail and passport,
 * so every create the benchmarks send is a new application.
 */
export function newApplications(meetingId: string, passportPrefix: string): () => Record<string, unknown> {
  let n = 0;
  return () => {
    n++;
    return {
      meeting: meetingId,
      firstName: "Zoë",
      lastName: `Łukasiewicz-Ñúñez ${n}`,
      email: `writer.${n}@example.pl`,
      birthdate: "1990-01-01T00:00:00.000Z",
      gender: "Female",
      passportNumber: `${passportPrefix}${process.pid}X${n}`,
      passportIssuingCountry: "PL",
      passportExpirationDate: "2032-05-31T00:00:00.000Z",
      dateOfArrival: "2030-03-01T00:00:00.000Z",
      dateOfDeparture: "2030-03-08T00:00:00.000Z",
      companyName: "Example Corp",
      position: "Engineer",
      companyMailingAddress1: "1 Main Street",
      city: "Warszawa",
      state: "Mazowieckie",
      postalCode: "00-001",
      country: "PL",
      phone: "+48 22 123 45 67",
    };
  };
}
