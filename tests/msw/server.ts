import { setupServer } from "msw/node";
import { shellHandlers } from "./shell-handlers";

/** The msw server of component tests; tests add their own handlers with `server.use(...)`. */
export const server = setupServer(...shellHandlers);
