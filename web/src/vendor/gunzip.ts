/**
 * A synchronous gunzip for `initSync` where the platform has no zlib (browsers): fflate's
 * (MIT licence). In the published package this module is a bundle of it made at build time
 * (scripts/vendor.mjs), shipped beside its licence, so fairdeck installs no dependency; only apps
 * that call initSync in a browser ship it (about 3 KB gzip).
 */
import { gunzipSync as fflateGunzip } from 'fflate';

/** The gunzipped bytes of `data`. */
export const gunzipSync: (data: Uint8Array) => Uint8Array = (data) => fflateGunzip(data);
