import { isInServiceArea, type ServiceArea } from '../../domain/geo.js';
import { AppError } from '../errors.js';

/** A position outside the guide's area is a 400 that says where the area is (docs/outside-services.md). */
export function assertInServiceArea(area: ServiceArea, lat: number, lon: number): void {
  if (isInServiceArea(area, { lat, lon })) return;
  const where = `${area.center.lat}, ${area.center.lon}`;
  const message = `must lie within ${area.radiusKm} km of ${where}`;
  throw new AppError('OUTSIDE_SERVICE_AREA', `The position ${message}`, [
    { path: 'lat', message: `lat/lon ${message}` },
  ]);
}
