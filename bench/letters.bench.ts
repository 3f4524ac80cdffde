/**
 * Letter rendering speed: the time to produce one letter PDF (composed from an application,
 * laid out with the embedded Unicode font, logo and QR code), unsigned and signed (PAdES), and
 * letters per second over 1,000 letters. Database reads are not included: this measures the
 * letter itself. Names rotate through Latin, Vietnamese, Greek and Cyrillic so font subsets vary.
 *
 *   npx tsx bench/letters.bench.ts [--count 1000] [--write]
 */
import { parseArgs } from "node:util";
import { deflateSync } from "node:zlib";
import { DEFAULT_LETTER_TEMPLATE } from "@visa/domain";
import { composeLetter } from "../apps/api/src/letters/compose-letter.js";
import type { LetterAssets } from "../apps/api/src/letters/letter-assets.js";
import { SAMPLE_APPLICANT } from "../apps/api/src/letters/letter-pdf.service.js";
import { PreparedImage } from "../apps/api/src/letters/pdf/images.js";
import { renderLetterPdf } from "../apps/api/src/letters/pdf/render-letter.js";
import { CadesSigner } from "../apps/api/src/letters/signing/cades-signer.js";
import { generateSelfSignedPkcs12, readPkcs12 } from "../apps/api/src/letters/signing/pkcs12.js";
import { fmt, machineLine, table, today, writeSection } from "./lib/report.js";

const { values: args } = parseArgs({
  options: { count: { type: "string", default: "1000" }, write: { type: "boolean", default: false } },
});
const count = Number(args.count);

const FIRST = ["Zoë", "Nguyễn", "Дмитрий", "Γιώργος", "John", "Ana María", "Łucja", "Søren", "Thảo", "Ольга"];
const LAST = [
  "Łukasiewicz-Ñúñez",
  "Thị Minh Khai",
  "Шостакович",
  "Παπαδόπουλος",
  "Smith",
  "Gómez",
  "Dvořák",
  "Ødegård",
  "Trần",
  "Ковалёва",
];

/** A 300x100 RGB PNG (a disc and a bar), standing in for an organisation's logo. */
function logoPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const [w, h] = [300, 100];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inMark = (x - 50) ** 2 + (y - 50) ** 2 < 40 ** 2 || (x > 110 && y > 35 && y < 65);
      rows.set(inMark ? [20, 60, 160] : [255, 255, 255], y * (1 + w * 3) + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const { p12, passphrase } = generateSelfSignedPkcs12("International Standards Consortium");
const identity = readPkcs12(p12, passphrase);
const assets = {
  name: "International Standards Consortium",
  address: "1 Standards Way\nSuite 400\nWakefield, MA 01880\nUnited States",
  signatoryName: "Jane Doe",
  signatoryTitle: "Secretary General",
  paperSize: "A4",
  logo: await PreparedImage.from(logoPng()),
  signature: null,
  signer: new CadesSigner(identity),
  reservedBytes: 4096,
} as unknown as LetterAssets;

function content(i: number) {
  return composeLetter({
    applicant: {
      ...SAMPLE_APPLICANT,
      firstName: FIRST[i % FIRST.length] ?? "Ada",
      lastName: LAST[Math.floor(i / FIRST.length) % LAST.length] ?? "Lovelace",
    },
    meeting: {
      name: "Plenary Meeting 2030",
      location: "Orlando, FL",
      startDate: "2030-03-02",
      endDate: "2030-03-07",
    },
    assets,
    template: DEFAULT_LETTER_TEMPLATE,
    reference: "VL-7K3M-9QX2-HB4T-R8WZ",
    issuedOn: "2026-01-15",
    publicUrl: "https://portal.example.org",
  });
}

const signature = {
  signer: assets.signer,
  reservedBytes: assets.reservedBytes,
  signerName: assets.name,
  location: "https://portal.example.org",
};

async function timeEach(n: number, signed: boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = content(i);
    const start = performance.now();
    await renderLetterPdf(c, signed ? signature : undefined);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function throughput(n: number, signed: boolean): Promise<{ perSecond: number; bytes: number }> {
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++)
    bytes += (await renderLetterPdf(content(i), signed ? signature : undefined)).length;
  return { perSecond: n / ((performance.now() - start) / 1000), bytes: bytes / n };
}

const machine = machineLine();
await timeEach(50, true); // warm-up: JIT, font parsing, first subsets
const samples = Math.min(count, 500);
const unsigned = await timeEach(samples, false);
const signed = await timeEach(samples, true);
const bulkUnsigned = await throughput(count, false);
const bulkSigned = await throughput(count, true);

const report = [
  "## Letters",
  "",
  `\`npx tsx bench/letters.bench.ts --count ${count}\` on ${today()}.`,
  `Machine: ${machine}.`,
  "",
  table(
    ["letter", "median ms", "p95 ms", `letters/s over ${count}`, "average size"],
    [
      [
        "unsigned",
        fmt(pct(unsigned, 0.5), 2),
        fmt(pct(unsigned, 0.95), 2),
        fmt(bulkUnsigned.perSecond),
        `${fmt(bulkUnsigned.bytes / 1024)} KiB`,
      ],
      [
        "signed (PAdES)",
        fmt(pct(signed, 0.5), 2),
        fmt(pct(signed, 0.95), 2),
        fmt(bulkSigned.perSecond),
        `${fmt(bulkSigned.bytes / 1024)} KiB`,
      ],
    ],
  ),
  "",
  `Median and p95 over ${samples} letters each after 50 warm-up letters; target: median under 15 ms unsigned.`,
].join("\n");

console.log(report);
if (args.write) writeSection("letters", report);
