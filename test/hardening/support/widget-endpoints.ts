// The checkout widget's routes in the fuzz catalogue: its public config, the dashboard's Integration data, the demo page.
import type { Draft, Targets } from './endpoints.ts';

const UUID_JUNK = ['', 'abc', '00000000-0000-0000-0000-00000000000g', "' OR 1=1 --", 'x'.repeat(3000)];

export function widgetEndpoints(t: Targets): Draft[] {
  return [
    {
      name: 'widget config',
      method: 'GET',
      path: '/widget/v1/config',
      auth: 'public',
      readOnly: true,
      requiredQuery: ['merchant_id'],
      query: { merchant_id: { valid: t.merchantId, junk: UUID_JUNK } },
    },
    {
      name: 'merchant integration',
      method: 'GET',
      path: '/merchant/api/integration',
      auth: 'merchant-user',
      readOnly: true,
    },
    // The dev-mode demo store page: any well-formed merchant id and public key is rendered; junk is a 400.
    {
      name: 'widget try page',
      method: 'GET',
      path: '/widget/try',
      auth: 'public',
      readOnly: true,
      requiredQuery: ['merchant', 'key'],
      query: {
        merchant: { valid: t.merchantId, junk: UUID_JUNK },
        key: { valid: `gp_pub_${'a'.repeat(32)}`, junk: ['', 'gp_sk_abc', 'gp_pub_short', '<script>'] },
        amount_paise: { valid: '149900', junk: ['0', '-1', 'abc', '1e308', '1000000001'] },
      },
    },
  ];
}
