import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import base from './vitest.config';

/**
 * The web unit tests as two projects of the root config. Most of a file's time in its own module
 * graph is not its tests: a fresh jsdom and a fresh import of React, antd and the app's modules per
 * file (measured: 77 files 193 s isolated, 28 s sharing their worker's modules). So the files share
 * them (`isolate: false`), except those that replace a module with `vi.mock`: a module another file
 * already imported would stay real for them, and their mock would leak into the files after them.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const testFiles = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`);
const mocking = testFiles.filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, file), 'utf8')));

export const webProjects = [
  defineProject({ ...base, root, test: { ...base.test, name: 'web', isolate: false, exclude: mocking } }),
  defineProject({ ...base, root, test: { ...base.test, name: 'web-mocks', include: mocking } }),
];
