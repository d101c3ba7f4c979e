import type { Duplex } from 'node:stream';

/**
 * Refuses an MQTT packet by its fixed header, before its body is buffered: the MQTT parser keeps every byte
 * of a packet until the whole packet is there, so a CONNECT that declares 200 MB would otherwise be held in
 * memory for as long as the sender trickles it in. `firstPacketMaxBytes` is the (smaller) limit for the
 * unauthenticated first packet, the CONNECT.
 *
 * It watches the bytes Aedes reads rather than sitting in the pipe: with a 'readable' listener (Aedes's)
 * present, Node emits 'data' only for what that listener read(), so this observes without consuming.
 */
export function guardPacketSizes(
  stream: Duplex,
  limits: { maxPacketBytes: number; firstPacketMaxBytes: number },
  onRefused: (declaredBytes: number) => void,
): void {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let bodyLeft = 0;
  let packets = 0;
  const refuse = (declared: number) => {
    stream.off('data', watch);
    onRefused(declared);
    stream.destroy();
  };
  function watch(chunk: Buffer | string) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let i = 0;
    while (i < buf.length) {
      if (state === 'body') {
        const take = Math.min(bodyLeft, buf.length - i);
        bodyLeft -= take;
        i += take;
        if (bodyLeft === 0) state = 'type';
        continue;
      }
      const byte = buf[i++]!;
      if (state === 'type') {
        state = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      // Remaining length: up to four 7-bit groups, least significant first (MQTT 3.1.1 §2.2.3).
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes++;
      if (byte & 0x80) {
        if (lengthBytes === 4) return refuse(Infinity);
        continue;
      }
      const limit = packets === 0 ? limits.firstPacketMaxBytes : limits.maxPacketBytes;
      const total = 1 + lengthBytes + length;
      if (total > limit) return refuse(total);
      packets++;
      bodyLeft = length;
      state = length > 0 ? 'body' : 'type';
    }
  }
  stream.on('data', watch);
}
