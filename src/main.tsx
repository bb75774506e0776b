import "@/api/contract/zod-setup";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "@/app/providers";
import { activateInitialLocale } from "@/i18n/i18n";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

void activateInitialLocale().finally(() => {
  // A transition render is cut into short slices, so the first render never blocks input for long.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders />
      </StrictMode>,
    ),
  );
});
