import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage } from './i18n/index.ts';
import { App } from './app/App.tsx';
import { errorScreensReady } from './app/errorScreens.tsx';
import { preloadFirstScreen } from './app/preload.ts';
import { currentLocale } from './session/store.ts';
import './app/app.css';

const root = document.getElementById('root');
if (root) {
  // The first screen shows in the language in use: its texts load first (one small module),
  // the screen's own code beside them.
  preloadFirstScreen(window.location.pathname);
  // The bare 404 screen draws with the texts, its chunk loaded beside them.
  const screen = window.location.pathname === '/404' ? errorScreensReady() : undefined;
  void Promise.all([loadLanguage(currentLocale()), screen]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
