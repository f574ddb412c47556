import type { OutputStream } from '../io/terminal.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A one-line spinner on a terminal while tools run; does nothing when the stream is not a TTY. */
export class Spinner {
  private timer?: NodeJS.Timeout;
  private frame = 0;

  constructor(private readonly stream: OutputStream) {}

  /** Shows `label` with a turning wheel until {@link Spinner.stop}. */
  start(label: string): void {
    if (!this.stream.isTTY) return;
    this.stop();
    const draw = (): void => void this.stream.write(`\r\x1b[2K${FRAMES[this.frame++ % FRAMES.length]} ${label}`);
    draw();
    this.timer = setInterval(draw, 80);
    this.timer.unref();
  }

  /** Removes the line. */
  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.stream.write('\r\x1b[2K');
  }
}
