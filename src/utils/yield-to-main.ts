/**
 * Resolves in a new task, so that the code after an `await yieldToMain()` runs after the browser has had a
 * chance to handle input and paint. A message on a MessageChannel, not a timer: timers are slowed down in
 * background tabs. `scheduler.yield()` where the browser has it (it keeps the task's priority).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  if (typeof MessageChannel !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
