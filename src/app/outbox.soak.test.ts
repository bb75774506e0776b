/*
 * A seeded soak of the outbox against the real reference server (its in-process fetch handler): a few
 * hundred random offline/online flips, restarts while offline (the outbox goes through the persister's
 * dehydrate/hydrate like a reload), and random cart and wishlist edits, with a network that sometimes fails
 * before a request reaches the server and sometimes loses the reply of a write the server applied.
 * At the end the server cart and wishlist must equal the model of what the shopper intended, with no
 * duplicate lines. The outbox runs with the app's policies (outbox-policies.ts), as app/start-browser.tsx creates it.
 */
import { dehydrate, hydrate, onlineManager, QueryClient, type MutationKey } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiState, type ApiState } from "@/api/api-state";
import { cartKeys, cartMutations } from "@/api/cart";
import { newIdempotencyKey } from "@/api/client";
import { wishlistKeys, wishlistMutations } from "@/api/wishlist";
import { lineKey } from "@/features/cart/outbox/outbox-rules";
import { createOutbox, type Outbox } from "@/offline/outbox/outbox";
import { dehydrateOptions, markInFlightAsPaused } from "@/offline/cache/persister";
import { outboxPolicies } from "./outbox-policies";

// The reference server's in-process app and test shopper, loaded at run time: server/ is its own TypeScript
// project, so only the few members used here are typed.
interface Reply {
  status: number;
  json: unknown;
}
interface ServerTestUtils {
  makeApp(): Promise<{ request(url: string, init?: RequestInit): Response | Promise<Response> }>;
  shopper(app: unknown): {
    get(path: string): Promise<Reply>;
    post(path: string, body?: unknown): Promise<Reply>;
    login(email: string, password: string): Promise<Reply>;
  };
}
const SERVER_TEST_UTILS = "../../server/test-utils";

const COLOR_ATTRIBUTE_ID = 23;
const SIZE_ATTRIBUTE_ID = 24;

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Line {
  productId: number;
  variantId: number;
  superAttribute: Record<string, number>;
}

const store = new Map<string, string>();
const realFetch = globalThis.fetch;

beforeAll(() => {
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
      clear: () => store.clear(),
      key: () => null,
      length: 0,
    },
  });
});

afterAll(() => {
  globalThis.fetch = realFetch;
  Reflect.deleteProperty(globalThis, "localStorage");
  onlineManager.setOnline(true);
});

/** Mutation defaults as the app registers them, with short retry delays so the soak runs in seconds. */
function appClient(api: ApiState): QueryClient {
  const client = new QueryClient({ defaultOptions: { mutations: { networkMode: "online" } } });
  const fast = { retryDelay: 2 };
  for (const o of [
    cartMutations.add(api),
    cartMutations.setQuantity(api),
    cartMutations.remove(api),
    cartMutations.empty(api),
    wishlistMutations.set(),
  ])
    client.setMutationDefaults(o.mutationKey, { ...(o as object), ...fast });
  return client;
}

