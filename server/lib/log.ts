export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stdout (stderr for warn and error). */
export function createLogger(
  level: LogLevel = "info",
  write?: (line: string, level: LogLevel) => void,
): Logger {
  const min = ORDER[level] ?? ORDER.info;
  const out =
    write ??
    ((line: string, lvl: LogLevel) =>
      (ORDER[lvl] >= ORDER.warn ? process.stderr : process.stdout).write(line + "\n"));
  const log = (lvl: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    out(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }), lvl);
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

export function parseLogLevel(value: string | undefined, fallback: LogLevel): LogLevel {
  return value && value in ORDER ? (value as LogLevel) : fallback;
}
