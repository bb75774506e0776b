import { useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { Tabs } from "@/components/ui/tabs";
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
  return (
    <div className={`info-tabs info-tabs--${placement}`}>
      <Tabs
        label={t`Product information`}
        tabs={tabs.map((tab, i) => ({ value: i, label: tab.label }))}
        selected={current}
        onSelect={setCurrent}
        orientation={placement === "top" ? "horizontal" : "vertical"}
        className="info-tabs__list"
        panelClassName="info-tabs__panel"
      >
        {tabs[current]?.content}
      </Tabs>
    </div>
  );
}
