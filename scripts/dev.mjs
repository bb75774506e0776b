// `npm run dev`: the reference server on :8080 and Vite with hot reload on :5173 (proxying /api to it).
import { spawn } from "node:child_process";

const children = [
  spawn("node_modules/.bin/tsx", ["watch", "server/index.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: process.env.PORT ?? "8080" },
  }),
  spawn("node_modules/.bin/vite", ["--host", "127.0.0.1"], { stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((c) =>
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
