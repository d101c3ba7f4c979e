import type { Client } from 'aedes';

/** MQTT PUBACK of a QoS 1 message: fixed header 0x40, remaining length 2, the message id (3.1.1 and 5). */
const puback = (messageId: number) => Buffer.from([0x40, 0x02, (messageId >> 8) & 0xff, messageId & 0xff]);

interface Pending {
  messageId: number;
  bytes: number;
  committed: boolean;
}

interface ClientAcks {
  pending: Pending[];
  /** Payload bytes of the pending messages. */
  bytes: number;
  /** Handlers waiting for a free place in the window (Aedes reads nothing more from the client meanwhile). */
  waiting: (() => void)[];
}

/**
 * Acknowledgement after commit without head-of-line blocking, for gateways' QoS 1 messages on the embedded
 * broker. Aedes reads a connection's next packets only once every packet of its last read is handled, so
 * waiting for the commit inside `authorizePublish` made a gateway's next message (an alarm, say) wait for the
 * storage of its previous one. Instead the message is handed to ingest, Aedes is told to go on (as QoS 0: it
 * neither acknowledges nor waits), and the PUBACK is written once the message is committed — in the order the
 * messages arrived (MQTT 3.1.1 §4.6), up to `maxMessages` messages or `maxBytes` of payload in flight per
 * connection; past that, Aedes waits (back-pressure), as before. A message that fails closes the connection unacknowledged: the gateway resends
 * it and everything after it.
 */
export class OrderedAcks {
  private clients = new WeakMap<Client, ClientAcks>();

  constructor(
    private readonly maxMessages = 256,
    private readonly maxBytes = 2 * 1024 * 1024,
  ) {}

  /**
   * Takes a QoS 1 PUBLISH whose handling `work` performs: `proceed` lets Aedes continue with the connection.
   * The packet must be marked QoS 0 by the caller before `proceed` (Aedes then sends no PUBACK of its own).
   */
  track(client: Client, messageId: number, bytes: number, work: Promise<void>, proceed: () => void, onError: (err: unknown) => void): void {
    let acks = this.clients.get(client);
    if (!acks) this.clients.set(client, (acks = { pending: [], bytes: 0, waiting: [] }));
    const entry: Pending = { messageId, bytes, committed: false };
    acks.pending.push(entry);
    acks.bytes += bytes;
    work.then(
      () => {
        entry.committed = true;
        this.release(client, acks);
      },
      (err: unknown) => {
        onError(err);
        // Unacknowledged, and nothing after it either: the gateway resends on its next connection.
        acks.pending.length = 0;
        acks.bytes = 0;
        for (const w of acks.waiting.splice(0)) w();
        client.close();
      },
    );
    if (this.open(acks)) proceed();
    else acks.waiting.push(proceed);
  }

  private open(acks: ClientAcks) {
    return acks.pending.length < this.maxMessages && acks.bytes < this.maxBytes;
  }

  private release(client: Client, acks: ClientAcks) {
    while (acks.pending.length > 0 && acks.pending[0]!.committed) {
      const { messageId, bytes } = acks.pending.shift()!;
      acks.bytes -= bytes;
      if (client.connected && !client.conn.destroyed) client.conn.write(puback(messageId));
    }
    while (acks.waiting.length > 0 && this.open(acks)) acks.waiting.shift()!();
  }
}
