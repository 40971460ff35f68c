// A page drawn whole from its routes and their data: each route inside its parent's `Outlet`, as
// React Router nests them. The prerender draws every page with it (entry-server.tsx: in islands,
// islands/Island.tsx), and the browser the pages it hydrates whole (whole.tsx); a page drawn in
// islands runs none of it in the browser.
import { Component as ClassComponent, type ReactNode } from 'react';
import { AddressContext, Outlet, PageContext, RouteContext, type Address, type PageState, type RouteContextValue } from './nav';

/** A route's error screen in place of the route, for an error met while rendering it in the browser. */
class Boundary extends ClassComponent<{ value: RouteContextValue; fallback: ReactNode; children: ReactNode }, { error: unknown }> {
  // Set in the constructor, not as a class field: the build writes a field with a helper that
  // would be part of every page's entry (it is shared by several chunks).
  constructor(props: { value: RouteContextValue; fallback: ReactNode; children: ReactNode }) {
    super(props);
    this.state = { error: undefined };
  }
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteContext.Provider value={{ ...this.props.value, error: this.state.error }}>{this.props.fallback}</RouteContext.Provider>;
  }
}

/**
 * The page: its routes, each inside its parent's `Outlet`, with their data. A route that met an
 * error (a loader's, given in `errors`, or one while rendering it) shows the error screen of the
 * nearest route that has one, around it or itself, in place of that route.
 */
export function RoutesView({ address, page }: { address: Address; page: PageState }) {
  const { matches, errors } = page;
  const failed = errors ? matches.findIndex(({ route }) => route.id in errors) : -1;
  let last = matches.length - 1;
  let error: unknown;
  if (failed >= 0) {
    error = errors![matches[failed]!.route.id];
    let boundary = failed;
    while (boundary > 0 && matches[boundary]!.route.errorElement === undefined) boundary -= 1;
    last = boundary;
  }
  let outlet: ReactNode = null;
  for (let i = last; i >= 0; i -= 1) {
    const match = matches[i]!;
    const { route } = match;
    const value: RouteContextValue = { match, outlet, error: i === last ? error : undefined };
    const element =
      i === last && failed >= 0
        ? (route.errorElement ?? null)
        : (route.element ?? (route.Component ? <route.Component /> : <Outlet />));
    const provided = <RouteContext.Provider value={value}>{element}</RouteContext.Provider>;
    outlet =
      route.errorElement === undefined ? provided : (
        <Boundary value={value} fallback={route.errorElement}>
          {provided}
        </Boundary>
      );
  }
  return (
    <AddressContext.Provider value={address}>
      <PageContext.Provider value={page}>{outlet}</PageContext.Provider>
    </AddressContext.Provider>
  );
}
