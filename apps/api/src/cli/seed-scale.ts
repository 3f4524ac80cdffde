/**
 * Scale data for benchmarks and load tests: by default 50 meetings, 20,000 users and 100,000
 * applications (one meeting with 10,000), names from many countries and scripts, all three statuses.
 *
 *   npx tsx apps/api/src/cli/seed-scale.ts [--meetings N] [--users N] [--applications N]
 *     [--largest N] [--wipe] [--json]
 *
 * Uses DATABASE_URL (a PostgreSQL server) or DATA_DIR (the embedded database). Rows go in with
 * one INSERT ... SELECT FROM unnest(arrays) per batch inside one transaction per table: one
 * statement per 5,000 rows on both drivers, and no parameter-count limit. Every user shares one
 * argon2id hash computed once (hashing 20,000 passwords would take minutes and prove nothing).
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { unprintedScriptCharacters } from "@visa/domain";
import { hashPassword } from "../auth/passwords.js";
import { type Database, openDatabase } from "../db/client.js";

export interface ScaleOptions {
  meetings: number;
  users: number;
  applications: number;
  /** Applications of the largest meeting (the first one, which starts soonest). */
  largest: number;
  /** Approved applications of the second meeting, the one whose letters ZIP is measured. */
  zipApproved: number;
  password: string;
  adminEmail: string;
  adminPassword: string;
}

export const DEFAULT_SCALE: ScaleOptions = {
  meetings: 50,
  users: 20_000,
  applications: 100_000,
  largest: 10_000,
  zipApproved: 1_000,
  password: "attendee123",
  adminEmail: "admin@scale.example",
  adminPassword: "scale-admin-123",
};

export interface ScaleSummary {
  seconds: number;
  meetings: number;
  users: number;
  applications: number;
  largestMeetingId: string;
  largestMeetingName: string;
  zipMeetingId: string;
  /** A meeting with few applications, for import benchmarks. */
  importMeetingName: string;
  adminEmail: string;
  adminPassword: string;
  adminId: string;
  /** A user owning a typical number of applications, and one of those applications. */
  sampleUserEmail: string;
  sampleUserId: string;
  sampleApplicationId: string;
  /** An approved application of the largest meeting (its letter can be downloaded). */
  approvedApplicationId: string;
  password: string;
  statuses: Record<string, number>;
}

/** Names as written at home, with a Latin spelling for e-mail addresses where the script differs. */
interface Country {
  code: string;
  phone: string;
  first: string[];
  last: string[];
  cities: [city: string, state: string, postal: string][];
}

