import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ADDITIONAL_INFO_CODES } from "@/api/contract/product";

export type SpecCode = (typeof ADDITIONAL_INFO_CODES)[number];

/** The names of the bicycle specs (the additional-information codes), wherever specs are listed. */
export const SPEC_LABELS: Record<SpecCode, MessageDescriptor> = {
  gender: msg`Gender`,
  age: msg`Age`,
  tyre_size: msg`Tyre Size`,
  frame_size: msg`Frame Size`,
  frame: msg`Frame`,
  suspension: msg`Suspension`,
  brake: msg`Brake`,
  gears: msg`Gears`,
};
