import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Container from "@mui/material/Container";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepContent from "@mui/material/StepContent";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { accountQueries } from "@/api/account";
import type { CheckoutBilling } from "@/api/checkout";
import type { Cart } from "@/api/cart";
import {
  AddressFields,
  addressDraftOf,
  addressErrorsOf,
  emptyAddress,
  useAddressSchema,
  type AddressField,
  type AddressValues,
} from "@/components/mui/address-fields";
import { useMoneyFormat } from "@/i18n/currency";
import { useSession } from "@/session/use-session";
import type { Checkout } from "../../hooks/use-checkout";

type FieldErrors = Partial<Record<AddressField, string>>;

function AddressStep({
  onSubmit,
  busy,
}: {
  onSubmit: (billing: CheckoutBilling, onFieldErrors: (errors: Record<string, string[]>) => void) => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const { isLoggedIn: isCustomer, customer } = useSession();
  const email = customer?.email ?? null;
  // Always asked again: the address book may have changed in another tab or just before a reload.
  const { data: saved = [] } = useQuery({
    ...accountQueries.addresses(),
    enabled: isCustomer,
    refetchOnMount: "always",
  });
  const [choice, setChoice] = useState<string>("new");
  const [values, setValues] = useState<AddressValues>(emptyAddress);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveToBook, setSaveToBook] = useState(false);
  const schema = useAddressSchema(!isCustomer);
  const { data: states = [] } = useQuery(accountQueries.states(values.country));
  // A saved address that has left the book (another tab) is no choice any more: the form is shown.
  const savedChoice = saved.find((a) => String(a.id) === choice);
  const chosen = savedChoice ? choice : "new";

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (savedChoice) {
      onSubmit({ saved: savedChoice, ...(email ? { email } : {}) }, () => {});
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const out: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as AddressField;
        out[k] ??= issue.message;
      }
      setErrors(out);
      return;
    }
    setErrors({});
    const v = parsed.data;
    onSubmit(
      {
        draft: addressDraftOf(v),
        email: isCustomer ? (email ?? v.email) : v.email,
        saveToBook: isCustomer && saveToBook,
      },
      (fieldErrors) => setErrors(addressErrorsOf(fieldErrors)),
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2} aria-label={t`Billing address`}>
      {saved.length > 0 && (
        <RadioGroup
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          aria-label={t`Saved addresses`}
        >
          {saved.map((a) => (
            <FormControlLabel
              key={a.id}
              value={String(a.id)}
              control={<Radio />}
              label={[[a.firstName, a.lastName].filter(Boolean).join(" "), ...a.lines, a.city, a.postcode]
                .filter(Boolean)
                .join(", ")}
            />
          ))}
          <FormControlLabel value="new" control={<Radio />} label={t`A new address`} />
        </RadioGroup>
      )}
      {chosen === "new" && (
        <>
          <AddressFields
            idPrefix="billing"
            withEmail={!isCustomer}
            values={values}
            errors={errors}
            states={states}
            onChange={(f, v) => {
              setValues((old) => ({ ...old, [f]: v, ...(f === "country" ? { state: "" } : {}) }));
              setErrors((old) => ({ ...old, [f]: undefined }));
            }}
          />
          {isCustomer && (
            <FormControlLabel
              control={<Checkbox checked={saveToBook} onChange={(e) => setSaveToBook(e.target.checked)} />}
              label={t`Save this address in my address book`}
            />
          )}
        </>
      )}
      <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: "flex-start" }}>
        {t`Continue`}
      </Button>
    </Stack>
  );
}

