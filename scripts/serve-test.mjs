// Playwright's web server: the reference server on a fresh seeded database (data/e2e-<port>.sqlite) in test
// mode, serving the already built dist/. It runs in this process (via tsx's loader) so that stopping
// this process always frees the port.
import { mkdirSync, rmSync } from "node:fs";
import { register } from "tsx/esm/api";

process.env.PORT ??= "4173";
const file = `data/e2e-${process.env.PORT}.sqlite`;
mkdirSync("data", { recursive: true });
for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
// Each server's mail to its own outbox file (one JSON line per message), where the journeys read the links.
process.env.MAIL_OUTBOX = `data/e2e-${process.env.PORT}-mail.jsonl`;
rmSync(process.env.MAIL_OUTBOX, { force: true });

process.env.NODE_ENV = "test";
process.env.DATABASE_FILE = file;
process.env.PORT ??= "4173";
process.env.HOST ??= "127.0.0.1";

register();
await import("../server/index.ts");
