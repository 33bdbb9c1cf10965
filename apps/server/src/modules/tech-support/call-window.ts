/**
 * The calls of this process to an outside system it does not log in the database (Azure
 * Monitor), counted over a sliding window: a failure an hour older than the window no longer
 * shows, so a system recovers its state by itself. At most `max` calls are kept (the oldest go).
 */
export class CallWindow {
  private calls: { at: number; failed: boolean }[] = [];

  constructor(private readonly windowMs: number, private readonly now: () => number = Date.now, private readonly max = 10_000) {}

  /** One call, recorded when its answer (or its failure) came. */
  record(failed: boolean): void {
    this.calls.push({ at: this.now(), failed });
    this.prune();
    if (this.calls.length > this.max) this.calls.splice(0, this.calls.length - this.max);
  }

  stats(): { calls: number; failures: number; lastCallAt: Date | null; lastFailureAt: Date | null } {
    this.prune();
    const failed = this.calls.filter((c) => c.failed);
    const at = (c: { at: number } | undefined) => (c ? new Date(c.at) : null);
    return { calls: this.calls.length, failures: failed.length, lastCallAt: at(this.calls[this.calls.length - 1]), lastFailureAt: at(failed[failed.length - 1]) };
  }

  private prune(): void {
    const from = this.now() - this.windowMs;
    let i = 0;
    while (i < this.calls.length && this.calls[i]!.at <= from) i++;
    if (i) this.calls.splice(0, i);
  }
}

/**
 * A client whose every method call is recorded in `window` when it answers: a refusal the system
 * sent counts as a call, no answer (`unreachable(e)`) as a failure.
 */
export function countedCalls<T extends object>(client: T, window: CallWindow, unreachable: (e: unknown) => boolean): T {
  return new Proxy(client, {
    get(target, prop, recv) {
      const v = Reflect.get(target, prop, recv) as unknown;
      if (typeof v !== 'function') return v;
      return async (...args: unknown[]) => {
        try {
          const r = await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          window.record(false);
          return r;
        } catch (e) {
          window.record(unreachable(e));
          throw e;
        }
      };
    },
  });
}