// code | phone prefix | first names | last names | city;state;postal ~ ...  ("native/Latin" where the
// letter cannot print the native script)
const COUNTRY_TABLE = `
US|+1 214 555|James,Mary,Robert,Patricia,John,Jennifer,Michael,Linda,Aaliyah,DeShawn|Smith,Johnson,Williams,Brown,Jones,Miller,Davis,O'Connor,Washington|Dallas;TX;75201~Orlando;FL;32801~Seattle;WA;98101
MX|+52 55 5555|José,María,Juan,Guadalupe,Luis,Sofía,Jesús,Ximena|García,Hernández,López,Martínez,González,Pérez,Rodríguez,Sánchez|Ciudad de México;CDMX;06000~Guadalajara;Jalisco;44100
BR|+55 11 5555|João,Ana,Luíza,Gabriel,Júlia,Matheus,Beatriz,Conceição|Silva,Santos,Oliveira,Souza,Conceição,Gonçalves,Araújo|São Paulo;SP;01000-000~Belo Horizonte;MG;30100-000
DE|+49 89 5555|Jürgen,Małgorzata,Lukas,Sophie,Jörg,Käthe,Maximilian,Anneliese|Müller,Schmidt,Schneider,Fischer,Weiß,Groß,Schäfer,Köhler|München;Bayern;80331~Köln;NRW;50667
FR|+33 1 5555|Éloïse,François,Chloé,Jérôme,Inès,Gaël,Noémie,Benoît|Martin,Lefèvre,Dubois,Girard,Bérénger,Rousseau,Côté|Paris;Île-de-France;75001~Lyon;Auvergne-Rhône-Alpes;69001
ES|+34 91 555|Alejandro,Lucía,Íñigo,Begoña,Álvaro,Núria,Jordi,Aitana|Fernández,Núñez,Ibáñez,Muñoz,Castaño,Peña,Puigdemont|Madrid;Madrid;28001~Barcelona;Catalunya;08001
PL|+48 22 555|Zoë,Łukasz,Małgorzata,Wojciech,Agnieszka,Grzegorz,Żaneta,Bartłomiej|Nowak,Kowalski,Wiśniewski,Wójcik,Łukasiewicz,Dąbrowski,Szczęsny|Warszawa;Mazowieckie;00-001~Kraków;Małopolskie;30-001
CZ|+420 2 555|Jiří,Lenka,Tomáš,Kateřina,Přemysl,Zuzana,Jan|Novák,Dvořák,Černý,Procházková,Kučera,Veselý,Růžička|Praha;Praha;110 00~Brno;Jihomoravský;602 00
SE|+46 8 555|Åsa,Björn,Märta,Göran,Linnéa,Sören,Ingrid|Andersson,Öberg,Sjöström,Lindqvist,Åkesson,Bergström|Göteborg;Västra Götaland;411 01~Malmö;Skåne;211 01
NO|+47 22 555|Øystein,Ingrid,Bjørn,Solveig,Håkon,Ragnhild|Hansen,Johansen,Løvås,Bråten,Sæther,Ødegård|Oslo;Oslo;0150~Tromsø;Troms;9008
IS|+354 555|Guðrún,Þórður,Sigríður,Ólafur,Ásdís|Jónsdóttir,Guðmundsson,Þórsdóttir,Ólafsson|Reykjavík;Höfuðborgarsvæðið;101
HU|+36 1 555|László,Zsófia,Gergő,Erzsébet,Bálint,Tünde|Nagy,Kovács,Tóth,Szabó,Horváth,Fülöp|Budapest;Pest;1011
TR|+90 212 555|Çağrı,Şebnem,Gökhan,Ayşe,İsmail,Özlem,Ümit|Yılmaz,Kaya,Demir,Şahin,Çelik,Öztürk,Doğan|İstanbul;İstanbul;34000~Ankara;Ankara;06000
GR|+30 21 0555|Γιώργος/Giorgos,Μαρία/Maria,Δημήτρης/Dimitris,Ελένη/Eleni,Νίκος/Nikos|Παπαδόπουλος/Papadopoulos,Οικονόμου/Oikonomou,Γεωργίου/Georgiou,Καραγιάννη/Karagianni|Αθήνα;Αττική;105 57~Θεσσαλονίκη;Κεντρική Μακεδονία;546 21
RU|+7 495 555|Дмитрий/Dmitry,Анна/Anna,Сергей/Sergey,Ольга/Olga,Алексей/Alexey,Наталья/Natalya|Иванов/Ivanov,Смирнова/Smirnova,Кузнецов/Kuznetsov,Попова/Popova,Шостакович/Shostakovich|Москва;Москва;101000~Санкт-Петербург;Санкт-Петербург;190000
UA|+380 44 555|Олександр/Oleksandr,Оксана/Oksana,Андрій/Andriy,Ірина/Iryna,Богдан/Bohdan|Шевченко/Shevchenko,Коваленко/Kovalenko,Бондаренко/Bondarenko,Ткачук/Tkachuk|Київ;Київ;01001~Львів;Львівська;79000
VN|+84 24 555|Minh/Minh,Thị Hương/Thi Huong,Đức/Duc,Ngọc Ánh/Ngoc Anh,Quốc Bảo/Quoc Bao|Nguyễn/Nguyen,Trần/Tran,Lê/Le,Phạm/Pham,Hoàng/Hoang,Đặng/Dang|Hà Nội;Hà Nội;100000~Thành phố Hồ Chí Minh;Hồ Chí Minh;700000
CN|+86 10 5555|伟/Wei,芳/Fang,娜/Na,秀英/Xiuying,敏/Min,静/Jing,强/Qiang|王/Wang,李/Li,张/Zhang,刘/Liu,陈/Chen,杨/Yang,欧阳/Ouyang|Beijing;Beijing;100000~Shanghai;Shanghai;200000
JP|+81 3 5555|翔太/Shota,陽菜/Hina,健一/Kenichi,さくら/Sakura,大輔/Daisuke|佐藤/Sato,鈴木/Suzuki,高橋/Takahashi,田中/Tanaka,渡辺/Watanabe|Tokyo;Tokyo;100-0001~Osaka;Osaka;530-0001
KR|+82 2 555|민준/Minjun,서연/Seoyeon,지훈/Jihoon,하은/Haeun,도윤/Doyun|김/Kim,이/Lee,박/Park,최/Choi,정/Jung|Seoul;Seoul;04524~Busan;Busan;48058
IN|+91 80 5555|Aarav,Priya,Vikram,Ananya,Rohan,Lakshmi,Saanvi,Arjun|Sharma,Patel,Iyer,Reddy,Gupta,Nair,Venkataraman,Chatterjee|Bengaluru;Karnataka;560001~Mumbai;Maharashtra;400001
EG|+20 2 555|محمد/Mohamed,فاطمة/Fatma,أحمد/Ahmed,نور/Nour,يوسف/Youssef|عبد الله/Abdallah,حسن/Hassan,إبراهيم/Ibrahim,السيد/ElSayed|Cairo;Cairo;11511~Alexandria;Alexandria;21500
IL|+972 3 555|נועה/Noa,דוד/David,תמר/Tamar,יוסף/Yosef|כהן/Cohen,לוי/Levi,מזרחי/Mizrahi,פרץ/Peretz|Tel Aviv;Tel Aviv District;61000
NG|+234 1 555|Chinedu,Ngozi,Oluwaseun,Adaeze,Emeka,Folake|Okafor,Adeyemi,Nwosu,Ogunleye,Eze,Balogun|Lagos;Lagos;100001~Abuja;FCT;900001
KE|+254 20 555|Wanjiru,Otieno,Achieng,Kiprono,Njeri|Kamau,Odhiambo,Mwangi,Kipchoge,Wambui|Nairobi;Nairobi;00100
ZA|+27 11 555|Thabo,Naledi,Pieter,Zanele,Sipho,Anneke|Nkosi,van der Merwe,Dlamini,Botha,Mokoena|Johannesburg;Gauteng;2000~Cape Town;Western Cape;8001
IT|+39 02 555|Niccolò,Giulia,Lorenzo,Chiara,Mattia,Federica|Rossi,Bianchi,Esposito,D'Angelo,Romano,Colombo|Milano;Lombardia;20121~Roma;Lazio;00118
PT|+351 21 555|João,Inês,Gonçalo,Mariana,Tomás|Gonçalves,Magalhães,Simões,Conceição,Brandão|Lisboa;Lisboa;1100-148~Porto;Porto;4000-007
NL|+31 20 555|Daan,Sanne,Joost,Fleur,Bram,Lieke|de Jong,Jansen,van den Berg,Bakker,Visser,van Dijk|Amsterdam;Noord-Holland;1011 AB~Utrecht;Utrecht;3511 AA
`;
const COUNTRIES: Country[] = COUNTRY_TABLE.trim()
  .split("\n")
  .map((line) => {
    const [code = "", phone = "", first = "", last = "", cities = ""] = line.split("|");
    return {
      code,
      phone,
      first: first.split(","),
      last: last.split(","),
      cities: cities.split("~").map((c) => c.split(";") as [string, string, string]),
    };
  });

