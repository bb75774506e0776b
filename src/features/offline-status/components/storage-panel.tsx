/*
 * The storage page's device parts (issue 40 item 5): what the worker's caches hold, the browser's storage
 * estimate and persistence (with a button to ask for it), and "Copy sync report" for support.
 */
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useCurrency } from "@/i18n/currency";
import { useOnlineStatus } from "@/hooks/use-online-status";
import type { ChangeDescriber } from "@/offline/outbox/change-queue";
import {
  buildSyncReport,
  reportedChanges,
  requestPersistence,
  runtimeCacheSizes,
  serviceWorkerState,
  storageState,
  type CacheSize,
  type StorageState,
  type SyncReportFacts,
} from "@/offline/cache/storage-report";
import { readSyncHistory } from "@/offline/outbox/sync-history";
import { useChangeQueue } from "@/features/offline-status/hooks/use-change-queue";

const PRECACHE_PREFIX = "workbox-precache";

/** Bytes in the shopper's language ("1.2 MB", "215 kB"). */
function formatSize(bytes: number, locale: string): string {
  const mb = bytes / 1_000_000;
  const [value, unit] = mb >= 1 ? [mb, "megabyte"] : [Math.max(bytes ? 1 : 0, bytes / 1000), "kilobyte"];
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit,
    maximumFractionDigits: mb >= 1 && mb < 10 ? 1 : 0,
  }).format(value);
}

/** The runtime caches and the storage estimate, read after mount, when `refreshKey` changes and when asked. */
function useDeviceStorage(refreshKey: unknown): [CacheSize[] | null, StorageState | null, () => void] {
  const [caches, setCaches] = useState<CacheSize[] | null>(null);
  const [state, setState] = useState<StorageState | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void runtimeCacheSizes().then(
      (c) => live && setCaches(c),
      () => live && setCaches([]),
    );
    void storageState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [round, refreshKey]);
  return [caches, state, () => setRound((r) => r + 1)];
}

/** What this device keeps besides the saved packs, and whether the browser may clear it. */
export function DeviceStorage({ refreshKey }: { refreshKey?: unknown }) {
  const { t, i18n } = useLingui();
  // The packs listed above changed (one removed): the estimate changes with them.
  const [caches, state, refresh] = useDeviceStorage(refreshKey);
  const [refused, setRefused] = useState(false);
  const size = (bytes: number) => formatSize(bytes, i18n.locale);
  const sum = (list: CacheSize[]) => list.reduce((n, c) => n + c.bytes, 0);
  const code = caches?.filter((c) => c.name.startsWith(PRECACHE_PREFIX)) ?? [];
  const visited = caches?.filter((c) => !c.name.startsWith(PRECACHE_PREFIX)) ?? [];
  const visitedSize = size(sum(visited));
  const codeSize = size(sum(code));
  const usage = state?.usage != null ? size(state.usage) : null;
  const quota = state?.quota != null ? size(state.quota) : null;

  return (
    <div className="storage-panel__block" data-testid="device-storage">
      {caches && (
        <ul className="storage-panel__facts">
          <li data-testid="runtime-caches" data-bytes={sum(visited)}>
            {t`Pages and images you have visited: ${visitedSize}`}
          </li>
          <li data-testid="app-code" data-bytes={sum(code)}>
            {t`The shop's own code: ${codeSize}`}
          </li>
          {usage && quota && (
            <li>{t`In all, this shop uses ${usage} of the ${quota} the browser allows.`}</li>
          )}
        </ul>
      )}
      {state && (
        <p className="ui-body2" data-testid="storage-persisted" data-persisted={String(state.persisted)}>
          {state.persisted === true
            ? t`Storage is persisted: the browser keeps it when space runs low.`
            : state.persisted === false
              ? t`Storage is not persisted: the browser may clear it when space runs low.`
              : null}
        </p>
      )}
      {state?.persisted === false && (
        <button
          type="button"
          className="ui-btn ui-btn--outlined ui-btn--small"
          onClick={() =>
            void requestPersistence().then((granted) => {
              setRefused(!granted);
              refresh();
            })
          }
        >
          {t`Keep storage`}
        </button>
      )}
      {refused && (
        <p className="ui-body2" role="status">
          {t`The browser did not grant it.`}
        </p>
      )}
    </div>
  );
}

/**
 * "Copy sync report": the report (storage-report.ts) to the clipboard, and shown below the button, so it can
 * also be copied by hand where the clipboard is refused.
 */
export function SyncReport({
  packs,
  signedIn,
  loadDescribers,
}: {
  packs: SyncReportFacts["packs"];
  signedIn: boolean;
  /** the features' describers of the waiting changes (the header's queue is outside the page's tree) */
  loadDescribers: () => Promise<readonly ChangeDescriber[]>;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const entries = useChangeQueue(loadDescribers);
  const online = useOnlineStatus();
  const { code: currency } = useCurrency();
  const [report, setReport] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  async function copy() {
    const [caches, storage] = await Promise.all([runtimeCacheSizes().catch(() => []), storageState()]);
    const text = buildSyncReport({
      at: new Date(),
      appVersion: __APP_VERSION__,
      online,
      serviceWorker: serviceWorkerState(),
      language: i18n.locale,
      currency,
      signedIn,
      userAgent: navigator.userAgent,
      entries: entries.map((e) => e.text),
      changes: reportedChanges(queryClient.getMutationCache()),
      history: readSyncHistory(),
      packs,
      caches,
      storage,
    });
    setReport(text);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="storage-panel__block">
      <p className="ui-body2">
        {t`For support: the waiting changes, the last errors and the app's versions. No password, token or address.`}
      </p>
      <button type="button" className="ui-btn ui-btn--contained ui-btn--small" onClick={() => void copy()}>
        {t`Copy sync report`}
      </button>
      <p role="status" className="ui-body2">
        {copied === true
          ? t`Sync report copied.`
          : copied === false
            ? t`Copying was refused: copy the report below by hand.`
            : ""}
      </p>
      {report && (
        <textarea
          className="storage-panel__report"
          data-testid="sync-report"
          aria-label={t`Sync report`}
          readOnly
          rows={12}
          value={report}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
