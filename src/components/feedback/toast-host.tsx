import { enqueueSnackbar, SnackbarProvider } from "notistack";
import { useEffect } from "react";
import { attachToasts } from "./toast";

/** notistack's provider, and the bridge that lets `toast()` reach it. */
export function ToastHost() {
  useEffect(() => attachToasts(enqueueSnackbar), []);
  return <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: "bottom", horizontal: "left" }} />;
}
