// Runs the local payment-gateway emulator for development: `npm run gateway:emulator -- [--port 4010] [--delay MS]`.
import { parseArgs } from 'node:util';
import { startGatewayEmulator } from '../src/payments/gateway-emulator.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4010' }, delay: { type: 'string', default: '0' } },
});
const emulator = await startGatewayEmulator({ port: Number(values.port), delayMs: Number(values.delay) });
console.log(`[gateway-emulator] listening on ${emulator.baseUrl}; set GATEWAY_BASE_URL=${emulator.baseUrl}`);
console.log('[gateway-emulator] POST /v1/orders/:id/pay simulates the buyer paying and returns the signed payment');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
