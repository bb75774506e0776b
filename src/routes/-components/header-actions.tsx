/** The shopping actions of the header (mini cart, wishlist, compare, account): filled by the shopping feature. */
export function HeaderActions() {
  return null;
}
