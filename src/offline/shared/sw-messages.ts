/*
 * Messages the service worker posts to the open pages, shared by both sides (the worker's bundle imports this
 * file; names only).
 */

/**
 * A catalogue or content reply the worker answered from its cache has just been revalidated, and the server's
 * copy differs from the one the page was given: `{ type, url, path }` (path: under the API root).
 */
export const FRESHER_COPY_MESSAGE = "fresher-copy";
