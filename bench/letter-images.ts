/**
 * What a large logo costs: starts the production server on a fresh embedded database, uploads
 * a large PNG drawing and a large JPEG photo as the organisation's logo (each three times; the
 * median upload time counts), and reads the size of a letter preview printed with each, beside
 * one without a logo, and what the server stored (bytes and pixels).
 *
 *   npx tsx bench/letter-images.ts [--port N] [--write]     (by default on a port free at run time)
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { api, login, type Session, uploadFile } from "./lib/http.js";
import { fmt, machineLine, table, today, writeSection } from "./lib/report.js";
import { ServerProcess } from "./lib/server.js";
import { prepareTarget } from "./lib/target.js";

const { values: args } = parseArgs({
  options: { port: { type: "string" }, write: { type: "boolean", default: false } },
});
const ADMIN = { email: "images-bench@example.org", password: "images-bench-123" };
const UPLOADS = 3;

/** A letterhead drawn at 6000 × 4000 on a transparent background, as a designer exports it. */
async function largePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="4000">
    <defs>
      <radialGradient id="disc"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#1d4ed8" stop-opacity="0"/></radialGradient>
      <linearGradient id="bar" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b91c1c"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>
    </defs>
    <circle cx="2000" cy="2000" r="1050" fill="url(#disc)"/>
    <rect x="3200" y="600" width="2600" height="2800" rx="300" fill="url(#bar)" opacity="0.85"/>
    <text x="400" y="3800" font-size="600" font-family="sans-serif" fill="#111">Standards Body</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 4000 × 3000 photo (grain over shapes), as a phone or camera saves it. */
async function largeJpeg(): Promise<Buffer> {
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
    <rect width="4000" height="3000" fill="#e2e8f0" opacity="0.7"/>
    <circle cx="1500" cy="1500" r="1100" fill="#1d4ed8" opacity="0.8"/>
    <rect x="2400" y="500" width="1300" height="2000" fill="#b91c1c" opacity="0.8"/>
  </svg>`;
  const grain = { type: "gaussian" as const, mean: 128, sigma: 24 };
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: grain } })
    .composite([{ input: Buffer.from(shapes) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kib = (bytes: number) => `${fmt(bytes / 1024, 0)} KiB`;

async function previewBytes(base: string, admin: Session): Promise<number> {
  const res = await fetch(`${base}/api/letters/preview`, {
    method: "POST",
    headers: { ...admin.headers, "content-type": "application/json" },
    body: JSON.stringify({ addressee: "To whom it may concern", body: "Dear {{fullName}}" }),
  });
  if (res.status !== 200) throw new Error(`preview answered ${res.status}: ${await res.text()}`);
  return (await res.arrayBuffer()).byteLength;
}

async function stored(base: string, admin: Session): Promise<string> {
  const res = await fetch(`${base}/api/letters/organisation/logo`, { headers: admin.headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return `${kib(bytes.length)}, ${meta.width} × ${meta.height} ${meta.format}`;
}

async function main() {
  const target = await prepareTarget("embedded", "letter-images");
  let server: ServerProcess | undefined;
  try {
    server = await ServerProcess.start({
      port: args.port ? Number(args.port) : undefined,
      dataDir: target.dataDir,
      logFile: join(target.workDir, "server.log"),
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    const rows: string[][] = [["no logo", "", "", "", kib(await previewBytes(server.url, admin))]];
    const images = [
      {
        name: "PNG drawing, 6000 × 4000, transparent",
        file: "logo.png",
        type: "image/png",
        data: await largePng(),
      },
      { name: "JPEG photo, 4000 × 3000", file: "logo.jpg", type: "image/jpeg", data: await largeJpeg() },
    ];
    for (const image of images) {
      const times: number[] = [];
      for (let i = 0; i < UPLOADS; i++) {
        const answer = await uploadFile(
          server.url,
          admin,
          "/api/letters/organisation/logo",
          image.data,
          image.file,
          image.type,
        );
        if (answer.status !== 200)
          throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        times.push(answer.ms);
      }
      rows.push([
        image.name,
        kib(image.data.length),
        fmt(median(times), 0),
        await stored(server.url, admin),
        kib(await previewBytes(server.url, admin)),
      ]);
      console.error(rows.at(-1)?.join(" | "));
    }
    await api(server.url, admin, "DELETE", "/api/letters/organisation/logo");
    const report = [
      "### A large logo: upload time and letter size",
      "",
      `Command: \`npx tsx bench/letter-images.ts\`  `,
      `Date: ${today()}  `,
      `Machine: ${machineLine()}`,
      "",
      table(["logo", "file", "upload ms (median of 3)", "stored", "letter preview"], rows),
    ].join("\n");
    console.log(report);
    if (args.write) writeSection("letter-images", report);
  } finally {
    await server?.stop();
    await target.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
