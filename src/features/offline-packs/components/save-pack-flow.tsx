import { useEffect, useRef } from "react";
import type { ProductListParams } from "@/api/catalog";
import { useSavePack } from "../hooks/use-save-pack";
import type { PackScope } from "../utils/save-pack";
import { SavePackDialog } from "./mui/save-pack-dialog";

/** One run of "Save for offline": starts measuring when mounted, tells `onDone` when closed, saved or cancelled. */
export function SavePackFlow({
  scope,
  title,
  extraLists,
  onDone,
}: {
  scope: PackScope;
  title: string;
  extraLists?: ProductListParams[];
  onDone: () => void;
}) {
  const flow = useSavePack(scope, extraLists);
  const wasActive = useRef(false);
  const { phase, start } = flow;
  useEffect(() => {
    if (phase !== "idle") wasActive.current = true;
    else if (wasActive.current) onDone();
    else start();
  }, [phase, start, onDone]);
  return <SavePackDialog flow={flow} title={title} />;
}
