// Every Socket.IO room name, written once: emitters and joiners must agree across processes.

/** Every open connection of one member (all tabs, all server processes). */
export const userRoom = (userId: string) => `user:${userId}`;

/** Every open connection of one college's members: the audience of its presence list. */
export const collegeRoom = (collegeId: string) => `college:${collegeId}`;

/** Every open connection made with one session: closed when the session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Every open connection of a group's members: its chat (issue 27). */
export const groupRoom = (groupId: string) => `group:${groupId}`;
