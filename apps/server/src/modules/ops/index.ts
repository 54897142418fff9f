// Operations: health and readiness probes, Prometheus metrics. Mounted by buildApp.
export { registerOps, mayScrape } from './ops.routes';
export { readiness, type Readiness } from './ops.service';
