import { type Store } from "./store";
import { openSqlite, SqliteStore } from "./sqlite-store";
import { PostgresStore, type PostgresSettings } from "./postgres-store";

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

/** `postgres://…` (or `postgresql://…`) opens PostgreSQL; anything else is a SQLite file (or `:memory:`). */
export function openStore(location: string, opts: { postgres?: PostgresSettings } = {}): Store {
  return isPostgresUrl(location)
    ? new PostgresStore(location, opts.postgres)
    : new SqliteStore(openSqlite(location));
}

/** Where the server's data lives, without a password, for logs. */
export function describeLocation(location: string): string {
  return location.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}
