import type { ReactNode } from "react";
import "./count-badge.css";

/**
 * A count in a small disc on an icon's top-right corner (the header's cart, wishlist and compare counts),
 * as MUI's Badge draws it. The count is announced by the button's label, so the disc itself is hidden from
 * assistive technology.
 */
export function CountBadge({
  count,
  children,
  testId,
}: {
  count: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className="count-badge" data-testid={testId}>
      {children}
      <span className="count-badge__count" aria-hidden="true">
        {count}
      </span>
    </span>
  );
}
