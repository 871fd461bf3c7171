import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPageOf } from './app/router.tsx';
import { keyThisHistoryEntry } from './lib/scroll-restoration.ts';
import { applyTheme } from './lib/theme.ts';
import './styles/global.css';

applyTheme(); // before the first paint, so a light-theme user never sees the dark default flash
preloadPageOf(window.location);
keyThisHistoryEntry(); // before the router reads the entry

// In a transition, the app's first render (the loader, under every provider) yields to the browser
// between components: rendered directly it is one task of 30-80 ms here unthrottled (React's code still
// cold), which Lighthouse counted as the start's longest blocking task (docs/benchmarks.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
