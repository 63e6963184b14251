import { type AccountRow, type MenuNode, menuFitsRole } from '@gatehouse/contracts';
import { Modal, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useSaveAction } from '../../shared/saveDialog.ts';
import { grantMenus, useAllMenus, useGrantedMenus } from './api.ts';

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
  const all = useAllMenus();
  const tree = useMemo(() => (all.data ? fitting(all.data, account.roleID) : undefined), [all.data, account.roleID]);
  const granted = useGrantedMenus(account.userid);
  const leaves = useMemo(() => new Set(leafIds(tree ?? [])), [tree]);
  const [checked, setChecked] = useState<number[] | null>(null);
  useEffect(() => {
    if (granted.data && tree && checked === null) setChecked(granted.data.filter((id) => leaves.has(id)));
  }, [granted.data, tree, leaves, checked]);
  const dialog = useSaveAction(async () => {
    await grantMenus(account.userid, checked ?? []);
    onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.perm.title', { name: `${account.name} (${account.regNo})` })} onCancel={onClose}>
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
