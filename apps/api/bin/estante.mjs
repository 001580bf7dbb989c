#!/usr/bin/env node
// The estante command: runs the TypeScript CLI through tsx (Node 20 cannot run .ts itself).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
