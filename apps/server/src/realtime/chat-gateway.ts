import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

// Scaffolding: the Socket.IO chat gateway (newMessage, getOnlineUsers) is added here in this change.
export const chatGateway = fp(async (_app: FastifyInstance, _options: { config: Config }) => {}, {
  name: 'chat-gateway',
  dependencies: ['db', 'auth'],
});
