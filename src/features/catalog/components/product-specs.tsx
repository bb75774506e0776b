import { useLingui } from "@lingui/react/macro";
import type { ProductSpec } from "@/api/product";
import "./product-specs.css";

/** The bicycle's specifications (additional information) as a two-column table. */
export function ProductSpecs({ specs }: { specs: ProductSpec[] }) {
  const { t } = useLingui();
  return (
    <table aria-label={t`Specifications`} className="product-specs">
      <tbody>
        {specs.map((s) => (
          <tr key={s.code}>
            <th scope="row">{s.label}</th>
            <td>{String(s.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
