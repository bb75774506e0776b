import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "@mui/utils";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { accountQueries } from "@/api/account";
import { RouterLink } from "@/components/mui/router-links";
import { useMoneyFormat } from "@/i18n/currency";
import { formatDate } from "@/i18n/format";

/** The customer's orders, 10 a page; a failed load shows page 1 of 0 (SPEC §4). */
export function OrderList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const { data, isError, isPending } = useQuery(accountQueries.orders(page));
  const orders = isError ? [] : (data?.orders ?? []);
  const currentPage = isError ? 1 : (data?.page ?? page);
  const lastPage = isError ? 1 : (data?.lastPage ?? 1);
  const total = isError ? 0 : (data?.total ?? 0);

  return (
    <Stack spacing={2}>
      {isError && <Alert severity="error">{t`Your orders could not be loaded.`}</Alert>}
      {!isPending && total === 0 && !isError && (
        <Typography>{t`You have not placed any order yet.`}</Typography>
      )}
      {orders.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t`Your orders`}>
            <TableHead>
              <TableRow>
                <TableCell>{t`Order`}</TableCell>
                <TableCell>{t`Date`}</TableCell>
                <TableCell>{t`Status`}</TableCell>
                <TableCell align="right">{t`Total`}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t`Details`}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((o) => {
                const number = o.number;
                return (
                  <TableRow key={o.id} data-testid="order-row">
                    <TableCell>#{number}</TableCell>
                    <TableCell>{formatDate(o.createdAt, i18n.locale)}</TableCell>
                    <TableCell>{o.statusLabel}</TableCell>
                    <TableCell align="right">{money(o.grandTotal, o.currency)}</TableCell>
                    <TableCell>
                      <RouterLink
                        to="/my-account"
                        search={{ tab: "orders", order: o.id }}
                        aria-label={t`View order #${number}`}
                      >
                        {t`View`}
                      </RouterLink>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {lastPage > 1 && (
        <Pagination
          count={lastPage}
          page={currentPage}
          onChange={(_, p) => onPageChange(p)}
          aria-label={t`Order pages`}
        />
      )}
    </Stack>
  );
}
