/*
 * The header's "N changes waiting" (issue 18 item 2): shown while outbox changes wait to be sent; it opens
 * the change queue panel (loaded on first open), which lists them in words with Undo, and once the connection
 * is back shows what was sent and what the shop refused. The entries come from the root layout's
 * ChangeQueueProvider.
 */
import { Suspense, useEffect, useRef, useState } from "react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { CloudUploadOutlinedIcon } from "@/components/ui/icons";
import { useHeaderDialog } from "@/hooks/use-header-dialog";
import type { OutboxSummary } from "@/offline/outbox/summary";
import { useQueueEntries, useReplaySummary } from "./change-queue-context";
import "./offline-action.css";

const ChangeQueuePanel = lazyThemed(() => import("./mui/change-queue-panel").then((m) => m.ChangeQueuePanel));

export function WaitingChangesButton() {
  const { t } = useLingui();
  const entries = useQueueEntries();
  const dialog = useHeaderDialog();
  const [summary, setSummary] = useState<OutboxSummary | null>(null);
  const isOpen = dialog.isOpen;
  const openRef = useRef(false);
  useEffect(() => {
    openRef.current = isOpen;
  }, [isOpen]);
  // The replay's summary also goes to the open panel (the toast shows it as before).
  useReplaySummary((s) => openRef.current && setSummary(s));

  const count = entries.length;
  // Kept while the panel is open, so that it can show how the replay went; gone when it closes.
  if (count === 0 && !isOpen) return null;
  const close = () => {
    dialog.close();
    setSummary(null);
  };
  return (
    <>
      <button
        type="button"
        className="ui-btn ui-btn--inherit ui-btn--small offline-action"
        data-testid="waiting-changes"
        data-count={count}
        {...dialog.buttonProps}
      >
        <CloudUploadOutlinedIcon fontSize="inherit" className="offline-action__icon" />
        <span className="offline-action__label">
          {count > 0
            ? plural(count, { one: "# change waiting", other: "# changes waiting" })
            : t`Changes sent`}
        </span>
        {count > 0 && (
          <span className="offline-action__count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {dialog.everOpened && (
        <Suspense fallback={null}>
          <ChangeQueuePanel anchor={dialog.anchor} entries={entries} summary={summary} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
