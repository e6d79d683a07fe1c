// server-example's small answers, the service's: a JSON body, and a path segment decoded safely.
export { json, segment } from '@pay-elements/service/hosted';
