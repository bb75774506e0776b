/*
 * Start-up order (imported by main.tsx right after zod): the data libraries, then a new task, then the UI
 * libraries (imported by ui-libraries.ts). Evaluating all of them at once was one task of ≈ 120 ms on a phone.
 */
import { QueryClient } from "@tanstack/react-query";
import { yieldToMain } from "@/utils/yield-to-main";

// Exported so that the import is kept: a bare import of a side-effect-free package may be dropped, and
// with it this place in the evaluation order.
export const DataLibraries = { QueryClient };
await yieldToMain();
