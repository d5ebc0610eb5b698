// What other modules may use of the group chat: its routes (app.ts registers them).
export { groupChatRoutes } from './routes';
