import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useLingui } from "@lingui/react/macro";
import { useId, useState, type ReactNode } from "react";

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
    <Box
      sx={{
        display: "flex",
        flexDirection: vertical
          ? { xs: "column", md: placement === "left" ? "row" : "row-reverse" }
          : "column",
        gap: 3,
      }}
    >
      <Tabs
        value={current}
        onChange={(_, v: number) => setCurrent(v)}
        orientation={vertical ? "vertical" : "horizontal"}
        variant="scrollable"
        aria-label={t`Product information`}
        sx={{
          borderBottom: vertical ? 0 : 1,
          borderColor: "divider",
          flexShrink: 0,
          minWidth: vertical ? 200 : undefined,
        }}
      >
        {tabs.map((tab, i) => (
          <Tab key={tab.label} label={tab.label} id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} />
        ))}
      </Tabs>
      {tabs.map((tab, i) => (
        <Box
          key={tab.label}
          role="tabpanel"
          hidden={current !== i}
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {current === i && tab.content}
        </Box>
      ))}
    </Box>
  );
}
