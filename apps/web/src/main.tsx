import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/i18n';
import App from './app/App';
import { installInertMeasureRows } from './app/inertMeasureRows';
import { installErrorLog } from './store/errorLog';
import './app/global.css';

installErrorLog();
installInertMeasureRows();

// The active language's texts arrive in their own small chunks; render once they are in.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
