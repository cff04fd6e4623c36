// Module worker of faces-worker.html: draws each card it is sent on an OffscreenCanvas with the
// built fairdeck/faces and posts back the pixels (or the error).
import { drawCard } from '/dist/faces/index.js';

self.onmessage = (e) => {
  try {
    const images = e.data.map((code) => {
      const canvas = new OffscreenCanvas(100, 140);
      const ctx = canvas.getContext('2d');
      drawCard(ctx, code, { width: 100 });
      return ctx.getImageData(0, 0, 100, 140).data;
    });
    self.postMessage({ images });
  } catch (error) {
    self.postMessage({ images: [], error: String(error) });
  }
};
