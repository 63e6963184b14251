/** Where the API client shows toasts; installed by the app with antd's App context. */
export interface Notifier {
  error(text: string): void;
  warning(text: string): void;
  success(text: string): void;
}

let current: Notifier = {
  error: (t) => console.error(t),
  warning: (t) => console.warn(t),
  success: (t) => console.info(t),
};

export const setNotifier = (n: Notifier) => {
  current = n;
};
export const notifier = (): Notifier => current;
