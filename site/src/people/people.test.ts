// The data paths a member's and a developer's page read, written in people/People.tsx so they stay
// out of the entry chunk, are contract::files' own (src/paths.ts, generated from it).
import { describe, expect, it } from 'vitest';
import { agentPage, developerPage } from '../paths';
import { pageData } from './People';

describe('pageData', () => {
  it('names the files contract::files names', () => {
    expect(pageData('agents', 'sara-al-mansouri')).toBe(agentPage('sara-al-mansouri'));
    expect(pageData('developers', 'emaar')).toBe(developerPage('emaar'));
  });
});
