/*
 * Code that draws with MUI loads the MUI theme with it (decision 034): the first screen is plain elements, and
 * MUI with its styling engine is not part of the first visit.
 */
import { lazy, type ComponentType } from "react";
import { lazyRouteComponent } from "@tanstack/react-router";
import { withCatalogue } from "@/i18n/i18n";
import { asPageCode } from "@/render/lazy-page";

const loadTheme = () => import("./mui-theme");

/** Starts loading the theme ahead of a `lazyThemed` component that the page is about to draw. */
export function preloadTheme(): void {
  loadTheme().catch(() => undefined);
}

/**
 * `React.lazy` for a component that uses MUI: the component, the theme and the `pages` message catalogue load
 * together, the theme around the component.
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(
    asPageCode(
      withCatalogue(async () => {
        const [Component, { withMuiTheme }] = await Promise.all([load(), loadTheme()]);
        return { default: withMuiTheme(Component) };
      }),
    ),
  );
}

/** A route's lazy component (`lazyRouteComponent`), drawn inside the MUI theme, with the `pages` catalogue. */
export function themedRoute<M extends Record<K, ComponentType<object>>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
) {
  return lazyRouteComponent(
    asPageCode(
      withCatalogue(async () => {
        const [module, { withMuiTheme }] = await Promise.all([importer(), loadTheme()]);
        return { default: withMuiTheme(module[exportName]) };
      }),
    ),
  );
}
