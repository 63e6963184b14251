import useAntdApp from 'antd/es/app/useApp';

/**
 * antd's `App.useApp()` (message, notification, modal of the signed-in shell, `app/ShellApp.tsx`)
 * without importing antd's `App`, which brings the modal and notification code with it.
 */
export const useApp = useAntdApp;
