// A reporter for Node's test runner (package.json's `e2e`, beside the usual one): at the end of
// the run, the ten test files that took longest, each with its time, so a slow file is seen.
// With one process per file, the runner reports each file as a test of its own (named after it)
// when it completes, with its duration.
import { basename, resolve } from 'node:path';

const SHOWN = 10;

export default async function* slowestFiles(source) {
  const files = [];
  for await (const event of source) {
    const { data } = event;
    // Named by the path as the runner was given it (relative to where it runs, or absolute).
    if (event.type === 'test:complete' && data.nesting === 0 && data.file && resolve(data.name) === data.file) {
      files.push({ name: basename(data.file), ms: data.details?.duration_ms ?? 0, passed: data.details?.passed !== false });
    }
  }
  if (!files.length) return;
  files.sort((a, b) => b.ms - a.ms);
  yield `\nThe ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files:\n`;
  for (const { name, ms, passed } of files.slice(0, SHOWN)) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}${passed ? '' : ' (failed)'}\n`;
}
