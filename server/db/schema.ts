import type { Generated } from "kysely";
import type * as State from "./schema-state";

export type * from "./schema-state";

export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  position: number;
  status: number;
  description: string | null;
  image: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A product row. Not listed: `stock_rev` (migration 0015), bookkeeping that only the catalogue's stored-view
 * check reads, in its own SQL (`Catalog.saveViews`).
 */
export interface ProductTable {
  id: number;
  sku: string;
  type: string;
  body_type: string;
  name: string;
  url_key: string;
  short_description: string;
  description: string;
  price: number;
  discount: number;
  final_price: number;
  is_new: number;
  featured: number;
  rating: number;
  sale_count: number;
  stock: number;
  offer_end: string | null;
  affiliate_link: string | null;
  default_color: string;
  category_id: number | null;
  tags_json: string;
  info_json: string;
  created_at: string;
  updated_at: string;
}

export interface ProductCategoryTable {
  product_id: number;
  category_id: number;
  position: number;
}

export interface ProductTagTable {
  product_id: number;
  tag: string;
}

export interface ProductVariantTable {
  id: number;
  product_id: number;
  sku: string;
  color: string;
  color_option_id: number;
  size: string;
  size_option_id: number;
  stock: number;
  position: number;
}

export interface BrandTable {
  id: Generated<number>;
  name: string;
  slug: string;
  position: number;
}

export interface BannerTable {
  id: Generated<number>;
  type: string;
  title: string;
  subtitle: string;
  price: number | null;
  link: string;
  image: string;
  position: number;
}

export interface PageTable {
  id: Generated<number>;
  url_key: string;
  page_title: string;
  html_content: string;
  meta_title: string | null;
  meta_description: string | null;
  created_at: string;
  updated_at: string;
}

export interface BlogPostTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  html_content: string;
  author: string;
  category: string;
  tags_json: string;
  image: string;
  published_at: string;
}

export interface CounterTable {
  id: Generated<number>;
  label: string;
  value: number;
  suffix: string;
  position: number;
}

export interface TeamMemberTable {
  id: Generated<number>;
  name: string;
  role: string;
  image: string;
  position: number;
}

export interface StateTable {
  id: Generated<number>;
  country_code: string;
  code: string;
  default_name: string;
}

export interface CouponTable {
  id: Generated<number>;
  code: string;
  type: string;
  amount: number;
  min_sub_total: number;
  starts_at: string | null;
  ends_at: string | null;
  status: number;
}

export interface CustomerTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  gender: string | null;
  date_of_birth: string | null;
  /** the verified number (unique); see migration 0004 */
  phone: string | null;
  unverified_phone: string | null;
  phone_verified_at: string | null;
  password_hash: string | null;
  status: number;
  /** 1: a staff account (the staff page, the counter's cart import); migration 0019 */
  is_staff: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AuthTokenTable {
  id: Generated<number>;
  token_hash: string;
  customer_id: number;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export interface CartTable {
  id: Generated<number>;
  customer_id: number | null;
  session_hash: string | null;
  is_active: number;
  coupon_code: string | null;
  shipping_method: string | null;
  payment_method: string | null;
  customer_email: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface CartItemTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  variant_id: number | null;
  quantity: number;
  additional: string | null;
  created_at: string;
  updated_at: string;
}

export interface AddressColumns {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  address1: string;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
  phone: string;
  created_at: string;
  updated_at: string;
}

export interface CartAddressTable extends AddressColumns {
  id: Generated<number>;
  cart_id: number;
  address_type: string;
  /** migration 0010 */
  company_name: string | null;
}

export interface CustomerAddressTable extends AddressColumns {
  id: Generated<number>;
  customer_id: number;
  company_name: string | null;
  vat_id: string | null;
  is_default: number;
}

export interface WishlistItemTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  created_at: string;
  updated_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  increment_id: string;
  status: string;
  customer_id: number | null;
  session_hash: string | null;
  is_guest: number;
  customer_email: string;
  customer_first_name: string;
  customer_last_name: string;
  shipping_method: string;
  shipping_title: string;
  shipping_description: string;
  payment_method: string;
  payment_title: string;
  coupon_code: string | null;
  total_item_count: number;
  total_qty_ordered: number;
  sub_total: number;
  discount_amount: number;
  tax_amount: number;
  shipping_amount: number;
  grand_total: number;
  created_at: string;
  updated_at: string;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number | null;
  sku: string;
  type: string;
  name: string;
  color: string | null;
  size: string | null;
  qty_ordered: number;
  price: number;
  total: number;
  tax_percent: number;
  tax_amount: number;
  discount_amount: number;
  additional: string | null;
  created_at: string;
}

export interface OrderAddressTable extends AddressColumns {
  id: Generated<number>;
  order_id: number;
  address_type: string;
  /** migration 0010 */
  company_name: string | null;
}

export interface InvoiceTable {
  id: Generated<number>;
  order_id: number;
  state: string;
  total_qty: number;
  sub_total: number;
  grand_total: number;
  shipping_amount: number;
  tax_amount: number;
  discount_amount: number;
  created_at: string;
}

export interface ReviewTable {
  id: Generated<number>;
  product_id: number;
  customer_id: number | null;
  name: string;
  title: string;
  comment: string;
  rating: number;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface ContactRequestTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  created_at: string;
}

export interface SubscriberTable {
  id: Generated<number>;
  email: string;
  created_at: string;
  /** when the confirmation link was opened (double opt-in, migration 0016); null: waiting */
  confirmed_at: string | null;
  /** SHA-256 of the token the confirmation link carries; null once confirmed */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
}

/** One password reset link mailed (migration 0016): its token's SHA-256, good for an hour and once. */
export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  customer_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OtpCodeTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface IdempotencyKeyTable {
  key_hash: string;
  request_hash: string;
  /** 0: claimed by a request whose reply is not stored (yet) */
  status: number;
  body: string;
  created_at: string;
  customer_id: number | null;
  bytes: number;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface DB {
  categories: CategoryTable;
  products: ProductTable;
  product_categories: ProductCategoryTable;
  product_tags: ProductTagTable;
  product_variants: ProductVariantTable;
  brands: BrandTable;
  banners: BannerTable;
  pages: PageTable;
  blog_posts: BlogPostTable;
  counters: CounterTable;
  team_members: TeamMemberTable;
  states: StateTable;
  coupons: CouponTable;
  customers: CustomerTable;
  auth_tokens: AuthTokenTable;
  carts: CartTable;
  cart_items: CartItemTable;
  cart_addresses: CartAddressTable;
  customer_addresses: CustomerAddressTable;
  wishlist_items: WishlistItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_addresses: OrderAddressTable;
  invoices: InvoiceTable;
  reviews: ReviewTable;
  contact_requests: ContactRequestTable;
  subscribers: SubscriberTable;
  password_resets: PasswordResetTable;
  otp_codes: OtpCodeTable;
  idempotency_keys: IdempotencyKeyTable;
  counter_imports: State.CounterImportTable;
  test_rides: State.TestRideTable;
  stock_alerts: State.StockAlertTable;
  settings: SettingTable;
  rate_limits: State.RateLimitTable;
  catalog_version: State.CatalogVersionTable;
  stock_log: State.StockLogTable;
  facet_log: State.FacetLogTable;
  mail_queue: State.MailQueueTable;
  leases: State.LeaseTable;
}
