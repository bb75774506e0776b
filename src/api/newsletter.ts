import { mutationOptions } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiFetch, newIdempotencyKey } from "./client";

const statusReplySchema = z.lazy(() =>
  z.looseObject({
    status: z.optional(z.coerce.number()),
    message: z._default(z.optional(z.string()), ""),
  }),
);
export type StatusReply = z.infer<typeof statusReplySchema>;

export interface SubscribeInput {
  email: string;
  idempotencyKey?: string;
}

/** Subscribes an e-mail address to the newsletter; the reply's status 200 means success. */
export async function subscribeNewsletter(input: SubscribeInput): Promise<StatusReply> {
  return apiFetch("contactsubscribe", {
    method: "POST",
    body: { email: input.email },
    schema: statusReplySchema,
    auth: "none",
    idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
    throwOnErrorField: false,
  });
}

/** Confirms a sign-up with the mailed link's token (double opt-in); status 200 means subscribed. */
export async function confirmSubscription(token: string): Promise<StatusReply> {
  return apiFetch("contactsubscribe/confirm", {
    method: "POST",
    body: { token },
    schema: statusReplySchema,
    auth: "none",
    throwOnErrorField: false,
  });
}

export const newsletterKeys = {
  all: ["newsletter"] as const,
  subscribe: () => [...newsletterKeys.all, "subscribe"] as const,
};

export const newsletterMutations = {
  subscribe: () =>
    mutationOptions({
      mutationKey: newsletterKeys.subscribe(),
      mutationFn: subscribeNewsletter,
      meta: { offline: true },
    }),
};
