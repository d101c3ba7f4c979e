// The server's CSP forbids eval (script-src 'self'). zod 4 compiles object parsers with `new Function` when it
// may, and even its probe for that is reported as a CSP violation. The built console imports `zod` through this
// module (vite.config.ts alias), so the setting is in place before any schema is built.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
