// What other modules (the worker) may use of mentoring: the hourly expiry of unanswered requests.
export { expireMentoringRequests } from './expiry';
export { mentoringRoutes } from './routes';
