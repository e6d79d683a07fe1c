// The kit under /pay: every method it answers, each the Fetch handler itself (it matches its own
// base path, reads the raw body for webhook signatures, and streams the status events).
import { pay } from '../../../lib/pay';

export const dynamic = 'force-dynamic';

const handle = (request: Request): Promise<Response> => pay().fetch(request);
export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const OPTIONS = handle;
