import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPageOf } from './app/router.tsx';
import { applyTheme } from './lib/theme.ts';
import './styles/global.css';

applyTheme(); // before the first paint, so a light-theme user never sees the dark default flash
preloadPageOf(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
