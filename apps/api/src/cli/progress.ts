/** Progress on a terminal: one rewritten line with records per second; silent when output is not a terminal. */
export function progressLine(label: string, done: number, startedAt: number): void {
  if (!process.stderr.isTTY) return;
  const seconds = Math.max((Date.now() - startedAt) / 1000, 0.001);
  const rate = Math.round(done / seconds);
  const width = 24;
  const filled = Math.min(width, Math.floor(((Date.now() / 250) % (width * 2)) as number)) % width;
  const bar = `${'='.repeat(filled)}>${' '.repeat(width - filled)}`;
  process.stderr.write(`\r[${bar}] ${label} · ${rate} records/s   `);
}

/** Ends the progress line. */
progressLine.done = (): void => {
  if (process.stderr.isTTY) process.stderr.write('\n');
};
