import type pg from 'pg';

const RETRY_MS = 1000;

/**
 * LISTEN on a connection of its own: a pooled connection goes back to the pool between queries,
 * and pgbouncer's transaction mode would hand the session to others. When the connection drops
 * (the server restarted, a network blip) it is opened again every second until it is back, and
 * `onReconnect` runs, since notifications sent meanwhile are lost.
 */
export async function listenPostgres(
  driver: typeof pg,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void = () => undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new driver.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    // An error or an end means the session is gone: open another (once).
    let lost = false;
    const lose = () => {
      if (lost || stopped || client !== next) return;
      lost = true;
      next.end().catch(() => undefined);
      retry = setTimeout(reopen, RETRY_MS);
    };
    next.on('error', lose);
    next.on('end', lose);
    try {
      await next.connect();
      await next.query(`listen ${quoted}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  const reopen = () => {
    if (stopped) return;
    connect().then(onReconnect, () => {
      if (!stopped) retry = setTimeout(reopen, RETRY_MS);
    });
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
