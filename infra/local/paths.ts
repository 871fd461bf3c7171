// Where the local cloud finds the repository's parts, independent of the current directory.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const webDir = join(repoRoot, 'web');
export const webDist = join(webDir, 'dist');
export const sharedDir = join(repoRoot, 'shared');
export const functionsDir = join(repoRoot, 'functions');
export const viteConfigFile = join(webDir, 'vite.config.ts');
