import { SavedPacksView } from "@/features/offline-packs/components/mui/saved-packs-view";

/** /saved-offline: the categories saved on this device. */
export function SavedOfflinePage() {
  return <SavedPacksView />;
}
