// Receives and verifies checkout webhooks in Express: npm install express @geopin/client; WEBHOOK_SECRET=… node express-webhooks.mjs
import express from 'express';
import { verifyWebhook, WebhookVerificationError } from '@geopin/client';

const app = express();
const seen = new Set(); // in production: a table with a unique key on the delivery id

// express.raw, not express.json: the signatures cover the exact bytes received.
app.post('/hooks/geopin', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = verifyWebhook({ rawBody: req.body, headers: req.headers, secret: process.env.WEBHOOK_SECRET });
  } catch (err) {
    if (err instanceof WebhookVerificationError) return res.status(400).send(err.code);
    throw err;
  }
  const deliveryId = req.get('webhook-id'); // the same on every retry
  if (!seen.has(deliveryId)) {
    seen.add(deliveryId);
    console.log(event.event, event.session_id, event.data); // e.g. queue it; keep the answer fast
  }
  res.status(200).send('ok'); // 2xx for duplicates too, or the delivery is retried
});

app.listen(Number(process.env.PORT ?? 8080), () => console.log('webhook receiver on /hooks/geopin'));
