import { useEffect, useId, useRef, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { useOnlineStatus } from "@/hooks/use-online-status";
import type { QueueEntry } from "@/offline/outbox/change-queue";
import type { OutboxSummary } from "@/offline/outbox/summary";
import { useOutbox } from "@/offline/outbox/outbox-context";
import { SummaryMessage } from "../summary-message";
import { HeaderDialog } from "@/components/mui/header-dialog";
import { CloseIcon } from "@/components/ui/icons";
import { Link } from "@tanstack/react-router";

/**
 * The change queue panel: a labelled dialog (MUI Popover: focus moves in and is trapped, Escape closes it and
 * focus goes back to the header button) listing the waiting changes in the order they were made, each with
 * Undo while it has not been sent; once nothing waits any more, titled "Changes sent", with the replay's summary
 * when the replay ran in this tab.
 */
export function ChangeQueuePanel({
  anchor,
  entries,
  summary,
  onClose,
}: {
  anchor: HTMLElement | null;
  entries: readonly QueueEntry[];
  summary: OutboxSummary | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const outbox = useOutbox();
  const isOnline = useOnlineStatus();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  /** the entry just undone: once it has left the list, focus goes to the entry now in its place */
  const undone = useRef<{ key: string; index: number } | null>(null);

  useEffect(() => {
    const last = undone.current;
    if (!last || entries.some((e) => e.keys.includes(last.key))) return;
    undone.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button[data-undo]") ?? [];
    (buttons[Math.min(last.index, buttons.length - 1)] ?? headingRef.current)?.focus();
  }, [entries]);

  async function handleUndo(entry: QueueEntry, index: number) {
    setRefused(null);
    const wasLast = entries.length <= 1 && !summary;
    // Focus stays in the list: the next entry's Undo, else the heading. Noted before the undo, whose entry
    // leaves the list as soon as its changes leave the outbox, before the undo has finished tidying up.
    if (!wasLast) undone.current = { key: entry.keys[0]!, index };
    if (!(await outbox.undo(entry.keys))) {
      undone.current = null;
      setRefused(t`This change is already being sent and can no longer be undone.`);
      return;
    }
    entry.restore?.();
    if (wasLast) {
      // Nothing waits any more: the panel and its button go; focus goes to the page.
      onClose();
      requestAnimationFrame(() => document.getElementById("main")?.focus());
    }
  }

  return (
    <HeaderDialog
      anchor={anchor}
      onClose={onClose}
      label={{ by: headingId }}
      paperProps={{ "data-testid": "change-queue" }}
    >
      <Box sx={{ p: 2, width: { xs: "calc(100vw - 32px)", sm: 380 } }}>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
          <Typography
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, outline: "none" }}
          >
            {entries.length > 0 ? t`Changes waiting to be sent` : t`Changes sent`}
          </Typography>
          <IconButton size="small" aria-label={t`Close`} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
        {entries.length > 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {isOnline ? t`Sending…` : t`They will be sent when the connection returns.`}
          </Typography>
        )}
        {entries.length > 0 && (
          <Stack
            component="ul"
            ref={listRef}
            spacing={1}
            sx={{ listStyle: "none", p: 0, m: 0, maxHeight: 320, overflowY: "auto" }}
          >
            {entries.map((entry, index) => {
              const change = entry.text;
              return (
                <Stack
                  component="li"
                  key={entry.keys[0]}
                  direction="row"
                  spacing={1}
                  data-testid="queued-change"
                  sx={{ alignItems: "center", justifyContent: "space-between" }}
                >
                  <Typography variant="body2">{entry.text}</Typography>
                  {entry.undoable && (
                    <Button
                      size="small"
                      data-undo=""
                      aria-label={t`Undo: ${change}`}
                      onClick={() => void handleUndo(entry, index)}
                    >
                      {t`Undo`}
                    </Button>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
        {refused && (
          <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
            {refused}
          </Typography>
        )}
        {entries.length === 0 &&
          (summary ? (
            <SummaryMessage summary={summary} />
          ) : (
            <Typography variant="body2">{t`Nothing is waiting to be sent.`}</Typography>
          ))}
        {/* Support's view of the same queue: the storage page's sync report. */}
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          <Link to="/storage" className="ui-link" onClick={onClose}>
            {t`Storage and sync`}
          </Link>
        </Typography>
      </Box>
    </HeaderDialog>
  );
}
