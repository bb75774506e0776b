/*
 * Whether the page on screen came from going back or forward in the history (the router's scroll restoration
 * then puts the page back where the shopper left it): a list renders its cards in its first render then, so
 * that the page is as tall as when it was left, instead of a shorter placeholder the position would not fit.
 */
let traversal = false;

/** The app's router, on every history change: PUSH and REPLACE open a page, BACK, FORWARD and GO return. */
export function noteHistoryAction(type: string): void {
  traversal = type !== "PUSH" && type !== "REPLACE";
}

/** True while the page on screen was reached by going back or forward. */
export function isHistoryTraversal(): boolean {
  return traversal;
}
