/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_API_ROOT?: string;
  readonly VITE_EXCHANGE_RATE_URL?: string;
}

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
