/**
 * `use-sync-external-store/shim` as the browser gets it: the client build resolves the shim to this
 * module (vite.config.ts). The shim brings the hook to React 17 and older; React 19 has it, and the
 * shim's own code only shipped in every page (wouter imports it; docs/rendering.md#scripts).
 */
export { useSyncExternalStore } from 'react';
