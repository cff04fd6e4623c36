// The other half of the deliberate cycle (see a.ts).
import { a } from './a.js';
export const b = () => a;
