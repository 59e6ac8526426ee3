import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * One full collection by V8, now (docs/read-model.md#memory). The start reads and builds the whole
 * read model, which leaves more garbage than the model itself (at 50,000 activities some 110 MB of
 * heap and 70 MB of typed arrays) that V8, with no pressure to, keeps for minutes: one collection
 * before the app listens gives it back. Node gives `gc` only to a process started with
 * --expose-gc; the flag can be set once running, and `gc` taken from a new context.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
