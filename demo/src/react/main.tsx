// The React 19 page (react.html): the elements' define modules first, so that React finds the
// properties on the elements it creates and sets them as properties, not attributes.
import '@pay-elements/elements/define/pay-dynamic-account';
import '@pay-elements/elements/define/pay-bank-picker';
import '@pay-elements/elements/define/pay-link';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
