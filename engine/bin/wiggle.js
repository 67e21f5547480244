#!/usr/bin/env node
// The engine is TypeScript run without a build step: register tsx's loader, then hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
