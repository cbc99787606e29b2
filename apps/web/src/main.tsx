import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/i18n';
import App from './app/App';
import { startEarlyRequests } from './app/earlyRequests';
import { startSession } from './app/guards';
import { installInertMeasureRows } from './app/inertMeasureRows';
import { installErrorLog } from './store/errorLog';
import './app/global.css';

installErrorLog();
installInertMeasureRows();
startEarlyRequests();

// The active language's texts arrive in their own small chunks; render once they are in. A
// signed-in visit's session is loaded first, beside the router's start (app/guards).
void i18nReady.then(() => {
  startSession();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
