import { type AccountRow, type MenuNode, menuFitsRole, ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { Modal, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useEffect, useMemo, useState } from 'react';
import { call, mutate } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';

const toTree = (nodes: MenuNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: n.children ? toTree(n.children) : undefined }));
/** The caller's grantable tree narrowed to the menus that fit the account's role (the server refuses others). */
const fitting = (nodes: MenuNode[], roleId: number): MenuNode[] =>
  nodes.flatMap((n) => {
    if (!n.children) return menuFitsRole(roleId, n.id) ? [n] : [];
    const children = fitting(n.children, roleId);
    return children.length ? [{ ...n, children }] : [];
  });
const leafIds = (nodes: MenuNode[]): number[] => nodes.flatMap((n) => (n.children ? leafIds(n.children) : [n.id]));

/** The menu tree of one account (000 §2 "Permission management"): ticking leaves grants menus. */
export function PermissionDialog({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const { t } = useT();
  const menus = useQuery({ queryKey: ['allMenu'], queryFn: () => call(ROUTES.account.getAllMenu) });
  const tree = useMemo(() => (menus.data ? fitting(menus.data, account.roleID) : undefined), [menus.data, account.roleID]);
  const granted = useQuery({ queryKey: ['perMenu', account.userid], queryFn: () => call(ROUTES.account.getPerMenu, { userId: account.userid }), gcTime: 0 });
  const leaves = useMemo(() => new Set(leafIds(tree ?? [])), [tree]);
  const [checked, setChecked] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (granted.data && tree && checked === null) setChecked(granted.data.filter((id) => leaves.has(id)));
  }, [granted.data, tree, leaves, checked]);
  const save = async () => {
    setSaving(true);
    try {
      await mutate(ROUTES.account.updateUserMenu, { userId: account.userid, menuIds: checked ?? [] });
      onClose();
    } catch {
      // toast shown; keep the dialog
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('ui.perm.title', { name: `${account.name} (${account.regNo})` })} onCancel={onClose} onOk={save} okButtonProps={{ loading: saving }} destroyOnHidden>
      {tree && checked !== null ? (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={toTree(tree)}
          checkedKeys={checked}
          onCheck={(keys) => {
            const list: Key[] = Array.isArray(keys) ? keys : keys.checked;
            setChecked(list.map(Number).filter((id) => leaves.has(id)));
          }}
          data-testid="perm-tree"
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
