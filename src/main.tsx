// The browser's entry: zod's configuration and the one stylesheet first, then the app (app/start-browser.tsx).
import "@/api/contract/zod-setup";
import "@/components/ui/ui.css";
import { startBrowserApp } from "@/app/start-browser";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
void startBrowserApp(root);
