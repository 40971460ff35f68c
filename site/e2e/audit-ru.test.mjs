// The audit walk in Russian: every page the browser tests check page by page, loaded once, put
// through every check that concerns it (e2e/audit.mjs says which).
import { auditWalk } from './audit.mjs';

auditWalk('ru');
