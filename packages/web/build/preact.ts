import type { Alias, Plugin } from 'vite';

/**
 * Preact's compat layer in place of React and React DOM in the browser (React DOM alone was
 * 71 kB gzip of every first screen). The app's code stays written and typed against React.
 */
export const preactAliases: Alias[] = Object.entries({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement }));

const INPUT_UTILS = /@rc-component[\\/]input[\\/]es[\\/]utils[\\/]commonUtils\.js$/;
const CLONE = 'Object.create(event, {';

/**
 * antd's inputs hand their onChange a copy of the event made with `Object.create(event)`. Under
 * React the event is a plain object (React's synthetic event); under Preact it is the browser's
 * own, whose getters and methods (`type`, `preventDefault()`) throw "Illegal invocation" when read
 * through a copy: Input.Search's onChange reads `e.type` on every key. The copy is made over a view
 * of the event that reads and calls on the event itself.
 */
export function preactEvents(): Plugin {
  return {
    name: 'gatehouse-preact-events',
    enforce: 'pre',
    transform: overEventView,
    // The dev server pre-bundles antd without the plugins above: the same rewrite there.
    config: () => ({ optimizeDeps: { rolldownOptions: { plugins: [{ name: 'gatehouse-preact-events', transform: overEventView }] } } }),
  };
}

function overEventView(code: string, id: string): string | null {
  if (!INPUT_UTILS.test(id)) return null;
  if (!code.includes(CLONE)) throw new Error(`${id}: no "${CLONE}" to make over a view of the event`);
  return `${code.replace(CLONE, 'Object.create(eventView(event), {')}
function eventView(event) {
  if (!(event instanceof Event)) return event;
  return new Proxy(event, {
    get(target, key) {
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
`;
}
