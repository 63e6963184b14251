import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ScreenFailed } from './errorScreens.tsx';

interface State {
  failed: boolean;
  path: string;
}

/** Shows "this screen could not be shown" instead of a blank page; going to another path tries again. */
class Boundary extends Component<{ path: string; children: ReactNode }, State> {
  override state: State = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { path: string }, state: State): Partial<State> | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override render() {
    return this.state.failed ? <ScreenFailed /> : this.props.children;
  }
}

/**
 * A screen that throws while it draws (or whose code cannot load, as after an upgrade of the
 * server) leaves the rest of the app working: the menu and header stay, the screen says what
 * happened and offers to reload.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
