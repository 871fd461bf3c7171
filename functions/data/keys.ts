// Key prefixes shared by several entity modules (each entity still builds its own sort keys).
export const userPk = (userId: string) => `USER#${userId}`;
export const emailPk = (email: string) => `EMAIL#${email}`;
export const tournamentPk = (tournamentId: string) => `TOURNAMENT#${tournamentId}`;
export const eventPk = (eventId: string) => `EVENT#${eventId}`;
