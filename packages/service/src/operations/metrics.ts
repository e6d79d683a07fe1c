// The kit's Prometheus metrics on a listener of their own (PAY_METRICS_PORT, on PAY_METRICS_HOST,
// loopback by default), so that they are never served to shoppers through the public port.
import { createServer, type Server } from 'node:http';
import { createPayMetrics, type PayMetrics } from '@pay-elements/server/metrics';
import { hostOrigin, type CommonConfig } from '../config.js';
import { listenOn } from './gate.js';

export interface MetricsListener {
  metrics: PayMetrics;
  /** `http://host:port/metrics` */
  url: string;
  close(): Promise<void>;
}

/** Starts the metrics listener when PAY_METRICS_PORT is set; null when it is not. */
export async function startMetrics(
  config: Pick<CommonConfig, 'PAY_METRICS_PORT' | 'PAY_METRICS_HOST'>,
): Promise<MetricsListener | null> {
  if (config.PAY_METRICS_PORT === undefined) return null;
  const metrics = createPayMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics are at /metrics.\n');
      return;
    }
    metrics.render().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
    );
  });
  await listenOn(server, config.PAY_METRICS_PORT, config.PAY_METRICS_HOST, {
    port: 'PAY_METRICS_PORT',
    host: 'PAY_METRICS_HOST',
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PAY_METRICS_PORT;
  return {
    metrics,
    url: `${hostOrigin(config.PAY_METRICS_HOST, port)}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
