// A deliberate import cycle: check-sources.sh proves its cycle check can fail on it.
import { b } from './b.js';
export const a = () => b;
