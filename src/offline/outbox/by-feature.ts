/*
 * The features' offline writes, collected from their folders: each feature that has writes which may wait
 * offline keeps them in its own `outbox/` folder, in three files with fixed names and exports, which the app
 * finds by name (Vite's `import.meta.glob`, static imports at build time; nothing to list by hand):
 *  - `mutation-defaults.ts` → `mutationDefaults`: the writes and their mutation functions (first page);
 *  - `outbox-policy.ts` → `outboxPolicies`: what the outbox does with them (the outbox's chunk);
 *  - `change-describers.ts` → `changeDescribers`: their words and undo in the change queue (the queue's chunk).
 * Adding an offline write to a feature touches that folder (and the feature's api/ file) only.
 */

/** Features whose writes come first, in this order (the change queue lists them so); others follow by name. */
const FIRST = ["cart", "wishlist", "content", "shell"];

const featureOf = (path: string) => /features\/([^/]+)\/outbox\//.exec(path)?.[1] ?? path;
const rank = (feature: string) => {
  const i = FIRST.indexOf(feature);
  return i < 0 ? FIRST.length : i;
};

/** The modules a glob found, one per feature, in the features' order. */
export function byFeature<M>(modules: Record<string, M>): M[] {
  return Object.entries(modules)
    .map(([path, module]) => ({ feature: featureOf(path), module }))
    .sort((a, b) => rank(a.feature) - rank(b.feature) || a.feature.localeCompare(b.feature))
    .map((e) => e.module);
}

/** The features a glob found modules of, in the same order (for tests and the docs). */
export const featuresOf = (modules: Record<string, unknown>): string[] =>
  byFeature(Object.fromEntries(Object.keys(modules).map((path) => [path, featureOf(path)])));
