import { useEffect, useState } from "react";
import { hasCacheStorage, listPacks, subscribePacks, type SavedPack } from "../utils/pack-store";

/** The packs saved on this device (null until read, after mount); follows saves and removals in every tab. */
export function useSavedPacks(): SavedPack[] | null {
  const [packs, setPacks] = useState<SavedPack[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      (hasCacheStorage() ? listPacks() : Promise.resolve([])).then(
        (list) => live && setPacks(list),
        () => live && setPacks([]),
      );
    void load();
    const unsubscribe = subscribePacks(() => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return packs;
}
