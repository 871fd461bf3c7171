// swr imports useSyncExternalStore from 'use-sync-external-store/shim', a stand-in for React 16 and 17
// that hands over to React's own hook on React 18 and later. The production build resolves that import
// here instead (web/vite.config.ts): React's own hook, without the stand-in's unused code.
export { useSyncExternalStore } from 'react';
