import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initializeApp, initStores } from './app/init';

initStores();
void initializeApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
