// Operations: health and readiness probes, Prometheus metrics. Mounted by buildApp.
export { registerOps, mayScrape, refreshFigures } from './ops.routes';
export { readiness, type Readiness } from './ops.service';
