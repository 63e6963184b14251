/**
 * Lets code below the router (the API client, the import dialog) navigate: app/routes.tsx hands the
 * router's navigate down at start, so nothing under api/ or shared/ imports app/. Before that (or
 * outside the router), a full page load.
 */
let navigateFn: ((to: string) => void) | null = null;
export const setNavigate = (fn: (to: string) => void) => {
  navigateFn = fn;
};
export const navigateTo = (to: string) => {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
};
