// `use-sync-external-store/shim` for React 19 (vite.config.ts aliases it here): React's own hook, not
// the shim for React 16/17 that @xstate/react and react-aria import.
export { useSyncExternalStore } from 'react';
