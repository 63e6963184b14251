import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader } from './header/AppHeader.tsx';
import { SideMenu } from './SideMenu.tsx';

/** The signed-in layout: header, accordion menu, page. */
export function Shell() {
  return (
    <Layout style={{ height: '100%' }}>
      <AppHeader />
      <Layout>
        <Layout.Sider width={236} theme="light" style={{ overflow: 'auto' }}>
          <SideMenu />
        </Layout.Sider>
        <Layout.Content className="gh-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
