import type SharpModule from 'sharp';

/** sharp's function, as `import sharp from 'sharp'` gives it. */
export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded the first time a picture is made (an uploaded photo, a link preview): a process that
 * makes none never maps libvips, some 6 MB of resident memory (docs/deployment.md#memory).
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
