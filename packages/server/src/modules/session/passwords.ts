// Password hashing is a foundation (db seeding, accounts and sign-in use it): it lives in crypto/.
export { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../crypto/passwords.ts';
