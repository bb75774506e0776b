/*
 * The account's query and mutation keys, apart from api/account.ts: the service worker's fresher copies
 * (query-roots.ts) name the state lists on every page, where the account's calls are not needed.
 */
export const accountKeys = {
  all: ["account"] as const,
  addresses: () => [...accountKeys.all, "addresses"] as const,
  /** under addresses(): invalidating the list after a save or delete also marks each address stale */
  address: (id: number) => [...accountKeys.addresses(), id] as const,
  stateLists: () => ["states"] as const,
  states: (country: string) => [...accountKeys.stateLists(), country] as const,
  orders: () => [...accountKeys.all, "orders"] as const,
  orderList: (page: number) => [...accountKeys.orders(), "list", page] as const,
  order: (id: number) => [...accountKeys.orders(), "detail", id] as const,
  mutations: () => [...accountKeys.all, "mutation"] as const,
  login: () => [...accountKeys.mutations(), "login"] as const,
  register: () => [...accountKeys.mutations(), "register"] as const,
  forgotPassword: () => [...accountKeys.mutations(), "forgot-password"] as const,
  resetPassword: () => [...accountKeys.mutations(), "reset-password"] as const,
  profile: () => [...accountKeys.mutations(), "profile"] as const,
  sendCode: () => [...accountKeys.mutations(), "send-code"] as const,
  verifyCode: () => [...accountKeys.mutations(), "verify-code"] as const,
  saveAddress: () => [...accountKeys.mutations(), "save-address"] as const,
  deleteAddress: () => [...accountKeys.mutations(), "delete-address"] as const,
};
