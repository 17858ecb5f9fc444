// The page's modules for Node's test runner: static/js/ copied into a
// temporary folder marked "type": "module" (ES modules to any Node >= 18,
// whatever package.json says), then imported from there. Only modules that
// touch no DOM at import load here (the pure ones: see docs/developers-guide.md).

import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'tablecheck-js-'));
cpSync(fileURLToPath(new URL('../../static/js/', import.meta.url)), dir, { recursive: true });
writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');

/** The module static/js/<name> (e.g. 'share-link.js'). */
export function load(name) {
  return import(pathToFileURL(join(dir, name)).href);
}
