/**
 * Malformed input of every kind the portal could receive. Every value here is invalid for the
 * field kind it is listed under, so a request carrying one must be refused and change nothing.
 */

export const NO_SUCH_MEETING = "No Such Meeting 🛑";
const huge = (n: number) => "x".repeat(n);

/** Path segments: invalid ids, well-formed ids of nothing, traversal, injection, broken encoding. */
export const EVIL_PATH_SEGMENTS = [
  "not-an-id",
  "00000000-0000-0000-0000-000000000000",
  "5f0e8a8e-1d2c-4b7a-9c1e-2f3a4b5c6d7e",
  "5F0E8A8E-1D2C-4B7A-9C1E-2F3A4B5C6D7E",
  "%27%20OR%20%271%27%3D%271",
  "1%3B%20DROP%20TABLE%20applications%3B--",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "%00",
  "%01%02%1b%5B2J",
  "%E0%A4%A",
  "%",
  huge(250),
  "-1",
  "1e309",
  "null",
  "%7B%22%24ne%22%3A1%7D",
  "%C3%BC%C3%B1%C3%AF%C3%A7%C3%B8d%C3%A9",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "VL-0000-0000-0000-0000",
  "VL-ZZZZ",
];

/** Query strings: paging, sorting and filters out of range, of the wrong type, or hostile. */
export const EVIL_QUERIES = [
  "page=-1",
  "page=0",
  "page=1e309",
  "page=99999999999999999999999",
  "page=1.5",
  "page=abc",
  "page[]=1&page[]=2",
  "page=1&page=2",
  "limit=-5",
  "limit=0",
  "limit=100000",
  "limit=NaN",
  "limit=Infinity",
  "sortBy=name",
  "sortBy=status%3B%20DROP%20TABLE%20users",
  "sortDirection=sideways",
  "sortDirection=asc%2C%20(select%201)",
  "meetingId=not-a-uuid",
  "meetingId=%27%20OR%201%3D1--",
  "meetingId[]=a&meetingId[]=b",
  `search=${huge(5000)}`,
  "search=%00",
  "search=a%01b",
  "admin=maybe",
  "admin=true&page=-7&limit=1000&sortBy=x&sortDirection=y",
  "%ZZ=1",
  "a=%E0%A4%A",
  `${huge(3000)}=1`,
  "__proto__[isAdmin]=true&page=-1",
  "constructor[prototype][isAdmin]=true&limit=-1",
];

export type FieldKind =
  | "email"
  | "password"
  | "text"
  | "name"
  | "day"
  | "uuid"
  | "country"
  | "gender"
  | "bool"
  | "paper";

const NOT_STRINGS = [123, null, [], {}, true, ["a", "b"], { $ne: null }];

/** Values invalid for a field of each kind (a name is also a text: both lists apply). */
export const INVALID: Record<FieldKind, unknown[]> = {
  email: [
    "not-an-email",
    "' OR '1'='1",
    "<script>alert(1)</script>",
    `${huge(300)}@example.com`,
    "a\u0000b@example.com",
    "",
    ...NOT_STRINGS,
  ],
  password: ["", huge(201), huge(100_000), 1234567, null, ["secret123"], {}, true],
  // Single-line texts: a line break would start a new spreadsheet row in an export.
  text: [
    "",
    "   ",
    "a\u0000b",
    "\u001b[2J\u001b[H",
    "bell\u0007",
    "Smith\n=cmd|' /C calc'!A0",
    "Acme\r+1",
    "tab\tbed",
    "Acme\u2028Inc",
    huge(100_001),
    ...NOT_STRINGS,
  ],
  // Names also need a letter left once invisible and direction-changing characters are gone.
  name: ["\u200B", "\u202E\u200B\u2066", "\u3164", "1234", "\u0301"],
  day: [
    "2023-02-30",
    "1990-13-01",
    "yesterday",
    "0000-00-00",
    "1990-01-01'; DROP TABLE users; --",
    "99999-01-01",
    19900101,
    "",
    ...NOT_STRINGS,
  ],
  uuid: [
    "not-a-uuid",
    "' OR 1=1 --",
    "00000000-0000-0000-0000-00000000000g",
    "../../etc/passwd",
    "",
    42,
    null,
    [],
  ],
  country: ["XX", "'; DROP TABLE applications; --", "POL", "", 1, null, []],
  gender: ["Robot", "", "Male'--", 1, null, []],
  bool: ["maybe", 2, "TRUE ", [], {}, "1"],
  paper: ["A5", "", 1, null],
};

