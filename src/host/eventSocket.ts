// The host's /api/events socket: every event of the composition root, as one JSON frame {event, payload}, to every
// open socket. Loaded with the services, after the first answer: ws is no part of answering the launch URL.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Root } from '../main/app/core';

export interface EventSockets {
  /** Completes the upgrade of a request that passed the host's checks. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Stops forwarding events and terminates every open socket. */
  close(): void;
}

export function eventSockets(root: Root): EventSockets {
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const unsubscribe = root.onEvent((event, payload) => {
    const frame = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame);
  });
  return {
    accept(req, socket, head) {
      // A socket the client closed while the services loaded is destroyed by ws, not upgraded.
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws);
        ws.on('close', () => sockets.delete(ws));
        ws.on('error', () => sockets.delete(ws));
      });
    },
    close() {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
    },
  };
}
