import { type ComponentType, createContext, Suspense, use } from 'react';

/**
 * The dashboards' widgets, from every domain (client/src/app/features.ts): each domain names the
 * blocks it puts on the company dashboard and on the admin dashboard, and the dashboards show them in
 * the manifest's order, so a new domain adds its widgets without editing a dashboard. Widgets are
 * lazy components: a dashboard loads each domain's code only when it shows it.
 */
export type DashboardArea = 'company' | 'admin';
export type DashboardWidgets = Readonly<Record<DashboardArea, readonly ComponentType[]>>;

export const DashboardWidgetsContext = createContext<DashboardWidgets>({ company: [], admin: [] });

/** Every domain's widgets of one dashboard, in order; each shows when its code has loaded. */
export function DashboardWidgetSlot({ area }: { area: DashboardArea }) {
  const widgets = use(DashboardWidgetsContext)[area];
  return widgets.map((Widget, index) => (
    // The list is fixed for the app's life (the manifest), so the index is a stable key.
    <Suspense key={index} fallback={null}>
      <Widget />
    </Suspense>
  ));
}
