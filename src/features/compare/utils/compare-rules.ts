/** SPEC §4 compare rules: add ignores duplicates by id, remove by id. */
export interface HasId {
  id: number;
}

export function isCompared(list: readonly HasId[], id: number): boolean {
  return list.some((p) => p.id === id);
}

export function addToCompareList<T extends HasId>(list: readonly T[], item: T): T[] {
  return isCompared(list, item.id) ? [...list] : [...list, item];
}

export function removeFromCompareList<T extends HasId>(list: readonly T[], id: number): T[] {
  return list.filter((p) => p.id !== id);
}
