import { API, QUIZ, hostState, type QuizClientMessage } from '@alumnet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setGameState } from '../api/game';

/** ws:// or wss:// on this page's host: the session cookie goes with it and authorises the host. */
export const hostSocketUrl = (code: string) => {
  const url = new URL(API.quiz.socket(code), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};

const send = (socket: WebSocket, message: QuizClientMessage) =>
  socket.send(JSON.stringify(message));

/**
 * The host's socket: announces the host, keeps the connection alive with pings, writes every
 * `host_state` into the game's cache entry and, after an unclean or clean close alike, tries
 * again after QUIZ.reconnectMs. `onConnected` tells the console when to poll meanwhile.
 */
export function useHostSocket(
  code: string,
  enabled: boolean,
  onConnected: (connected: boolean) => void,
) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;

    const open = () => {
      const current = new WebSocket(hostSocketUrl(code));
      socket = current;
      current.onopen = () => {
        onConnected(true);
        send(current, { type: 'host_connected' });
        ping = setInterval(() => send(current, { type: 'ping' }), QUIZ.pingSeconds * 1000);
      };
      current.onmessage = (event) => {
        const state = readHostState(event.data);
        if (state) setGameState(queryClient, code, state);
      };
      current.onclose = () => {
        clearInterval(ping);
        onConnected(false);
        if (!disposed) retry = setTimeout(open, QUIZ.reconnectMs);
      };
    };
    open();

    return () => {
      disposed = true;
      clearInterval(ping);
      clearTimeout(retry);
      // A socket closed here reports its close later, possibly after its successor opened
      // (React's development double mount does exactly that): it must not speak any more.
      if (socket) {
        socket.onopen = socket.onmessage = socket.onclose = null;
        socket.close();
      }
      onConnected(false);
    };
  }, [code, enabled, queryClient, onConnected]);
}

/** Other messages (pong, player events) and anything malformed are not the console's business. */
function readHostState(data: unknown) {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as { type?: unknown; state?: unknown };
    if (message.type !== 'host_state') return null;
    const parsed = hostState.safeParse(message.state);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