/** Whole bodies that are not a usable JSON object, or are hostile JSON. */
export const EVIL_BODIES: { name: string; body: string }[] = [
  { name: "empty", body: "" },
  { name: "truncated object", body: '{"email": "a@example.com", ' },
  { name: "single quotes", body: "{'email': 'a@example.com'}" },
  { name: "trailing comma", body: '{"a": 1,}' },
  { name: "unquoted keys", body: "{email: 1}" },
  { name: "NaN literal", body: '{"page": NaN}' },
  { name: "comment", body: '{"a": 1 /* x */}' },
  { name: "bare word", body: "nul" },
  { name: "array", body: "[1, 2, 3]" },
  { name: "string", body: '"just a string"' },
  { name: "number", body: "42" },
  { name: "null", body: "null" },
  { name: "true", body: "true" },
  { name: "binary garbage", body: "\u0000\u0001\u0002\uFFFD\uFFFE" },
  { name: "lone surrogate", body: '{"firstName": "\\ud800"}' },
  { name: "BOM then JSON", body: '\uFEFF{"a": 1}' },
  { name: "deep arrays", body: `${"[".repeat(100_000)}${"]".repeat(100_000)}` },
  { name: "deep objects", body: `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}` },
  { name: "unclosed deep", body: "[".repeat(200_000) },
  {
    name: "proto pollution",
    body: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}',
  },
  { name: "duplicate keys", body: '{"email": "a@example.com", "email": 5}' },
  { name: "huge body", body: `{"a": "${huge(1_100_000)}"}` },
  { name: "many keys", body: `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(",")}}` },
  { name: "huge number", body: '{"page": 1e999999}' },
];

/** Content types the JSON routes must refuse (or read as something that fails validation). */
export const EVIL_CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=nothing",
  "application/json; charset=utf-16",
  "application/octet-stream",
  "image/png",
  "APPLICATION/JSON",
  "application/json, text/html",
  "",
];

const csvHeader = [
  "email,lastName,firstName,birthdate,gender,passportNumber,passportIssuingCountry,passportExpirationDate,",
  "dateOfArrival,dateOfDeparture,companyName,position,companyMailingAddress1,city,state,postalCode,country,phone,meetingName",
].join("");
const csvRow = (first: string, opts: { meeting?: string; gender?: string; email?: string } = {}) =>
  [
    opts.email ?? "attendee@example.org",
    "Tester",
    first,
    "1990-01-01",
    opts.gender ?? "Female",
    "X1234567",
    "PL",
    "2032-01-01",
    "2030-03-01",
    "2030-03-08",
    "Example",
    "Engineer",
    "1 Main St",
    "Warszawa",
    "Mazowieckie",
    "00-001",
    "PL",
    "+48 22 123 45 67",
    opts.meeting ?? NO_SUCH_MEETING,
  ].join(",");

/** Import files whose every row must fail (unknown meeting, bad gender) or that cannot be read at all. */
export const EVIL_CSVS: { name: string; csv: string | Buffer }[] = [
  { name: "BOM", csv: `\uFEFF${csvHeader}\n${csvRow("Zoë")}\n` },
  { name: "CRLF", csv: `${csvHeader}\r\n${csvRow("Ana")}\r\n${csvRow("Li")}\r\n` },
  { name: "quoted newline", csv: `${csvHeader}\n${csvRow('"Multi\nLine ""Name"""')}\n` },
  { name: "semicolons", csv: `${csvHeader.replaceAll(",", ";")}\n${csvRow("Ana").replaceAll(",", ";")}\n` },
  { name: "tabs", csv: `${csvHeader.replaceAll(",", "\t")}\n${csvRow("Ana").replaceAll(",", "\t")}\n` },
  { name: "formula =", csv: `${csvHeader}\n${csvRow("=cmd|' /C calc'!A0")}\n` },
  {
    name: "formula +@-",
    csv: `${csvHeader}\n${csvRow("+SUM(1+1)")}\n${csvRow("@SUM(A1)")}\n${csvRow("-2+3")}\n`,
  },
  { name: "formula in email", csv: `${csvHeader}\n${csvRow("Ana", { email: '=HYPERLINK("x")' })}\n` },
  { name: "bad gender, real-looking row", csv: `${csvHeader}\n${csvRow("Ana", { gender: "Robot" })}\n` },
  { name: "empty", csv: "" },
  { name: "header only", csv: `${csvHeader}\n` },
  { name: "missing columns", csv: "email,firstName\na@example.com,Ana\n" },
  { name: "unterminated quote", csv: `${csvHeader}\n"Ana,Tester\n` },
  { name: "ragged rows", csv: `${csvHeader}\na,b,c\n${csvRow("Ana")},extra,cells\n` },
  { name: "binary", csv: Buffer.from([0, 1, 2, 255, 254, 0, 80, 75, 3, 4]) },
  { name: "utf-16", csv: Buffer.from(`\uFEFF${csvHeader}\n${csvRow("Ana")}\n`, "utf16le") },
  { name: "injection", csv: `${csvHeader}\n${csvRow("Robert'); DROP TABLE applications;--")}\n` },
  { name: "control characters", csv: `${csvHeader}\n${csvRow("Ana\u0000\u001b[31m")}\n` },
  { name: "huge cell", csv: `${csvHeader}\n${csvRow(huge(200_000))}\n` },
  { name: "many columns", csv: `${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(",")}\n1\n` },
];

/** A multipart/form-data body with the given parts. */
export function multipart(
  parts: { field: string; filename?: string; contentType?: string; data: string | Buffer }[],
  boundary = "----reliability7MA4YWxkTrZu0gW",
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (p.contentType ? `Content-Type: ${p.contentType}\r\n` : "") +
          "\r\n",
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
