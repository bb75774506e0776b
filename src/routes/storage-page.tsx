import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { PackStorageList } from "@/features/offline-packs/components/pack-storage-list";
import { useSavedPacks } from "@/features/offline-packs/hooks/use-saved-packs";
import { DeviceStorage, SyncReport } from "@/features/offline-status/components/storage-panel";
import { useSession } from "@/session/use-session";
import "./storage-page.css";

// The waiting changes in words, as the header's queue words them (its provider is outside the page).
const loadDescribers = () => import("./-components/change-describers").then((m) => m.CHANGE_DESCRIBERS);

/**
 * /storage, "Storage and sync" (issue 40 item 5): the saved packs with their size, date and Remove, what the
 * worker's caches hold, whether storage is persisted, and "Copy sync report". Only this device's state: a
 * personal page (its frame from the server, the rest read after mount).
 */
export function StoragePage() {
  const { t } = useLingui();
  const packs = useSavedPacks();
  const { isLoggedIn } = useSession();
  const reportPacks = (packs ?? []).map((p) => ({
    name: p.name || p.key,
    bytes: p.bytes,
    savedAt: p.savedAt,
    products: p.productCount,
  }));
  return (
    <>
      <PageHeader title={t`Storage and sync`} />
      <div className="ui-container storage-page">
        <section aria-labelledby="storage-packs">
          <h2 id="storage-packs" className="ui-h5">
            {t`Saved for offline`}
          </h2>
          <PackStorageList packs={packs} />
        </section>
        <section aria-labelledby="storage-device">
          <h2 id="storage-device" className="ui-h5">
            {t`On this device`}
          </h2>
          <DeviceStorage refreshKey={packs?.map((p) => p.cacheName).join(" ")} />
        </section>
        <section aria-labelledby="storage-report">
          <h2 id="storage-report" className="ui-h5">
            {t`Sync report`}
          </h2>
          <SyncReport packs={reportPacks} signedIn={isLoggedIn} loadDescribers={loadDescribers} />
        </section>
      </div>
    </>
  );
}
