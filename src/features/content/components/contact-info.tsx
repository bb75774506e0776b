import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { SHOP_INFO } from "@/utils/shop-info";

/** The shop's address, phone and e-mail addresses. */
export function ContactInfo() {
  const { t } = useLingui();
  const tel = SHOP_INFO.phone.replace(/[^+\d]/g, "");
  return (
    <Box component="address" sx={{ fontStyle: "normal", display: "grid", gap: 2.5 }}>
      <div>
        <Typography variant="h3" component="h2" sx={{ fontSize: "1.1rem", mb: 0.5 }}>
          {t`Address`}
        </Typography>
        {SHOP_INFO.address.map((line) => (
          <Typography key={line}>{line}</Typography>
        ))}
      </div>
      <div>
        <Typography variant="h3" component="h2" sx={{ fontSize: "1.1rem", mb: 0.5 }}>
          {t`Phone`}
        </Typography>
        <Link href={`tel:${tel}`}>{SHOP_INFO.phone}</Link>
      </div>
      <div>
        <Typography variant="h3" component="h2" sx={{ fontSize: "1.1rem", mb: 0.5 }}>
          {t`Email`}
        </Typography>
        {SHOP_INFO.emails.map((email) => (
          <Typography key={email}>
            <Link href={`mailto:${email}`}>{email}</Link>
          </Typography>
        ))}
      </div>
    </Box>
  );
}
