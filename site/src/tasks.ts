// Work put off to a task of its own, after the current one and its microtasks, so the main
// thread is free in between (a phone's long tasks are what Total Blocking Time counts).

/**
 * Runs `run` in a task of its own. A message, not a timer: a test's fake clock (Playwright's
 * `page.clock`) holds timers.
 */
export function inNextTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => run();
  channel.port2.postMessage(null);
}

/** Settles in a task of its own: what comes after it leaves the main thread free in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}
