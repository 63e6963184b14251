import type mqtt from 'mqtt';

/** Resolves at the client's first CONNACK; after 10 s or a connection error, ends the client and throws. */
export function firstConnect(client: mqtt.MqttClient, timeoutMessage: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (e: Error) => {
      clearTimeout(timer);
      client.end(true);
      reject(e);
    };
    const timer = setTimeout(() => fail(new Error(timeoutMessage)), 10_000);
    client.once('connect', () => {
      clearTimeout(timer);
      client.off('error', fail);
      resolve();
    });
    client.once('error', fail);
  });
}
