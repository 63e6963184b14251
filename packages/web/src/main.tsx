import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage } from './i18n/index.ts';
import { App } from './app/App.tsx';
import { preloadFirstScreen } from './app/preload.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import { currentLocale } from './session/store.ts';
import './app/app.css';

const root = document.getElementById('root');
if (root) {
  // The first screen shows in the language in use, drawn once its texts (one small module) and
  // its own code (loaded beside them) are in.
  const screen = preloadFirstScreen(window.location.pathname);
  void Promise.all([loadLanguage(currentLocale()), screen]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}