function Review({ cart }: { cart: Cart }) {
  const { t } = useLingui();
  const format = useMoneyFormat();
  const money = (amount: number) => format(amount, cart.currency);
  const rows: [string, string][] = [
    [t`Sub Total`, money(cart.subtotal)],
    ...(cart.discount > 0 ? ([[t`Discount`, money(-cart.discount)]] as [string, string][]) : []),
    ...(cart.shippingRate ? ([[t`Shipping`, money(cart.shippingRate.price)]] as [string, string][]) : []),
    [t`Tax`, money(cart.tax)],
    [t`Grand Total`, money(cart.grandTotal)],
  ];
  return (
    <Box>
      <Stack component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {cart.items.map((i) => {
          const qty = i.quantity;
          return (
            <Stack
              component="li"
              key={i.id}
              direction="row"
              sx={{ justifyContent: "space-between", py: 0.5 }}
            >
              <Typography>
                {i.name} {[i.color, i.size?.toUpperCase()].filter(Boolean).join(" / ")} × {qty}
              </Typography>
              <Typography>{money(i.lineTotal)}</Typography>
            </Stack>
          );
        })}
      </Stack>
      <Box sx={{ borderTop: 1, borderColor: "divider", mt: 1, pt: 1 }}>
        {rows.map(([label, value]) => (
          <Stack key={label} direction="row" sx={{ justifyContent: "space-between" }}>
            <Typography>{label}</Typography>
            <Typography>{value}</Typography>
          </Stack>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The checkout's steps (address, shipping method, payment method, review and place order): its own chunk,
 * loaded when there is something to check out (CheckoutView), so an empty cart's page does not wait for it.
 */
export function CheckoutForm({
  checkout,
  serverCart,
}: {
  checkout: Checkout;
  serverCart: Cart | null | undefined;
}) {
  const { t } = useLingui();
  const formatMoney = useMoneyFormat();
  const [shipping, setShipping] = useState("");
  const [payment, setPayment] = useState<"cashondelivery" | "moneytransfer" | "">("");

  const labels = [t`Billing details`, t`Shipping method`, t`Payment method`, t`Review your order`];
  return (
    <Container maxWidth="md" sx={{ pb: 6 }}>
      {checkout.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {checkout.error}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stepper activeStep={checkout.step} orientation="vertical">
          {labels.map((label, index) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
              <StepContent>
                {index === 0 && (
                  <AddressStep
                    busy={checkout.isBusy}
                    onSubmit={(b, onFieldErrors) => checkout.submitAddress(b, onFieldErrors)}
                  />
                )}
                {index === 1 && (
                  <Stack spacing={2}>
                    <RadioGroup
                      value={shipping}
                      onChange={(e) => setShipping(e.target.value)}
                      aria-label={t`Shipping method`}
                    >
                      {checkout.rates.map((r) => (
                        <FormControlLabel
                          key={r.code}
                          value={r.code}
                          control={<Radio />}
                          label={`${r.carrier} – ${r.title}: ${formatMoney(r.price, serverCart?.currency)}`}
                        />
                      ))}
                    </RadioGroup>
                    <Button
                      variant="contained"
                      disabled={!shipping || checkout.isBusy}
                      onClick={() => checkout.submitShipping(shipping)}
                      sx={{ alignSelf: "flex-start" }}
                    >
                      {t`Continue`}
                    </Button>
                  </Stack>
                )}
                {index === 2 && (
                  <Stack spacing={2}>
                    <RadioGroup
                      value={payment}
                      onChange={(e) => setPayment(e.target.value as "cashondelivery" | "moneytransfer")}
                      aria-label={t`Payment method`}
                    >
                      {checkout.methods.map((m) => (
                        <FormControlLabel
                          key={m.code}
                          value={m.code}
                          control={<Radio />}
                          label={
                            m.code === "cashondelivery"
                              ? t`Cash On Delivery`
                              : m.code === "moneytransfer"
                                ? t`Money Transfer`
                                : m.title
                          }
                        />
                      ))}
                    </RadioGroup>
                    <Button
                      variant="contained"
                      disabled={!payment || checkout.isBusy}
                      onClick={() => payment && checkout.submitPayment(payment)}
                      sx={{ alignSelf: "flex-start" }}
                    >
                      {t`Continue`}
                    </Button>
                  </Stack>
                )}
                {index === 3 && checkout.cart && (
                  <Stack spacing={2}>
                    <Review cart={checkout.cart} />
                    <Button
                      variant="contained"
                      size="large"
                      disabled={checkout.isBusy}
                      onClick={checkout.submitOrder}
                      sx={{ alignSelf: "flex-start" }}
                    >
                      {t`Place Order`}
                    </Button>
                  </Stack>
                )}
              </StepContent>
            </Step>
          ))}
        </Stepper>
      </Paper>
    </Container>
  );
}
