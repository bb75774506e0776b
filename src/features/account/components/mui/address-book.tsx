import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { accountMutations, accountQueries, type Address } from "@/api/account";
import { ApiError } from "@/api/client";
import { AddressLines } from "@/components/mui/address-lines";
import {
  AddressFields,
  addressDraftOf,
  addressValuesOf,
  emptyAddress,
  type AddressValues,
} from "@/components/mui/address-fields";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useAddressForm } from "../../hooks/use-address-form";
import { OfflineNotice } from "../offline-notice";

function AddressForm({ address, onDone }: { address: Address | null; onDone: () => void }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const form = useAddressForm(address ? addressValuesOf(address) : emptyAddress());
  const save = useMutation(accountMutations.saveAddress());
  /** SPEC §4: true after a successful save, false after a failure. */
  const [addressSaved, setAddressSaved] = useState<boolean | null>(null);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const v: AddressValues | null = form.validate();
    if (!v) return;
    save.mutate(
      { id: address?.id, address: addressDraftOf(v) },
      {
        onSuccess: () => {
          setAddressSaved(true);
          toast(t`Address Saved Successfully!`, { variant: "success" });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.showServerErrors(error.fieldErrors);
          setAddressSaved(false);
          toast(t`Some Error occured , Please Contact Admin`, { variant: "error" });
        },
      },
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleSubmit}
      spacing={2}
      aria-label={address ? t`Edit address` : t`New address`}
    >
      <OfflineNotice>{t`Saving an address needs a connection. Please try again when you are online.`}</OfflineNotice>
      {addressSaved === false && (
        <Alert severity="error">{t`Some Error occured , Please Contact Admin`}</Alert>
      )}
      <AddressFields
        idPrefix="address"
        values={form.values}
        errors={form.errors}
        onChange={form.onChange}
        states={form.states}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={!isOnline || save.isPending}>
          {t`Save address`}
        </Button>
        <Button onClick={onDone}>{t`Cancel`}</Button>
      </Stack>
    </Stack>
  );
}

/**
 * Edits a saved address: the form starts from the server's current copy (GET addresses/{id}); when that
 * cannot be read, from the list's copy.
 */
function EditAddress({ listed, onDone }: { listed: Address; onDone: () => void }) {
  const { t } = useLingui();
  const { data, isError } = useQuery(accountQueries.address(listed.id));
  if (!data && !isError) return <CircularProgress aria-label={t`Loading`} />;
  return <AddressForm address={data ?? listed} onDone={onDone} />;
}

/** The customer's saved addresses: list, create, edit and delete. */
export function AddressBook() {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const { data: addresses = [], isPending, isError } = useQuery(accountQueries.addresses());
  const remove = useMutation(accountMutations.deleteAddress());
  const [editing, setEditing] = useState<Address | "new" | null>(null);

  if (editing === "new") return <AddressForm address={null} onDone={() => setEditing(null)} />;
  if (editing) return <EditAddress listed={editing} onDone={() => setEditing(null)} />;

  function handleDelete(id: number) {
    remove.mutate(id, {
      onSuccess: () => toast(t`Address Deleted  Successfully!`, { variant: "success" }),
      onError: () => toast(t`Some Error occured , Please Contact Admin`, { variant: "error" }),
    });
  }

  return (
    <Stack spacing={2}>
      {isError && <Alert severity="error">{t`Your addresses could not be loaded.`}</Alert>}
      {!isPending && addresses.length === 0 && <Typography>{t`You have no saved address yet.`}</Typography>}
      <Grid container spacing={2}>
        {addresses.map((a) => (
          <Grid key={a.id} size={{ xs: 12, sm: 6 }}>
            <Card variant="outlined" data-testid="address-card">
              <CardContent>
                <AddressLines
                  address={{ ...a, name: [a.firstName, a.lastName].filter(Boolean).join(" ") }}
                  isNameBold
                />
              </CardContent>
              <CardActions>
                <Button size="small" onClick={() => setEditing(a)} disabled={!isOnline}>
                  {t`Edit`}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => handleDelete(a.id)}
                  disabled={!isOnline || remove.isPending}
                >
                  {t`Delete`}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Button
        variant="outlined"
        onClick={() => setEditing("new")}
        disabled={!isOnline}
        sx={{ alignSelf: "flex-start" }}
      >
        {t`Add new address`}
      </Button>
      <OfflineNotice>{t`Changing your addresses needs a connection.`}</OfflineNotice>
    </Stack>
  );
}
