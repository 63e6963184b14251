import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { EmergencyBanner } from '../features/emergency/EmergencyBanner.tsx';
import { usePhone } from '../shared/usePhone.ts';
import { AppHeader } from './header/AppHeader.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useScreenTitle } from './useScreenTitle.ts';

// The phone's menu drawer loads on a phone only (antd's Drawer is no part of the desktop's first screen).
const PhoneMenu = lazy(() => import('./PhoneMenu.tsx').then((m) => ({ default: m.PhoneMenu })));

/** The signed-in layout: header, accordion menu (folded on narrow screens, a drawer on phones), the emergency banner, page. */
export function Shell() {
  useScreenTitle();
  const phone = usePhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // a choice in the drawer's menu opens its screen and closes the drawer
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of screen
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <Layout style={{ height: '100%' }}>
      <AppHeader phone={phone} onMenu={() => setMenuOpen(true)} />
      <Layout>
        {phone ? null : (
          // Below 992 px (a tablet) the menu folds away behind the tab at the page's left edge.
          <Layout.Sider width={236} theme="light" breakpoint="lg" collapsedWidth={0} data-testid="side-menu">
            {/* the menu scrolls inside, so the folded menu's tab (outside the Sider's box) is not clipped */}
            <div style={{ height: '100%', overflow: 'auto' }}>
              <SideMenu />
            </div>
          </Layout.Sider>
        )}
        {/* On a phone the content is the page's scroll region: focusable, so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <Layout.Content className="gh-content" tabIndex={phone ? 0 : undefined}>
          <EmergencyBanner />
          <ScreenErrorBoundary>
            <Outlet />
          </ScreenErrorBoundary>
        </Layout.Content>
      </Layout>
      {phone ? (
        <Suspense fallback={null}>
          <PhoneMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </Layout>
  );
}
