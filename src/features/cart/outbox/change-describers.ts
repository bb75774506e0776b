import type { ChangeDescriber } from "@/offline/outbox/change-queue";
import { dispatchCart } from "../store";
import { cartChangeDescriber } from "./cart-changes";

/** What routes/-components/change-describers.ts collects from every feature's outbox/ folder. */
export const changeDescribers: readonly ChangeDescriber[] = [cartChangeDescriber(dispatchCart)];