describe("outbox soak", () => {
  it.each([1, 2, 3, 4, 5])(
    "seed %i: after random flips, restarts and edits the server equals the model, once",
    async (seed) => {
      const random = mulberry32(seed);
      const { makeApp, shopper } = (await import(/* @vite-ignore */ SERVER_TEST_UTILS)) as ServerTestUtils;
      const app = await makeApp();
      const customer = shopper(app);
      const email = `soak-${seed}@example.test`;
      const reg = await customer.post("/api/customer/register", {
        first_name: "Soak",
        last_name: "Test",
        email,
        password: "secret12",
        password_confirmation: "secret12",
      });
      expect(reg.status).toBe(200);
      const login = await customer.login(email, "secret12");
      store.set("auth", JSON.stringify(login.json));

      // Four bicycles, one roomy colour/size each.
      const list = await customer.get("/api/products?limit=40");
      const lines: Line[] = [];
      for (const p of (
        list.json as {
          data: {
            id: number;
            variation: {
              option_id: number;
              size: { variant_id: number; option_id: number; stock: number }[];
            }[];
          }[];
        }
      ).data) {
        const v = p.variation.find((c) => c.size.some((x) => x.stock >= 15));
        const s = v?.size.find((x) => x.stock >= 15);
        if (v && s)
          lines.push({
            productId: p.id,
            variantId: s.variant_id,
            superAttribute: { [COLOR_ATTRIBUTE_ID]: v.option_id, [SIZE_ATTRIBUTE_ID]: s.option_id },
          });
        if (lines.length === 4) break;
      }
      expect(lines).toHaveLength(4);

      // The network between the app and the server, with faults while "online".
      let faults = true;
      let cuts = 0;
      globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), "http://shop.test");
        const method = init?.method ?? "GET";
        const isWrite = method !== "GET" || /remove-item|wishlist\/add|cart\/empty/.test(url.pathname);
        if (faults && random() < 0.05) throw new TypeError("Failed to fetch");
        const res = await app.request(url.toString(), init);
        if (faults && isWrite && random() < 0.4) {
          cuts += 1;
          throw new TypeError("Failed to fetch"); // applied by the server, the reply is lost
        }
        return res;
      };

      // One app instance per page load: its api state, query client and outbox.
      let api = createApiState();
      let client = appClient(api);
      let outbox: Outbox = createOutbox({ queryClient: client, policies: outboxPolicies(api) });
      const cart = new Map<string, number>();
      const wishlist = new Set<number>();
      let online = true;
      onlineManager.setOnline(true);

      const send = (mutationKey: MutationKey, variables: object) => {
        if (!outbox.prepare(mutationKey, variables)) return;
        void client
          .getMutationCache()
          .build(client, { mutationKey })
          .execute(variables)
          .catch(() => undefined);
      };

      for (let step = 0; step < 400; step++) {
        const r = random();
        const line = lines[Math.floor(random() * lines.length)]!;
        const key = lineKey(line.productId, line.variantId);
        const ref = { productId: line.productId, variantId: line.variantId, cartItemId: null };
        if (r < 0.15) {
          online = !online;
          onlineManager.setOnline(online);
        } else if (r < 0.2 && !online) {
          // Restart while offline: the outbox goes through IndexedDB's shape and back.
          await new Promise((res) => setTimeout(res, 5));
          const persisted = markInFlightAsPaused({
            timestamp: Date.now(),
            buster: "soak",
            clientState: dehydrate(client, dehydrateOptions as Parameters<typeof dehydrate>[1]) as never,
          });
          outbox.dispose();
          api = createApiState();
          client = appClient(api);
          hydrate(client, persisted.clientState as never);
          outbox = createOutbox({ queryClient: client, policies: outboxPolicies(api) });
          void outbox.replay();
        } else if (r < 0.45) {
          const qty = 1 + Math.floor(random() * 2);
          if ((cart.get(key) ?? 0) + qty > 12) continue;
          cart.set(key, (cart.get(key) ?? 0) + qty);
          send(cartKeys.add(), {
            idempotencyKey: newIdempotencyKey(),
            productId: line.productId,
            quantity: qty,
            variant: { variantId: line.variantId, superAttribute: line.superAttribute },
          });
        } else if (r < 0.6 && cart.has(key)) {
          const qty = 1 + Math.floor(random() * 4);
          cart.set(key, qty);
          send(cartKeys.setQuantity(), { idempotencyKey: newIdempotencyKey(), line: ref, quantity: qty });
        } else if (r < 0.7 && cart.has(key)) {
          cart.delete(key);
          send(cartKeys.remove(), { idempotencyKey: newIdempotencyKey(), line: ref });
        } else {
          const wanted = !wishlist.has(line.productId);
          if (wanted) wishlist.add(line.productId);
          else wishlist.delete(line.productId);
          send(wishlistKeys.set(), {
            idempotencyKey: newIdempotencyKey(),
            productId: line.productId,
            wanted,
          });
        }
        await new Promise((res) => setTimeout(res, random() < 0.3 ? 3 : 0));
      }

      // The connection comes back for good (still flaky during the first part of the replay).
      onlineManager.setOnline(true);
      for (let i = 0; i < 300 && outbox.waitingCount() > 0; i++) {
        if (i === 100) faults = false;
        await outbox.replay();
        await new Promise((res) => setTimeout(res, 10));
      }
      expect(outbox.waitingCount()).toBe(0);
      outbox.dispose();

      const serverCart = await customer.get("/api/checkout/cart");
      const items = (
        (
          serverCart.json as {
            data: {
              items: {
                product_id: number;
                quantity: number;
                additional?: { selected_configurable_option?: number };
              }[];
            } | null;
          }
        ).data?.items ?? []
      ).map(
        (i) =>
          [lineKey(Number(i.product_id), i.additional?.selected_configurable_option), i.quantity] as const,
      );
      expect(new Set(items.map(([k]) => k)).size).toBe(items.length);
      expect(Object.fromEntries(items)).toEqual(Object.fromEntries(cart));
      const serverWishlist = await customer.get("/api/wishlist?pagination=0");
      const ids = (serverWishlist.json as { data: { product: { id: number } }[] }).data.map(
        (i) => i.product.id,
      );
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual([...wishlist].sort());
      // The schedule did exercise lost replies (applied by the server, retried with the same key).
      expect(cuts).toBeGreaterThan(0);
    },
  );
});
