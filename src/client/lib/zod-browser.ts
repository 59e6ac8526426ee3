/**
 * Zod as the browser gets it: the client build resolves `zod` to this module (vite.config.ts).
 * Zod first tries `new Function` to build fast parsers; the Content Security Policy forbids
 * that in the browser (docs/decisions/008-security-headers.md), so each page that validates a
 * form reported a violation, which Lighthouse counts against best practices. Without eval from
 * the start, Zod parses the same way and never tries. The server keeps the fast parsers.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
