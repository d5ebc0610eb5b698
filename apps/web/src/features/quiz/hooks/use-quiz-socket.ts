import { API, QUIZ, type QuizClientMessage, type QuizServerMessage } from '@alumnet/contract';
import { useEffect, useState } from 'react';

/** The quiz socket lives on the page's own host (member-portal.md §7 "WebSocket /api/kahoot/ws"). */
export const quizSocketUrl = (code: string) =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${API.quiz.socket(code)}`;

function parse(data: unknown): QuizServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && 'type' in value && typeof value.type === 'string'
      ? (value as QuizServerMessage)
      : null;
  } catch {
    return null;
  }
}

/**
 * The player's plain WebSocket to a game: says who it is on open, pings every QUIZ.pingSeconds
 * and, after a close the page did not ask for, tries again after QUIZ.reconnectMs (§7). Passing
 * null for the player closes it. `onMessage` must be stable (e.g. a dispatch wrapper).
 * Returns whether the socket is open now.
 */
export function useQuizSocket(
  code: string,
  playerId: string | null,
  onMessage: (message: QuizServerMessage) => void,
): boolean {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!playerId) return;
    let socket: WebSocket | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const opened = new WebSocket(quizSocketUrl(code));
      socket = opened;
      const send = (message: QuizClientMessage) => {
        if (opened.readyState === WebSocket.OPEN) opened.send(JSON.stringify(message));
      };
      opened.onopen = () => {
        setOpen(true);
        send({ type: 'player_connected', player_id: playerId, game_code: code });
        ping = setInterval(
          () => send({ type: 'ping', player_id: playerId }),
          QUIZ.pingSeconds * 1000,
        );
      };
      opened.onmessage = (event: MessageEvent) => {
        const message = parse(event.data);
        if (message) onMessage(message);
      };
      opened.onclose = (event: CloseEvent) => {
        clearInterval(ping);
        setOpen(false);
        // A normal closure is the server's word that this game is done with the player.
        if (!stopped && !(event.wasClean && event.code === 1000)) {
          retry = setTimeout(connect, QUIZ.reconnectMs);
        }
      };
    };
    connect();

    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      if (socket) {
        socket.onopen = socket.onmessage = socket.onclose = null;
        socket.close(1000);
      }
      setOpen(false);
    };
  }, [code, playerId, onMessage]);

  return open;
}
