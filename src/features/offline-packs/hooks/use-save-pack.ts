import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { ProductListParams } from "@/api/catalog";
import { toast } from "@/components/feedback/toast";
import { formatBytes } from "../utils/pack-estimate";
import { PackError, preparePack, savePack, type PackScope, type PreparedPack } from "../utils/save-pack";

export type SavePhase = "idle" | "measuring" | "confirm" | "saving" | "error";

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * The "Save for offline" flow of one pack: measure (what it will take, whether it fits), confirm, save with
 * progress, cancel at any point. `start(true)` saves right after measuring (Update on the Saved for offline
 * page); the size check still applies.
 */
export function useSavePack(scope: PackScope, extraLists?: ProductListParams[]) {
  const { t, i18n } = useLingui();
  const [phase, setPhase] = useState<SavePhase>("idle");
  const [prepared, setPrepared] = useState<PreparedPack | null>(null);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const messageOf = (e: unknown): string => {
    if (!(e instanceof PackError)) return t`The bicycles could not be saved. Please try again.`;
    switch (e.kind) {
      case "space": {
        const needed = formatBytes(e.detail.needed ?? 0, i18n.locale);
        const free = formatBytes(e.detail.free ?? 0, i18n.locale);
        return t`Not enough storage on this device: this needs about ${needed} and only ${free} is free. Nothing was saved.`;
      }
      case "quota":
        return t`The device's storage is full: the save stopped and what it had stored was removed. Free some space and try again.`;
      case "network":
        return t`The connection was lost: nothing was saved. Please try again when you are online.`;
      case "busy":
        return t`These bicycles are already being saved.`;
      case "unsupported":
        return t`This browser cannot save pages for offline use.`;
      default:
        return t`The bicycles could not be saved. Please try again.`;
    }
  };

  // Only the latest run speaks: a cancelled or replaced run's late results change nothing.
  const fail = (e: unknown, c: AbortController) => {
    if (controller.current !== c) return;
    if (isAbort(e)) {
      setPhase("idle");
      return;
    }
    setError(messageOf(e));
    setPhase("error");
  };

  const save = async (ready: PreparedPack, c: AbortController) => {
    // Asked when the shopper confirms (a user gesture): the browser may then keep the pack under pressure.
    void navigator.storage?.persist?.().catch(() => false);
    setPhase("saving");
    setProgress({ done: 0, total: ready.products.length });
    try {
      await savePack(ready, {
        signal: c.signal,
        onProgress: (done, total) => controller.current === c && setProgress({ done, total }),
      });
      if (controller.current !== c) return;
      setPhase("idle");
      setPrepared(null);
      toast(t`Saved for offline`, { variant: "success" });
    } catch (e) {
      fail(e, c);
    }
  };

  const start = async (saveAtOnce = false) => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setError(null);
    setPrepared(null);
    setPhase("measuring");
    try {
      const ready = await preparePack(scope, { extraLists, signal: c.signal });
      if (controller.current !== c) return;
      setPrepared(ready);
      if (saveAtOnce) await save(ready, c);
      else setPhase("confirm");
    } catch (e) {
      fail(e, c);
    }
  };

  return {
    phase,
    prepared,
    progress,
    error,
    start: () => void start(false),
    update: () => void start(true),
    confirm: () => {
      if (prepared && controller.current) void save(prepared, controller.current);
    },
    cancel: () => {
      controller.current?.abort();
      controller.current = null;
      setPhase("idle");
      setPrepared(null);
    },
  };
}
