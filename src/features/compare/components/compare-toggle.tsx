import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { CompareArrowsIcon } from "@/components/ui/icons";
import type { Product } from "@/api/product";
import { addToCompare, removeFromCompare, useCompareList } from "../store";
import { isCompared } from "../utils/compare-rules";

/** Adds the product to the compare list, or removes it when it is already there. */
export function CompareToggle({ product }: { product: Product }) {
  const { t } = useLingui();
  const list = useCompareList();
  const inList = isCompared(list, product.id);
  const label = inList
    ? t`Remove from compare`
    : t({ message: "Add to compare", comment: "compare is a verb: put the bicycle in the compare list" });
  return (
    // A native title, not a tooltip component: its popper machinery would weigh on every product card.
    <button
      type="button"
      className={inList ? "ui-icon-btn ui-icon-btn--primary" : "ui-icon-btn"}
      title={label}
      aria-label={label}
      aria-pressed={inList}
      onClick={() => {
        if (inList) {
          removeFromCompare(product.id);
          toast(t`Removed From Compare`, { variant: "error" });
        } else {
          addToCompare(product);
          toast(t`Added To Compare`, { variant: "success" });
        }
      }}
    >
      <CompareArrowsIcon />
    </button>
  );
}
