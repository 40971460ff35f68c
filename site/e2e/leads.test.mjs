// A lead's whole way: a visitor fills the seller form in Debian's Chromium, `estate
// serve` hands it to the lead function, and the agents' email arrives in a real SMTP server on
// 127.0.0.1 (Python's aiosmtpd, lead-fn/tests/it/support/smtp_server.py) while the same lead lands
// in the outbox. Then, with the SMTP server gone, the next lead still lands in the outbox and
// the visitor still sees success: no accepted lead is lost.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo, startServer } from './server.mjs';
import { DESKTOP, DEADLINE_MS, gotoSettled, launch, openPage } from './browser.mjs';

const AGENTS = 'leads@palmcrest.test';
const SENDER = 'website@palmcrest.test';

let smtp;
let smtpPort;
let mailbox;
let outbox;
let server;
let browser;

/** Starts the test SMTP server; resolves once it prints its port. */
function startSmtp(folder) {
  const child = spawn('python3', [join(repo, 'lead-fn', 'tests', 'it', 'support', 'smtp_server.py'), '--dir', folder], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the SMTP server did not start:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /PORT (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`the SMTP server exited with ${code} (is aiosmtpd installed?):\n${output}`)));
  });
}

before(async () => {
  mailbox = mkdtempSync(join(tmpdir(), 'estate-mailbox-'));
  outbox = mkdtempSync(join(tmpdir(), 'estate-leads-outbox-'));
  ({ child: smtp, port: smtpPort } = await startSmtp(mailbox));
  server = await startServer({
    outbox,
    env: {
      LEAD_SMTP_HOST: '127.0.0.1',
      LEAD_SMTP_PORT: String(smtpPort),
      LEAD_SMTP_TLS: 'none',
      LEAD_MAIL_FROM: SENDER,
      LEAD_MAIL_TO: AGENTS,
    },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.kill();
  for (const dir of [mailbox, outbox]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The JSON files of `folder`, parsed, in name order. */
const records = (folder) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')));

async function waitFor(read, what, timeoutMs = DEADLINE_MS) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = read();
    if (found) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fills and sends the seller form at /pro; resolves once the form says it was sent. */
async function sendSellerForm(page, { name, email, number, message }) {
  await gotoSettled(page, server.url + '/pro');
  const form = page.locator('form[name="seller"]');
  await form.getByLabel('Name*', { exact: true }).fill(name);
  await form.getByLabel('E-mail*', { exact: true }).fill(email);
  const phone = form.getByLabel('Phone number*', { exact: true });
  await phone.click();
  await phone.press('Control+A');
  await phone.press('Backspace');
  await phone.pressSequentially(number);
  await form.getByLabel('Property Type', { exact: true }).selectOption('Villa');
  await form.getByLabel('Area', { exact: true }).fill('Palm Jumeirah');
  await form.getByLabel('Message', { exact: true }).fill(message);
  await form.getByRole('button', { name: 'Submit Listing' }).click();
  await form.locator('.form-status', { hasText: 'User data submitted successfully!' }).waitFor({ timeout: DEADLINE_MS }).catch(async (error) => {
    // What the visitor saw instead (a refused field, the send's failure, nothing yet).
    const shown = await form.locator('.form-status, .field__error').allInnerTexts().catch(() => ['(the form is gone)']);
    throw new Error(`the seller form showed no success in ${DEADLINE_MS / 1000} s; it shows: ${JSON.stringify(shown)}`, { cause: error });
  });
}

test('a lead sent from the browser arrives as an email in the SMTP server and as a file in the outbox', async () => {
  const { context, page, problems } = await openPage(browser, DESKTOP);
  await sendSellerForm(page, {
    name: 'Mariam Haddad',
    email: 'mariam@example.com',
    number: '501234567',
    message: 'Three-bedroom villa, vacant on transfer.',
  });

  const mail = await waitFor(() => records(mailbox)[0], 'the email');
  assert.equal(mail.mail_from, SENDER);
  assert.deepEqual(mail.rcpt_tos, [AGENTS]);
  assert.deepEqual(mail.defects, []);
  assert.match(mail.headers['Reply-To'], /mariam@example\.com/);
  for (const text of ['Mariam Haddad', 'mariam@example.com', '+971501234567', 'Villa', 'Palm Jumeirah', 'Three-bedroom villa, vacant on transfer.']) {
    assert.ok(mail.text.includes(text), `the email's text names ${text}:\n${mail.text}`);
    assert.ok(mail.html.includes(text), `the email's HTML names ${text}`);
  }

  const lead = await waitFor(() => records(outbox).find((r) => JSON.stringify(r).includes('mariam@example.com')), 'the outbox file');
  const text = JSON.stringify(lead);
  for (const value of ['Mariam Haddad', '+971501234567', 'Villa', 'Palm Jumeirah', 'seller']) {
    assert.ok(text.includes(value), `the outbox record holds ${value}: ${text}`);
  }
  assert.ok(readdirSync(outbox).some((name) => name.endsWith('.eml')), 'the rendered email is kept beside the record');
  await context.close();
  assert.deepEqual(problems, []);
});

test('with the SMTP server down, the lead still lands in the outbox and the visitor sees success', async () => {
  smtp.kill();
  await new Promise((resolve) => smtp.once('exit', resolve));
  const mailsBefore = records(mailbox).length;
  const { context, page, problems } = await openPage(browser, DESKTOP);
  await sendSellerForm(page, {
    name: 'Oleg Petrov',
    email: 'oleg@example.com',
    number: '509876543',
    message: 'Apartment in the Marina.',
  });
  await waitFor(() => records(outbox).find((r) => JSON.stringify(r).includes('oleg@example.com')), 'the outbox file');
  assert.equal(records(mailbox).length, mailsBefore, 'no email could go out');
  await context.close();
  assert.deepEqual(problems, []);
});
