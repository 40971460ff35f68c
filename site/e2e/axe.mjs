// axe-core (the npm package's own build) injected into a page: the violations that matter.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page; returns its violations that matter, as readable lines. */
export async function axeViolations(page) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      // label-content-name-mismatch is "experimental" in axe, so off unless named.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
    }));
  });
  const named = new Set(['region', 'label-content-name-mismatch']);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || named.has(v.id))
    .map((v) => `${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.slice(0, 4).join('\n    ')}`);
}
