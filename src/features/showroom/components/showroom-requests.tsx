import { useId, useState, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, isMissingService, newIdempotencyKey } from "@/api/client";
import { TEST_RIDE_MAX_DAYS, TEST_RIDE_SLOTS } from "@/api/contract/showroom";
import type { Product } from "@/api/product";
import { showroomMutations } from "@/api/showroom";
import { showroomQueries } from "@/api/showroom-queries";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { useSession } from "@/session/use-session";
import "./showroom-requests.css";
import { isOnline } from "@/offline/signal/online-signal";

/** `YYYY-MM-DD` of the shopper's own day, `days` from today. */
function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

type Open = "ride" | "alert" | null;
type Outcome = { kind: "done" | "queued" | "error"; text: string } | null;

/**
 * "Book a test ride" and, when the chosen size is out, "Tell me when my size is back" (issue 40 item 4):
 * outbox writes, so made offline they wait on the device (the change queue lists them, with undo) and are
 * sent once the connection is back. Hidden on a back end without the showroom (a stock Bagisto).
 */
export function ShowroomRequests({
  product,
  color,
  size,
}: {
  product: Product;
  color: string | null;
  size: string | null;
}) {
  const { t } = useLingui();
  const slots = useQuery(showroomQueries.slots());
  const [open, setOpen] = useState<Open>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sizes = [...new Set(product.colours.flatMap((c) => c.sizes.map((s) => s.name)))].filter(Boolean);
  if (!sizes.length || isMissingService(slots.error)) return null;
  const chosen = product.colours.find((c) => c.color === color)?.sizes.find((s) => s.name === size);
  const sizeIsOut = chosen !== undefined && chosen.stock === 0;

  const toggle = (which: Exclude<Open, null>) => {
    setOutcome(null);
    setOpen(open === which ? null : which);
  };
  const sent = (queued: boolean, done: string) => {
    setOpen(null);
    setOutcome(
      queued
        ? { kind: "queued", text: t`Saved on this device. It will be sent when you are back online.` }
        : { kind: "done", text: done },
    );
  };
  const failed = (error: unknown) => {
    if (isMissingService(error)) setOutcome(null);
    else
      setOutcome({
        kind: "error",
        text: error instanceof ApiError && error.kind === "http" ? error.message : t`It could not be sent.`,
      });
  };

  return (
    <div className="showroom-requests" data-testid="showroom-requests">
      <div className="showroom-requests__buttons">
        <button
          type="button"
          className="ui-btn ui-btn--outlined ui-btn--small"
          aria-expanded={open === "ride"}
          onClick={() => toggle("ride")}
        >
          {t`Book a test ride`}
        </button>
        {sizeIsOut && (
          <button
            type="button"
            className="ui-btn ui-btn--outlined ui-btn--small"
            aria-expanded={open === "alert"}
            onClick={() => toggle("alert")}
          >
            {t`Tell me when my size is back`}
          </button>
        )}
      </div>
      {open === "ride" && (
        <TestRideForm
          product={product}
          sizes={sizes}
          size={size}
          slots={slots.data?.slots ?? [...TEST_RIDE_SLOTS]}
          maxDays={slots.data?.max_days ?? TEST_RIDE_MAX_DAYS}
          onSent={(queued) => sent(queued, t`Your test ride is booked. We have sent you an e-mail.`)}
          onFailed={failed}
        />
      )}
      {open === "alert" && sizeIsOut && chosen && (
        <StockAlertForm
          product={product}
          size={chosen.name}
          variantId={chosen.variantId ?? null}
          onSent={(queued) => sent(queued, t`We will write to you as soon as your size is back.`)}
          onFailed={failed}
        />
      )}
      <div aria-live="polite">
        {outcome && (
          <Alert
            severity={outcome.kind === "error" ? "error" : outcome.kind === "queued" ? "info" : "success"}
          >
            {outcome.text}
          </Alert>
        )}
      </div>
    </div>
  );
}

interface FormProps {
  product: Product;
  /** true: queued on the device (offline) */
  onSent: (queued: boolean) => void;
  onFailed: (error: unknown) => void;
}

/** Sends an outbox write: offline it is queued at once (the outbox keeps it), online once the reply is in. */
function useOutboxSend<V>(mutation: ReturnType<typeof useMutation<unknown, Error, V>>, props: FormProps) {
  return (variables: V) => {
    const offline = !isOnline();
    mutation.mutate(variables, { onSuccess: () => !offline && props.onSent(false), onError: props.onFailed });
    if (offline) props.onSent(true);
  };
}

function useEmail() {
  const { customer } = useSession();
  return useState(customer?.email ?? "");
}

function TestRideForm({
  sizes,
  size,
  slots,
  maxDays,
  ...props
}: FormProps & { sizes: string[]; size: string | null; slots: string[]; maxDays: number }) {
  const { t } = useLingui();
  const id = useId();
  const [email, setEmail] = useEmail();
  const [date, setDate] = useState(localDay(1));
  const [slot, setSlot] = useState(slots[0] ?? "");
  const [rideSize, setRideSize] = useState(size && sizes.includes(size) ? size : (sizes[0] ?? ""));
  const ride = useMutation(showroomMutations.testRide());
  const send = useOutboxSend(ride, props);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send({
      product_id: props.product.id,
      productName: props.product.name,
      size: rideSize,
      date,
      slot: slot as (typeof TEST_RIDE_SLOTS)[number],
      email: email.trim(),
      idempotencyKey: newIdempotencyKey(),
    });
  };
  return (
    <form className="showroom-requests__form" aria-label={t`Book a test ride`} onSubmit={submit}>
      <div className="showroom-requests__field">
        <label htmlFor={`${id}-date`}>{t`Date`}</label>
        <input
          id={`${id}-date`}
          type="date"
          required
          min={localDay(0)}
          max={localDay(maxDays)}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <div className="showroom-requests__field">
        <label htmlFor={`${id}-slot`}>{t`Time slot`}</label>
        <select id={`${id}-slot`} value={slot} onChange={(e) => setSlot(e.target.value)}>
          {slots.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="showroom-requests__field">
        <label htmlFor={`${id}-size`}>{t`Size`}</label>
        <select id={`${id}-size`} value={rideSize} onChange={(e) => setRideSize(e.target.value)}>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <EmailField value={email} onChange={setEmail} />
      <button type="submit" className="ui-btn ui-btn--contained ui-btn--small">
        {t`Book the test ride`}
      </button>
    </form>
  );
}

function StockAlertForm({
  size,
  variantId,
  ...props
}: FormProps & { size: string; variantId: number | null }) {
  const { t } = useLingui();
  const [email, setEmail] = useEmail();
  const alert = useMutation(showroomMutations.stockAlert());
  const send = useOutboxSend(alert, props);
  const label = size.toUpperCase();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send({
      product_id: props.product.id,
      productName: props.product.name,
      variant_id: variantId,
      size,
      email: email.trim(),
      idempotencyKey: newIdempotencyKey(),
    });
  };
  return (
    <form className="showroom-requests__form" aria-label={t`Tell me when my size is back`} onSubmit={submit}>
      <p className="ui-body2">{t`Size ${label} is out of stock. We will write to you once it is back.`}</p>
      <EmailField value={email} onChange={setEmail} />
      <button type="submit" className="ui-btn ui-btn--contained ui-btn--small">
        {t`Notify me`}
      </button>
    </form>
  );
}

/** The e-mail both requests are confirmed to (prefilled for a logged-in customer). */
function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Email`}
      name="email"
      type="email"
      required
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
