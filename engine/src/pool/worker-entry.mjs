// The thread entry when the engine runs from its TypeScript sources (tests, `npm run dev`): worker threads start
// without the parent's loader, so register tsx here first. The compiled build bundles worker-main.ts under this
// same name (dist/worker-entry.mjs), so production threads load plain JavaScript.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./worker-main.ts', import.meta.url).href);
