/** A registered deadline; pass it to {@link Deadlines.cancel}. */
export interface Deadline {
  readonly at: number;
  readonly fire: () => void;
}

/**
 * Call time limits on one shared Node timer instead of one timer per call: registering and
 * cancelling a deadline is a Set operation (no timer is created or cleared per call unless the
 * new deadline is the earliest). The timer is armed for the earliest deadline; when it fires,
 * expired deadlines fire and it is armed again for the next. It keeps the process alive only
 * while some deadline is pending, as a per-call timer would — give or take one turn of the event
 * loop: once none is pending, the timer lets go at the next turn (`setImmediate`), so calls made
 * one after another do not toggle it for each call.
 */
export class Deadlines {
  private readonly pending = new Set<Deadline>();
  private timer?: NodeJS.Timeout;
  private armedAt = Infinity;
  /** True while the timer holds the process. */
  private holding = false;
  private letGoScheduled = false;
  private readonly letGo = (): void => {
    this.letGoScheduled = false;
    if (this.pending.size > 0 || !this.holding) return;
    // The timer stays armed (re-arming costs more than a spurious wake-up) but no longer holds the process.
    this.timer?.unref();
    this.holding = false;
  };

  /** Calls `fire` once `ms` milliseconds have passed, unless cancelled before. */
  add(ms: number, fire: () => void): Deadline {
    const deadline: Deadline = { at: Date.now() + ms, fire };
    this.pending.add(deadline);
    if (deadline.at < this.armedAt) this.arm(deadline.at);
    else if (!this.holding && this.timer) {
      this.timer.ref();
      this.holding = true;
    }
    return deadline;
  }

  /** Forgets a deadline (it will not fire). */
  cancel(deadline: Deadline): void {
    if (!this.pending.delete(deadline)) return;
    if (this.pending.size === 0 && this.holding && !this.letGoScheduled) {
      this.letGoScheduled = true;
      setImmediate(this.letGo);
    }
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = setTimeout(() => this.tick(), Math.max(0, at - Date.now()));
    this.holding = true;
  }

  private tick(): void {
    this.timer = undefined;
    this.armedAt = Infinity;
    this.holding = false;
    const now = Date.now();
    let next = Infinity;
    const due: Deadline[] = [];
    for (const deadline of this.pending) {
      if (deadline.at <= now) due.push(deadline);
      else if (deadline.at < next) next = deadline.at;
    }
    for (const deadline of due) this.pending.delete(deadline);
    if (next < Infinity) this.arm(next);
    for (const deadline of due) {
      try {
        deadline.fire();
      } catch {
        // A deadline's own failure must not stop the others.
      }
    }
  }
}

/** The process-wide deadlines of tool calls. */
export const callDeadlines = new Deadlines();
