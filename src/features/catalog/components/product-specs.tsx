import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { useLingui } from "@lingui/react/macro";
import type { ProductSpec } from "@/api/product";

/** The bicycle's specifications (additional information) as a two-column table. */
export function ProductSpecs({ specs }: { specs: ProductSpec[] }) {
  const { t } = useLingui();
  return (
    <Table size="small" aria-label={t`Specifications`} sx={{ maxWidth: 640 }}>
      <TableBody>
        {specs.map((s) => (
          <TableRow key={s.code}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: "40%" }}>
              {s.label}
            </TableCell>
            <TableCell>{String(s.value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
