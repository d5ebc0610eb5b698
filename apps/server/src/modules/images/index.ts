// What other modules (and the process start) may use of this one.
export { DEMO_IMAGES, type DemoImage } from './demo-scenes';
export { ensureShippedImages } from './service';