const CITIES_OF_MEETINGS =
  "Dallas TX,Orlando FL,Geneva,Tokyo,São Paulo,Nairobi,Kraków,Hà Nội,Reykjavík,Vancouver BC,Sydney NSW,Montréal QC,Seoul,Cape Town,Bengaluru".split(
    ",",
  );

/** A small, fast, seeded generator, so the same options always give the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: T[]): T => list[Math.floor(rand() * list.length)] as T;
// A name as the letter prints it: in its own script when the letter prints that script (Greek,
// Cyrillic), else as the passport's Latin-letter line gives it (Chinese, Japanese, Korean, Arabic,
// Hebrew), so seeded applications pass the same rules as entered ones.
const native = (s: string) => {
  const [own = s, latinLine] = s.split("/");
  return latinLine && unprintedScriptCharacters(own).length > 0 ? latinLine : own;
};
const latin = (s: string) =>
  (s.split("/")[1] ?? s)
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export interface SyntheticPerson {
  firstName: string;
  lastName: string;
  email: string;
  gender: "Male" | "Female" | "Other";
  birthdate: string;
  passportNumber: string;
  passportIssuingCountry: string;
  passportExpirationDate: string;
  companyName: string;
  position: string;
  companyMailingAddress1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** The i-th person of a seeded population: always the same person for the same (i, seed). */
