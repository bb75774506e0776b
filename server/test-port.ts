import { once } from "node:events";
import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 right now, for a server a test starts (tests only). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}
