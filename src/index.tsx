// The public path must be set before anything else can load a chunk or an asset.
import './publicPath';
// Next, pdf.js's worker: it loads while everything below boots (earlyWorker.ts).
import './services/pdf/earlyWorker';
import { adoptToken } from './services/adoptToken';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createFolioApp } from './app';
import { routes } from '../config/routes';
import { createUrlHistory } from './url';
import { pageRoutes, preloadLinkedPage } from './pages/routes';
import { InitialStateGate } from './runtime';
import { readSettings } from './services/settings';
import { Root } from './Root';
import './styles/global.css';

// Before the router reads the URL: the signed link's token leaves the address bar now.
adoptToken();
const history = createUrlHistory();
preloadLinkedPage(history.location.search);
const app = createFolioApp();
app.start({ history });
const pages = pageRoutes(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <Provider store={app.store}>
      <InitialStateGate>
        <Root routes={pages} basename={readSettings().routerBase} history={history} />
      </InitialStateGate>
    </Provider>
  </StrictMode>,
);
