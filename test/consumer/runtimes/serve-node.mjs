// Node: the kit on node:http through its adapter, which records each socket's remote address.
import { createServer } from 'node:http';
import { clientAddress, toNodeListener } from '@pay-elements/server/node';
import { hostname, listening, port, shop } from './shop.mjs';

const pay = await shop({ clientKey: (request) => clientAddress(request) ?? 'unknown' });
createServer(toNodeListener(pay)).listen(port, hostname, () => listening('node'));
