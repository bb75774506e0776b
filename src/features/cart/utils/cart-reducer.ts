/*
 * The local cart (SPEC §4): the device's cart, changed at once on every shopper action, online or offline.
 * Pure: (cart, action) → cart. Every change recomputes quantity, subtotal and total.
 */
import { FLAT_RATE_SHIPPING, round2 } from "@/api/contract/money";

/** What the cart keeps of a product: enough to render a line offline. */
export interface CartProduct {
  id: number;
  name: string;
  urlKey: string;
  sku: string;
  image: string | null;
  /** unit price in the base currency, after the product discount */
  price: number;
  /** stock available for this line (the variant's when a colour and size are chosen); null when not told */
  stock: number | null;
}

export interface CartLineOption {
  optionId: number;
  valueId: number;
}

export interface CartLine {
  id: number;
  product: CartProduct;
  options: CartLineOption[];
  price: number;
  total: number;
  quantity: number;
  selectedProductColor: string | null;
  selectedProductSize: string | null;
  /** the variant the cart add names (the chosen colour and size) */
  variantId: number | null;
  /** the server cart line, once the server has it */
  cartItemId: number | null;
}

export interface CartExtra {
  kind: "shipping" | "tax";
  amount: number;
  /**
   * tax only: the server's rate in percent of the subtotal, once a server has priced the cart (the amount then
   * follows the subtotal, so the device cart costs what the server's does); absent, SPEC's Tax 0
   */
  percent?: number;
}

export interface LocalCart {
  lines: CartLine[];
  lastItemId: number;
  quantity: number;
  subtotal: number;
  total: number;
  extras: CartExtra[];
}

/** The local cart's tax line until the server has priced the cart. */
export const TAX_AMOUNT = 0;

export interface AddToCartInput {
  product: CartProduct;
  quantity: number;
  options?: CartLineOption[];
  color?: string | null;
  size?: string | null;
  variantId?: number | null;
}

/** A server line as the reconciliation needs it. */
export interface ServerLine {
  cartItemId: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  price: number;
  color: string | null;
  size: string | null;
  options: CartLineOption[];
  /** used when the device has no line for it (e.g. a cart merged at login) */
  product: CartProduct;
}

export type CartAction =
  | { type: "add"; input: AddToCartInput }
  | { type: "increment"; lineId: number }
  | { type: "decrement"; lineId: number }
  | { type: "setQuantity"; lineId: number; quantity: number }
  | { type: "delete"; lineId: number }
  | { type: "deleteAll" }
  /** The server's cart: its lines, and its tax rate in percent (null: it could not tell, the rate is kept). */
  | { type: "reconcile"; lines: ServerLine[]; taxPercent?: number | null }
  /** Undo: the line of this product and variant becomes `line` again (null: no such line). */
  | { type: "restoreLine"; productId: number; variantId: number | null; line: CartLine | null }
  /** Undo of "empty the cart": these lines again. */
  | { type: "restoreLines"; lines: CartLine[] };

export function emptyCart(): LocalCart {
  return { lines: [], lastItemId: 0, quantity: 0, subtotal: 0, total: 0, extras: defaultExtras() };
}

function defaultExtras(): CartExtra[] {
  return [
    { kind: "shipping", amount: FLAT_RATE_SHIPPING },
    { kind: "tax", amount: TAX_AMOUNT },
  ];
}

/** Recomputes quantity, subtotal and total; the extra lines count only when the cart has lines. */
export function recompute(cart: Omit<LocalCart, "quantity" | "subtotal" | "total">): LocalCart {
  const lines = cart.lines.map((l) => ({ ...l, total: round2(l.price * l.quantity) }));
  const quantity = lines.reduce((n, l) => n + l.quantity, 0);
  const subtotal = round2(lines.reduce((n, l) => n + l.total, 0));
  const extras = (cart.extras.length ? cart.extras : defaultExtras()).map((e) =>
    e.percent === undefined ? e : { ...e, amount: round2((subtotal * e.percent) / 100) },
  );
  const total = lines.length ? round2(subtotal + extras.reduce((n, e) => n + e.amount, 0)) : 0;
  return { lines, lastItemId: cart.lastItemId, extras, quantity, subtotal, total };
}

function sameOptions(a: CartLineOption[], b: CartLineOption[]): boolean {
  if (a.length !== b.length) return false;
  const key = (o: CartLineOption) => `${o.optionId}:${o.valueId}`;
  const set = new Set(a.map(key));
  return b.every((o) => set.has(key(o)));
}

/**
 * The merge rule of SPEC §4: a product with options merges on the same product and identical options;
 * a variation product on the same id, colour and size; a plain product on the same id.
 */
export function isSameLine(
  line: Pick<CartLine, "product" | "options" | "selectedProductColor" | "selectedProductSize">,
  input: { productId: number; options: CartLineOption[]; color: string | null; size: string | null },
): boolean {
  if (line.product.id !== input.productId) return false;
  if (line.options.length || input.options.length) return sameOptions(line.options, input.options);
  if (line.selectedProductColor || line.selectedProductSize || input.color || input.size) {
    return line.selectedProductColor === input.color && line.selectedProductSize === input.size;
  }
  return true;
}

function findLine(cart: LocalCart, input: AddToCartInput): CartLine | undefined {
  return cart.lines.find((l) =>
    isSameLine(l, {
      productId: input.product.id,
      options: input.options ?? [],
      color: input.color ?? null,
      size: input.size ?? null,
    }),
  );
}

