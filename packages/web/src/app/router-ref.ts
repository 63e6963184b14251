/** Lets non-React code (the API client) navigate; set by the router at start. */
let navigateFn: ((to: string) => void) | null = null;
export const setNavigate = (fn: (to: string) => void) => {
  navigateFn = fn;
};
export const navigateTo = (to: string) => {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
};
