// The offline journeys' `test`: the browser context's `setOffline` also holds for documents loaded after
// the cut (see network-emulation.ts).
import { test as base } from "@playwright/test";
import { emulateNetwork } from "./network-emulation";

export { expect } from "@playwright/test";

export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await emulateNetwork(context, baseURL!);
    await use(context);
  },
});
