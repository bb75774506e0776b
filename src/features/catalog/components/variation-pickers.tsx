import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { VariantSelectionState } from "../hooks/use-variant-selection";
import "./variation-pickers.css";

/**
 * Colour and size choices of a bicycle, as labelled groups of toggle buttons (aria-pressed, as MUI's
 * ToggleButtonGroup drew them; keyboard: Tab, Enter/Space).
 */
export function VariationPickers({ selection: state }: { selection: VariantSelectionState }) {
  const { colors, sizes, onColorChange, onSizeChange } = state;
  const { color: chosen, size } = state.selection;
  const { t } = useLingui();
  const colorId = useId();
  const sizeId = useId();
  if (colors.length === 0) return null;
  // The chosen colour in the shop's language (the server's label), else its name.
  const color = colors.find((c) => c.color === chosen)?.label ?? chosen;
  return (
    <div className="variation-pickers">
      <div>
        <p id={colorId} className="ui-subtitle2 variation-pickers__label">
          <Trans>
            Colour: <span className="variation-pickers__color-name">{color}</span>
          </Trans>
        </p>
        <div
          role="group"
          aria-labelledby={colorId}
          className="variation-pickers__group variation-pickers__group--wrap"
        >
          {colors.map((c) => (
            <button
              key={c.color}
              type="button"
              value={c.color}
              aria-label={c.label ?? c.color}
              aria-pressed={c.color === chosen}
              className="variation-pickers__option variation-pickers__option--color"
              onClick={() => onColorChange(c.color)}
            >
              <span
                aria-hidden="true"
                className="variation-pickers__swatch"
                style={{ backgroundColor: c.swatch ?? c.color }}
              />
              {c.label ?? c.color}
            </button>
          ))}
        </div>
      </div>
      {sizes.length > 0 && (
        <div>
          <p id={sizeId} className="ui-subtitle2 variation-pickers__label">
            {t`Size`}
          </p>
          <div role="group" aria-labelledby={sizeId} className="variation-pickers__group">
            {sizes.map((s) => (
              <button
                key={s.name}
                type="button"
                value={s.name}
                aria-pressed={s.name === size}
                className="variation-pickers__option variation-pickers__option--size"
                onClick={() => onSizeChange(s.name)}
              >
                {s.name}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