export function syntheticPerson(i: number, seed = 1): SyntheticPerson {
  const rand = prng(i * 7919 + seed * 104_729);
  const c = pick(rand, COUNTRIES);
  const first = pick(rand, c.first);
  const last = pick(rand, c.last);
  const [city, state, postalCode] = pick(rand, c.cities);
  const year = 1955 + Math.floor(rand() * 45);
  const birth = Date.UTC(year, Math.floor(rand() * 12), 1 + Math.floor(rand() * 28));
  const g = rand();
  return {
    firstName: native(first),
    lastName: native(last),
    email: `${latin(first)}.${latin(last)}.${i}.s${seed}@example.${c.code.toLowerCase()}`,
    gender: g < 0.48 ? "Male" : g < 0.97 ? "Female" : "Other",
    birthdate: day(birth),
    passportNumber: `${c.code}${String(i).padStart(7, "0")}S${seed}`,
    passportIssuingCountry: c.code,
    passportExpirationDate: day(Date.UTC(2028 + Math.floor(rand() * 8), Math.floor(rand() * 12), 15)),
    companyName: `${native(last)} ${pick(rand, ["Technologies", "GmbH", "Labs", "Systems", "& Partners", "Research"])}`,
    position: pick(rand, ["Engineer", "Delegate", "Editor", "Chair", "Researcher", "Product Manager"]),
    companyMailingAddress1: `${1 + Math.floor(rand() * 400)} ${native(pick(rand, c.last))} Street`,
    city,
    state,
    postalCode,
    country: c.code,
    phone: `${c.phone} ${String(1000 + Math.floor(rand() * 9000))}`,
  };
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** One connection (or the embedded database itself) for raw statements and a transaction. */
async function rawConnection(database: Database): Promise<{ query: Query; release: () => void }> {
  const client = (database.db as unknown as { $client: { query: Query; connect?: () => Promise<unknown> } })
    .$client;
  if (database.kind === "postgres" && client.connect) {
    const conn = (await client.connect()) as { query: Query; release: () => void };
    return { query: (t, p) => conn.query(t, p), release: () => conn.release() };
  }
  return { query: (t, p) => client.query(t, p), release: () => {} };
}

/** Inserts columns given as arrays, batch by batch, with one unnest statement per batch. */
async function insertColumns(
  query: Query,
  table: string,
  columns: [name: string, pgType: string, values: unknown[]][],
  batch = 5000,
) {
  const rows = columns[0]?.[2].length ?? 0;
  const names = columns.map(([n]) => `"${n}"`).join(", ");
  const unnest = columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ");
  for (let start = 0; start < rows; start += batch) {
    const params = columns.map(([, , v]) => v.slice(start, start + batch));
    const t = performance.now();
    await query(`insert into ${table} (${names}) select * from unnest(${unnest})`, params);
    if (process.env.SEED_TRACE) console.error(table, start, Math.round(performance.now() - t), "ms");
  }
}

/** Seeds the database with the given scale; refuses a non-empty one unless `wipe`. */
export async function seedScale(
  database: Database,
  options: Partial<ScaleOptions> & { wipe?: boolean } = {},
): Promise<ScaleSummary> {
  const o = { ...DEFAULT_SCALE, ...options };
  if (o.meetings < 2 || o.users < 1 || o.largest > o.applications) {
    throw new Error("need at least 2 meetings, 1 user, and largest <= applications");
  }
  const started = performance.now();
  const [hash, adminHash] = await Promise.all([hashPassword(o.password), hashPassword(o.adminPassword)]);
  const { query, release } = await rawConnection(database);
  try {
    await query("begin");
    if (options.wipe) {
      await query("truncate table applications, meetings, users cascade");
    } else {
      const [{ n } = { n: 0 }] = (await query("select count(*)::int as n from users")).rows as {
        n: number;
      }[];
      if (n > 0) throw new Error("the database already has users: pass --wipe to replace everything");
    }
    const now = Date.now();

    // Meetings: the first (largest) starts soonest in the future, so the admin screen picks it.
    const meetingIds: string[] = Array.from({ length: o.meetings }, () => randomUUID());
    const meetingNames = meetingIds.map(
      (_, i) => `${i === 0 ? "Plenary" : "Working Group"} ${2024 + Math.floor(i / 12)} #${i + 1}`,
    );
    const starts = meetingIds.map((_, i) => now + (i === 0 ? 3 : (i % 25) * 30 - 300) * DAY_MS + i * DAY_MS);
    await insertColumns(query, "meetings", [
      ["id", "uuid", meetingIds],
      ["name", "text", meetingNames],
      ["location", "text", meetingIds.map((_, i) => CITIES_OF_MEETINGS[i % CITIES_OF_MEETINGS.length])],
      ["start_date", "date", starts.map(day)],
      ["end_date", "date", starts.map((s) => day(s + 5 * DAY_MS))],
      ["is_active", "boolean", meetingIds.map((_, i) => i % 7 !== 6)],
    ]);

    // Users: one admin, then people; person u's e-mail is the one their applications carry.
    const adminId = randomUUID();
    const people = Array.from({ length: o.users }, (_, u) => syntheticPerson(u));
    const userIds: string[] = people.map(() => randomUUID());
    await insertColumns(query, "users", [
      ["id", "uuid", [adminId, ...userIds]],
      ["email", "text", [o.adminEmail, ...people.map((p) => p.email)]],
      ["password_hash", "text", [adminHash, ...people.map(() => hash)]],
      ["first_name", "text", ["Scale", ...people.map((p) => p.firstName)]],
      ["last_name", "text", ["Admin", ...people.map((p) => p.lastName)]],
      ["is_admin", "boolean", [true, ...people.map((_, u) => u < 3)]],
    ]);

    // Applications: meeting 0 gets `largest`, the rest share the remainder evenly.
    const n = o.applications;
    const rand = prng(42);
    const meetingOf = new Int32Array(n);
    const perOther = (n - o.largest) / (o.meetings - 1);
    for (let a = 0; a < n; a++) meetingOf[a] = a < o.largest ? 0 : 1 + Math.floor((a - o.largest) / perOther);
    let zipApproved = 0;
    const ids: string[] = [];
    const cols = {
      user: [] as (string | null)[],
      meeting: [] as string[],
      status: [] as string[],
      created: [] as string[],
      people: [] as SyntheticPerson[],
    };
    for (let a = 0; a < n; a++) {
      const m = Math.min(meetingOf[a] ?? 0, o.meetings - 1);
      // 85% belong to an account; the rest were imported for people without one yet.
      const owned = rand() < 0.85;
      const u = Math.floor(rand() * o.users);
      const person = owned ? (people[u] as SyntheticPerson) : syntheticPerson(o.users + a, 2);
      const r = rand();
      let status = r < 0.55 ? "Pending" : r < 0.9 ? "Approved" : "Rejected";
      if (m === 1) {
        status = zipApproved < o.zipApproved ? "Approved" : r < 0.8 ? "Pending" : "Rejected";
        if (status === "Approved") zipApproved++;
      }
      ids.push(randomUUID());
      cols.user.push(owned ? (userIds[u] as string) : null);
      cols.meeting.push(meetingIds[m] as string);
      cols.status.push(status);
      cols.created.push(new Date((starts[m] ?? now) - (5 + rand() * 170) * DAY_MS).toISOString());
      // Each application has its own passport number so import matching sees distinct people.
      cols.people.push({ ...person, passportNumber: `${person.passportNumber.slice(0, 2)}${a}A` });
    }
    const p = cols.people;
    const f = <K extends keyof SyntheticPerson>(k: K) => p.map((x) => x[k]);
    const arrive = cols.meeting.map((id) => starts[meetingIds.indexOf(id)] ?? now);
    await insertColumns(query, "applications", [
      ["id", "uuid", ids],
      ["user_id", "uuid", cols.user],
      ["meeting_id", "uuid", cols.meeting],
      ["first_name", "text", f("firstName")],
      ["last_name", "text", f("lastName")],
      ["email", "text", f("email")],
      ["birthdate", "date", f("birthdate")],
      ["gender", "text", f("gender")],
      ["passport_number", "text", f("passportNumber")],
      ["passport_key", "text", p.map((x) => x.passportNumber.replace(/\s+/g, "").toUpperCase())],
      ["passport_issuing_country", "text", f("passportIssuingCountry")],
      ["passport_expiration_date", "date", f("passportExpirationDate")],
      ["date_of_arrival", "date", arrive.map((s) => day(s - DAY_MS))],
      ["date_of_departure", "date", arrive.map((s) => day(s + 6 * DAY_MS))],
      ["company_name", "text", f("companyName")],
      ["position", "text", f("position")],
      ["company_mailing_address1", "text", f("companyMailingAddress1")],
      ["city", "text", f("city")],
      ["state", "text", f("state")],
      ["postal_code", "text", f("postalCode")],
      ["country", "text", f("country")],
      ["phone", "text", f("phone")],
      ["hotel_name", "text", p.map((_, i) => (i % 3 === 0 ? "Grand Hotel" : ""))],
      ["status", "text", cols.status],
      ["created_at", "timestamptz", cols.created],
      ["updated_at", "timestamptz", cols.created],
    ]);
    await query("commit");
    // Statistics and the visibility map of a database that has been running a while (autovacuum).
    await query("vacuum analyze");

    const statuses: Record<string, number> = {};
    for (const s of cols.status) statuses[s] = (statuses[s] ?? 0) + 1;
    // A user with a typical number of applications (the median owner has 4 or 5).
    const counts = new Map<string, number>();
    for (const u of cols.user) if (u) counts.set(u, (counts.get(u) ?? 0) + 1);
    const sampleUser =
      [...counts.entries()].find(([, c]) => c === 5)?.[0] ?? (cols.user.find(Boolean) as string);
    const sampleIndex = userIds.indexOf(sampleUser);
    return {
      seconds: (performance.now() - started) / 1000,
      meetings: o.meetings,
      users: o.users + 1,
      applications: n,
      largestMeetingId: meetingIds[0] as string,
      largestMeetingName: meetingNames[0] as string,
      zipMeetingId: meetingIds[1] as string,
      importMeetingName: meetingNames[o.meetings - 1] as string,
      adminEmail: o.adminEmail,
      adminPassword: o.adminPassword,
      adminId,
      sampleUserEmail: (people[sampleIndex] as SyntheticPerson).email,
      sampleUserId: sampleUser,
      sampleApplicationId: ids[cols.user.indexOf(sampleUser)] as string,
      approvedApplicationId: ids[
        cols.status.findIndex((s, i) => s === "Approved" && meetingOf[i] === 0)
      ] as string,
      password: o.password,
      statuses,
    };
  } catch (e) {
    await query("rollback").catch(() => {});
    throw e;
  } finally {
    release();
  }
}

function parseArgs(argv: string[]): Partial<ScaleOptions> & { wipe: boolean; json: boolean } {
  const out: Partial<ScaleOptions> & { wipe: boolean; json: boolean } = { wipe: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) throw new Error(`${a} needs a whole number`);
      return v;
    };
    if (a === "--wipe") out.wipe = true;
    else if (a === "--json") out.json = true;
    else if (a === "--meetings") out.meetings = num();
    else if (a === "--users") out.users = num();
    else if (a === "--applications") out.applications = num();
    else if (a === "--largest") out.largest = num();
    else if (a === "--zip-approved") out.zipApproved = num();
    else throw new Error(`unknown option ${a}`);
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || "./data",
    holder: "npm run seed:scale",
    lockAdvice: "run this only while no server or other command uses that DATA_DIR",
    // The seed writes in one BEGIN/COMMIT of its own and vacuums when it is done.
    vacuum: false,
  });
  try {
    const summary = await seedScale(database, args);
    if (args.json) {
      console.log(JSON.stringify(summary));
    } else {
      console.log(
        `Seeded ${summary.meetings} meetings, ${summary.users} users, ${summary.applications} applications ` +
          `(${Object.entries(summary.statuses)
            .map(([s, c]) => `${c} ${s}`)
            .join(", ")}) on the ${database.kind} database in ${summary.seconds.toFixed(1)} s.\n` +
          `Admin: ${summary.adminEmail} / ${summary.adminPassword}; every other account's password: ${summary.password}.\n` +
          `Largest meeting: ${summary.largestMeetingName} (${summary.largestMeetingId}).`,
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
