import { useLingui } from "@lingui/react/macro";
import { AddIcon, RemoveIcon } from "@/components/ui/icons";
import "./quantity-stepper.css";

/** − quantity + ; the label names the product for screen readers. */
export function QuantityStepper({
  quantity,
  name,
  onDecrement,
  onIncrement,
  canIncrement = true,
}: {
  quantity: number;
  name: string;
  onDecrement: () => void;
  onIncrement: () => void;
  canIncrement?: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="ui-icon-btn ui-icon-btn--small"
        aria-label={t`Decrease the quantity of ${name}`}
        onClick={onDecrement}
      >
        <RemoveIcon fontSize="small" />
      </button>
      <output
        className="ui-body1 quantity-stepper__value"
        aria-live="polite"
        aria-label={t`Quantity of ${name}`}
      >
        {quantity}
      </output>
      <button
        type="button"
        className="ui-icon-btn ui-icon-btn--small"
        aria-label={t`Increase the quantity of ${name}`}
        onClick={onIncrement}
        disabled={!canIncrement}
      >
        <AddIcon fontSize="small" />
      </button>
    </div>
  );
}
