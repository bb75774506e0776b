/** SPEC §4 wishlist rules on a list of products: adding is ignored when present, removing filters out. */
export interface HasId {
  id: number;
}

export function isInList<T extends HasId>(list: readonly T[], id: number): boolean {
  return list.some((p) => p.id === id);
}

export function addToList<T extends HasId>(list: readonly T[], item: T): T[] {
  return isInList(list, item.id) ? [...list] : [...list, item];
}

export function removeFromList<T extends HasId>(list: readonly T[], id: number): T[] {
  return list.filter((p) => p.id !== id);
}

/** The ids present in `a` and missing from `b`. */
export function missingFrom<T extends HasId>(a: readonly T[], b: readonly HasId[]): T[] {
  return a.filter((p) => !isInList(b, p.id));
}
