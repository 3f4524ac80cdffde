/** People and meetings of the demo installation: names from many scripts, as real attendees have. */

export interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
  gender: "Male" | "Female" | "Other";
  birthdate: string;
  country: string;
  city: string;
  state: string;
  postalCode: string;
  address: string;
  companyName: string;
  position: string;
  phone: string;
}

export const DEMO_ADMIN = {
  email: "admin@example.com",
  password: "admin123",
  firstName: "Demo",
  lastName: "Admin",
};
export const DEMO_USER_PASSWORD = "demo123";

// One attendee per line: first|last|email|gender|birthdate|country|city|state|postal code|address|company|position|phone
const PEOPLE = `
Zoë|Łukasiewicz|zoe@example.com|Female|1988-04-12|PL|Warszawa|Mazowieckie|00-001|ul. Marszałkowska 1|Przykład Sp. z o.o.|Standards Engineer|+48 22 123 45 67
Nguyễn|Thị Minh Khai|minhkhai@example.com|Female|1991-09-30|VN|Hà Nội|Hà Nội|100000|12 Phố Huế|Công ty Ví Dụ|Research Lead|+84 24 1234 5678
Дмитрий|Иванов|dmitry@example.com|Male|1979-01-05|RU|Москва|Москва|101000|ул. Тверская, 7|Пример ООО|Chief Architect|+7 495 123-45-67
Σοφία|Παπαδοπούλου|sofia@example.com|Female|1985-07-21|GR|Αθήνα|Αττική|105 57|Οδός Ερμού 10|Παράδειγμα Α.Ε.|Delegate|+30 21 0123 4567
José|Álvarez Núñez|jose@example.com|Male|1983-11-02|ES|Sevilla|Andalucía|41001|Calle Sierpes 3|Ejemplo S.L.|Engineer|+34 954 12 34 56
Ayşe|Yılmaz|ayse@example.com|Female|1990-02-14|TR|İstanbul|İstanbul|34000|İstiklal Cd. 5|Örnek A.Ş.|Product Manager|+90 212 123 45 67
Jiří|Dvořák|jiri@example.com|Male|1975-06-18|CZ|Brno|Jihomoravský kraj|602 00|Náměstí Svobody 8|Příklad s.r.o.|Editor|+420 541 123 456
Þórunn|Guðmundsdóttir|thorunn@example.com|Female|1993-03-09|IS|Reykjavík|Höfuðborgarsvæðið|101|Laugavegur 20|Dæmi ehf.|Analyst|+354 551 2345
François|Lefèvre|francois@example.com|Male|1981-12-24|FR|Lyon|Auvergne-Rhône-Alpes|69001|1 rue de la République|Exemple SARL|Convenor|+33 4 12 34 56 78
Ștefan|Popescu|stefan@example.com|Other|1987-08-08|RO|Cluj-Napoca|Cluj|400001|Str. Memorandumului 2|Exemplu SRL|Consultant|+40 264 123 456
Jürgen|Müller|juergen@example.com|Male|1972-05-27|DE|München|Bayern|80331|Marienplatz 1|Beispiel GmbH|Head of Delegation|+49 89 1234567
`;

function person(line: string): DemoPerson {
  const [
    firstName,
    lastName,
    email,
    gender,
    birthdate,
    country,
    city,
    state,
    postalCode,
    address,
    companyName,
    position,
    phone,
  ] = line.split("|");
  return {
    firstName: firstName ?? "",
    lastName: lastName ?? "",
    email: email ?? "",
    gender: gender as DemoPerson["gender"],
    birthdate: birthdate ?? "",
    country: country ?? "",
    city: city ?? "",
    state: state ?? "",
    postalCode: postalCode ?? "",
    address: address ?? "",
    companyName: companyName ?? "",
    position: position ?? "",
    phone: phone ?? "",
  };
}

const all = PEOPLE.trim().split("\n").map(person);

/** Attendees with an account. */
export const DEMO_PEOPLE: DemoPerson[] = all.slice(0, -1);

/** Someone on an imported list who has no account yet: their request waits for them to register. */
export const DEMO_IMPORTED: DemoPerson = all.at(-1) as DemoPerson;

/** Meetings relative to the seeding day: one past, two upcoming and open, one announced but closed. */
export function demoMeetings(today: Date) {
  const day = (offset: number) => new Date(today.getTime() + offset * 864e5).toISOString().slice(0, 10);
  const year = (offset: number) => day(offset).slice(0, 4);
  return {
    past: {
      name: `Plenary ${year(-210)} — Kraków`,
      location: "Kraków, Poland",
      startDate: day(-210),
      endDate: day(-205),
      isActive: false,
    },
    next: {
      name: `Working Group Meeting ${year(30)} — Orlando`,
      location: "Orlando, FL, USA",
      startDate: day(30),
      endDate: day(34),
      isActive: true,
    },
    later: {
      name: `Plenary ${year(120)} — Hà Nội`,
      location: "Hà Nội, Vietnam",
      startDate: day(120),
      endDate: day(125),
      isActive: true,
    },
    closed: {
      name: `Plenary ${year(300)} — Athens`,
      location: "Athens, Greece",
      startDate: day(300),
      endDate: day(305),
      isActive: false,
    },
  };
}