export function cartReducer(cart: LocalCart, action: CartAction): LocalCart {
  switch (action.type) {
    case "add": {
      const { input } = action;
      const quantity = Math.max(1, Math.floor(input.quantity));
      const existing = findLine(cart, input);
      if (existing) {
        return recompute({
          ...cart,
          lines: cart.lines.map((l) =>
            l.id === existing.id
              ? { ...l, quantity: l.quantity + quantity, product: input.product, price: input.product.price }
              : l,
          ),
        });
      }
      const id = cart.lastItemId + 1;
      const line: CartLine = {
        id,
        product: input.product,
        options: input.options ?? [],
        price: input.product.price,
        total: 0,
        quantity,
        selectedProductColor: input.color ?? null,
        selectedProductSize: input.size ?? null,
        variantId: input.variantId ?? null,
        cartItemId: null,
      };
      return recompute({ ...cart, lastItemId: id, lines: [...cart.lines, line] });
    }
    case "increment":
      return recompute({
        ...cart,
        lines: cart.lines.map((l) => (l.id === action.lineId ? { ...l, quantity: l.quantity + 1 } : l)),
      });
    case "decrement": {
      const line = cart.lines.find((l) => l.id === action.lineId);
      if (!line) return cart;
      if (line.quantity <= 1)
        return recompute({ ...cart, lines: cart.lines.filter((l) => l.id !== action.lineId) });
      return recompute({
        ...cart,
        lines: cart.lines.map((l) => (l.id === action.lineId ? { ...l, quantity: l.quantity - 1 } : l)),
      });
    }
    case "setQuantity": {
      const quantity = Math.floor(action.quantity);
      if (quantity <= 0)
        return recompute({ ...cart, lines: cart.lines.filter((l) => l.id !== action.lineId) });
      return recompute({
        ...cart,
        lines: cart.lines.map((l) => (l.id === action.lineId ? { ...l, quantity } : l)),
      });
    }
    case "delete":
      return recompute({ ...cart, lines: cart.lines.filter((l) => l.id !== action.lineId) });
    case "deleteAll":
      return recompute({ ...cart, lines: [] });
    case "reconcile":
      return reconcile(withTaxPercent(cart, action.taxPercent), action.lines);
    case "restoreLine":
      return restoreLine(cart, action.productId, action.variantId, action.line);
    case "restoreLines":
      return recompute({
        ...cart,
        lastItemId: Math.max(cart.lastItemId, ...action.lines.map((l) => l.id)),
        lines: action.lines,
      });
  }
}

/** The cart with the server's tax rate on its tax line (kept when the server could not tell one). */
function withTaxPercent(cart: LocalCart, percent: number | null | undefined): LocalCart {
  if (percent === null || percent === undefined || !Number.isFinite(percent) || percent < 0) return cart;
  const extras = cart.extras.length ? cart.extras : defaultExtras();
  return { ...cart, extras: extras.map((e) => (e.kind === "tax" ? { ...e, percent } : e)) };
}

/** Whether a line is the one of this product and variant (a cart holds one line per product and variant). */
export function isLineOf(line: CartLine, productId: number, variantId: number | null): boolean {
  return line.product.id === productId && (line.variantId ?? null) === (variantId ?? null);
}

function restoreLine(
  cart: LocalCart,
  productId: number,
  variantId: number | null,
  line: CartLine | null,
): LocalCart {
  const index = cart.lines.findIndex((l) => isLineOf(l, productId, variantId));
  const others = cart.lines.filter((l) => !isLineOf(l, productId, variantId));
  if (!line) return recompute({ ...cart, lines: others });
  // Its old id, unless another line has it meanwhile.
  const taken = others.some((l) => l.id === line.id);
  const id = taken ? cart.lastItemId + 1 : line.id;
  const restored = { ...line, id };
  const lines = [...others];
  lines.splice(index < 0 ? lines.length : index, 0, restored);
  return recompute({ ...cart, lastItemId: Math.max(cart.lastItemId, id), lines });
}

/**
 * The server cart becomes the truth (DESIGN §3): device lines take the server's quantity, price, stock and line id,
 * lines the server does not have are dropped, server lines the device lacks are added with new ids.
 */
export function reconcile(cart: LocalCart, server: ServerLine[]): LocalCart {
  let lastItemId = cart.lastItemId;
  const used = new Set<number>();
  const lines: CartLine[] = [];
  for (const s of server) {
    const match =
      cart.lines.find((l) => !used.has(l.id) && l.cartItemId === s.cartItemId) ??
      cart.lines.find(
        (l) =>
          !used.has(l.id) &&
          l.product.id === s.productId &&
          (s.variantId !== null
            ? l.variantId === s.variantId
            : isSameLine(l, { productId: s.productId, options: s.options, color: s.color, size: s.size })),
      );
    if (match) {
      used.add(match.id);
      lines.push({
        ...match,
        quantity: s.quantity,
        price: s.price,
        cartItemId: s.cartItemId,
        variantId: s.variantId,
        // The server's stock is the current one (another shopper may have bought some meanwhile).
        product: { ...match.product, price: s.price, stock: s.product.stock },
      });
    } else {
      lastItemId += 1;
      lines.push({
        id: lastItemId,
        product: s.product,
        options: s.options,
        price: s.price,
        total: 0,
        quantity: s.quantity,
        selectedProductColor: s.color,
        selectedProductSize: s.size,
        variantId: s.variantId,
        cartItemId: s.cartItemId,
      });
    }
  }
  return recompute({ ...cart, lastItemId, lines });
}

/** How many of this product (and colour and size) the cart holds. */
export function cartQuantityOf(
  cart: LocalCart,
  productId: number,
  color?: string | null,
  size?: string | null,
): number {
  return cart.lines
    .filter(
      (l) =>
        l.product.id === productId &&
        (color == null || l.selectedProductColor === color) &&
        (size == null || l.selectedProductSize === size),
    )
    .reduce((n, l) => n + l.quantity, 0);
}
