// Module worker for delivery.html: deals when asked and posts the result back.
import { deal } from './delivery-deal.js';

self.onmessage = async ({ data }) => self.postMessage(await deal(data.wasm));
