/**
 * Registers the service worker (public/sw.js: the offline page, nothing of /api) once the first
 * screen is drawn and the page is idle, so it never competes with the first screen's files.
 * Not in the dev server (its modules are not what a built app serves).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 2_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
