// The kit on plain node:http through @pay-elements/server/node.
import { createServer } from 'node:http';
import { toNodeListener } from '@pay-elements/server/node';
import { describeMountedKit, listenOnLoopback } from '../support/mounted-kit.js';

describeMountedKit('node:http', (pay) => listenOnLoopback(createServer(toNodeListener(pay))));
