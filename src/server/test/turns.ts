/**
 * Counts the event loop's turns (one per check phase) while `work` runs: 0 when it never lets the
 * loop turn (docs/read-model.md#keeping-it-current).
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const count = () => {
    if (!running) return;
    turns++;
    setImmediate(count);
  };
  setImmediate(count);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}
