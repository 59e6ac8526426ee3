import { z } from 'zod';
import { CATEGORIES } from './activities.js';
import { activityFilterFields, languageParam, queryInteger, queryNumber } from './activity-schemas.js';
import { MAP_MAX_ZOOM } from './geo.js';

/**
 * The map's clusters, computed on the server (docs/api.md#the-map, docs/read-model.md#the-maps-clusters):
 * what the viewport shows at its zoom, clusters (count and centre) and single markers.
 */

/** How close (in screen pixels of 256-pixel tiles) markers are gathered into one cluster. */
export const MAP_CLUSTER_RADIUS = 60;
/** The last zoom that clusters: at the map's closest zoom every activity is a marker of its own. */
export const MAP_CLUSTER_MAX_ZOOM = MAP_MAX_ZOOM - 1;
/** The zooms the answer takes (the map itself uses MAP_MIN_ZOOM..MAP_MAX_ZOOM). */
export const MAP_ZOOM_RANGE = { min: 0, max: 20 } as const;
/** An answer is at most this many bytes of JSON: past it, the next lower zoom's clusters are sent. */
export const MAP_ANSWER_MAX_BYTES = 20_000;

export const mapQuery = z
  .strictObject(
    {
      west: queryNumber(-180, 180).describe('The west edge of the view, degrees of longitude'),
      south: queryNumber(-90, 90).describe('The south edge, degrees of latitude'),
      east: queryNumber(-180, 180).describe('The east edge; less than west across the antimeridian'),
      north: queryNumber(-90, 90).describe('The north edge'),
      zoom: queryInteger(MAP_ZOOM_RANGE.min, MAP_ZOOM_RANGE.max).describe("The map's zoom (256-pixel tiles)"),
      ...activityFilterFields,
      lng: languageParam.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `unknown parameter: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .superRefine((query, ctx) => {
    if (query.south > query.north) {
      ctx.addIssue({ code: 'custom', path: ['south'], message: 'must not be greater than north' });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'must not be greater than maxPrice' });
    }
  });
export type MapQuery = z.output<typeof mapQuery>;

export const mapClusterSchema = z.object({
  id: z.number().int().describe('The cluster, within this answer and its filters'),
  lat: z.number(),
  lon: z.number(),
  count: z.number().int().describe('How many activities it gathers'),
  expansionZoom: z.number().int().describe('The zoom at which it splits'),
});

export const mapMarkerSchema = z.object({
  id: z.number().int().describe('The activity'),
  lat: z.number(),
  lon: z.number(),
  category: z.enum(CATEGORIES),
  name: z.string().describe('In `lng`, else English, else the original'),
  sponsorLevel: z.number().int(),
});

export const mapAnswerSchema = z.object({
  clusters: z.array(mapClusterSchema),
  markers: z.array(mapMarkerSchema),
  total: z.number().int().describe('Every activity the filters keep, in view or not'),
  inView: z.number().int().describe('Those in the view: the clusters’ counts and the markers'),
  zoom: z.number().int().describe('The zoom the clusters were made for: lower than asked when the answer had to fit'),
  bounds: z
    .tuple([z.number(), z.number(), z.number(), z.number()])
    .nullable()
    .describe('[west, south, east, north] of every activity the filters keep; null when none'),
});
export type MapAnswer = z.infer<typeof mapAnswerSchema>;
export type MapCluster = z.infer<typeof mapClusterSchema>;
export type MapMarker = z.infer<typeof mapMarkerSchema>;
