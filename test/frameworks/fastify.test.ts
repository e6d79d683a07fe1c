// The kit in Fastify 5: a plugin under /pay that leaves bodies unparsed and hands the raw request
// and response to the node listener (reply.hijack(): Fastify sends nothing itself).
import Fastify from 'fastify';
import { toNodeListener } from '@pay-elements/server/node';
import { describeMountedKit } from '../support/mounted-kit.js';

describeMountedKit('Fastify 5', async (pay) => {
  const app = Fastify();
  const listener = toNodeListener(pay);
  await app.register(
    (scope, _options, done) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
      scope.all('/*', (request, reply) => {
        reply.hijack();
        listener(request.raw, reply.raw);
      });
      done();
    },
    { prefix: '/pay' },
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
});
