// The interpolation helper thread's entry when the engine runs from its TypeScript sources (tests, the bench,
// `npm run dev`): register tsx first, as pool/worker-entry.mjs does. The compiled build bundles helper-main.ts under
// this same name (dist/interpolate-helper.mjs), so production threads load plain JavaScript.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./helper-main.ts', import.meta.url).href);
