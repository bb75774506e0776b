// The part of jsdom the server renderer uses (jsdom ships no types; @types/jsdom is not a dependency).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
