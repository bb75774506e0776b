import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ALL_PACK_KEY } from "@/offline/shared/pack-rules";
import { formatBytes } from "../utils/pack-estimate";
import { formatSavedAt } from "../utils/format-saved-at";
import { removePack, type SavedPack } from "../utils/pack-store";

function PackItem({ pack }: { pack: SavedPack }) {
  const { t, i18n } = useLingui();
  const [removing, setRemoving] = useState(false);
  const name = pack.key === ALL_PACK_KEY ? t`All bicycles` : pack.name || pack.key;
  const size = formatBytes(pack.bytes, i18n.locale);
  const date = formatSavedAt(pack.savedAt, i18n.locale);
  const count = pack.productCount;
  return (
    <li className="storage-list__item" data-testid="stored-pack" data-key={pack.key} data-bytes={pack.bytes}>
      <div>
        <h3 className="ui-subtitle1">{name}</h3>
        <p className="ui-body2 ui-muted">
          {plural(count, { one: `# bicycle · ${size}`, other: `# bicycles · ${size}` })}
        </p>
        <p className="ui-body2 ui-muted">{t`Saved on ${date}`}</p>
      </div>
      <button
        type="button"
        className="ui-btn ui-btn--outlined ui-btn--small"
        disabled={removing}
        aria-label={t`Remove ${name}`}
        onClick={() => {
          setRemoving(true);
          void removePack(pack.key).finally(() => setRemoving(false));
        }}
      >
        {t({ message: "Remove", comment: "deletes a category saved for offline" })}
      </button>
    </li>
  );
}

/** The storage page's saved packs (issue 40 item 5): each with its size and date, and Remove. */
export function PackStorageList({ packs }: { packs: readonly SavedPack[] | null }) {
  const { t } = useLingui();
  if (packs === null) return null;
  if (packs.length === 0)
    return (
      <p className="ui-body2" data-testid="no-stored-packs">
        {t`Nothing is saved yet. Use "Save for offline" on a category page or on the home page.`}
      </p>
    );
  return (
    <ul className="storage-list" aria-label={t`Saved categories`}>
      {packs.map((p) => (
        <PackItem key={p.key} pack={p} />
      ))}
    </ul>
  );
}
