import type { MenuNode } from '@gatehouse/contracts';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/useSession.ts';

/** Full path of a child: parent path + child path (000 §2). */
const childPath = (parent: MenuNode, child: MenuNode) => `${parent.path}${child.path}`;

/** The left menu, built from the menus the server delivers; works as an accordion. */
export function SideMenu() {
  const session = useSession();
  const nav = useNavigate();
  const { pathname } = useLocation();
  const menus = session?.menus ?? [];
  const items = useMemo(
    () =>
      menus.map((m) =>
        m.children
          ? { key: m.path, label: m.name, children: m.children.map((c) => ({ key: childPath(m, c), label: c.name })) }
          : { key: m.path, label: m.name },
      ),
    [menus],
  );
  const activeParent = menus.find((m) => m.children?.some((c) => pathname.startsWith(childPath(m, c))))?.path;
  const [openKeys, setOpenKeys] = useState<string[]>(activeParent ? [activeParent] : []);
  useEffect(() => {
    if (activeParent) setOpenKeys([activeParent]);
  }, [activeParent]);
  const selected = menus
    .flatMap((m) => (m.children ? m.children.map((c) => childPath(m, c)) : [m.path]))
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`));
  return (
    <Menu
      mode="inline"
      items={items}
      openKeys={openKeys}
      selectedKeys={selected}
      onOpenChange={(keys) => setOpenKeys(keys.length ? [keys[keys.length - 1] as string] : [])}
      onClick={({ key }) => nav(String(key))}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
