import type { Plugin } from 'vite';

/**
 * Rewrites of a few of antd's imports, so that a list's first screen carries only what it shows.
 *
 * antd's table carries its column-filter dropdown into every table: the dropdown itself (with
 * antd's Tree, Checkbox and Radio), and, through the selection column's four helpers imported from
 * `@rc-component/tree`'s index (a package that declares no `sideEffects`), the Tree component once
 * more. The dropdown renders only for a column that declares `filters` or a `filterDropdown`, and
 * no list of Gatehouse does (the lists filter in shared/FilterBar.tsx). So the dropdown loads when
 * a column first shows one, the helpers come from the files that define them, and no list's first
 * screen carries a tree.
 *
 * Every input and select imports antd's form context, which took `FormProvider` from
 * `@rc-component/form`'s index (no `sideEffects` declared either): the whole form store and its
 * validator came with every list's filter bar. It now comes from the file that defines it. The
 * radio group (which the table's selection column imports) took a one-line helper from antd's
 * `useForm`, and with it the form store: it now takes the helper's one dependency.
 *
 * Each rewrite fails the build if antd's line is not there any more.
 */
const REWRITES: { file: RegExp; line: string; by: string }[] = [
  {
    file: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    line: "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
    by: `const FilterDropdownLater = React.lazy(() => import('./FilterDropdown'));
function FilterDropdown(props) {
  return React.createElement(React.Suspense, { fallback: props.children }, React.createElement(FilterDropdownLater, props));
}
function flattenKeys(filters) {
  let keys = [];
  for (const { value, children } of filters || []) {
    keys.push(value);
    if (children) keys = keys.concat(flattenKeys(children));
  }
  return keys;
}`,
  },
  {
    file: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    line: "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';",
    by: `import { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
import { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';
const arrDel = (list, value) => {
  const clone = (list || []).slice();
  const at = clone.indexOf(value);
  if (at >= 0) clone.splice(at, 1);
  return clone;
};
const arrAdd = (list, value) => ((list || []).includes(value) ? (list || []).slice() : [...(list || []), value]);`,
  },
  {
    file: /antd[\\/]es[\\/]form[\\/]context\.js$/,
    line: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    by: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  {
    file: /antd[\\/]es[\\/]radio[\\/]group\.js$/,
    line: "import { toNamePathStr } from '../form/hooks/useForm';",
    by: "import { toArray } from '../form/util';\nconst toNamePathStr = (name) => toArray(name).join('_');",
  },
];

export function antdFirstScreen(): Plugin {
  return {
    name: 'gatehouse-antd-first-screen',
    enforce: 'pre',
    transform(code, id) {
      const rewrite = REWRITES.find((r) => r.file.test(id));
      if (!rewrite) return null;
      if (!code.includes(rewrite.line)) throw new Error(`${id}: no "${rewrite.line}" to rewrite (build/antdFirstScreen.ts)`);
      return code.replace(rewrite.line, rewrite.by);
    },
  };
}
