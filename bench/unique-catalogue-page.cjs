/* global module */
// bench:pages' uncached page request (autocannon's setupRequest, loaded by path in its worker thread): a
// catalogue page at an address no one asked for before, so the server renders it (or, when its render queue
// is full, answers the shell).
let unique = 0;
module.exports = (req) => ({ ...req, path: `/catalog/mountain-bikes?page=${++unique % 3}&b=${unique}` });
