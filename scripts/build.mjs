// npm run build: the web app (Vite) and the server compiled to JavaScript (esbuild), with the
// domain package bundled in, into apps/web/dist and apps/api/dist. npm start runs the result.
import { spawnSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { nameHolder, withBuildLock } from "./build-lock.mjs";
import { BUILD_LOCK, BUILD_STAMP, buildState, LOCK_HANDED_OVER, ROOT, SERVER_DIST } from "./build-state.mjs";

// Two builds writing dist at once fail each other (one stopped with an unreadable ErrnoError from
// the template database), as `npm test` beside `npm start` on a changed checkout did. A start hands
// this build the lock it took; every other caller (npm run build, the browser journeys' runner)
// takes it here, and after waiting for another build of the same sources has nothing to do.
if (process.env[LOCK_HANDED_OVER] === "1") {
  // The start's descriptor, its fourth stdio entry: name this build as the one to wait for.
  nameHolder(3);
  await buildAll();
} else {
  await withBuildLock(BUILD_LOCK, async (_fd, { waited }) => {
    if (waited && buildState() === "fresh")
      console.error("The build that just finished is current: nothing to build.");
    else await buildAll();
  });
}

async function buildAll() {
  // Gone until this build is whole: an interrupted build is never taken for a fresh one.
  rmSync(BUILD_STAMP, { force: true });
  const web = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: ROOT, stdio: "inherit" });
  if (web.status !== 0) process.exit(web.status ?? 1);

  rmSync(SERVER_DIST, { recursive: true, force: true });
  const src = join(ROOT, "apps/api/src");
  const result = await build({
    metafile: true,
    entryPoints: ["main.ts", "cli/admin.ts", "cli/seed-demo.ts", "cli/backup.ts"].map((f) => join(src, f)),
    outdir: SERVER_DIST,
    outbase: src,
    bundle: true,
    // Dynamic imports become chunks of their own: the PDF, signing and image code, with the
    // libraries it imports, is loaded on the first letter, not at start.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [
      {
        // Packages stay in node_modules and load as they are, except two compiled into the server:
        // @visa/domain, which ships TypeScript, and drizzle-orm, whose several hundred small modules
        // each cost a resolution at start (on Node.js 24, a read of its 180 KB package.json each).
        name: "packages-external",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            /^(@visa\/domain|drizzle-orm)(\/|$)/.test(args.path)
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // What a start loads is main.js, the modules main.js itself imports dynamically (the app, loaded
  // after DATA_DIR is locked), and their static imports. The PDF, signing, image and mail libraries
  // must stay out of it, and so must both database drivers (db/client.ts loads the one in use): fail
  // the build when one is reached.
  const LOADED_ON_FIRST_USE =
    /^(pdf-lib|@pdf-lib|@signpdf|node-forge|qrcode|sharp|nodemailer|@electric-sql\/pglite|pg)(\/|$)/;
  const outputs = result.metafile.outputs;
  const seen = new Set();
  const walk = (file, followDynamic = false) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of outputs[file]?.imports ?? []) {
      if (i.kind !== "import-statement" && !(followDynamic && i.kind === "dynamic-import")) continue;
      if (i.external && LOADED_ON_FIRST_USE.test(i.path)) {
        console.error(`${i.path} is imported at start (through ${file}); import it where it is first used`);
        process.exit(1);
      }
      if (!i.external) walk(i.path);
    }
  };
  walk(
    Object.keys(outputs).find((f) => f.endsWith("/main.js")),
    true,
  );

  // The letters' code loaded on first use (letters/pdf, letters/signing) must be asked for only from
  // the file that holds letters/letter-code.ts: Node.js looks a file up again for each file that
  // imports it, and after a rebuild under a running server it is gone ("Cannot find module"). Code
  // the commands (cli/*) share with the server goes into chunks of its own, so a command that
  // imports a module loading letter code (the mail queue, letter-assets.ts) would move it there.
  const letterCode = new Set(
    Object.keys(outputs).filter((f) =>
      /apps\/api\/src\/letters\/(pdf|signing)\//.test(outputs[f].entryPoint ?? ""),
    ),
  );
  if (letterCode.size === 0) {
    console.error(
      "no chunk of letters/pdf or letters/signing was built: the letters' code is loaded at start",
    );
    process.exit(1);
  }
  for (const [file, output] of Object.entries(outputs)) {
    const loaded = output.imports.filter((i) => i.kind === "dynamic-import" && letterCode.has(i.path));
    if (loaded.length > 0 && !Object.keys(output.inputs).some((i) => i.endsWith("letters/letter-code.ts"))) {
      console.error(
        `${file} loads ${loaded[0].path} but does not hold letters/letter-code.ts: a module that loads the letters' code is shared with another entry (a command?); keep it out of that entry's imports`,
      );
      process.exit(1);
    }
  }

  // Migrations are applied at every start, read from next to the compiled server.
  cpSync(join(src, "db/migrations"), join(SERVER_DIST, "migrations"), { recursive: true });
  // A new embedded database with every migration applied, copied file by file by a first start
  // instead of running initdb and the migrations (db/embedded.ts): the start's migrate then finds
  // nothing to do. Its extensions are pgliteExtensions of db/embedded.ts.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const templateDir = join(SERVER_DIST, "pgdata-template");
  rmSync(templateDir, { recursive: true, force: true });
  const template = new PGlite(templateDir, { extensions: { pg_trgm, btree_gin, unaccent } });
  await template.waitReady;
  await migrate(drizzle(template), { migrationsFolder: join(SERVER_DIST, "migrations") });
  await template.close();

  writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
  console.log("server compiled to apps/api/dist");
}
