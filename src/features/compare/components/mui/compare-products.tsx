import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Rating from "@mui/material/Rating";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { ProductLink } from "@/components/mui/product-link";
import { ProductThumbnail } from "@/components/product-thumbnail";
import { useCurrency } from "@/i18n/currency";
import { SPEC_LABELS } from "@/i18n/spec-labels";
import { discountedPrice } from "@/api/contract/money";
import { toast } from "@/components/feedback/toast";
import { removeFromCompare, useCompareList } from "../../store";
import { compareRow, specRows, variationRows, type CompareRow } from "../../utils/compare-table";
import { DeleteOutlinedIcon } from "@/components/ui/delete-icon";

const ROW_LABELS: Record<string, MessageDescriptor> = {
  ...SPEC_LABELS,
  colors: msg`Colours`,
  sizes: msg`Sizes`,
  price: msg`Price`,
  stock: msg`Stock`,
};

/**
 * The compare screen's table (a list with products): products side by side, rows where they differ
 * highlighted. Its own chunk, loaded by CompareView only then (preloaded by preloadCompareProducts).
 */
export function CompareProducts({ renderActions }: { renderActions?: (product: Product) => ReactNode }) {
  const { t, i18n } = useLingui();
  const products = useCompareList();
  const { format } = useCurrency();

  const priceOf = (p: Product) => {
    return format(discountedPrice(p.price, p.discount) ?? p.price);
  };
  const rows: CompareRow[] = [
    compareRow("price", products.map(priceOf)),
    ...specRows(products),
    ...variationRows(products),
    compareRow(
      "stock",
      products.map((p) => (p.inStock ? t`In stock` : t`Out of Stock`)),
    ),
  ];

  return (
    <Container sx={{ pb: 6 }}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t`Rows where the bicycles differ are highlighted.`}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t`Compared products`}>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                {t`Product`}
              </TableCell>
              {products.map((p) => {
                const name = p.name;
                return (
                  <TableCell key={p.id} sx={{ minWidth: 200, verticalAlign: "top" }}>
                    <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
                      <IconButton
                        size="small"
                        aria-label={t`Remove ${name} from compare`}
                        onClick={() => {
                          removeFromCompare(p.id);
                          toast(t`Removed From Compare`, { variant: "error" });
                        }}
                      >
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Box>
                    <ProductThumbnail src={p.images[0]?.medium} width={160} height={120} />
                    <ProductLink urlKey={p.urlKey} sx={{ display: "block", fontWeight: 600 }}>
                      {name}
                    </ProductLink>
                    <Rating value={p.rating} readOnly size="small" aria-label={t`Rating`} />
                    <Box sx={{ mt: 1 }}>{renderActions?.(p)}</Box>
                  </TableCell>
                );
              })}
            </TableRow>
            {rows.map((r) => (
              <TableRow
                key={r.key}
                data-differs={r.differs ? "true" : "false"}
                sx={r.differs ? { bgcolor: "warning.light" } : undefined}
              >
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {ROW_LABELS[r.key] ? i18n._(ROW_LABELS[r.key]!) : r.key}
                </TableCell>
                {r.values.map((v, i) => (
                  <TableCell key={products[i]?.id ?? i}>{v}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Container>
  );
}
