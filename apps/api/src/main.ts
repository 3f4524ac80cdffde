import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { ensureAdmin } from "./users/ensure-admin.js";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  if (config.adminEmail && config.adminPassword) {
    await ensureAdmin(app.ctx, { email: config.adminEmail, password: config.adminPassword });
    app.log.info("admin account ensured");
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`database: ${app.ctx.database.kind}; mail: ${app.ctx.mailer.target}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
