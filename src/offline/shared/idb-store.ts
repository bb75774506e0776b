/*
 * The one way the app (and the service worker) opens IndexedDB (issue 39 item 3). idb-keyval's `createStore`
 * opens a database once and keeps the connection for the page's life; WebKit drops that connection when an
 * app comes back from the background ("Connection to Indexed Database server lost", an UnknownError, or an
 * InvalidStateError from `transaction()` on a closed connection), and every read and write after it fails
 * until the page is reloaded. A store made here opens again and tries the operation once more when the
 * connection is gone. idb-keyval's operations are each one transaction, and a failed transaction changed
 * nothing, so the second try cannot apply a write twice.
 */
import { promisifyRequest, type UseStore } from "idb-keyval";

/** What a lost or closed connection throws (other errors, a full disk among them, are the caller's). */
export function connectionLost(error: unknown): boolean {
  return (
    typeof DOMException !== "undefined" &&
    error instanceof DOMException &&
    (error.name === "InvalidStateError" || error.name === "UnknownError")
  );
}

/** A store of `storeName` in database `dbName` (created on first use) that reopens a lost connection. */
export function reopeningStore(dbName: string, storeName: string): UseStore {
  let connection: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opened = promisifyRequest(request);
    connection = opened;
    opened.then(
      (db) => {
        // The browser closed it (storage cleared, WebKit's background): the next use opens it again.
        db.onclose = () => {
          if (connection === opened) connection = undefined;
        };
      },
      () => {
        if (connection === opened) connection = undefined;
      },
    );
    return opened;
  };
  return async <T>(txMode: IDBTransactionMode, callback: (store: IDBObjectStore) => T | PromiseLike<T>) => {
    const attempt = async () =>
      callback((await (connection ?? open())).transaction(storeName, txMode).objectStore(storeName));
    try {
      return await attempt();
    } catch (error) {
      if (!connectionLost(error)) throw error;
      connection = undefined;
      return await attempt();
    }
  };
}

/**
 * idb-keyval's default database and store (`keyval-store` / `keyval`), reopening a lost connection: the page's
 * one connection to it (the persisted cache and the recently viewed list share it; a store opens nothing until
 * it is first used, so making it here costs nothing on the server or in the service worker).
 */
const keyval: UseStore = reopeningStore("keyval-store", "keyval");

export function keyvalStore(): UseStore {
  return keyval;
}
