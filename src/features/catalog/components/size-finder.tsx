import { useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import type { FrameSize } from "@/api/geometry";
import { TextField } from "@/components/ui/text-field";
import { saveRiderFit } from "../utils/fit-store";
import { cleanFit, sizeLabel, type RiderFit, type SizeAdvice } from "../utils/size-rule";
import "./size-finder.css";

/** "81" → 81; "" or not a number → null. */
function cm(text: string): number | null {
  const n = Number(text.replace(",", ".").trim());
  return text.trim() !== "" && Number.isFinite(n) ? n : null;
}

/** The recommendation in words ("Your inseam 81 cm: size M, stand-over fits"); empty without one. */
function useAdviceText(advice: SizeAdvice, geometry: readonly FrameSize[]): string {
  const { t } = useLingui();
  if (advice.kind === "none") return "";
  const measure =
    advice.by === "inseam"
      ? t({ message: "inseam", comment: "Your inseam 81 cm: …" })
      : t({ message: "height", comment: "Your height 180 cm: … (the rider's body height)" });
  const value = advice.value;
  const size = sizeLabel(advice.size);
  if (advice.kind === "below") {
    const limit = advice.limit;
    return t`Your ${measure} ${value} cm: below size ${size} (from ${limit} cm)`;
  }
  if (advice.kind === "above") {
    const limit = advice.limit;
    return t`Your ${measure} ${value} cm: above size ${size} (up to ${limit} cm)`;
  }
  const other = advice.between;
  const position = (name: string) => geometry.findIndex((g) => g.size === name);
  const [a, b] = (
    other && position(other) < position(advice.size) ? [other, advice.size] : [advice.size, other]
  ).map((n) => sizeLabel(n ?? ""));
  const lead = other
    ? t`Your ${measure} ${value} cm is between sizes ${a} and ${b}`
    : t`Your ${measure} ${value} cm`;
  const recommended = t`${lead}: size ${size}`;
  if (advice.standover === "fits") return t`${recommended}, stand-over fits`;
  if (advice.standover === "tight") return t`${recommended}, stand-over is tight`;
  return recommended;
}

/**
 * "Find my size" (issue 40 item 3): the rider's height and inseam (remembered on the device), the size this
 * model's geometry recommends, in words, and its size table. Works offline: the geometry comes with the
 * product's additional information, which the query cache, the worker's cache and a saved pack hold.
 */
export function SizeFinder({
  geometry,
  fit,
  advice,
}: {
  geometry: readonly FrameSize[];
  fit: RiderFit;
  advice: SizeAdvice;
}) {
  const { t } = useLingui();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [height, setHeight] = useState("");
  const [inseam, setInseam] = useState("");
  const [invalid, setInvalid] = useState(false);
  const text = useAdviceText(advice, geometry);

  function toggle() {
    if (!open) {
      setHeight(fit.height === null ? "" : String(fit.height));
      setInseam(fit.inseam === null ? "" : String(fit.inseam));
      setInvalid(false);
    }
    setOpen(!open);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = cleanFit({ height: cm(height), inseam: cm(inseam) });
    if (next.height === null && next.inseam === null) {
      setInvalid(true);
      return;
    }
    saveRiderFit(next);
    setOpen(false);
  }

  return (
    <div className="size-finder" data-testid="size-finder">
      <button
        type="button"
        className="ui-btn ui-btn--outlined ui-btn--small size-finder__toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={toggle}
      >
        {t`Find my size`}
      </button>
      {/* Always there, so that a new recommendation is announced (aria-live through role="status"). */}
      <p role="status" className="ui-body2 size-finder__advice" data-testid="size-advice">
        {text}
      </p>
      {open && (
        <form id={formId} className="size-finder__form" onSubmit={submit} noValidate>
          <div className="size-finder__fields">
            <TextField
              label={t`Height (cm)`}
              name="height"
              inputMode="decimal"
              value={height}
              onChange={(e) => setHeight(e.target.value)}
              error={invalid}
            />
            <TextField
              label={t`Inseam (cm)`}
              name="inseam"
              inputMode="decimal"
              value={inseam}
              onChange={(e) => setInseam(e.target.value)}
              error={invalid}
              helperText={invalid ? t`Enter your height or your inseam in centimetres.` : undefined}
            />
          </div>
          <button type="submit" className="ui-btn ui-btn--contained ui-btn--small">
            {t`Show my size`}
          </button>
          <table className="size-finder__table">
            <caption className="ui-visually-hidden">{t`Sizes of this model`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Size`}</th>
                <th scope="col">{t`Height (cm)`}</th>
                <th scope="col">{t`Inseam (cm)`}</th>
                <th scope="col">{t`Stand-over (cm)`}</th>
              </tr>
            </thead>
            <tbody>
              {geometry.map((s) => (
                <tr key={s.size}>
                  <th scope="row">{sizeLabel(s.size)}</th>
                  <td>{`${s.rider[0]}–${s.rider[1]}`}</td>
                  <td>{`${s.inseam[0]}–${s.inseam[1]}`}</td>
                  <td>{s.standover ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </form>
      )}
    </div>
  );
}
