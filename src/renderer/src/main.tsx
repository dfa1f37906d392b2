import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getClient } from './bridge/client';
import { createAppStore } from './store/appStore';
import { StoreProvider } from './store/StoreContext';
import './styles.css';

const store = createAppStore(getClient());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
