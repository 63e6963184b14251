import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage } from './i18n/index.ts';
import { App } from './app/App.tsx';
import { preloadFirstScreen } from './app/preload.ts';
import { currentLocale } from './session/store.ts';
import './app/app.css';

const root = document.getElementById('root');
if (root) {
  // The first screen shows in the language in use: its texts load first (one small module),
  // the screen's own code beside them.
  preloadFirstScreen(window.location.pathname);
  void loadLanguage(currentLocale()).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
