import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  startTransition,
  use,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type Params, patternOf } from './route-matching.ts';
import type { Location } from './router-history.ts';
import {
  DataRouterContext,
  DataRouterStateContext,
  RouteContext,
  type RouteContextValue,
} from './router-contexts.ts';
import type { DataRouteMatch, Router, RouterState } from './router-store.ts';

/** What `onError` is told besides the error (React Router's names). */
export interface RouterErrorInfo {
  location: Location;
  params: Params;
  /** The matched route pattern, e.g. `/news/detail/:id`. */
  pattern: string;
  /** React's component stack, for an error thrown while rendering. */
  errorInfo?: ErrorInfo;
}

export type RouterErrorHandler = (error: unknown, info: RouterErrorInfo) => void;

export interface RouterProviderProps {
  router: Router;
  /** Each loader, middleware, lazy() and render error, once. */
  onError?: RouterErrorHandler;
}

const errorInfoOf = (state: RouterState, errorInfo?: ErrorInfo): RouterErrorInfo => ({
  location: state.location,
  params: state.matches.at(-1)?.params ?? {},
  pattern: patternOf(state.matches),
  ...(errorInfo ? { errorInfo } : {}),
});

interface RenderErrorBoundaryProps {
  locationKey: string;
  route: RouteContextValue;
  ErrorBoundary: ComponentType | null | undefined;
  onRenderError: (error: unknown, errorInfo: ErrorInfo) => void;
  children: ReactNode;
}

interface RenderErrorBoundaryState {
  failed: boolean;
  error: unknown;
  locationKey: string;
}

/** A route's ErrorBoundary for errors thrown while rendering; going elsewhere clears it. */
class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, RenderErrorBoundaryState> {
  override state: RenderErrorBoundaryState = {
    failed: false,
    error: undefined,
    locationKey: this.props.locationKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<RenderErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: RenderErrorBoundaryProps,
    state: RenderErrorBoundaryState,
  ): Partial<RenderErrorBoundaryState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { failed: false, error: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, errorInfo: ErrorInfo) {
    this.props.onRenderError(error, errorInfo);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { ErrorBoundary, route } = this.props;
    return (
      <RouteContext value={{ ...route, error: this.state.error }}>
        {ErrorBoundary ? <ErrorBoundary /> : null}
      </RouteContext>
    );
  }
}

/**
 * The matched routes, each inside the one above it (`<Outlet />`), down to the route whose
 * ErrorBoundary shows the navigation's error, if there is one.
 */
function renderMatches(
  state: RouterState,
  onRenderError: RenderErrorBoundaryProps['onRenderError'],
): ReactNode {
  const { matches, errors } = state;
  const errorIndex = errors ? matches.findIndex(({ route }) => route.id in errors) : -1;
  const rendered = errorIndex >= 0 ? matches.slice(0, errorIndex + 1) : matches;
  return rendered.reduceRight<ReactNode>((outlet, { route }, index) => {
    const failed = index === errorIndex;
    const value: RouteContextValue = {
      matches: rendered.slice(0, index + 1),
      outlet,
      ...(failed ? { error: errors![route.id] } : {}),
    };
    const { ErrorBoundary, Component: RouteComponent } = route;
    const children = failed ? (
      ErrorBoundary ? (
        <ErrorBoundary />
      ) : null
    ) : RouteComponent ? (
      <RouteComponent />
    ) : (
      (route.element ?? outlet)
    );
    const content = <RouteContext value={value}>{children}</RouteContext>;
    if (!ErrorBoundary && index > 0) return content;
    return (
      <RenderErrorBoundary
        locationKey={state.location.key}
        route={value}
        ErrorBoundary={ErrorBoundary}
        onRenderError={onRenderError}
      >
        {content}
      </RenderErrorBoundary>
    );
  }, null);
}

/** Before the first navigation settles: the HydrateFallback of the first matched route with one. */
function hydrateFallbackOf(router: Router): ReactNode {
  const candidates: DataRouteMatch['route'][] =
    router.initialMatches.length > 0 ? router.initialMatches.map(({ route }) => route) : router.routes;
  const Fallback = candidates.find((route) => route.HydrateFallback)?.HydrateFallback;
  return Fallback ? <Fallback /> : null;
}

/**
 * Renders the router's routes and follows its state. A new state is rendered in a transition, as
 * React Router does, so a page that suspends keeps the previous one on screen.
 */
export function RouterProvider({ router, onError }: RouterProviderProps) {
  const [state, setState] = useState(router.state);
  const onErrorRef = useRef(onError);
  const reported = useRef<RouterState['errors']>(null);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  useEffect(() => {
    const report = (next: RouterState) => {
      if (!next.errors || next.errors === reported.current) return;
      reported.current = next.errors;
      for (const error of Object.values(next.errors)) onErrorRef.current?.(error, errorInfoOf(next));
    };
    // What happened between the first render and now.
    report(router.state);
    setState(router.state);
    return router.subscribe((next) => {
      report(next);
      startTransition(() => setState(next));
    });
  }, [router]);
  const onRenderError = (error: unknown, errorInfo: ErrorInfo) =>
    onErrorRef.current?.(error, errorInfoOf(router.state, errorInfo));
  return (
    <DataRouterContext value={router}>
      <DataRouterStateContext value={state}>
        {state.initialized ? renderMatches(state, onRenderError) : hydrateFallbackOf(router)}
      </DataRouterStateContext>
    </DataRouterContext>
  );
}

/** Where a layout renders the route below it. */
export function Outlet(): ReactNode {
  return use(RouteContext).outlet;
}
