import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { useSession } from "@/session/use-session";
import { AddressBook } from "./address-book";
import { OrderDetail } from "./order-detail";
import { OrderList } from "./order-list";
import { ProfileForm } from "./profile-form";

export type AccountTab = "profile" | "addresses" | "orders";

/** A logged-in shopper's account: profile, address book and orders, one tab each (MUI, with its theme). */
export function AccountPanels({
  tab,
  orderId,
  page,
  onNavigate,
}: {
  tab: AccountTab;
  orderId?: number;
  page: number;
  onNavigate: (next: { tab: AccountTab; page?: number }) => void;
}) {
  const { t } = useLingui();
  const { customer } = useSession();

  const name = customer ? customer.name : "";
  return (
    <Container sx={{ pb: 6 }}>
      {name && <Typography sx={{ mb: 2 }}>{t`Hello ${name}`}</Typography>}
      <Tabs
        value={tab}
        onChange={(_, v: AccountTab) => onNavigate({ tab: v })}
        sx={{ mb: 3 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab
          value="profile"
          label={t`My account information`}
          id="account-tab-profile"
          aria-controls="account-panel"
        />
        <Tab
          value="addresses"
          label={t`Address book`}
          id="account-tab-addresses"
          aria-controls="account-panel"
        />
        <Tab value="orders" label={t`Orders`} id="account-tab-orders" aria-controls="account-panel" />
      </Tabs>
      <Box role="tabpanel" id="account-panel" aria-labelledby={`account-tab-${tab}`}>
        {tab === "profile" &&
          (customer ? <ProfileForm key={customer.updatedAt ?? customer.id} customer={customer} /> : null)}
        {tab === "addresses" && <AddressBook />}
        {tab === "orders" &&
          (orderId ? (
            <OrderDetail orderId={orderId} />
          ) : (
            <OrderList page={page} onPageChange={(p) => onNavigate({ tab: "orders", page: p })} />
          ))}
      </Box>
    </Container>
  );
}
