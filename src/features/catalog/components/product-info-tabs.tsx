import { useLingui } from "@lingui/react/macro";
import { useId, useState, type ReactNode } from "react";
import { moveTabFocus } from "@/components/ui/tab-keys";
import "./product-info-tabs.css";

export interface InfoTab {
  label: string;
  content: ReactNode;
}

/** Description, specifications and reviews as tabs (vertical on the tab-left/right layouts). */
export function ProductInfoTabs({
  tabs,
  placement = "top",
}: {
  tabs: InfoTab[];
  placement?: "top" | "left" | "right";
}) {
  const { t } = useLingui();
  const [current, setCurrent] = useState(0);
  const id = useId();
  const vertical = placement !== "top";
  return (
    <div className={`info-tabs info-tabs--${placement}`}>
      <div
        role="tablist"
        aria-label={t`Product information`}
        aria-orientation={vertical ? "vertical" : "horizontal"}
        className="info-tabs__list"
      >
        {tabs.map((tab, i) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            className="info-tabs__tab"
            id={`${id}-tab-${i}`}
            aria-controls={`${id}-panel-${i}`}
            aria-selected={current === i}
            tabIndex={current === i ? 0 : -1}
            onClick={() => setCurrent(i)}
            onKeyDown={(e) => moveTabFocus(e, vertical)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.label}
          role="tabpanel"
          hidden={current !== i}
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          className="info-tabs__panel"
        >
          {current === i && tab.content}
        </div>
      ))}
    </div>
  );
}
