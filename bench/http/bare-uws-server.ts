// The ceiling: bare uWS reading each POST body and answering a fixed ~150-byte JSON (no routing, auth, parsing or lookup).
// Run by the harness as a bundled child (env: HOST, PORT); not part of the app.
import uWS from 'uWebSockets.js';

/** The real answer for the known point, so the harness's known-answer check passes here too (by construction). */
const ANSWER = JSON.stringify({
  success: true,
  data: {
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    division: 'Bengaluru GPO',
    locality: 'Bengaluru',
    pincode: '560001',
    delivery: 'Delivery',
  },
});

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 0);

const app = uWS.App().any('/*', (res) => {
  let aborted = false;
  res.onAborted(() => {
    aborted = true;
  });
  // The body is read to its end, as a real handler must, then dropped.
  res.onData((_chunk, isLast) => {
    if (isLast && !aborted) res.cork(() => res.writeHeader('content-type', 'application/json').end(ANSWER));
  });
});

app.listen(host, port, (socket) => {
  if (!socket) throw new Error(`cannot listen on ${host}:${port}`);
  console.log(
    `[bare-uws] ${ANSWER.length}-byte answer; listening on http://${host}:${uWS.us_socket_local_port(socket)}`,
  );
  process.on('SIGTERM', () => {
    uWS.us_listen_socket_close(socket);
    app.close();
    process.exit(0);
  });
});
