import { generatedInputTests } from '../test/generated-inputs.js';

/**
 * Generated bad input for every operation of the OpenAPI document (docs/testing.md#generated-inputs),
 * shard 2 of 2: the two files share the operations, so two of Vitest's workers run them side by side.
 */
await generatedInputTests(1, 2);
