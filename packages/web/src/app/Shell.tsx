import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { EmergencyBanner } from '../features/emergency/EmergencyBanner.tsx';
import { AppHeader } from './header/AppHeader.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useScreenTitle } from './useScreenTitle.ts';

/** The signed-in layout: header, accordion menu (folded on narrow screens), the emergency banner, page. */
export function Shell() {
  useScreenTitle();
  return (
    <Layout style={{ height: '100%' }}>
      <AppHeader />
      <Layout>
        {/* Below 992 px (a tablet) the menu folds away behind the tab at the page's left edge. */}
        <Layout.Sider width={236} theme="light" breakpoint="lg" collapsedWidth={0} data-testid="side-menu">
          {/* the menu scrolls inside, so the folded menu's tab (outside the Sider's box) is not clipped */}
          <div style={{ height: '100%', overflow: 'auto' }}>
            <SideMenu />
          </div>
        </Layout.Sider>
        <Layout.Content className="gh-content">
          <EmergencyBanner />
          <ScreenErrorBoundary>
            <Outlet />
          </ScreenErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
