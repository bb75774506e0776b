// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { savedPackProducts } from "./pack-products";
import { PACK_INDEX_PATH, PACK_META_PATH, packCacheName } from "./pack-rules";

/** Cache Storage in memory, counting the caches opened. */
function fakeCaches(packs: Record<string, Record<string, unknown>>) {
  let opened = 0;
  const storage = {
    keys: () => Promise.resolve(Object.keys(packs)),
    open: (name: string) => {
      opened += 1;
      const entries = packs[name] ?? {};
      return Promise.resolve({
        match: (url: string) => {
          const path = new URL(url).pathname;
          return Promise.resolve(path in entries ? new Response(JSON.stringify(entries[path])) : undefined);
        },
      });
    },
  };
  Object.defineProperty(globalThis, "caches", { value: storage, configurable: true });
  return { opened: () => opened };
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "caches");
});

describe("savedPackProducts", () => {
  it("lists the products of complete packs only, reads each pack once, and forgets a removed pack", async () => {
    const mountain = packCacheName("category:mountain", 1);
    const road = packCacheName("category:road", 2);
    const half = packCacheName("category:fat", 3);
    const packs: Record<string, Record<string, unknown>> = {
      [mountain]: { [PACK_META_PATH]: {}, [PACK_INDEX_PATH]: { products: [{ id: 1 }, { id: 2 }] } },
      [road]: { [PACK_META_PATH]: {}, [PACK_INDEX_PATH]: { products: [{ id: 3 }] } },
      // A save still under way: its index is there, its metadata (written last) not yet.
      [half]: { [PACK_INDEX_PATH]: { products: [{ id: 4 }] } },
      "images-runtime": {},
    };
    const counter = fakeCaches(packs);

    expect(await savedPackProducts()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const afterFirst = counter.opened();
    expect(afterFirst).toBe(3);

    // The next search opens only the half pack again, which has now completed.
    packs[half]![PACK_META_PATH] = {};
    expect(await savedPackProducts()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    expect(counter.opened()).toBe(afterFirst + 1);

    // Removed on the Saved for offline page: its products leave the search.
    delete packs[road];
    expect(await savedPackProducts()).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    expect(counter.opened()).toBe(afterFirst + 1);
  });
});
