// Key prefixes shared by several entity modules (each entity still builds its own sort keys).
export const userPk = (userId: string) => `USER#${userId}`;
export const emailPk = (email: string) => `EMAIL#${email}`;
