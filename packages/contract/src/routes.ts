/** Every HTTP path the web app calls, written once (the spec's call tables). */
export const API = {
  auth: {
    signup: '/api/auth/signup',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    me: '/api/auth/me',
    setPassword: '/api/auth/set-password',
  },
  users: {
    user: '/api/users/user',
    countries: '/api/users/countries',
    cities: '/api/users/cities',
  },
  colleges: {
    fetch: '/api/colleges/fetch',
    namesAndIds: '/api/colleges/names-and-ids',
    degrees: '/api/colleges/degrees/fetch',
    batches: '/api/colleges/batches/fetch',
    branches: '/api/colleges/branches/fetch',
  },
  help: { add: '/api/help/add' },
} as const;
